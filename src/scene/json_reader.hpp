// The typed JSON reader every part of a scene file is read through (the scene's own sections and
// each ISA front end's): keys with positions, type checks, did-you-mean, budget, files.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <initializer_list>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/diag.hpp"
#include "scene/json_pos.hpp"

namespace texsim::scene {

using Json = nlohmann::json;

struct LoadOptions;

// "0x..." with 1..max_digits hex digits -> value.
std::optional<uint64_t> parse_hex_number(std::string_view s, unsigned max_digits);
// An object key naming an index: decimal ("12") or hex ("0xc"), at most `max`.
std::optional<uint64_t> index_key(std::string_view key, uint64_t max);
// "an object", "a string (\"x\")", "a number (3)", ...: how a value is named in SCENE-TYPE.
std::string json_kind(const Json& v);
// "a, b or c".
std::string join_or(std::span<const std::string_view> names);

// Reads values of one scene text. Every problem becomes a diagnostic with the value's JSON path
// and line:column (rule ids SCENE-*); each accessor returns nullopt / false after reporting.
// Positions are computed on the first diagnostic only, so a clean load pays nothing for them.
class JsonReader {
 public:
  using Keys = std::initializer_list<std::string_view>;

  JsonReader(std::string file, std::string_view text, core::DiagSink& sink,
             const LoadOptions& options, std::filesystem::path base);
  ~JsonReader();
  JsonReader(const JsonReader&) = delete;
  JsonReader& operator=(const JsonReader&) = delete;

  const std::string& file() const { return file_; }
  core::DiagSink& sink() { return sink_; }
  size_t error_count() const { return sink_.error_count(); }
  const LoadOptions& options() const { return opt_; }

  // --- diagnostics
  // The location of the value at `path` (its key when `at_key`), `col_offset` columns further.
  core::TextLoc loc(const std::string& path, bool at_key = false, uint32_t col_offset = 0) const;
  // "<path>: <msg>" at the value's location.
  void err(std::string_view rule, const std::string& path, const std::string& msg,
           bool at_key = false, uint32_t col_offset = 0);
  void type_err(const std::string& path, std::string_view expected, const Json& v);

  // --- structure
  bool expect_object(const Json& v, const std::string& path);
  bool expect_array(const Json& v, const std::string& path);
  // Reports every key not in `allowed` ("comment" is always allowed), with did-you-mean.
  void check_keys(const Json& obj, const std::string& path, Keys allowed);
  void check_keys(const Json& obj, const std::string& path,
                  std::span<const std::string_view> allowed);
  static const Json* member(const Json& obj, std::string_view key);
  // The member, or a SCENE-MISSING diagnostic and nullptr.
  const Json* require(const Json& obj, const std::string& path, std::string_view key);

  // --- scalars
  // Integers: JSON integers, integral floats, or "0x..." strings, within [lo, hi].
  std::optional<int64_t> as_int(const Json& v, const std::string& path, int64_t lo, int64_t hi);
  std::optional<uint32_t> as_u32(const Json& v, const std::string& path, uint32_t lo = 0,
                                 uint32_t hi = std::numeric_limits<uint32_t>::max());
  // 64-bit unsigned: numbers or hex strings of up to 16 digits.
  std::optional<uint64_t> as_u64(const Json& v, const std::string& path);
  std::optional<double> as_number(const Json& v, const std::string& path);
  std::optional<bool> as_bool(const Json& v, const std::string& path);
  std::optional<std::string> as_string(const Json& v, const std::string& path);
  // A name from a fixed list (case-insensitive through `lookup`), with did-you-mean, else the
  // list: "unknown <what> \"x\"; expected a, b or c".
  template <typename T>
  std::optional<T> as_name(const Json& v, const std::string& path, std::string_view what,
                           std::span<const std::string_view> names,
                           const std::function<std::optional<T>(std::string_view)>& lookup) {
    const auto s = as_string(v, path);
    if (!s) return std::nullopt;
    if (auto r = lookup(*s)) return r;
    unknown_name(path, what, *s, names);
    return std::nullopt;
  }

  // --- bytes and files
  // Hex digits with optional whitespace or '_' (and an optional leading "0x") -> bytes.
  std::optional<std::vector<uint8_t>> hex_bytes(const Json& v, const std::string& path);
  // A file named by the scene, resolved against the scene's folder and confined to it.
  std::optional<std::filesystem::path> resolve_file(const Json& v, const std::string& path);
  std::optional<std::vector<uint8_t>> read_binary(const std::filesystem::path& p,
                                                  const std::string& path);
  // Charges `bytes` to the memory budget; SCENE-BUDGET and false once it is exceeded.
  bool charge(uint64_t bytes, const std::string& path);
  // Gives back a charge (a file read whose final size is charged again).
  void refund(uint64_t bytes) { used_ -= bytes; }

 private:
  void unknown_name(const std::string& path, std::string_view what, const std::string& given,
                    std::span<const std::string_view> names);

  std::string file_;
  std::string_view text_;
  mutable std::unique_ptr<JsonPositions> pos_;
  core::DiagSink& sink_;
  const LoadOptions& opt_;
  std::filesystem::path base_;
  uint64_t used_ = 0;
};

}  // namespace texsim::scene
