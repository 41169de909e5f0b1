// RequestBlock's column sizing and the diagnostic of one request row (text: FILE:LINE:COLUMN,
// binary: FILE: row N, column NAME).
#include "cli/sample_block.hpp"

namespace texsim::cli {

namespace {
constexpr std::array<SampleOp, kRequestOps.size()> kCodeOps{
    SampleOp::kLevel,    SampleOp::kLevel, SampleOp::kLevelZero, SampleOp::kGrad,
    SampleOp::kImplicit, SampleOp::kBias,  SampleOp::kGather,    SampleOp::kLodQuery};
}  // namespace

RequestOp request_op(size_t code) {
  return {code == 0, kCodeOps[code]};
}

std::optional<size_t> request_op_code(std::string_view name) {
  for (size_t c = 0; c < kRequestOps.size(); ++c)
    if (kRequestOps[c] == name) return c;
  return std::nullopt;
}

size_t request_op_code(bool fetch, SampleOp op) {
  if (fetch) return 0;
  for (size_t c = 1; c < kCodeOps.size(); ++c)
    if (kCodeOps[c] == op) return c;
  return 1;
}

void RequestBlock::reset(size_t n, bool with_bounds, bool requests_too) {
  // Request columns keep their values when the reader rewrites them all (binary blocks of the
  // same size): zeroing ~150 bytes a row per block would cost more than reading them.
  const bool full = requests_too || n != count || line.size() != n;
  count = n;
  auto zero = [n](auto& column) { column.assign(n, {}); };
  if (full) {
    zero(fetch), zero(op), zero(surface), zero(sampler), zero(component);
    for (auto* f : {&u, &v, &w, &ddx_u, &ddx_v, &ddx_w, &ddy_u, &ddy_v, &ddy_w, &array_index, &lod,
                    &reference})
      zero(*f);
    zero(offset_x), zero(offset_y), zero(offset_z);
    zero(x), zero(y), zero(z), zero(slice), zero(level), zero(sample), zero(mcs), zero(has_mcs);
    zero(id_number), zero(r), zero(g), zero(b), zero(a), zero(line);
    id.resize(binary ? 0 : n), id_text.resize(binary ? 0 : n);
    for (size_t i = 0; i < id.size(); ++i) id[i].clear(), id_text[i].clear();
  }
  zero(valid), zero(status), zero(kind), zero(flags);
  const size_t nb = with_bounds ? n : 0;
  for (auto* f : {&lo_r, &lo_g, &lo_b, &lo_a, &hi_r, &hi_g, &hi_b, &hi_a}) f->assign(nb, 0);
  has_range.assign(nb, 0), bounded.assign(nb, 0);
  diags.clear();
  lookups = errors = 0;
  out.clear();
}

void RequestBlock::TexelColumns::reset(size_t rows) {
  count.assign(rows, 0), line_count.assign(rows, 0);
  for (auto* c : {&x, &y, &z, &level, &sample, &bytes}) c->clear();
  address.clear(), line.clear();
}

Diagnostic row_error(const std::string& file, bool binary, uint64_t line, uint32_t column,
                     const std::string& rule, const std::string& message) {
  Diagnostic d;
  d.rule = rule;
  d.file = file;
  d.line = static_cast<uint32_t>(binary ? line + 1 : line);
  d.column = binary ? 0 : column;
  d.message = message;
  d.citation = "docs/sample-requests.md";
  const std::string where =
      binary ? file + ": row " + std::to_string(line)
             : file + ":" + std::to_string(line) + ":" + std::to_string(column == 0 ? 1 : column);
  d.text = where + ": error[" + rule + "]: " + message + " (" + d.citation + ")";
  return d;
}

}  // namespace texsim::cli
