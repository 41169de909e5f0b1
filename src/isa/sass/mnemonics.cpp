// The Maxwell/Pascal instruction names: every mnemonic NVIDIA's nvdisasm 11.8 printed for 150,000
// random words on each of SM50, SM52, SM53, SM60, SM61 and SM62 (issue 31); the differential
// `vendor.sass.nvdisasm_mnemonics.*` fails when nvdisasm prints a name missing here.
#include "isa/sass/mnemonics.hpp"

#include <algorithm>
#include <array>

#include "core/suggest.hpp"

namespace texsim::isa::sass {

namespace {

constexpr std::array<std::string_view, 154> kMnemonics{
    "AL2P",      "ALD",       "AST",       "ATOM",        "ATOMS",     "B2R",         "BAR",
    "BFE",       "BFI",       "BPT",       "BRA",         "BRK",       "BRX",         "CAL",
    "CCTL",      "CCTLL",     "CCTLT",     "CONT",        "CS2R",      "CSET",        "CSETP",
    "DADD",      "DEPBAR",    "DFMA",      "DMNMX",       "DMUL",      "DSET",        "DSETP",
    "EXIT",      "F2F",       "F2I",       "FADD",        "FADD32I",   "FCHK",        "FCMP",
    "FFMA",      "FFMA32I",   "FLO",       "FMNMX",       "FMUL",      "FMUL32I",     "FSET",
    "FSETP",     "FSWZADD",   "GETCRSPTR", "GETLMEMBASE", "HADD2",     "HADD2_32I",   "HFMA2",
    "HFMA2_32I", "HMUL2",     "HMUL2_32I", "HSET2",       "HSETP2",    "I2F",         "I2I",
    "IADD",      "IADD3",     "IADD32I",   "ICMP",        "IDE",       "IDP",         "IMAD",
    "IMAD32I",   "IMADSP",    "IMNMX",     "IMUL",        "IMUL32I",   "IPA",         "ISBERD",
    "ISCADD",    "ISCADD32I", "ISET",      "ISETP",       "JCAL",      "JMP",         "JMX",
    "KIL",       "LD",        "LDC",       "LDG",         "LDL",       "LDS",         "LEA",
    "LEPC",      "LONGJMP",   "LOP",       "LOP3",        "LOP32I",    "MEMBAR",      "MOV",
    "MOV32I",    "MUFU",      "NOP",       "OUT",         "P2R",       "PBK",         "PCNT",
    "PEXIT",     "PIXLD",     "PLONGJMP",  "POPC",        "PRET",      "PRMT",        "PSET",
    "PSETP",     "R2B",       "R2P",       "RAM",         "RED",       "RET",         "RRO",
    "RTT",       "S2R",       "SAM",       "SEL",         "SETCRSPTR", "SETLMEMBASE", "SHF",
    "SHFL",      "SHL",       "SHR",       "SSY",         "ST",        "STG",         "STL",
    "STP",       "STS",       "SUATOM",    "SULD",        "SURED",     "SUST",        "SYNC",
    "TEX",       "TEXS",      "TLD",       "TLD4",        "TLD4S",     "TLDS",        "TMML",
    "TXA",       "TXD",       "TXQ",       "VABSDIFF",    "VABSDIFF4", "VADD",        "VMAD",
    "VMNMX",     "VOTE",      "VSET",      "VSETP",       "VSHL",      "VSHR",        "XMAD"};

}  // namespace

std::span<const std::string_view> sass_mnemonics() {
  return kMnemonics;
}

bool is_sass_mnemonic(std::string_view name) {
  return std::binary_search(kMnemonics.begin(), kMnemonics.end(), name);
}

std::optional<std::string> unknown_mnemonic(std::string_view name) {
  const bool word = !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
  if (!word || is_sass_mnemonic(name)) return std::nullopt;
  return "unknown instruction '" + std::string(name) + "'" + core::did_you_mean(name, kMnemonics) +
         " (no Maxwell/Pascal instruction has this name)";
}

}  // namespace texsim::isa::sass
