// Operand kinds' paired functions: parse/print (IGC text), encode/decode (binary, version-aware)
// and the value check. Generic over FieldSpec; depends on model, operands and symbols.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "isa/visa/model.hpp"
#include "isa/visa/operands.hpp"
#include "isa/visa/symbols.hpp"

namespace texsim::isa::visa {

// A position in one line of text; `pos` is 0-based, columns are pos + 1.
struct TextCursor {
  std::string_view line;
  size_t pos = 0;

  bool at_end() const { return pos >= line.size(); }
  char peek(size_t k = 0) const { return pos + k < line.size() ? line[pos + k] : '\0'; }
  void skip_space();
  bool consume(char c);                   // skips space first
  bool consume_word(std::string_view w);  // exact text (after space), not followed by an id char
  std::string_view identifier();          // [A-Za-z_%$][A-Za-z0-9_]*; "" if none
  std::optional<uint64_t> number();       // decimal or 0x hex; nullopt (pos unchanged) if none
  uint32_t column() const { return static_cast<uint32_t>(pos + 1); }
};

// Text: parse one field's text at the cursor. On failure returns an error message and leaves
// the cursor where the problem is.
std::optional<std::string> parse_field(const FieldSpec& f, TextCursor& c, const SymbolTable& syms,
                                       OperandValue& out);
std::string print_field(const FieldSpec& f, const OperandValue& v, const SymbolTable& syms);

// Exec size helpers (kExecSize value = size code [2..0] | emask [7..4]).
unsigned exec_size_lanes(uint32_t value);  // 1..32 (code 6/7 -> 0)
unsigned exec_mask_index(uint32_t value);  // 0..15
bool exec_no_mask(uint32_t value);
std::optional<uint32_t> exec_value(unsigned lanes, unsigned emask);  // nullopt if lanes invalid
std::string_view emask_name(unsigned emask);                         // "M1".."M8", "M1_NM".."M8_NM"

// Predicate helpers (kPredicate value).
struct PredBits {
  uint32_t id = 0;  // 0: none
  bool invert = false;
  unsigned combine = 0;  // 0 sequential, 1 any, 2 all
};
PredBits pred_bits(uint32_t value);
uint32_t pred_value(const PredBits& p);

// Binary: little-endian, no padding (research §1.2).
class ByteWriter {
 public:
  void put(uint64_t v, unsigned bytes);
  std::vector<uint8_t>& bytes() { return out_; }

 private:
  std::vector<uint8_t> out_;
};

class ByteReader {
 public:
  ByteReader(const uint8_t* data, size_t size, size_t pos = 0)
      : data_(data), size_(size), pos_(pos) {}
  std::optional<uint64_t> get(unsigned bytes);
  size_t pos() const { return pos_; }
  size_t remaining() const { return size_ - pos_; }

 private:
  const uint8_t* data_;
  size_t size_;
  size_t pos_;
};

// Encodes one field. Values outside the kind's binary domain are an error message (never
// silently truncated). `count` fills kCount fields (the length of the list that follows).
std::optional<std::string> encode_field(const FieldSpec& f, const OperandValue& v, Version ver,
                                        ByteWriter& w);
// Decodes one field; `list_count` is the value of a preceding kCount field (for kRawList).
std::optional<std::string> decode_field(const FieldSpec& f, ByteReader& r, Version ver,
                                        uint32_t list_count, OperandValue& out);

// Numeric domain check of a value against the field's range (kUImm, kMediaModifier,
// kExecSize, kBlockCount); nullopt when it holds. The message names the range.
std::optional<std::string> check_range(const FieldSpec& f, const OperandValue& v);

// Immediate text ("0x10:ud", "1.5:f") and its bits.
std::string print_immediate(VisaType t, uint64_t bits);
// Region text "<0;1,0>" from the uw code; "" for a null region.
std::string print_region(uint16_t region);

}  // namespace texsim::isa::visa
