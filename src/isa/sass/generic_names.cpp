// nvdisasm 11.8's names in the generic table's operands: condition-code tests and special
// registers per architecture (decisions SO3).
#include <array>

#include "isa/sass/generic_table.hpp"

namespace texsim::isa::sass::generic {

namespace {

// nvdisasm's condition-code tests, value 0..31 (15, T, prints nothing).
constexpr std::array<std::string_view, 32> kCcNames{
    "F",      "LT",     "EQ",     "LE",      "GT",      "NE",      "GE",  "NUM",
    "NAN",    "LTU",    "EQU",    "LEU",     "GTU",     "NEU",     "GEU", "T",
    "OFF",    "LO",     "SFF",    "LS",      "HI",      "SFT",     "HS",  "OFT",
    "CSM_TA", "CSM_TR", "CSM_MX", "FCSM_TA", "FCSM_TR", "FCSM_MX", "RLE", "RGT"};

// nvdisasm's special-register names (SR0..SR255); an empty entry prints as SRn.
constexpr std::array<std::string_view, 100> kSpecialNames{"SR_LANEID",
                                                          "SR_CLOCK",
                                                          "SR_VIRTCFG",
                                                          "SR_VIRTID",
                                                          "SR_PM0",
                                                          "SR_PM1",
                                                          "SR_PM2",
                                                          "SR_PM3",
                                                          "SR_PM4",
                                                          "SR_PM5",
                                                          "SR_PM6",
                                                          "SR_PM7",
                                                          "",
                                                          "",
                                                          "",
                                                          "SR_ORDERING_TICKET",
                                                          "SR_PRIM_TYPE",
                                                          "SR_INVOCATION_ID",
                                                          "SR_Y_DIRECTION",
                                                          "SR_THREAD_KILL",
                                                          "SM_SHADER_TYPE",
                                                          "SR_DIRECTCBEWRITEADDRESSLOW",
                                                          "SR_DIRECTCBEWRITEADDRESSHIGH",
                                                          "SR_DIRECTCBEWRITEENABLED",
                                                          "SR_MACHINE_ID_0",
                                                          "SR_MACHINE_ID_1",
                                                          "SR_MACHINE_ID_2",
                                                          "SR_MACHINE_ID_3",
                                                          "SR_AFFINITY",
                                                          "SR_INVOCATION_INFO",
                                                          "SR_WSCALEFACTOR_XY",
                                                          "SR_WSCALEFACTOR_Z",
                                                          "SR_TID",
                                                          "SR_TID.X",
                                                          "SR_TID.Y",
                                                          "SR_TID.Z",
                                                          "SR_CTA_PARAM",
                                                          "SR_CTAID.X",
                                                          "SR_CTAID.Y",
                                                          "SR_CTAID.Z",
                                                          "SR_NTID",
                                                          "SR_CirQueueIncrMinusOne",
                                                          "SR_NLATC",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "SR_SWINLO",
                                                          "SR_SWINSZ",
                                                          "SR_SMEMSZ",
                                                          "SR_SMEMBANKS",
                                                          "SR_LWINLO",
                                                          "SR_LWINSZ",
                                                          "SR_LMEMLOSZ",
                                                          "SR_LMEMHIOFF",
                                                          "SR_EQMASK",
                                                          "SR_LTMASK",
                                                          "SR_LEMASK",
                                                          "SR_GTMASK",
                                                          "SR_GEMASK",
                                                          "SR_REGALLOC",
                                                          "SR_CTXADDR",
                                                          "",
                                                          "SR_GLOBALERRORSTATUS",
                                                          "",
                                                          "SR_WARPERRORSTATUS",
                                                          "SR_WARPERRORSTATUSCLEAR",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "SR_PM_HI0",
                                                          "SR_PM_HI1",
                                                          "SR_PM_HI2",
                                                          "SR_PM_HI3",
                                                          "SR_PM_HI4",
                                                          "SR_PM_HI5",
                                                          "SR_PM_HI6",
                                                          "SR_PM_HI7",
                                                          "SR_CLOCKLO",
                                                          "SR_CLOCKHI",
                                                          "SR_GLOBALTIMERLO",
                                                          "SR_GLOBALTIMERHI",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "",
                                                          "SR_HWTASKID",
                                                          "SR_CIRCULARQUEUEENTRYINDEX",
                                                          "SR_CIRCULARQUEUEENTRYADDRESSLOW",
                                                          "SR_CIRCULARQUEUEENTRYADDRESSHIGH"};

}  // namespace

std::string_view cc_name(unsigned v) {
  return v < kCcNames.size() ? kCcNames[v] : std::string_view{};
}

// Special registers 15, 44-47 and 62 have other names on Pascal (SM60+) than on Maxwell; with
// sm 0 (unknown) they have no text (decisions SO3).
std::optional<std::string> special_name(unsigned v, unsigned sm) {
  const bool pascal = sm >= 60;
  if (sm == 0 && (v == 15 || (v >= 44 && v <= 47) || v == 62)) return std::nullopt;
  if (v == 15 && sm == 50) return std::string("SR15");
  if (pascal && v >= 44 && v <= 47) {
    constexpr std::array<std::string_view, 4> kPascal44{
        "SR_SM_SPA_VERSION", "SR_MULTIPASSSHADERINFO", "SR_LWINHI", "SR_SWINHI"};
    return std::string(kPascal44[v - 44]);
  }
  if (pascal && v == 62) return std::string("SR_BARRIERALLOC");
  if (v < kSpecialNames.size() && !kSpecialNames[v].empty()) return std::string(kSpecialNames[v]);
  return "SR" + std::to_string(v);
}

}  // namespace texsim::isa::sass::generic
