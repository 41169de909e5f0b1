// Differential test (issue 14, 5b and 5c). 5b: a generator of PTX texel fetches (tex.{1d,2d,3d,
// a1d,a2d,2dms,a2dms} with integer coordinates, tex.level, offsets, predicates, every result type,
// every component subset) compiled by ptxas for one architecture; every TLDS in the cubin must
// print the same in texsim and nvdisasm (issue 19: --corpus sample, float-coordinate sampling and
// gathers and texture queries; every TEXS, TLD4S, TEX, TLD4, TXD, TXQ likewise). 5c: texsim asm
// SOURCE -> cubin -> nvdisasm prints the source.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "isa/sass/codec.hpp"
#include "isa/sass/cubin.hpp"
#include "isa/sass/frontend.hpp"
#include "isa/sass/listing.hpp"
#include "isa/sass/opspec.hpp"
#include "isa/sass/rules.hpp"
#include "isa/sass/syntax.hpp"
#include "ptx_corpus.hpp"
#include "vendor_common.hpp"

namespace sass = texsim::isa::sass;
namespace vc = texsim::vendor;
using texsim::vendor::bindless_corpus;
using texsim::vendor::fetch_corpus;
using texsim::vendor::sample_corpus;

namespace {

// nvdisasm's listing of a cubin: (function, address) -> text.
std::map<std::pair<std::string, uint64_t>, std::string> nvdisasm_functions(const std::string& out) {
  std::map<std::pair<std::string, uint64_t>, std::string> m;
  std::istringstream in(out);
  std::string line, fn;
  std::string chunk;
  auto flush = [&] {
    for (const auto& [addr, text] : vc::listing_lines(chunk)) m[{fn, addr}] = text;
    chunk.clear();
  };
  while (std::getline(in, line)) {
    const auto s = line.find(".section\t.text.");
    if (s != std::string::npos) {
      flush();
      fn = line.substr(s + 15, line.find(',', s) - s - 15);
      continue;
    }
    if (!fn.empty()) chunk += line + "\n";
  }
  flush();
  return m;
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  const std::string s = vc::slurp(path);
  return {s.begin(), s.end()};
}

// Compiles the corpus (`sample`: issue 19's sampling corpus, `bindless`: both with a handle in a
// register, else issue 14's texel fetches) and compares every instruction of the opcode table in
// the cubin with nvdisasm's line.
int compiled(const std::string& bin, const std::string& arch, const std::string& work,
             const std::string& corpus) {
  const bool sample = corpus == "sample";
  const std::string sm = "sm_" + arch.substr(2);
  const unsigned smn = static_cast<unsigned>(std::stoul(arch.substr(2)));
  std::ostringstream ptx;
  ptx << ".version 7.8\n.target " << sm << "\n.address_size 64\n\n";
  unsigned n = 0;
  ptx << (sample                 ? sample_corpus(smn, n)
          : corpus == "bindless" ? bindless_corpus(smn, n)
                                 : fetch_corpus(smn, n));
  const std::string stem = work + "/" + corpus + "_" + sm;
  const std::string ptx_file = stem + ".ptx";
  const std::string cubin = stem + ".cubin";
  std::ofstream(ptx_file) << ptx.str();
  const vc::Result pr = vc::run(bin + "/ptxas -arch=" + sm + " " + ptx_file + " -o " + cubin, work);
  if (pr.status != 0) {
    std::printf("FAIL: ptxas %s: %s\n", sm.c_str(), pr.err.c_str());
    return 1;
  }
  const vc::Result nr = vc::run(bin + "/nvdisasm " + cubin, work);
  if (nr.status != 0) {
    std::printf("FAIL: nvdisasm %s: %s\n", cubin.c_str(), nr.err.c_str());
    return 1;
  }
  const auto nv = nvdisasm_functions(nr.out);
  // nvdisasm's count of every texture mnemonic, modelled or not.
  std::map<std::string, size_t> nv_ops, ts_ops;
  for (const auto& [key, text] : nv) {
    const std::string m = vc::row_name(text);
    if (m.starts_with("TEX") || m.starts_with("TLD") || m.starts_with("TXD") ||
        m.starts_with("TXQ") || m.starts_with("TMML") || m == "TXA")
      nv_ops[m]++;
  }

  texsim::core::DiagSink sink;
  const auto bytes = read_bytes(cubin);
  const auto c = sass::read_cubin(bytes, cubin, sink);
  if (!c || c->sm != smn) {
    std::printf("FAIL: texsim cannot read %s\n", cubin.c_str());
    return 1;
  }
  size_t identical = 0, mismatches = 0, reencoded = 0;
  std::map<std::string, size_t> forms;
  for (const sass::CubinKernel& k : c->kernels) {
    const auto insts = sass::decode_stream(k.text, cubin, sink, k.file_offset, arch);
    for (const sass::Instruction& i : insts) {
      if (i.kind != sass::Kind::kInstruction || i.op == sass::Opcode::kNop) continue;
      ts_ops[std::string(sass::op_spec(i.op).mnemonic)]++;
      // What ptxas emits obeys every rule of the validator (no rule stricter than the compiler).
      texsim::core::DiagSink rules;
      if (!sass::validate(i, arch, rules) && ++mismatches <= 20) {
        std::printf("RULE %s %s+0x%llx: %s\n", cubin.c_str(), k.name.c_str(),
                    static_cast<unsigned long long>(i.origin.offset - k.file_offset),
                    rules.diagnostics().front().message.c_str());
      }
      // Issue 19: the decoded word re-encodes to itself.
      texsim::core::DiagSink esink;
      const auto enc = sass::encode(i, esink);
      if (enc && enc->word == i.raw_word) {
        ++reencoded;
      } else if (++mismatches <= 20) {
        std::printf("REENCODE %s %s+0x%llx: 0x%016llx -> 0x%016llx\n", cubin.c_str(),
                    k.name.c_str(),
                    static_cast<unsigned long long>(i.origin.offset - k.file_offset),
                    static_cast<unsigned long long>(i.raw_word),
                    static_cast<unsigned long long>(enc ? enc->word : 0));
      }
      const std::string ts = sass::nvdisasm_spacing(sass::print_instruction(i), i.ctrl);
      const auto it = nv.find({k.name, i.origin.offset - k.file_offset});
      const std::string nvt = it == nv.end() ? "<no line>" : it->second;
      if (ts == nvt) {
        ++identical;
        // Form: the mnemonic with its modifiers and the non-register operands.
        std::string form = ts.substr(0, ts.find(' ', ts.find_first_not_of(" @!P0123456T")));
        for (size_t p = ts.find(", 0x"); p != std::string::npos && p < ts.size();) {
          const size_t q = ts.find(", ", p + 2);
          if (q == std::string::npos) break;
          form += ":" + ts.substr(q + 2, ts.find_first_of(",;", q + 2) - q - 2);
          p = q;
        }
        forms[form]++;
      } else if (++mismatches <= 20) {
        std::printf("MISMATCH %s %s+0x%llx: texsim '%s' nvdisasm '%s'\n", cubin.c_str(),
                    k.name.c_str(),
                    static_cast<unsigned long long>(i.origin.offset - k.file_offset), ts.c_str(),
                    nvt.c_str());
      }
    }
  }
  std::string counts;
  bool all_modelled_found = true;
  for (const auto& [m, count] : nv_ops) {
    const bool modelled = sass::spec_for_mnemonic(m) != nullptr;
    counts += " " + m + "=" + std::to_string(count) +
              (modelled ? "(texsim " + std::to_string(ts_ops[m]) + ")" : "(not modelled)");
    if (modelled && ts_ops[m] != count) all_modelled_found = false;
  }
  std::string form_list;
  for (const auto& [f, count] : forms) form_list += " " + f;
  size_t decoded = 0;
  for (const auto& [m, count] : ts_ops) decoded += count;
  std::printf(
      "%s: %u kernels compiled by ptxas; nvdisasm's texture instructions:%s; of %zu decoded by "
      "texsim, %zu identical, %zu re-encoded identically; %zu mismatches; %zu distinct forms:%s\n",
      sm.c_str(), n, counts.c_str(), decoded, identical, reencoded, mismatches, forms.size(),
      form_list.c_str());
  const bool have = sample ? ts_ops["TEXS"] > 0 && ts_ops["TLD4S"] > 0 && ts_ops["TEX"] > 0 &&
                                 ts_ops["TLD4"] > 0 && ts_ops["TXD"] > 0 && ts_ops["TXQ"] > 0
                    : corpus == "bindless"
                        ? ts_ops["TEX.B"] > 0 && ts_ops["TLD.B"] > 0 && ts_ops["TLD4.B"] > 0 &&
                              ts_ops["TXD.B"] > 0 && ts_ops["TXQ.B"] > 0
                        : ts_ops["TLDS"] > 0 && ts_ops["TLD"] > 0;
  return mismatches == 0 && all_modelled_found && have ? 0 : 1;
}

// 5c: every instruction line of `source` assembled into a cubin by texsim prints back the same.
int round_trip(const std::string& bin, const std::string& arch, const std::string& source,
               const std::string& work) {
  const auto fe = sass::make_frontend();
  texsim::core::DiagSink sink;
  // SM50 has no TLDS.F16 (decisions T-section): its round trip leaves those lines out.
  std::string text;
  size_t left_out = 0;
  {
    std::istringstream in(vc::slurp(source));
    std::string line;
    while (std::getline(in, line)) {
      const bool f16 = line.find(".F16") != std::string::npos && line[0] != '#';
      if (f16 && !sass::f16_exists(arch)) {
        ++left_out;
        line.clear();  // keep the line numbers
      }
      text += line + "\n";
    }
  }
  const auto prog = fe->parse({source, text}, arch, sink);
  if (!prog) {
    std::printf("FAIL: %s does not parse for %s\n", source.c_str(), arch.c_str());
    return 1;
  }
  const std::string cubin = work + "/roundtrip_" + arch + ".cubin";
  const auto obj = fe->encode_object(*prog, cubin, arch, sink);
  if (!obj) {
    std::printf("FAIL: texsim cannot write %s\n", cubin.c_str());
    return 1;
  }
  std::ofstream(cubin, std::ios::binary)
      .write(reinterpret_cast<const char*>(obj->data()), static_cast<std::streamsize>(obj->size()));
  const auto& insts = static_cast<const sass::SassProgram&>(*prog).instructions;
  size_t identical = 0, mismatches = 0;
  for (const char* tool : {"nvdisasm -novliw", "cuobjdump -sass"}) {
    const vc::Result r = vc::run(bin + "/" + tool + " " + cubin, work);
    if (r.status != 0) {
      std::printf("FAIL: %s %s: %s\n", tool, cubin.c_str(), r.err.c_str());
      return 1;
    }
    const auto lines = vc::listing_lines(r.out);
    for (size_t k = 0; k < insts.size(); ++k) {
      const std::string want =
          sass::nvdisasm_spacing(sass::print_instruction(insts[k]), insts[k].ctrl);
      const auto it = lines.find(sass::stream_offset(k));
      const std::string got = it == lines.end() ? "<no line>" : it->second;
      if (got == want) {
        ++identical;
      } else if (++mismatches <= 20) {
        std::printf("MISMATCH %s line %zu: source '%s' %s '%s'\n", arch.c_str(), k + 1,
                    want.c_str(), tool, got.c_str());
      }
    }
  }
  // texsim's own listing of the cubin is cuobjdump's, byte for byte (TLDS and NOP only).
  const vc::Result cu = vc::run(bin + "/cuobjdump -sass " + cubin, work);
  texsim::isa::BinaryInput in;
  in.name = cubin;
  in.bytes = *obj;
  texsim::core::DiagSink dsink;
  const auto decoded = fe->decode(in, arch, dsink);
  const bool same_listing = decoded && fe->print(*decoded) == cu.out;
  if (!same_listing) {
    std::printf("MISMATCH %s: texsim disasm %s differs from cuobjdump -sass\n", arch.c_str(),
                cubin.c_str());
    ++mismatches;
  }
  std::printf(
      "%s: %zu instructions of %s (%zu .F16 lines left out) -> texsim cubin -> nvdisasm and "
      "cuobjdump: %zu lines identical; texsim disasm = cuobjdump -sass byte for byte: %s; %zu "
      "mismatches\n",
      arch.c_str(), insts.size(), source.c_str(), left_out, identical, same_listing ? "yes" : "no",
      mismatches);
  return mismatches == 0 && identical == 2 * insts.size() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  vc::Args a(argc, argv);
  const std::string bin = a.get("--bin", "");
  const std::string arch = a.get("--arch", "SM52");
  const std::string work = a.get("--work", ".");
  const std::string source = a.get("--roundtrip", "");
  for (const char* t : {"nvdisasm", "ptxas", "cuobjdump"}) {
    if (!vc::tool_runs(bin + "/" + t)) {
      std::printf("SKIPPED: %s not installed (%s)\n", t, bin.c_str());
      return vc::kSkip;
    }
  }
  if (!source.empty()) return round_trip(bin, arch, source, work);
  return compiled(bin, arch, work, a.get("--corpus", "fetch"));
}
