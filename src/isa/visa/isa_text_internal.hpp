// Shared by the generic vISA text encoder's files (isa_text.cpp, isa_text_msg.cpp): a cursor
// over one line with 1-based columns, and the operand readers (IGC's printed operand forms).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/bytes.hpp"
#include "isa/visa/isa_text.hpp"
#include "isa/visa/layouts.hpp"

namespace texsim::isa::visa::text {

struct Enc {
  Enc(const TextEnv& en, std::string_view line) : env(en), s(line) {}
  const TextEnv& env;
  std::string_view s;  // the line
  size_t p = 0;
  size_t pred_at = 0;  // where the predicate prefix starts
  core::BytesWriter w;
  std::optional<TextError> err;

  // The first error wins; returns false so that callers can `return fail(...)`.
  bool fail(size_t at, std::string msg) {
    if (!err) err = TextError{static_cast<uint32_t>(at + 1), std::move(msg)};
    return false;
  }
  void ws() {
    while (p < s.size() && (s[p] == ' ' || s[p] == '\t')) ++p;
  }
  bool at_end() {
    ws();
    return p >= s.size();
  }
  // The next blank-separated word (empty at the end of the line); `at` is where it starts.
  std::string_view word(size_t& at) {
    ws();
    at = p;
    while (p < s.size() && s[p] != ' ' && s[p] != '\t') ++p;
    return s.substr(at, p - at);
  }
  unsigned id_bytes() const { return env.version >= kRawId32Version ? 4 : 2; }
};

std::optional<uint64_t> number(std::string_view t);  // decimal or 0x hex
// "(M1_NM, 16)" -> the exec-size byte.
bool exec_size(Enc& e);
// A vector operand token (general with region, immediate, predicate, state, address,
// indirect, address-of; optional source modifier). `sat` adds the saturation modifier.
bool vector_operand(Enc& e, bool sat = false);
// A raw operand "NAME.offset" (`bare`: the offset may be left out, as LSC prints it).
bool raw_operand(Enc& e, bool bare = false);
// A declared variable of class `cls` by name at `at`; writes nothing.
std::optional<uint32_t> var_id(Enc& e, std::string_view name, size_t at, VarClass cls);

// LSC untyped atomic names by sub-op 0x08..0x1a (IGC IsaDescription.cpp), "" for others.
std::string_view lsc_atomic_name(unsigned op);
// The name of a dword_atomic / svm_atomic op (bits 4:0; CISAAtomicOpNames), "" where none.
std::string_view atomic_op_name(unsigned op);

// Message and memory forms (isa_text_msg.cpp). Each returns false when `mn` is not its form
// (e.err unset) or on an error (e.err set); `pred` is the predicate prefix's value.
bool encode_message(Enc& e, std::string_view mn, size_t mn_at, uint16_t pred, bool& handled);

}  // namespace texsim::isa::visa::text
