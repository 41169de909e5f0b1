// The hardware bundle's files: the manifest (one case a line, key=value), texels, lookup inputs,
// expected and device results; written by the generator, read and size-checked here. No texsim.
#pragma once

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace hw {

// One lookup's input record, 16 words (docs/hardware.md, "Files"): the kernels in
// tests/hw/kernels/*.ptx read it with ld.global.v4.u32 at record * 64.
constexpr unsigned kInputWords = 16;
enum InputWord : unsigned {
  kX = 0,  // coordinates: s32 texels or f32 (by kernel)
  kY = 1,
  kZ = 2,
  kLayer = 3,  // array layer (u32)
  kLod = 4,    // tex.level / txq.level: f32 (s32 for integer-coordinate kernels)
  kDdx = 5,    // tex.grad: d/dx in words 5..7, d/dy in 8..10 (f32)
  kDdy = 8,
  kOffset = 11  // texel offsets u, v, w (s32, -8..7)
};
constexpr unsigned kResultWords = 4;  // every kernel stores 4 words per lookup

enum class Shape { k1D, k2D, k3D, kA1D, kA2D };
enum class Elem { kU8, kS8, kU16, kS16, kU32, kS32, kF16, kF32 };

struct CaseSpec {
  std::string name;    // [a-z0-9_]+; files <name>.texels, .in, .expect
  std::string module;  // kernels/<module>.ptx and kernels/sm_90/<module>.cubin
  std::string kernel;  // entry point
  Shape shape = Shape::k2D;
  Elem elem = Elem::kF32;
  unsigned channels = 1;                     // 1, 2 or 4
  unsigned w = 1, h = 1, d = 1, levels = 1;  // d: depth (3D) or layers (arrays)
  bool read_integer = false;                 // CU_TRSF_READ_AS_INTEGER
  bool normalized = false;                   // CU_TRSF_NORMALIZED_COORDINATES
  bool linear = false, mip_linear = false;
  std::array<int, 3> address{1, 1, 1};  // CUaddress_mode
  std::array<float, 4> border{0, 0, 0, 0};
  float bias = 0, min_lod = 0, max_lod = 0;
  unsigned lookups = 0;
  unsigned compare_mask = 0xf;  // result words compared (bit i: word i)
  std::string decisions;        // comma-separated decision ids this case settles
};

inline const char* shape_name(Shape s) {
  static const char* const kNames[] = {"1d", "2d", "3d", "a1d", "a2d"};
  return kNames[static_cast<int>(s)];
}
inline const char* elem_name(Elem e) {
  static const char* const kNames[] = {"u8", "s8", "u16", "s16", "u32", "s32", "f16", "f32"};
  return kNames[static_cast<int>(e)];
}
inline size_t elem_bytes(Elem e) {
  static const size_t kBytes[] = {1, 1, 2, 2, 4, 4, 2, 4};
  return kBytes[static_cast<int>(e)];
}
inline bool is_array(Shape s) {
  return s == Shape::kA1D || s == Shape::kA2D;
}
inline unsigned level_extent(unsigned size, unsigned level) {
  return level >= 32 || (size >> level) == 0 ? 1u : size >> level;
}
// Rows and slices of one level as the texel file packs them (x fastest, then y, then z/layer).
inline unsigned level_rows(const CaseSpec& c, unsigned l) {
  return c.shape == Shape::k1D || c.shape == Shape::kA1D ? 1u : level_extent(c.h, l);
}
inline unsigned level_slices(const CaseSpec& c, unsigned l) {
  return c.shape == Shape::k3D ? level_extent(c.d, l) : is_array(c.shape) ? c.d : 1u;
}
inline size_t level_bytes(const CaseSpec& c, unsigned l) {
  return size_t{level_extent(c.w, l)} * level_rows(c, l) * level_slices(c, l) * c.channels *
         elem_bytes(c.elem);
}
inline size_t texel_file_bytes(const CaseSpec& c) {
  size_t n = 0;
  for (unsigned l = 0; l < c.levels; ++l) n += level_bytes(c, l);
  return n;
}

// One manifest line: "case name=... module=... ...". Floats in %.9g (they round-trip).
inline std::string manifest_line(const CaseSpec& c) {
  char f[160];
  std::snprintf(f, sizeof f, "border=%.9g,%.9g,%.9g,%.9g bias=%.9g min_lod=%.9g max_lod=%.9g",
                static_cast<double>(c.border[0]), static_cast<double>(c.border[1]),
                static_cast<double>(c.border[2]), static_cast<double>(c.border[3]),
                static_cast<double>(c.bias), static_cast<double>(c.min_lod),
                static_cast<double>(c.max_lod));
  std::ostringstream o;
  o << "case name=" << c.name << " module=" << c.module << " kernel=" << c.kernel
    << " shape=" << shape_name(c.shape) << " elem=" << elem_name(c.elem)
    << " channels=" << c.channels << " w=" << c.w << " h=" << c.h << " d=" << c.d
    << " levels=" << c.levels << " read_integer=" << c.read_integer
    << " normalized=" << c.normalized << " linear=" << c.linear << " mip_linear=" << c.mip_linear
    << " address=" << c.address[0] << ',' << c.address[1] << ',' << c.address[2] << ' ' << f
    << " lookups=" << c.lookups << " compare_mask=" << c.compare_mask
    << " decisions=" << c.decisions;
  return o.str();
}

namespace detail {

inline bool parse_uint(const std::string& s, unsigned max, unsigned& out) {
  if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos)
    return false;
  const unsigned long v = std::strtoul(s.c_str(), nullptr, 10);
  if (v > max) return false;
  out = static_cast<unsigned>(v);
  return true;
}

inline bool parse_float(const std::string& s, float& out) {
  if (s.empty()) return false;
  char* end = nullptr;
  out = std::strtof(s.c_str(), &end);
  return end == s.c_str() + s.size();
}

inline bool parse_name(const std::string& s) {
  return !s.empty() && s.size() <= 64 &&
         s.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_") == std::string::npos;
}

template <size_t N, class T, class F>
bool parse_list(const std::string& s, std::array<T, N>& out, F parse_one) {
  std::istringstream in(s);
  std::string item;
  size_t i = 0;
  while (std::getline(in, item, ',')) {
    if (i >= N || !parse_one(item, out[i])) return false;
    ++i;
  }
  return i == N;
}

template <class E, size_t N>
bool parse_enum(const std::string& s, const char* (*name)(E), E& out) {
  for (size_t i = 0; i < N; ++i) {
    if (s == name(static_cast<E>(i))) {
      out = static_cast<E>(i);
      return true;
    }
  }
  return false;
}

// Sets one key of `c`; false for an unknown key or a value out of its range.
inline bool set_key(CaseSpec& c, const std::string& key, const std::string& v) {
  unsigned b = 0;
  auto flag = [&](bool& f) { return parse_uint(v, 1, b) && ((f = b != 0), true); };
  auto mode = [](const std::string& s, int& m) {
    unsigned u = 0;
    return parse_uint(s, 3, u) && ((m = static_cast<int>(u)), true);
  };
  if (key == "name") return parse_name(v) && ((c.name = v), true);
  if (key == "module") return parse_name(v) && ((c.module = v), true);
  if (key == "kernel") return parse_name(v) && ((c.kernel = v), true);
  if (key == "shape") return parse_enum<Shape, 5>(v, shape_name, c.shape);
  if (key == "elem") return parse_enum<Elem, 8>(v, elem_name, c.elem);
  if (key == "channels") return parse_uint(v, 4, c.channels) && c.channels != 3 && c.channels;
  if (key == "w") return parse_uint(v, 16384, c.w) && c.w > 0;
  if (key == "h") return parse_uint(v, 16384, c.h) && c.h > 0;
  if (key == "d") return parse_uint(v, 2048, c.d) && c.d > 0;
  if (key == "levels") return parse_uint(v, 15, c.levels) && c.levels > 0;
  if (key == "read_integer") return flag(c.read_integer);
  if (key == "normalized") return flag(c.normalized);
  if (key == "linear") return flag(c.linear);
  if (key == "mip_linear") return flag(c.mip_linear);
  if (key == "address") return parse_list(v, c.address, mode);
  if (key == "border") return parse_list(v, c.border, parse_float);
  if (key == "bias") return parse_float(v, c.bias);
  if (key == "min_lod") return parse_float(v, c.min_lod);
  if (key == "max_lod") return parse_float(v, c.max_lod);
  if (key == "lookups") return parse_uint(v, 1u << 20, c.lookups) && c.lookups > 0;
  if (key == "compare_mask") return parse_uint(v, 15, c.compare_mask) && c.compare_mask;
  if (key == "decisions") return ((c.decisions = v), true);
  return false;
}

}  // namespace detail

// Parses one manifest line; nullopt with `error` naming the key on any problem.
inline std::optional<CaseSpec> parse_manifest_line(const std::string& line, std::string& error) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  if (word != "case") {
    error = "a manifest line must start with 'case'";
    return std::nullopt;
  }
  CaseSpec c;
  while (in >> word) {
    const size_t eq = word.find('=');
    const std::string key = word.substr(0, eq);
    if (eq == std::string::npos || !detail::set_key(c, key, word.substr(eq + 1))) {
      error = "bad or unknown field '" + word + "'";
      return std::nullopt;
    }
  }
  if (c.name.empty() || c.module.empty() || c.kernel.empty() || c.lookups == 0) {
    error = "a case needs name, module, kernel and lookups";
    return std::nullopt;
  }
  if (texel_file_bytes(c) > (size_t{64} << 20)) {
    error = "case " + c.name + ": texels over 64 MiB";
    return std::nullopt;
  }
  return c;
}

// Every case of `path` (blank lines and '#' comments skipped); false with `error` at the line.
inline bool read_manifest(const std::string& path, std::vector<CaseSpec>& out, std::string& error) {
  std::ifstream in(path);
  if (!in) {
    error = path + ": cannot open";
    return false;
  }
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    std::string why;
    auto c = parse_manifest_line(line, why);
    if (!c) {
      error = path + ":" + std::to_string(n) + ": " + why;
      return false;
    }
    out.push_back(std::move(*c));
  }
  if (out.empty()) error = path + ": no cases";
  return !out.empty();
}

// Reads exactly `bytes` bytes of `path`; false with `error` when the size differs.
inline bool read_exact(const std::string& path, size_t bytes, std::vector<uint8_t>& out,
                       std::string& error) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) {
    error = path + ": cannot open";
    return false;
  }
  const std::streamoff size = in.tellg();
  if (size < 0 || static_cast<uint64_t>(size) != bytes) {
    error = path + ": " + std::to_string(size) + " bytes, expected " + std::to_string(bytes);
    return false;
  }
  out.resize(bytes);
  in.seekg(0);
  if (bytes != 0 &&
      !in.read(reinterpret_cast<char*>(out.data()), static_cast<std::streamsize>(bytes))) {
    error = path + ": read failed";
    return false;
  }
  return true;
}

// Little-endian 32-bit words of a file that must hold exactly `count` of them.
inline bool read_words(const std::string& path, size_t count, std::vector<uint32_t>& out,
                       std::string& error) {
  std::vector<uint8_t> bytes;
  if (!read_exact(path, count * 4, bytes, error)) return false;
  out.resize(count);
  if (count != 0) std::memcpy(out.data(), bytes.data(), count * 4);
  return true;
}

inline bool write_file(const std::string& path, const void* data, size_t bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(bytes));
  return static_cast<bool>(out);
}

// A case with its files loaded: texels, inputs (lookups x 16 words), expected (lookups x 4).
struct CaseData {
  CaseSpec spec;
  std::vector<uint8_t> texels;
  std::vector<uint32_t> inputs, expected;
};

inline bool load_case(const std::string& dir, const CaseSpec& c, CaseData& out,
                      std::string& error) {
  out.spec = c;
  const std::string base = dir + "/" + c.name;
  return read_exact(base + ".texels", texel_file_bytes(c), out.texels, error) &&
         read_words(base + ".in", size_t{c.lookups} * kInputWords, out.inputs, error) &&
         read_words(base + ".expect", size_t{c.lookups} * kResultWords, out.expected, error);
}

}  // namespace hw
