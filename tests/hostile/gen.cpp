// Generates the large or binary hostile inputs of tests/hostile at test time (nothing big is
// committed): PNG headers, declaration floods, huge scenes, deep nesting, random bytes.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

uint32_t crc32(const uint8_t* p, size_t n, uint32_t c = 0xffffffffu) {
  for (size_t i = 0; i < n; ++i) {
    c ^= p[i];
    for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
  }
  return c;
}

void be32(std::vector<uint8_t>& v, uint32_t x) {
  for (int s = 24; s >= 0; s -= 8) v.push_back(static_cast<uint8_t>(x >> s));
}

void chunk(std::vector<uint8_t>& out, const char* type, const std::vector<uint8_t>& data) {
  be32(out, static_cast<uint32_t>(data.size()));
  std::vector<uint8_t> td(type, type + 4);
  td.insert(td.end(), data.begin(), data.end());
  out.insert(out.end(), td.begin(), td.end());
  be32(out, crc32(td.data(), td.size()) ^ 0xffffffffu);
}

// A PNG whose header claims w x h RGBA8 and whose image data is an empty zlib stream.
std::vector<uint8_t> png_header_only(uint32_t w, uint32_t h) {
  std::vector<uint8_t> out{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  std::vector<uint8_t> ihdr;
  be32(ihdr, w);
  be32(ihdr, h);
  ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});
  chunk(out, "IHDR", ihdr);
  chunk(out, "IDAT", {0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01});
  chunk(out, "IEND", {});
  return out;
}

uint64_t g_state = 0x9e3779b97f4a7c15ull;
uint8_t next_byte() {
  g_state ^= g_state << 13;
  g_state ^= g_state >> 7;
  g_state ^= g_state << 17;
  return static_cast<uint8_t>(g_state >> 24);
}

int usage() {
  std::fputs(
      "usage: hostile_gen KIND ARGS... OUT\n"
      "  png W H | decls N | texels N | scene-mb MB | deep N | long-token MB | random N |\n"
      "  elf N | repeat N LINE\n",
      stderr);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return usage();
  const std::string kind = argv[1];
  std::FILE* out = std::fopen(argv[argc - 1], "wb");
  if (out == nullptr) return 2;
  auto arg = [&](int i) { return std::strtoull(argv[i], nullptr, 10); };
  if (kind == "png" && argc == 5) {
    const auto p = png_header_only(static_cast<uint32_t>(arg(2)), static_cast<uint32_t>(arg(3)));
    std::fwrite(p.data(), 1, p.size(), out);
  } else if (kind == "decls" && argc == 4) {
    // N named general declarations and one instruction-free kernel.
    std::fputs(".version 3.6\n.kernel \"decls\"\n", out);
    for (uint64_t i = 0; i < arg(2); ++i) {
      std::fprintf(out, ".decl var%llu v_type=G type=f num_elts=16\n",
                   static_cast<unsigned long long>(i));
    }
  } else if (kind == "texels" && argc == 4) {
    // A square R32_FLOAT surface of at least N texels, every texel listed inline.
    uint64_t side = 1;
    while (side * side < arg(2)) ++side;
    std::fprintf(out,
                 "{\"texsim\": 1, \"surfaces\": [{\"id\": 6, \"type\": \"2D\", \"format\": "
                 "\"R32_FLOAT\", \"width\": %llu, \"height\": %llu, \"data\": {\"texels\": [",
                 static_cast<unsigned long long>(side), static_cast<unsigned long long>(side));
    for (uint64_t i = 0; i < side * side; ++i) std::fputs(i == 0 ? "0" : ",0", out);
    std::fputs("]}}]}\n", out);
  } else if (kind == "scene-mb" && argc == 4) {
    // A valid vISA scene of about MB megabytes: registers of 16 float values each.
    std::fputs("{\"texsim\": 1, \"isa\": \"visa\", \"registers\": {\n", out);
    const uint64_t target = arg(2) << 20;
    uint64_t written = 0, i = 0;
    while (written < target) {
      const int n = std::fprintf(
          out,
          "%s\"r%llu\": {\"type\": \"F\", \"values\": [0.5, 1.25, 2, 3, 4, 5, 6, 7, 8, 9, "
          "10, 11, 12, 13, 14, 15]}",
          i == 0 ? "" : ",\n", static_cast<unsigned long long>(i));
      written += static_cast<uint64_t>(n);
      ++i;
    }
    std::fputs("}}\n", out);
  } else if (kind == "deep" && argc == 4) {
    for (uint64_t i = 0; i < arg(2); ++i) std::fputc('[', out);
  } else if (kind == "long-token" && argc == 4) {
    // An unterminated key of MB megabytes: the parser's message quotes the whole token.
    std::fputs("{\"texsim\": 1, \"", out);
    for (uint64_t i = 0; i < (arg(2) << 20); ++i) std::fputc('t', out);
  } else if (kind == "random" && argc == 4) {
    for (uint64_t i = 0; i < arg(2); ++i) std::fputc(next_byte(), out);
  } else if (kind == "elf" && argc == 4) {
    std::fputs(
        "\x7f"
        "ELF",
        out);
    for (uint64_t i = 4; i < arg(2); ++i) std::fputc(next_byte(), out);
  } else if (kind == "repeat" && argc == 5) {
    for (uint64_t i = 0; i < arg(2); ++i) std::fprintf(out, "%s\n", argv[3]);
  } else {
    std::fclose(out);
    return usage();
  }
  return std::fclose(out) == 0 ? 0 : 2;
}
