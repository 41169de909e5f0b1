// The surface family of the generic table (generic_table.hpp): SULD, SUST and SURED in their
// formatted (.P) and raw (.D) forms as nvdisasm 11.8 prints them (issue 29, GH5-GH7).
#include "isa/sass/generic_float_kinds.hpp"
#include "isa/sass/generic_mem.hpp"
#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

// Bit 52: formatted (.P, RGBA components) or raw data (.D, a size); bit 51: the surface is a
// register (bits 46:39) or an immediate handle, "0x54", bits 48:36 (GH5).
constexpr std::array<std::string_view, 2> kPd{".P", ".D"};
constexpr std::array<std::string_view, 2> kNoBa{"", ".BA"};
constexpr std::array<std::string_view, 8> kDim{
    ".1D",       ".1D_BUFFER", ".1D_ARRAY",           ".2D",
    ".2D_ARRAY", ".3D",        ".INVALIDSURFACEDIM6", ".INVALIDSURFACEDIM7"};
constexpr std::array<std::string_view, 4> kClamp{".IGN", "", ".TRAP", ".INVALIDSURFACECLAMP3"};
constexpr std::array<std::string_view, 4> kLdCache{"", ".CG", ".CI", ".CV"};
constexpr std::array<std::string_view, 4> kStCache{"", ".CG", ".CS", ".WT"};
constexpr std::array<std::string_view, 8> kSize{".U8", ".S8", ".U16", ".S16",
                                                "",    ".64", ".128", ".INVALIDSIZE7"};
// The components of a formatted access, bits 23:20 (0 prints "???0", all four nothing).
constexpr std::array<std::string_view, 16> kRgba{".???0", ".R",   ".G",   ".RG", ".B",  ".RB",
                                                 ".GB",   ".RGB", ".A",   ".RA", ".GA", ".RGA",
                                                 ".BA",   ".RBA", ".GBA", ""};
constexpr std::array<std::string_view, 8> kRedOp{".ADD", ".MIN", ".MAX", ".INC",
                                                 ".DEC", ".AND", ".OR",  ".XOR"};
constexpr std::array<std::string_view, 8> kRedType{
    "", ".S32", ".U64", ".F32.FTZ.RN", ".F16x2.FTZ.RN", ".S64", ".SD32", ".SD64"};
// Type 4 is ".INVALIDATOMICSIZE4" on SM50 and ".F16x2.RN" from SM60 on (GH7).
constexpr std::array<std::string_view, 8> kRedType50{
    "", ".S32", ".U64", ".F32.FTZ.RN", ".INVALIDATOMICSIZE4", ".S64", ".SD32", ".SD64"};
constexpr std::array<std::string_view, 8> kRedType60{"",          ".S32", ".U64",  ".F32.FTZ.RN",
                                                     ".F16x2.RN", ".S64", ".SD32", ".SD64"};
std::span<const std::string_view> red_types(unsigned sm) {
  if (sm == 50) return kRedType50;
  return sm >= 60 ? std::span<const std::string_view>(kRedType60) : kRedType;
}

// SULD's predicate destination, bits 32:30 complemented: 0 is PT and prints nothing; SM50 has
// none (nvdisasm -b SM50 ignores the bits) (GH6).
std::optional<std::string> supred_text(uint64_t v, const Ctx& ctx) {
  return v == 0 || ctx.sm == 50 ? std::string() : "P" + std::to_string(7 - v);
}
constexpr CustomKind kSuPred{3, &supred_text, nullptr, 0};
// SUATOM.CAS's, the same bits: nvdisasm -b SM50 rejects a word with any of them set (GH8).
std::optional<std::string> caspred_text(uint64_t v, const Ctx& ctx) {
  if (ctx.sm == 50 && v != 0) return std::nullopt;
  return supred_text(v, ctx);
}
constexpr CustomKind kCasPredKind{3, &caspred_text, nullptr, 0};

std::optional<std::string> handle_text(uint64_t v, const Ctx& /*ctx*/) {
  return flt::hex_text(v);
}
std::optional<uint64_t> handle_parse(std::string_view t, const Ctx& /*ctx*/) {
  return flt::hex_value(t);
}
constexpr CustomKind kHandleImm{13, &handle_text, &handle_parse};

constexpr Opnd kRd{K::kReg, 0}, kPred{K::kCustom, 30, 0, 0, &kSuPred};
constexpr Opnd kHandleReg{K::kReg, 39}, kHandle{K::kCustom, 36, 0, 0, &kHandleImm};
constexpr Opnd kAddr = mem::addr<0, 0>();

constexpr std::array<Mod, 6> kLdP{
    {{52, 1, kPd}, {33, 3, kDim}, {24, 2, kLdCache}, {20, 4, kRgba}, {49, 2, kClamp}}};
constexpr std::array<Mod, 6> kLdD{{{52, 1, kPd},
                                   {23, 1, kNoBa},
                                   {33, 3, kDim},
                                   {24, 2, kLdCache},
                                   {20, 3, kSize},
                                   {49, 2, kClamp}}};
constexpr std::array<Mod, 6> kStP{
    {{52, 1, kPd}, {33, 3, kDim}, {24, 2, kStCache}, {20, 4, kRgba}, {49, 2, kClamp}}};
constexpr std::array<Mod, 6> kStD{{{52, 1, kPd},
                                   {23, 1, kNoBa},
                                   {33, 3, kDim},
                                   {24, 2, kStCache},
                                   {20, 3, kSize},
                                   {49, 2, kClamp}}};
constexpr std::array<Mod, 6> kRedP{{{52, 1, kPd}, {33, 3, kDim}, {24, 3, kRedOp}, {49, 2, kClamp}}};
constexpr std::array<Mod, 6> kRedD{{{52, 1, kPd},
                                    {23, 1, kNoBa},
                                    {33, 3, kDim},
                                    {24, 3, kRedOp},
                                    {20, 3, {}, {}, &red_types},
                                    {49, 2, kClamp}}};

// SUATOM (GH8): operations 32:29 (SULD's types), CAS forms with their predicate at 32:30; the
// fixed texts ".D" and ".CAS" stand on opcode bits (54 is 0, 55 is 1 in those rows).
constexpr std::array<std::string_view, 16> kAtomOp{".ADD",
                                                   ".MIN",
                                                   ".MAX",
                                                   ".INC",
                                                   ".DEC",
                                                   ".AND",
                                                   ".OR",
                                                   ".XOR",
                                                   ".EXCH",
                                                   ".INVALIDATOMSOP9",
                                                   ".INVALIDATOMSOP10",
                                                   ".INVALIDATOMSOP11",
                                                   ".INVALIDATOMSOP12",
                                                   ".INVALIDATOMSOP13",
                                                   ".INVALIDATOMSOP14",
                                                   ".INVALIDATOMSOP15"};
constexpr std::array<std::string_view, 16> kCasOp{
    ".CAS",  ".???1", ".???2",  ".???3",  ".???4",  ".???5",  ".???6",  ".???7",
    ".???8", ".???9", ".???10", ".???11", ".???12", ".???13", ".???14", ".???15"};
constexpr std::array<std::string_view, 1> kD{".D"};
constexpr std::array<std::string_view, 2> kCas{"", ".CAS"};

constexpr Opnd kCasPred{K::kCustom, 30, 0, 0, &kCasPredKind};
// SUATOM's predicate destination at bits 53:51, complemented: 0 prints "PT" (from SM52 on).
std::optional<std::string> atompred_text(uint64_t v, const Ctx& /*ctx*/) {
  return v == 0 ? std::string("PT") : "P" + std::to_string(7 - v);
}
constexpr CustomKind kAtomPredKind{3, &atompred_text};
constexpr Opnd kAtomPred{K::kCustom, 51, 0, 0, &kAtomPredKind};
constexpr Opnd kRb{K::kReg, 20};

template <unsigned TypeLo>
constexpr std::array<Mod, 6> kAtomD{{{54, 1, kD},
                                     {28, 1, kNoBa},
                                     {33, 3, kDim},
                                     {29, 4, kAtomOp},
                                     {TypeLo, 3, {}, {}, &red_types},
                                     {49, 2, kClamp}}};
constexpr std::array<Mod, 6> kAtomDr{{{52, 1, kPd},
                                      {28, 1, kNoBa},
                                      {33, 3, kDim},
                                      {29, 4, kAtomOp},
                                      {36, 3, {}, {}, &red_types},
                                      {49, 2, kClamp}}};
template <unsigned PdLo, const auto& PdNames, unsigned TypeLo>
constexpr std::array<Mod, 6> kCasD{{{PdLo, 1, PdNames},
                                    {28, 1, kNoBa},
                                    {33, 3, kDim},
                                    {55, 1, kCas},
                                    {TypeLo, 3, {}, {}, &red_types},
                                    {49, 2, kClamp}}};
constexpr std::array<Mod, 6> kAtomP{
    {{52, 1, kPd}, {33, 3, kDim}, {29, 4, kAtomOp}, {49, 2, kClamp}}};
constexpr std::array<Mod, 6> kCasP{{{52, 1, kPd}, {33, 3, kDim}, {29, 4, kCasOp}, {49, 2, kClamp}}};

constexpr std::array<Row, 21> kRows{{
    {"SULD", top(13), 0xeb00000000000000, kLdP, {{kPred, kRd, kAddr, kHandleReg}}, 4},
    {"SULD", top(13), 0xeb08000000000000, kLdP, {{kPred, kRd, kAddr, kHandle}}, 4},
    {"SULD", top(13), 0xeb10000000000000, kLdD, {{kPred, kRd, kAddr, kHandleReg}}, 4},
    {"SULD", top(13), 0xeb18000000000000, kLdD, {{kPred, kRd, kAddr, kHandle}}, 4},
    {"SUST", top(13), 0xeb20000000000000, kStP, {{kAddr, kRd, kHandleReg}}, 3},
    {"SUST", top(13), 0xeb28000000000000, kStP, {{kAddr, kRd, kHandle}}, 3},
    {"SUST", top(13), 0xeb30000000000000, kStD, {{kAddr, kRd, kHandleReg}}, 3},
    {"SUST", top(13), 0xeb38000000000000, kStD, {{kAddr, kRd, kHandle}}, 3},
    {"SURED", top(13), 0xeb40000000000000, kRedP, {{kAddr, kRd, kHandleReg}}, 3},
    {"SURED", top(13), 0xeb48000000000000, kRedP, {{kAddr, kRd, kHandle}}, 3},
    {"SURED", top(13), 0xeb50000000000000, kRedD, {{kAddr, kRd, kHandleReg}}, 3},
    {"SURED", top(13), 0xeb58000000000000, kRedD, {{kAddr, kRd, kHandle}}, 3},
    {"SUATOM", top(10), 0xea00000000000000, kAtomD<51>, {{kRd, kAddr, kRb, kHandle}}, 4},
    {"SUATOM", top(13), 0xea60000000000000, kAtomP, {{kRd, kAddr, kRb, kHandleReg}}, 4},
    {"SUATOM", top(13), 0xea68000000000000, kAtomP, {{kRd, kAddr, kRb, kHandle}}, 4},
    {"SUATOM", top(13), 0xea70000000000000, kAtomDr, {{kRd, kAddr, kRb, kHandleReg}}, 4},
    {"SUATOM",
     top(10),
     0xea80000000000000,
     kCasD<54, kD, 51>,
     {{kCasPred, kRd, kAddr, kRb, kHandle}},
     5},
    {"SUATOM", top(13), 0xeac0000000000000, kCasP, {{kRd, kAddr, kRb, kHandleReg}}, 4},
    {"SUATOM", top(13), 0xeac8000000000000, kCasP, {{kRd, kAddr, kRb, kHandle}}, 4},
    {"SUATOM",
     top(13),
     0xead0000000000000,
     kCasD<52, kPd, 36>,
     {{kCasPred, kRd, kAddr, kRb, kHandleReg}},
     5},
    {"SUATOM",
     top(10),
     0xeb80000000000000,
     kAtomD<36>,
     {{kAtomPred, kRd, kAddr, kRb, kHandleReg}},
     5,
     false,
     true,
     52},
}};

}  // namespace

std::span<const Row> surf_rows() {
  return kRows;
}

}  // namespace texsim::isa::sass::generic
