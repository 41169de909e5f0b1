// The vISA binary codec, generic over the model rows. Depends on model, kinds, syntax, program.
#include "isa/visa/codec.hpp"

#include <algorithm>
#include <cstdio>

#include "isa/visa/kinds.hpp"
#include "isa/visa/syntax.hpp"

namespace texsim::isa::visa {
namespace {

core::BinaryLoc bloc(const std::string& file, uint64_t off, uint32_t bytes = 0) {
  core::BinaryLoc l;
  l.file = file;
  l.offset = off;
  if (bytes != 0) {  // the field's bits (issue 13: binary diagnostics name the field)
    l.bit_hi = 8 * bytes - 1;
    l.has_bits = true;
  }
  return l;
}

std::string hex2(unsigned v) {
  char b[8];
  std::snprintf(b, sizeof b, "0x%02x", v);
  return b;
}

}  // namespace

std::optional<std::string> encode_instruction(const Instruction& inst, Version version,
                                              std::vector<uint8_t>& out) {
  if (inst.row == nullptr)
    return "'" + inst.unsupported +
           "' is not modelled: texsim's own stream holds modelled instructions only "
           "(asm -o X.isa writes every instruction by its layout)";
  ByteWriter w;
  w.put(inst.row->opcode, 1);
  for (size_t i = 0; i < inst.row->fields.size(); ++i) {
    const FieldSpec& f = inst.row->fields[i];
    if (!f.exists_at(version)) continue;
    OperandValue v = inst.ops[i];
    if (f.kind == Kind::kCount && i + 1 < inst.ops.size()) {
      v.value = static_cast<uint32_t>(inst.ops[i + 1].list.size());
    }
    if (auto e = encode_field(f, v, version, w)) return e;
  }
  out.insert(out.end(), w.bytes().begin(), w.bytes().end());
  return std::nullopt;
}

std::optional<Instruction> decode_instruction(std::span<const uint8_t> bytes, size_t& pos,
                                              Version version, const std::string& file,
                                              core::DiagSink& sink) {
  const size_t start = pos;
  const uint8_t opcode = bytes[pos];
  const auto rows = rows_for_opcode(opcode);
  if (rows.empty()) {
    sink.error(
        "VISA-ENCODING", bloc(file, start, 1),
        "opcode " + hex2(opcode) + " is not a modelled vISA instruction; decoding stops here",
        "visa 6_instructions.md");
    return std::nullopt;
  }
  std::string last_error;
  size_t last_at = start;
  uint32_t last_bytes = 1;  // the opcode byte
  for (const InstrRow* row : rows) {
    ByteReader r(bytes.data(), bytes.size(), start + 1);
    Instruction inst;
    inst.row = row;
    inst.offset = start;
    inst.ops.assign(row->fields.size(), OperandValue{});
    bool ok = true;
    uint32_t count = 0;
    for (size_t i = 0; i < row->fields.size() && ok; ++i) {
      const FieldSpec& f = row->fields[i];
      if (!f.exists_at(version)) continue;
      const size_t at = r.pos();
      if (auto e = decode_field(f, r, version, count, inst.ops[i])) {
        last_error = std::string(row->name) + " " +
                     (e->find(f.name) == std::string::npos ? std::string(f.name) + ": " : "") + *e;
        last_at = at;
        last_bytes =
            std::max<uint32_t>(1, static_cast<uint32_t>(std::min<size_t>(
                                      f.width, bytes.size() > at ? bytes.size() - at : 1)));
        ok = false;
        break;
      }
      inst.ops[i].bin_offset = at;
      inst.ops[i].bin_size = static_cast<uint32_t>(r.pos() - at);
      if (f.kind == Kind::kCount) count = inst.ops[i].value;
    }
    if (!ok) continue;
    // Variant discriminant: the sub-op must match the row's.
    if (row->sub_op) {
      bool match = false;
      for (size_t i = 0; i < row->fields.size(); ++i) {
        if (row->fields[i].kind == Kind::kSubOpFlags)
          match = (inst.ops[i].value & 0xff) == *row->sub_op;
      }
      if (!match) {
        last_error = "no variant of opcode " + hex2(opcode) + " has this sub-op";
        for (size_t i = 0; i < row->fields.size(); ++i) {
          if (row->fields[i].kind != Kind::kSubOpFlags) continue;
          last_at = inst.ops[i].bin_offset;
          last_bytes = inst.ops[i].bin_size;
        }
        continue;
      }
    }
    pos = r.pos();
    return inst;
  }
  sink.error("VISA-ENCODING", bloc(file, last_at, last_bytes), last_error,
             std::string(rows[0]->spec_file) + ", Format");
  return std::nullopt;
}

std::vector<uint8_t> encode_header(const VisaProgram& prog) {
  std::string text;
  if (!prog.kernel.empty()) text += ".kernel " + quote_kernel_name(prog.kernel) + "\n";
  for (const Variable* v : prog.symbols.declared()) text += print_decl(*v) + "\n";
  ByteWriter w;
  for (uint8_t b : kStreamMagic) w.put(b, 1);
  w.put(prog.version.major, 1);
  w.put(prog.version.minor, 1);
  w.put(text.size(), 4);
  std::vector<uint8_t> out = w.bytes();
  out.insert(out.end(), text.begin(), text.end());
  return out;
}

std::unique_ptr<VisaProgram> decode_stream(std::span<const uint8_t> bytes, const std::string& file,
                                           Platform platform, core::DiagSink& sink) {
  auto prog = std::make_unique<VisaProgram>();
  prog->file = file;
  prog->from_binary = true;
  prog->platform = platform;
  size_t pos = 0;
  if (bytes.size() >= 4 && std::equal(kStreamMagic.begin(), kStreamMagic.end(), bytes.begin())) {
    if (bytes.size() < 10) {
      sink.error("VISA-ENCODING", bloc(file, 0), "truncated texsim vISA stream header",
                 "src/isa/visa/codec.hpp");
      return prog;
    }
    prog->version = Version{bytes[4], bytes[5]};
    prog->version_given = true;
    if (!valid_version(prog->version)) {
      // F4: the text parser reads each part as 0..254 (255 is kNoVersion, the model's "never");
      // a header outside that range would print a .version line the parser rejects.
      sink.error("VISA-ENCODING", bloc(file, 4),
                 "stream header version " + version_string(prog->version) +
                     " is out of range (each of major and minor is 0..254)",
                 "src/isa/visa/codec.hpp");
      return prog;
    }
    const uint32_t n = static_cast<uint32_t>(bytes[6]) | (static_cast<uint32_t>(bytes[7]) << 8) |
                       (static_cast<uint32_t>(bytes[8]) << 16) |
                       (static_cast<uint32_t>(bytes[9]) << 24);
    if (bytes.size() - 10 < n) {
      sink.error("VISA-ENCODING", bloc(file, 6), "declaration text runs past the end of the file",
                 "src/isa/visa/codec.hpp");
      return prog;
    }
    const std::string text(reinterpret_cast<const char*>(bytes.data() + 10), n);
    core::DiagSink decl_sink;
    const auto decls = parse_program(text, file + "[header]", platform, decl_sink);
    for (const auto& d : decl_sink.diagnostics()) sink.report(d);
    prog->symbols = decls->symbols;
    prog->kernel = decls->kernel;
    pos = 10 + n;
  } else {
    prog->has_symbols = false;
  }
  while (pos < bytes.size()) {
    auto inst = decode_instruction(bytes, pos, prog->version, file, sink);
    if (!inst) break;
    prog->instructions.push_back(std::move(*inst));
  }
  return prog;
}

}  // namespace texsim::isa::visa
