// What every verb reads and decides before it runs: input files (or stdin), the ISA of an input
// (--isa, the extension, then the content), its front end and platform, numbers on the command
// line. CLI layer: these print their own "texsim: ..." message and return nothing on failure.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.hpp"
#include "isa/frontend.hpp"

namespace texsim::cli {

// "texsim: MSG" on stderr: the one form of a usage or I/O error.
void say_error(const std::string& msg);

// The name diagnostics give an input: "<stdin>" for "-".
std::string shown_name(const std::string& path);

// A regular file's bytes, or stdin's for "-"; false after a message.
bool read_input(const std::string& path, std::string& out);

// --isa's value, case-insensitive; nullptr after a message (with "did you mean").
const isa::IsaInfo* isa_from_option(const isa::Registry& reg, const std::string& value);

// The ISA of an input: --isa, else the extension, else its content (a front end that recognises
// it: IGC's "CISA" container, texsim's "TXVI" stream, an NVIDIA cubin, vISA text), else
// `fallback` (disasm --word / --bytes); nullptr after a message.
const isa::IsaInfo* isa_of_input(const isa::Registry& reg, const CommonOptions& common,
                                 const std::string& path, std::string_view content,
                                 const char* fallback = nullptr);

// The ISA's front end (every IsaInfo comes from a registered one).
const isa::Frontend* frontend_for(const isa::Registry& reg, const isa::IsaInfo& info);

// --platform (or the scene's, or the ISA's default) in canonical spelling; "" after a message.
std::string platform_for(const isa::IsaInfo& info, const std::string& given,
                         const std::string& scene_platform = {});

// describe's --platform for each front end: `given` in canonical spelling for the front ends that
// have it (only: --isa's, or null), "" for all when none is given; false after a message when no
// wanted front end has it. `out` is indexed like reg.all(); nullopt: skip that front end.
bool describe_platforms(const isa::Registry& reg, const isa::IsaInfo* only,
                        const std::string& given, std::vector<std::optional<std::string>>& out);

// "0x1f", "31": a whole 64-bit number; nullopt when malformed.
std::optional<uint64_t> parse_u64_arg(const std::string& s);
// SASS --word: a 64-bit number, or 0x and 17..32 hex digits (an SM70+ 128-bit word, `_` and `'`
// allowed between digits). Fills in.word, in.word_hi and in.word_wide; false when malformed.
bool parse_word_arg(const std::string& s, isa::BinaryInput& in);
// "6e 00", "0x6e00", "6e:00": an even number of hex digits; nullopt when malformed.
std::optional<std::vector<uint8_t>> parse_hex_arg(const std::string& s);

}  // namespace texsim::cli
