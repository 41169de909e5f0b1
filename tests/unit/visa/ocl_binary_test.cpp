// ocloc's OpenCL program binary (isa/visa/ocl_binary.*) and a scene launch laid out from it
// (launch_program.*): a synthetic patch-token program, bare and in a CL ELF, its tokens and
// binding table, every malformed-binary rule with its offset, and the launch's buffers, image,
// scalar, work sizes, image parameters and sampler (decisions K22, K23). The real binaries of
// ocloc are run by vendor.visa.pocl_diff.
#include "isa/visa/ocl_binary.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "isa/frontend.hpp"
#include "isa/registry.hpp"
#include "isa/visa/scene_section.hpp"
#include "unit/scene/loaded_scene.hpp"

namespace texsim::isa::visa {
namespace {

void put32(std::vector<uint8_t>& b, uint32_t v) {
  for (unsigned i = 0; i < 4; ++i) b.push_back(static_cast<uint8_t>(v >> (8 * i)));
}

void token(std::vector<uint8_t>& b, uint32_t id, std::vector<uint32_t> words) {
  put32(b, id);
  put32(b, static_cast<uint32_t>(8 + 4 * words.size()));
  for (uint32_t w : words) put32(b, w);
}

// One kernel "k": binding table at SSH 0x80 = {0x0 (image, arg 0), 0x40 (buffer, arg 1)}, a
// nearest SAMPLER_STATE at DSH 0x40 (ocloc's TGLLP bytes), scalar arg 2 at cross-thread 8, the
// local size at 0, the image width at 0x10, the buffer's stateless pointer at 0x20.
// `bad_token`: a last token whose size field says 6 (not a multiple of 4).
std::vector<uint8_t> program(bool bad_token = false) {
  std::vector<uint8_t> ssh(0x88, 0), dsh(0x50, 0), patch;
  ssh[0x84] = 0x40;  // binding table entry 1 = 0x40 (entry 0 = 0)
  const uint32_t sampler[4] = {0x00100000, 0x000E0003, 0, 0x00001800};
  std::memcpy(dsh.data() + 0x40, sampler, 16);
  token(patch, 8, {0x80, 2, 0});
  token(patch, 12, {0, 4, 0x0, ~0u, ~0u, 0, 0, 0, 0, 0});
  token(patch, 30, {1, 0x40, 0x20, 8, ~0u, ~0u, 0});
  token(patch, 17, {1, 2, 8, 4, 0, 0, 0, 0, 0});
  token(patch, 17, {2, 0, 0, 4, 0, 0, 0, 0, 0});
  token(patch, 17, {9, 0, 0x10, 4, 0, 0, 0, 0, 0});
  token(patch, 5, {0x40, 1, 0});
  if (bad_token) {
    token(patch, 23, {});
    patch[patch.size() - 4] = 6;
  }
  std::vector<uint8_t> b;
  for (uint32_t w : {0x494E5443u, 1081u, 18u, 8u, 1u, 0u, 0u}) put32(b, w);
  put32(b, 0);                                 // CheckSum
  for (int i = 0; i < 8; ++i) b.push_back(0);  // ShaderHashCode
  for (uint32_t w : {4u, static_cast<uint32_t>(patch.size()), 16u, 0u,
                     static_cast<uint32_t>(dsh.size()), static_cast<uint32_t>(ssh.size()), 16u})
    put32(b, w);
  for (char c : std::string("k\0\0\0", 4)) b.push_back(static_cast<uint8_t>(c));
  b.insert(b.end(), 16, 0x90);  // kernel heap
  b.insert(b.end(), dsh.begin(), dsh.end());
  b.insert(b.end(), ssh.begin(), ssh.end());
  b.insert(b.end(), patch.begin(), patch.end());
  return b;
}

// `prog` as the one section (after a zero one) of a minimal 64-bit little-endian ELF.
std::vector<uint8_t> elf(const std::vector<uint8_t>& prog) {
  const uint64_t shoff = 0x40 + prog.size(), off = 0x40, size = prog.size();
  std::vector<uint8_t> b(shoff + 2 * 0x40, 0);
  std::memcpy(b.data(), "\x7f" "ELF\x02\x01\x01", 7);
  std::memcpy(b.data() + 0x28, &shoff, 8);
  b[0x3a] = 0x40;  // e_shentsize
  b[0x3c] = 2;     // e_shnum: a zero section, then the program's
  std::memcpy(b.data() + 0x40, prog.data(), prog.size());
  std::memcpy(b.data() + shoff + 0x40 + 0x18, &off, 8);
  std::memcpy(b.data() + shoff + 0x40 + 0x20, &size, 8);
  return b;
}

TEST(OclBinary, ReadsKernelsHeapsTokensAndTheBindingTable) {
  for (const auto& bytes : {program(), elf(program())}) {
    core::DiagSink sink;
    const auto p = read_ocl_binary(bytes, "k.bin", sink);
    ASSERT_TRUE(p) << (sink.diagnostics().empty() ? "" : sink.diagnostics()[0].message);
    EXPECT_EQ(p->version, 1081u);
    ASSERT_EQ(p->kernels.size(), 1u);
    const OclKernel& k = p->kernels[0];
    EXPECT_EQ(k.name, "k");
    EXPECT_EQ(k.kernel_heap.size(), 16u);
    EXPECT_EQ(k.dynamic_state_heap.size(), 0x50u);
    ASSERT_EQ(k.tokens.size(), 7u);
    EXPECT_EQ(k.tokens[2].id, 30u);
    EXPECT_EQ(k.tokens[2].word(2), 0x20u);
    EXPECT_EQ(k.binding_table_index(0x40), 1u);
    EXPECT_EQ(k.binding_table_index(0x0), 0u);
    EXPECT_FALSE(k.binding_table_index(0x44));
    EXPECT_EQ(p->find("k"), &k);
    EXPECT_EQ(p->find("j"), nullptr);
  }
}

std::string read_error(std::vector<uint8_t> bytes) {
  core::DiagSink sink;
  EXPECT_FALSE(read_ocl_binary(bytes, "k.bin", sink));
  return sink.diagnostics().empty()
             ? ""
             : sink.diagnostics()[0].rule_id + ": " + sink.diagnostics()[0].message;
}

TEST(OclBinary, MalformedBinariesNameTheRuleAndWhere) {
  EXPECT_EQ(read_error({1, 2, 3}),
            "VISA-OCL-BINARY: neither an OpenCL program binary (magic CTNI) nor a 64-bit "
            "little-endian ELF");
  std::vector<uint8_t> p = program();
  EXPECT_NE(read_error({p.begin(), p.begin() + 40}).find("kernel header runs past"),
            std::string::npos);
  p[49] = 0xff;  // KernelHeapSize (bytes 48..51) 0xff10: past the end
  EXPECT_NE(read_error(p).find("run past the end of the binary"), std::string::npos);
  EXPECT_NE(read_error(program(true)).find("patch token 23 has size 6"), std::string::npos);
  std::vector<uint8_t> e = elf(program());
  e[0x40] = 0;  // the section no longer starts with the magic
  EXPECT_NE(read_error(e).find("no section holding an OpenCL program binary"), std::string::npos);
  core::DiagSink sink;
  read_ocl_binary(std::vector<uint8_t>{1, 2, 3}, "k.bin", sink);
  const auto* at = std::get_if<core::BinaryLoc>(&sink.diagnostics()[0].loc);
  ASSERT_NE(at, nullptr);
  EXPECT_EQ(at->file, "k.bin");
}

std::string hex(const std::vector<uint8_t>& b) {
  static const char* d = "0123456789abcdef";
  std::string s;
  for (uint8_t x : b) s += {d[x >> 4], d[x & 15]};
  return s;
}

scene::testing::Loaded load_launch(const std::string& args) {
  const std::string text =
      R"({"texsim": 1, "isa": "visa", "platform": "TGLLP", "surfaces": [{"id": 6, "type": "2D",
      "format": "R8G8B8A8_UNORM", "width": 4, "height": 2}], "launch": {"global_size": [32],
      "local_size": [16], "program": {"hex": ")" +
      hex(program()) + R"("}, "args": )" + args + "}}";
  return scene::testing::load_text(text, "scene.json", isa::scene_load_options());
}

TEST(OclLaunch, ArgumentsBecomeBuffersImagesPayloadAndSamplers) {
  const auto l =
      load_launch(R"({"0": {"image": 6}, "1": {"buffer": {"type": "D", "values": [7]}}, "2": -5})");
  ASSERT_TRUE(l.scene) << l.first();
  const SceneState& st = scene_state(*l.scene);
  ASSERT_TRUE(st.launch);
  EXPECT_EQ(st.launch->images.at(0), 6u);
  EXPECT_EQ(st.launch->buffers.at(1).bytes, (std::vector<uint8_t>{7, 0, 0, 0}));
  EXPECT_EQ(st.launch->addresses.at(1), 0x200000u);  // argument 1: 2 * 0x100000 (K23)
  const std::vector<uint8_t>& x = st.launch->cross_thread;
  ASSERT_EQ(x.size(), 0x28u);
  EXPECT_EQ(x[0], 16u);    // local size X
  EXPECT_EQ(x[8], 0xfbu);  // -5
  EXPECT_EQ(x[11], 0xffu);
  EXPECT_EQ(x[0x10], 4u);               // the image's width
  EXPECT_EQ(x[0x22], 0x20u);            // the buffer's address, 0x200000
  ASSERT_EQ(st.samplers.count(0), 1u);  // from the kernel's dynamic state heap
  EXPECT_EQ(st.samplers.at(0).state.min_filter, texunit::Filter::kPoint);
}

TEST(OclLaunch, ArgumentErrorsNameTheArgument) {
  auto first = [](const std::string& args) { return load_launch(args).first(); };
  EXPECT_NE(first(R"({"0": {"image": 6}, "1": {"buffer": {"type": "D", "values": [7]}}})")
                .find("SCENE-MISSING]: launch.args: kernel k needs argument 2 (a scalar)"),
            std::string::npos);
  EXPECT_NE(first(R"({"0": {"image": 6}, "1": 3, "2": 1})")
                .find("argument 1 is a buffer: expected {\"buffer\""),
            std::string::npos);
  EXPECT_NE(first(R"({"0": {"image": 9}, "1": {"buffer": {"type": "D", "values": [7]}},
                      "2": 1})")
                .find("no surface 9 in the scene"),
            std::string::npos);
  EXPECT_NE(first(R"({"0": {"image": 6}, "1": {"buffer": {"type": "D", "values": [7]}},
                      "2": 1, "7": 1})")
                .find("kernel k has no argument 7"),
            std::string::npos);
  const auto no_program =
      scene::testing::load_text(R"({"texsim": 1, "isa": "visa", "launch": {"args": {"0": 1}}})",
                                "scene.json", isa::scene_load_options());
  EXPECT_NE(no_program.first().find("\"args\" needs the kernel's \"program\""), std::string::npos);
}

}  // namespace
}  // namespace texsim::isa::visa
