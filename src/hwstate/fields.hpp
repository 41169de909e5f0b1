// Descriptors as bytes with named fields (architecture.md rules 3 and 14): the generic model of a
// descriptor type (ordered fields with bit ranges as the source writes them, kinds, enum value
// names, citations) and the one decode / encode / print / validate that walk it. Vendor tables
// (nvidia_tex_*.cpp) are data of this model. Depends on core only.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/diag.hpp"

namespace texsim::hwstate {

// What a field's bits mean. kReserved fields must be zero; kEnum fields hold one of their named
// values; fixed-point fields have `frac_bits` fraction bits (kSignedFixed: two's complement);
// kUnnamed fields are bits the source names no field for (a set one is worth a warning).
enum class FieldKind : uint8_t {
  kUint,
  kEnum,
  kReserved,
  kSignedFixed,
  kUnsignedFixed,
  kFloat32,
  kUnnamed,
};

std::string_view field_kind_name(FieldKind k);

struct EnumValue {
  std::string_view name;
  uint64_t value;
};

// One field. hi/lo are absolute bit numbers in the descriptor, bit 0 = bit 0 of byte 0 (the
// descriptors are little-endian arrays of 32-bit words); `bits` is the range as the source
// writes it ("MW(63:41)", "TEXSAMP1[24:12]", "DW3[31:16]"). A value the source splits into
// pieces (ADDRESS_BITS31TO9 + ADDRESS_BITS48TO32) names the whole in `composite`, the piece
// holding bits [composite_shift + width - 1 : composite_shift] of it.
struct FieldDesc {
  std::string_view name;
  std::string_view bits;
  uint16_t hi;
  uint16_t lo;
  FieldKind kind;
  std::span<const EnumValue> values;
  uint8_t frac_bits = 0;
  std::string_view composite = {};
  uint8_t composite_shift = 0;

  unsigned width() const { return hi - lo + 1u; }
  uint64_t max_raw() const { return width() >= 64 ? ~uint64_t{0} : (uint64_t{1} << width()) - 1; }
  const EnumValue* find_value(uint64_t raw) const;
  const EnumValue* find_value(std::string_view name) const;
};

// A descriptor type: name ("TIC.BLOCKLINEAR"), size in bytes, ordered fields, and its source.
struct DescriptorType {
  std::string_view name;
  uint32_t size_bytes;
  std::span<const FieldDesc> fields;
  std::string_view citation;

  const FieldDesc* find_field(std::string_view field_name) const;
  // The rule id prefix of the type's diagnostics: the name up to the first '.' ("TIC").
  std::string_view rule_prefix() const;
};

// Raw bits [hi:lo] of `bytes` (little endian); the range must lie inside the bytes.
uint64_t get_bits(std::span<const uint8_t> bytes, unsigned hi, unsigned lo);
void set_bits(std::span<uint8_t> bytes, unsigned hi, unsigned lo, uint64_t value);

// One decoded field: its description and raw value.
struct FieldValue {
  const FieldDesc* field;
  uint64_t raw;
};
std::vector<FieldValue> decode(const DescriptorType& type, std::span<const uint8_t> bytes);

// The values that the source splits into pieces, assembled: (name, value), in field order of
// their first piece.
std::vector<std::pair<std::string_view, uint64_t>> composites(const DescriptorType& type,
                                                              std::span<const uint8_t> bytes);
std::optional<uint64_t> composite_value(const DescriptorType& type, std::span<const uint8_t> bytes,
                                        std::string_view name);

// A descriptor's bytes read field by field by name (the vendor mappings to texsim's model).
struct DescriptorView {
  const DescriptorType& type;
  std::span<const uint8_t> bytes;
  bool has(std::string_view field) const { return type.find_field(field) != nullptr; }
  // The field's raw bits; 0 when the type has no such field.
  uint64_t raw(std::string_view field) const;
  // An enum field's value name; "" when unnamed or no such field.
  std::string_view name_of(std::string_view field) const;
  // A value the source splits into pieces, assembled; else the field's raw bits.
  uint64_t whole(std::string_view name) const;
  // A fixed-point or float field's value (the field must exist).
  float real(std::string_view field) const;
};

// A field value as text: the enum value's name (or "0x.. (undefined)"), a fixed-point or float
// value ("-1.5"), or the number (decimal below 10, hex above).
std::string value_text(const FieldDesc& f, uint64_t raw);

// A real value as an 8-fraction-bit field holds it, as encode() text: clamped to [lo, hi] and
// truncated toward zero to a multiple of 1/256 (the LOD fields of NVIDIA's TSC and Intel's
// SAMPLER_STATE; decision T41).
std::string fixed8_text(float v, double lo, double hi);

// Every field, one a line: "NAME  BITS  = VALUE", composites after them.
std::string print(const DescriptorType& type, std::span<const uint8_t> bytes);

// The generic checks every table gets: reserved fields zero (<P>-RESERVED), enum fields holding
// a named value (<P>-ENUM), a warning for set bits the source names nothing for (<P>-UNNAMED).
// Returns false when an error was reported.
bool validate(const DescriptorType& type, std::span<const uint8_t> bytes, core::DiagSink& sink,
              const core::Location& loc = {});

// Parses a value for `f` from text: an enum value name, a number (decimal, 0x hex, negative for
// signed fixed point), or a decimal fraction for fixed-point and float fields. nullopt (and a
// DESC-VALUE diagnostic) when it is not one or does not fit.
std::optional<uint64_t> parse_value(const FieldDesc& f, std::string_view text,
                                    core::DiagSink& sink);

// Encodes bytes from named settings (field or composite names, case-insensitive), the other
// fields 0. Every problem is reported (DESC-FIELD unknown name, DESC-VALUE bad value / out of
// range); nullopt when there was one.
std::optional<std::vector<uint8_t>> encode(
    const DescriptorType& type, std::span<const std::pair<std::string, std::string>> settings,
    core::DiagSink& sink);
// Sets one named field or composite in `bytes`; false (with a diagnostic) when it cannot.
bool set_named(const DescriptorType& type, std::span<uint8_t> bytes, std::string_view name,
               std::string_view value, core::DiagSink& sink);

// Table self-checks: fields inside the size, no two overlapping, names unique, enum values
// fitting their field and unique, composite pieces not overlapping. Problems as text.
std::vector<std::string> self_check(const DescriptorType& type);

}  // namespace texsim::hwstate
