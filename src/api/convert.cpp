// Conversions between the public API's value types and texsim's internal ones, and the small
// public helpers that are pure conversions (profiles, formats, version, vulkan_equivalent).
#include <utility>

#include "api/fields.hpp"
#include "api/internal.hpp"
#include "texsim/texsim.hpp"
#include "texunit/fetch.hpp"
#include "texunit/format.hpp"
#include "texunit/sample.hpp"

namespace texsim {

// The public enums mirror the internal ones value for value (the conversions are casts).
static_assert(int(Filter::kLinear) == int(texunit::Filter::kLinear));
static_assert(int(MipFilter::kLinear) == int(texunit::MipFilter::kLinear));
static_assert(int(AddressMode::kMirrorOnce) == int(texunit::AddressMode::kMirrorOnce));
static_assert(int(AddressMode::kBorder) == int(texunit::AddressMode::kBorder));
static_assert(int(CompareFunc::kAlways) == int(texunit::CompareFunc::kAlways));
static_assert(int(CompareFunc::kNotEqual) == int(texunit::CompareFunc::kNotEqual));
static_assert(int(Reduction::kMax) == int(texunit::Reduction::kMax));
static_assert(int(TexelKind::kUint) == int(texunit::TexelKind::kUint));
static_assert(int(SurfaceType::kCubeArray) == int(texunit::SurfaceType::kCubeArray));
static_assert(int(SurfaceType::k3D) == int(texunit::SurfaceType::k3D));

const char* version() {
  return TEXSIM_VERSION;
}

bool has_errors(const Diagnostics& diags) {
  for (const Diagnostic& d : diags)
    if (d.severity == Severity::kError) return true;
  return false;
}

std::string_view profile_name(Profile p) {
  return texunit::precision_name(detail::to_internal(p).kind);
}

std::optional<Profile> profile_from_name(std::string_view name) {
  const auto k = texunit::precision_from_name(name);
  if (!k) return std::nullopt;
  return detail::to_public(*k);
}

Sampler vulkan_equivalent(const Sampler& s, std::string_view format) {
  const auto f = texunit::format_from_name(format);
  if (!f) return s;
  Sampler out = s;
  const texunit::FormatInfo& fi = texunit::format_info(*f);
  for (size_t c = 0; c < 4; ++c) {
    if (fi.channels[c].bits != 0) continue;
    out.border_color[c] = c == 3 ? 1.0f : 0.0f;
    out.border_color_int[c] = c == 3 ? 1u : 0u;
  }
  return out;
}

std::vector<std::string> formats() {
  std::vector<std::string> out;
  for (const texunit::FormatInfo& fi : texunit::all_formats()) out.emplace_back(fi.name);
  return out;
}

unsigned format_block_bytes(std::string_view format) {
  const auto f = texunit::format_from_name(format);
  return f ? texunit::format_info(*f).bytes_per_block : 0u;
}

namespace detail {

Diagnostic to_public(const core::Diagnostic& d) {
  Diagnostic p;
  p.severity = d.severity == core::Severity::kError     ? Severity::kError
               : d.severity == core::Severity::kWarning ? Severity::kWarning
                                                        : Severity::kNote;
  p.rule = d.rule_id;
  if (const auto* t = std::get_if<core::TextLoc>(&d.loc)) {
    p.file = t->file;
    p.line = t->line;
    p.column = t->column;
  } else if (const auto* b = std::get_if<core::BinaryLoc>(&d.loc)) {
    p.file = b->file;
    p.is_binary = true;
    p.offset = b->offset;
    p.has_bits = b->has_bits;
    p.bit_hi = b->bit_hi;
    p.bit_lo = b->bit_lo;
  }
  p.message = d.message;
  p.citation = d.citation;
  p.notes = d.notes;
  p.text = core::format_diagnostic(d);
  return p;
}

void append(Diagnostics& out, const core::DiagSink& sink) {
  for (const core::Diagnostic& d : sink.diagnostics()) out.push_back(to_public(d));
}

void lib_error(Diagnostics& out, std::string rule, std::string message) {
  core::Diagnostic d;
  d.rule_id = std::move(rule);
  d.message = std::move(message);
  d.citation = "docs/library.md";
  out.push_back(to_public(d));
}

texunit::SamplerState to_internal(const Sampler& s) {
  texunit::SamplerState o;
  copy_sampler(s, o);
  return o;
}

Sampler to_public(const texunit::SamplerState& s) {
  Sampler o;
  copy_sampler(s, o);
  return o;
}

texunit::PrecisionProfile to_internal(Profile p) {
  switch (p) {
    case Profile::kExact:
      return texunit::PrecisionProfile::exact();
    case Profile::kLavapipe:
      return texunit::PrecisionProfile::lavapipe();
    case Profile::kNvidia:
      return texunit::PrecisionProfile::nvidia();
    case Profile::kD3D:
      break;
  }
  return texunit::PrecisionProfile::d3d();
}

Profile to_public(texunit::PrecisionKind k) {
  switch (k) {
    case texunit::PrecisionKind::kExact:
      return Profile::kExact;
    case texunit::PrecisionKind::kLavapipe:
      return Profile::kLavapipe;
    case texunit::PrecisionKind::kNvidia:
      return Profile::kNvidia;
    case texunit::PrecisionKind::kD3D:
      break;
  }
  return Profile::kD3D;
}

TexelKind to_public(texunit::TexelKind k) {
  return static_cast<TexelKind>(k);
}

texunit::Texel to_internal(const Texel& t) {
  return texunit::Texel{t.bits, static_cast<texunit::TexelKind>(t.kind)};
}

std::optional<texunit::SurfaceDesc> to_internal(const SurfaceDesc& d, Diagnostics& diags) {
  const auto f = texunit::format_from_name(d.format);
  if (!f) {
    const std::string_view near = texunit::closest_format_name(d.format);
    lib_error(diags, "LIB-FORMAT",
              "unknown format '" + d.format + "'" +
                  (near.empty() ? std::string() : "; did you mean '" + std::string(near) + "'?"));
    return std::nullopt;
  }
  texunit::SurfaceDesc o;
  copy_extent(d, o);
  o.format = *f;
  return o;
}

SurfaceDesc to_public(const texunit::SurfaceDesc& d) {
  SurfaceDesc o;
  copy_extent(d, o);
  o.format = std::string(texunit::format_info(d.format).name);
  return o;
}

}  // namespace detail
}  // namespace texsim
