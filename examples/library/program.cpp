// texsim library example: load a scene, assemble a vISA (or SASS) program, disassemble its
// binary, run it and print the registers it wrote (docs/library.md).
//   program SCENE.json PROGRAM.visaasm|PROGRAM.sass
#include <texsim/texsim.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

static void print(const texsim::Diagnostics& diags) {
  for (const texsim::Diagnostic& d : diags) std::fprintf(stderr, "%s\n", d.text.c_str());
}

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s SCENE.json PROGRAM\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[2]);
  std::stringstream text;
  text << in.rdbuf();
  const std::string program_text = text.str();
  const std::string name = argv[2];
  const texsim::Isa isa = name.ends_with(".sass") ? texsim::Isa::kSass : texsim::Isa::kVisa;

  texsim::Diagnostics diags;
  const auto scene = texsim::Scene::load_file(argv[1], diags);
  if (!scene) return print(diags), 1;

  const texsim::Source source{program_text, name};
  const std::string platform = scene->platform();  // "" : the ISA's default
  const auto assembly = texsim::assemble(isa, source, diags, platform);
  if (!assembly) return print(diags), 1;
  std::printf("%zu instruction(s), %zu bytes\n", assembly->instructions.size(),
              assembly->binary.size());
  const auto listing = texsim::disassemble(isa, assembly->binary, diags, platform);
  if (!listing) return print(diags), 1;
  std::printf("%s\n", listing->c_str());

  texsim::RunOptions options;
  options.profile = texsim::Profile::kD3D;
  const auto result = texsim::run(isa, source, *scene, options, diags);
  if (!result) return print(diags), 1;
  for (const texsim::Register& reg : result->registers) {
    std::printf("%s:%s", reg.name.c_str(), reg.type.c_str());
    for (size_t i = 0; i < reg.bytes.size() && i < 16; ++i) {
      const bool defined = reg.defined.empty() || reg.defined[i];
      if (defined)
        std::printf(" %02x", reg.bytes[i]);
      else
        std::printf(" ??");
    }
    std::printf(reg.bytes.size() > 16 ? " ...\n" : "\n");
  }
  return 0;
}
