// The model table rows (MEDIA_LD 0x37, GATHER_SCALED 0x78, 3D_SAMPLE 0x6d, 3D_LOAD 0x6e,
// 3D_SAMPLE4 0x6f, GATHER4_SCALED 0x74, SAMPLE_UNORM 0x41) and lookups; the spec citations are the
// spec files' Format tables and field lists. Depends on types and platform only.
#include "isa/visa/model.hpp"

#include "isa/visa/model_sample_unorm.hpp"

#include <algorithm>
#include <array>
#include <vector>

namespace texsim::isa::visa {
namespace {

constexpr TypeSet kUD = type_bit(VisaType::kUD);
constexpr TypeSet kDstGather =
    type_bit(VisaType::kUD) | type_bit(VisaType::kD) | type_bit(VisaType::kF);

// visa-media_ld.md, Format: Modifiers Surface Plane Block_width Block_height X_offset Y_offset Dst.
constexpr std::array<FieldSpec, 8> kMediaLdFields{{
    {.name = "Modifiers",
     .kind = Kind::kMediaModifier,
     .width = 1,
     .lo = 0,
     .hi = 5,
     .citation = "visa-media_ld.md, Modifiers"},
    {.name = "Surface",
     .kind = Kind::kSurface,
     .width = 1,
     .hi = 255,
     .flags = kFlagNoSlm | kFlagNoStateless,
     .citation = "visa-media_ld.md, Surface"},
    {.name = "Plane",
     .kind = Kind::kUImm,
     .width = 1,
     .lo = 0,
     .hi = 3,
     .flags = kFlagOptional,
     .citation = "visa-media_ld.md, Plane"},
    {.name = "Block_width",
     .kind = Kind::kUImm,
     .width = 1,
     .lo = 1,
     .hi = 64,
     .citation = "visa-media_ld.md, Block_width"},
    {.name = "Block_height",
     .kind = Kind::kUImm,
     .width = 1,
     .lo = 1,
     .hi = 64,
     .citation = "visa-media_ld.md, Block_height"},
    {.name = "X_offset",
     .kind = Kind::kScalar,
     .types = kUD,
     .citation = "visa-media_ld.md, X_offset"},
    {.name = "Y_offset",
     .kind = Kind::kScalar,
     .types = kUD,
     .citation = "visa-media_ld.md, Y_offset"},
    {.name = "Dst",
     .kind = Kind::kRaw,
     .flags = kFlagGrfAligned,
     .citation = "visa-media_ld.md, Dst"},
}};

// visa-gather_scaled.md, Format: Exec_size Pred Block_size Num_blocks Scale Surface Offset
// Element_offset Dst.
constexpr std::array<FieldSpec, 9> kGatherScaledFields{{
    {.name = "Exec_size",
     .kind = Kind::kExecSize,
     .width = 1,
     .citation = "visa-gather_scaled.md, Exec_size"},
    {.name = "Pred",
     .kind = Kind::kPredicate,
     .width = 2,
     .citation = "visa-gather_scaled.md, Pred"},
    {.name = "Block_size",
     .kind = Kind::kReservedZero,
     .width = 1,
     .citation = "visa-gather_scaled.md, Block_size"},
    {.name = "Num_blocks",
     .kind = Kind::kBlockCount,
     .width = 1,
     .lo = 1,
     .hi = 4,
     .citation = "visa-gather_scaled.md, Num_blocks"},
    {.name = "Scale",
     .kind = Kind::kReservedZero,
     .width = 2,
     .citation = "visa-gather_scaled.md, Scale"},
    {.name = "Surface",
     .kind = Kind::kSurface,
     .width = 1,
     .hi = 255,
     .citation = "visa-gather_scaled.md, Surface"},
    {.name = "Offset",
     .kind = Kind::kScalar,
     .types = kUD,
     .citation = "visa-gather_scaled.md, Offset"},
    {.name = "Element_offset",
     .kind = Kind::kRaw,
     .types = kUD,
     .flags = kFlagGrfAligned,
     .citation = "visa-gather_scaled.md, Element_offset"},
    {.name = "Dst",
     .kind = Kind::kRaw,
     .types = kDstGather,
     .flags = kFlagGrfAligned,
     .citation = "visa-gather_scaled.md, Dst"},
}};

// visa-gather4_scaled.md, Format: Exec_size Pred Channels Scale Surface Offset Element_offset
// Dst.
constexpr std::array<FieldSpec, 8> kGather4ScaledFields{{
    {.name = "Exec_size",
     .kind = Kind::kExecSize,
     .width = 1,
     .lo = 8,
     .hi = 16,
     .citation = "visa-gather4_scaled.md, Exec_size"},
    {.name = "Pred",
     .kind = Kind::kPredicate,
     .width = 2,
     .citation = "visa-gather4_scaled.md, Pred"},
    {.name = "Channels",
     .kind = Kind::kChannelMask,
     .width = 1,
     .lo = 1,
     .hi = 15,
     .citation = "visa-gather4_scaled.md, Channels"},
    {.name = "Scale",
     .kind = Kind::kReservedZero,
     .width = 2,
     .citation = "visa-gather4_scaled.md, Scale"},
    {.name = "Surface",
     .kind = Kind::kSurface,
     .width = 1,
     .hi = 255,
     .citation = "visa-gather4_scaled.md, Surface"},
    {.name = "Offset",
     .kind = Kind::kScalar,
     .types = kUD,
     .citation = "visa-gather4_scaled.md, Offset"},
    {.name = "Element_offset",
     .kind = Kind::kRaw,
     .types = kUD,
     .flags = kFlagGrfAligned,
     .citation = "visa-gather4_scaled.md, Element_offset"},
    {.name = "Dst",
     .kind = Kind::kRaw,
     .types = kDstGather,
     .flags = kFlagGrfAligned,
     .citation = "visa-gather4_scaled.md, Dst"},
}};

// kNames<Op>: the parameter names of each 3D sub-op in order (the names IGC prints);
// kRoles<Op>: what each of them means to the sampler (Param3D).
constexpr std::string_view kNamesSample3d[] = {"u", "v", "r", "ai"};
constexpr std::string_view kNamesSampleB[] = {"bias", "u", "v", "r", "ai"};
constexpr std::string_view kNamesSampleL[] = {"lod", "u", "v", "r", "ai"};
constexpr std::string_view kNamesSampleC[] = {"ref", "u", "v", "r", "ai"};
constexpr std::string_view kNamesSampleD[] = {"u",    "dudx", "dudy", "v",    "dvdx",
                                              "dvdy", "r",    "drdx", "drdy", "ai"};
constexpr std::string_view kNamesSampleBC[] = {"ref", "bias", "u", "v", "r", "ai"};
constexpr std::string_view kNamesSampleLC[] = {"ref", "lod", "u", "v", "r", "ai"};
constexpr std::string_view kNamesSampleDC[] = {"ref",  "u", "dudx", "dudy", "v", "dvdx",
                                               "dvdy", "r", "drdx", "drdy", "ai"};
constexpr std::string_view kNamesSampleLz[] = {"u", "v", "r", "ai"};
constexpr std::string_view kNamesSampleCLz[] = {"ref", "u", "v", "r", "ai"};
constexpr std::string_view kNamesLod[] = {"u", "v", "r", "ai"};
constexpr std::string_view kNamesLoad3d[] = {"u", "v", "lod", "r"};
constexpr std::string_view kNamesLoadLz[] = {"u", "v", "r"};
constexpr std::string_view kNamesLoad2dmsW[] = {"si", "mcsl", "mcsh", "u", "v", "r", "lod"};
constexpr std::string_view kNamesLoadMcs[] = {"u", "v", "r", "lod"};
constexpr std::string_view kNamesLoad2dmsWUw[] = {"si", "mcs0", "mcs1", "mcs2", "mcs3",
                                                  "u",  "v",    "r",    "lod"};

// visa-3d_sample4.md, Notes (sample4 parameter table) and Text.
constexpr std::string_view kNamesGather4[] = {"u", "v", "r", "ai"};
constexpr std::string_view kNamesGather4C[] = {"ref", "u", "v", "r", "ai"};
constexpr std::string_view kNamesGather4Po[] = {"u", "v", "offu", "offv", "r"};
constexpr std::string_view kNamesGather4PoC[] = {"ref", "u", "v", "offu", "offv", "r"};

using enum Param3D;
constexpr Param3D kRolesGather4C[] = {kRef, kU, kV, kR, kAi};
constexpr Param3D kRolesGather4Po[] = {kU, kV, kOffU, kOffV, kR};
constexpr Param3D kRolesGather4PoC[] = {kRef, kU, kV, kOffU, kOffV, kR};
constexpr Param3D kRolesSample3d[] = {kU, kV, kR, kAi};
constexpr Param3D kRolesSampleB[] = {kBias, kU, kV, kR, kAi};
constexpr Param3D kRolesSampleL[] = {kLod, kU, kV, kR, kAi};
constexpr Param3D kRolesSampleC[] = {kRef, kU, kV, kR, kAi};
constexpr Param3D kRolesSampleD[] = {kU, kDuDx, kDuDy, kV, kDvDx, kDvDy, kR, kDrDx, kDrDy, kAi};
constexpr Param3D kRolesSampleBC[] = {kRef, kBias, kU, kV, kR, kAi};
constexpr Param3D kRolesSampleLC[] = {kRef, kLod, kU, kV, kR, kAi};
constexpr Param3D kRolesSampleDC[] = {kRef,  kU, kDuDx, kDuDy, kV, kDvDx,
                                      kDvDy, kR, kDrDx, kDrDy, kAi};
constexpr Param3D kRolesLoad3d[] = {kU, kV, kLod, kR};
constexpr Param3D kRolesLoadLz[] = {kU, kV, kR};
constexpr Param3D kRolesLoad2dmsW[] = {kSi, kMcsl, kMcsh, kU, kV, kR, kLod};
constexpr Param3D kRolesLoadMcs[] = {kU, kV, kR, kLod};
constexpr Param3D kRolesLoad2dmsWUw[] = {kSi, kMcs0, kMcs1, kMcs2, kMcs3, kU, kV, kR, kLod};

constexpr TypeSet kDst3D = type_bit(VisaType::kHF) | type_bit(VisaType::kF) |
                           type_bit(VisaType::kW) | type_bit(VisaType::kUW) |
                           type_bit(VisaType::kD) | type_bit(VisaType::kUD);

// visa-3d_sample.md, Format: Op Exec_size Pred Channels Aoffimmi Sampler Surface Dst NumParams
// params; the paired surface after Dst exists from vISA 3.8 (research §2.2, §2.4).
constexpr std::array<FieldSpec, 11> kSample3DFields{{
    {.name = "Op",
     .kind = Kind::kSubOpFlags,
     .width = 1,
     .wide_width = 2,
     .wide_from = kWideOpVersion,
     .citation = "visa-3d_sample.md, Op"},
    {.name = "Exec_size",
     .kind = Kind::kExecSize,
     .width = 1,
     .lo = 8,
     .hi = 32,
     .citation = "visa-3d_sample.md, Exec_size"},
    {.name = "Pred", .kind = Kind::kPredicate, .width = 2, .citation = "visa-3d_sample.md, Pred"},
    {.name = "Channels",
     .kind = Kind::kChannelMask,
     .width = 1,
     .lo = 1,
     .hi = 15,
     .citation = "visa-3d_sample.md, Channels"},
    {.name = "Aoffimmi",
     .kind = Kind::kAoffimmi,
     .types = type_bit(VisaType::kUW),
     .citation = "visa-3d_sample.md, Aoffimmi"},
    {.name = "Sampler",
     .kind = Kind::kSampler,
     .width = 1,
     .hi = 31,
     .citation = "visa-3d_sample.md, Sampler"},
    {.name = "Surface",
     .kind = Kind::kSurface,
     .width = 1,
     .hi = 255,
     .citation = "visa-3d_sample.md, Surface"},
    {.name = "Dst",
     .kind = Kind::kRaw,
     .types = kDst3D,
     .flags = kFlagGrfAligned,
     .citation = "visa-3d_sample.md, Dst"},
    {.name = "PairedSurface",
     .kind = Kind::kRaw,
     .flags = kFlagPaired,
     .min_version = kPairedSurfaceVersion,
     .citation = "research/intel_visa.md §2.2 (paired surface)"},
    {.name = "NumParams",
     .kind = Kind::kCount,
     .width = 1,
     .lo = 1,
     .hi = 15,
     .citation = "visa-3d_sample.md, NumParams"},
    {.name = "Params",
     .kind = Kind::kRawList,
     .flags = kFlagGrfAligned,
     .citation = "visa-3d_sample.md, Notes (parameter table)"},
}};

// visa-3d_load.md, Format: the same without Sampler.
constexpr std::array<FieldSpec, 10> kLoad3DFields{{
    {.name = "Op",
     .kind = Kind::kSubOpFlags,
     .width = 1,
     .wide_width = 2,
     .wide_from = kWideOpVersion,
     .citation = "visa-3d_load.md, Op"},
    {.name = "Exec_size",
     .kind = Kind::kExecSize,
     .width = 1,
     .lo = 8,
     .hi = 32,
     .citation = "visa-3d_load.md, Exec_size"},
    {.name = "Pred", .kind = Kind::kPredicate, .width = 2, .citation = "visa-3d_load.md, Pred"},
    {.name = "Channels",
     .kind = Kind::kChannelMask,
     .width = 1,
     .lo = 1,
     .hi = 15,
     .citation = "visa-3d_load.md, Channels"},
    {.name = "Aoffimmi",
     .kind = Kind::kAoffimmi,
     .types = type_bit(VisaType::kUW),
     .citation = "visa-3d_load.md, Aoffimmi"},
    {.name = "Surface",
     .kind = Kind::kSurface,
     .width = 1,
     .hi = 255,
     .citation = "visa-3d_load.md, Surface"},
    {.name = "Dst",
     .kind = Kind::kRaw,
     .types = kDst3D,
     .flags = kFlagGrfAligned,
     .citation = "visa-3d_load.md, Dst"},
    {.name = "PairedSurface",
     .kind = Kind::kRaw,
     .flags = kFlagPaired,
     .min_version = kPairedSurfaceVersion,
     .citation = "research/intel_visa.md §2.2 (paired surface)"},
    {.name = "NumParams",
     .kind = Kind::kCount,
     .width = 1,
     .lo = 1,
     .hi = 15,
     .citation = "visa-3d_load.md, NumParams"},
    {.name = "Params",
     .kind = Kind::kRawList,
     .flags = kFlagGrfAligned,
     .citation = "visa-3d_load.md, Notes (parameter table)"},
}};

// visa-3d_sample4.md, Format: Op Exec_size Pred Src_channel Aoffimmi Sampler Surface Dst NumParams
// params; the paired surface after Dst from vISA 3.8 as in IGC's reader (ByteCodeReaderNG.cpp,
// ISA_3D_GATHER4), which also bounds NumParams below 8.
constexpr std::array<FieldSpec, 11> kSample4Fields{{
    {.name = "Op",
     .kind = Kind::kSubOpFlags,
     .width = 1,
     .wide_width = 2,
     .wide_from = kWideOpVersion,
     .citation = "visa-3d_sample4.md, Op"},
    {.name = "Exec_size",
     .kind = Kind::kExecSize,
     .width = 1,
     .lo = 8,
     .hi = 32,
     .citation = "visa-3d_sample4.md, Exec_size"},
    {.name = "Pred", .kind = Kind::kPredicate, .width = 2, .citation = "visa-3d_sample4.md, Pred"},
    {.name = "Src_channel",
     .kind = Kind::kSourceChannel,
     .width = 1,
     .lo = 0,
     .hi = 3,
     .citation = "visa-3d_sample4.md, Src_channel"},
    {.name = "Aoffimmi",
     .kind = Kind::kAoffimmi,
     .types = type_bit(VisaType::kUW),
     .citation = "visa-3d_sample4.md, Aoffimmi"},
    {.name = "Sampler",
     .kind = Kind::kSampler,
     .width = 1,
     .hi = 31,
     .citation = "visa-3d_sample4.md, Sampler"},
    {.name = "Surface",
     .kind = Kind::kSurface,
     .width = 1,
     .hi = 255,
     .citation = "visa-3d_sample4.md, Surface"},
    {.name = "Dst",
     .kind = Kind::kRaw,
     .types = kDst3D,
     .flags = kFlagGrfAligned,
     .citation = "visa-3d_sample4.md, Dst"},
    {.name = "PairedSurface",
     .kind = Kind::kRaw,
     .flags = kFlagPaired,
     .min_version = kPairedSurfaceVersion,
     .citation = "IGC visa/ByteCodeReaderNG.cpp, ISA_3D_GATHER4 (paired surface from 3.8)"},
    {.name = "NumParams",
     .kind = Kind::kCount,
     .width = 1,
     .lo = 1,
     .hi = 15,
     .citation = "visa-3d_sample4.md, NumParams"},
    {.name = "Params",
     .kind = Kind::kRawList,
     .flags = kFlagGrfAligned,
     .citation = "visa-3d_sample4.md, Notes (parameter table)"},
}};

constexpr std::array<InstrRow, 23> kRows{{
    {.name = "MEDIA_LD",
     .opcode = 0x37,
     .mnemonic = "media_ld",
     .text = "media_ld.{Modifiers} ({Block_width},{Block_height}) {Surface} {Plane?} {X_offset} "
             "{Y_offset} {Dst}",
     .spec_text = "MEDIA_LD.{Modifiers} ({Block_width}, {Block_height}) {Surface} {Plane?} "
                  "{X_offset} {Y_offset} {Dst}",
     .fields = kMediaLdFields,
     .spec_file = "visa-media_ld.md",
     .summary = "2D media block read: Block_width bytes x Block_height rows into Dst rows of the "
                "register pitch",
     .exec = RowExec::kMediaLd},
    {.name = "GATHER_SCALED",
     .opcode = 0x78,
     .mnemonic = "gather_scaled",
     .text = "gather_scaled.{Num_blocks} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .spec_text =
         "GATHER_SCALED.{Num_blocks} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .fields = kGatherScaledFields,
     .spec_file = "visa-gather_scaled.md",
     .summary = "scattered read of Num_blocks bytes per lane into the low bytes of each Dst dword",
     .exec = RowExec::kGatherScaled},
    {.name = "GATHER4_SCALED",
     .opcode = 0x74,
     .mnemonic = "gather4_scaled",
     .text = "gather4_scaled.{Channels} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .spec_text = "GATHER4_SCALED.{Channels} {Exec_size} {Surface} {Offset} {Element_offset} {Dst}",
     .fields = kGather4ScaledFields,
     .spec_file = "visa-gather4_scaled.md",
     .summary = "scattered read of one dword per enabled channel per lane (address Offset + "
                "Element_offset[i], channel c at +4c); each channel from the next GRF",
     .exec = RowExec::kGather4Scaled},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_3d",
     .text = "sample_3d{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_3d{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSample,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "sample with the LOD from the 2x2 quad's derivatives",
     .spec_mnemonic = "SAMPLE_3d",
     .params = kNamesSample3d,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = false, .lod = LodSource::kImplicit, .roles = kRolesSample3d}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_b",
     .text = "sample_b{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_B{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSampleB,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "sample with the quad LOD plus a per-lane bias",
     .spec_mnemonic = "SAMPLE_B",
     .params = kNamesSampleB,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = false, .lod = LodSource::kBias, .roles = kRolesSampleB}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_l",
     .text = "sample_l{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_L{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSampleL,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "sample at an explicit per-lane LOD",
     .spec_mnemonic = "SAMPLE_L",
     .params = kNamesSampleL,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = false, .lod = LodSource::kLod, .roles = kRolesSampleL}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_c",
     .text = "sample_c{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_C{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSampleC,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "compare ref against R at each tap (quad LOD), then filter",
     .spec_mnemonic = "SAMPLE_C",
     .params = kNamesSampleC,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = true, .lod = LodSource::kImplicit, .roles = kRolesSampleC}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_d",
     .text = "sample_d{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_D{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSampleD,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "sample with per-lane explicit gradients",
     .spec_mnemonic = "SAMPLE_D",
     .params = kNamesSampleD,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = false, .lod = LodSource::kGrad, .roles = kRolesSampleD}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_b_c",
     .text = "sample_b_c{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_B_C{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSampleBC,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "compare sample with the quad LOD plus a bias",
     .spec_mnemonic = "SAMPLE_B_C",
     .params = kNamesSampleBC,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = true, .lod = LodSource::kBias, .roles = kRolesSampleBC}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_l_c",
     .text = "sample_l_c{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_L_C{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSampleLC,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "compare sample at an explicit LOD",
     .spec_mnemonic = "SAMPLE_L_C",
     .params = kNamesSampleLC,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = true, .lod = LodSource::kLod, .roles = kRolesSampleLC}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_d_c",
     .text = "sample_d_c{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_D_C{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSampleDC,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "compare sample with per-lane gradients",
     .spec_mnemonic = "SAMPLE_D_C",
     .params = kNamesSampleDC,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = true, .lod = LodSource::kGrad, .roles = kRolesSampleDC}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_lz",
     .text = "sample_lz{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_LZ{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSampleLz,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "sample at LOD 0",
     .spec_mnemonic = "SAMPLE_LZ",
     .params = kNamesSampleLz,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = false, .lod = LodSource::kZero, .roles = kRolesSample3d}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "sample_c_lz",
     .text = "sample_c_lz{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE_C_LZ{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpSampleCLz,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "compare sample at LOD 0",
     .spec_mnemonic = "SAMPLE_C_LZ",
     .params = kNamesSampleCLz,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = true, .lod = LodSource::kZero, .roles = kRolesSampleC}},
    {.name = "3D_SAMPLE",
     .opcode = 0x6d,
     .mnemonic = "lod",
     .text = "lod{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text = "LOD{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpLod,
     .fields = kSample3DFields,
     .spec_file = "visa-3d_sample.md",
     .summary = "LOD query: R = clamped LOD, G = unclamped, B/A undefined",
     .spec_mnemonic = "LOD",
     .params = kNamesLod,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = false, .lod = LodSource::kQuery, .roles = kRolesSample3d}},
    {.name = "3D_LOAD",
     .opcode = 0x6e,
     .mnemonic = "load_3d",
     .text =
         "load_3d{Op}.{Channels} {Exec_size}  {Aoffimmi} {Surface} {Dst} {PairedSurface?} {Params}",
     .spec_text = "LOAD_3D{Op}.{Channels} {Exec_size} {Aoffimmi} {Surface} {Dst} {Params}",
     .sub_op = kOpLd,
     .fields = kLoad3DFields,
     .spec_file = "visa-3d_load.md",
     .summary = "load one texel at integer coordinates and LOD",
     .spec_mnemonic = "LOAD_3D",
     .params = kNamesLoad3d,
     .exec = RowExec::kLoad3D,
     .s3d = {.fetch = true, .lod = LodSource::kLod, .roles = kRolesLoad3d}},
    {.name = "3D_LOAD",
     .opcode = 0x6e,
     .mnemonic = "load_lz",
     .text =
         "load_lz{Op}.{Channels} {Exec_size}  {Aoffimmi} {Surface} {Dst} {PairedSurface?} {Params}",
     .spec_text = "LOAD_LZ{Op}.{Channels} {Exec_size} {Aoffimmi} {Surface} {Dst} {Params}",
     .sub_op = kOpLdLz,
     .fields = kLoad3DFields,
     .spec_file = "visa-3d_load.md",
     .summary = "load one texel of level 0",
     .spec_mnemonic = "LOAD_LZ",
     .params = kNamesLoadLz,
     .exec = RowExec::kLoad3D,
     .s3d = {.fetch = true, .lod = LodSource::kZero, .roles = kRolesLoadLz}},
    {.name = "3D_LOAD",
     .opcode = 0x6e,
     .mnemonic = "load_2dms_w",
     .text = "load_2dms_w{Op}.{Channels} {Exec_size}  {Aoffimmi} {Surface} {Dst} {PairedSurface?} "
             "{Params}",
     .spec_text = "LOAD_2DMS_W{Op}.{Channels} {Exec_size} {Aoffimmi} {Surface} {Dst} {Params}",
     .sub_op = kOpLd2dmsW,
     .fields = kLoad3DFields,
     .spec_file = "visa-3d_load.md",
     .summary = "load one sample of a multisample surface through its 64-bit MCS",
     .spec_mnemonic = "LOAD_2DMS_W",
     .params = kNamesLoad2dmsW,
     .params_w = kNamesLoad2dmsWUw,
     .exec = RowExec::kLoad3D,
     .s3d = {.fetch = true,
             .lod = LodSource::kLod,
             .multisample = true,
             .roles = kRolesLoad2dmsW,
             .roles_w = kRolesLoad2dmsWUw}},
    {.name = "3D_LOAD",
     .opcode = 0x6e,
     .mnemonic = "load_mcs",
     .text = "load_mcs{Op}.{Channels} {Exec_size}  {Aoffimmi} {Surface} {Dst} {PairedSurface?} "
             "{Params}",
     .spec_text = "LOAD_MCS{Op}.{Channels} {Exec_size} {Aoffimmi} {Surface} {Dst} {Params}",
     .sub_op = kOpLdMcs,
     .fields = kLoad3DFields,
     .spec_file = "visa-3d_load.md",
     .summary = "load the 64-bit MCS value of a pixel",
     .spec_mnemonic = "LOAD_MCS",
     .params = kNamesLoadMcs,
     .exec = RowExec::kLoad3D,
     .s3d = {.fetch = true, .lod = LodSource::kLod, .returns_mcs = true, .roles = kRolesLoadMcs}},
    {.name = "3D_SAMPLE4",
     .opcode = kOpcode3DGather4,
     .mnemonic = "sample4",
     .text = "sample4{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE4{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpGather4,
     .fields = kSample4Fields,
     .spec_file = "visa-3d_sample4.md",
     .summary = "gather4: the Src_channel of the 2x2 bilinear footprint at LOD 0 (R=lower left, "
                "G=lower right, B=upper right, A=upper left)",
     .spec_mnemonic = "SAMPLE4",
     .params = kNamesGather4,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = false, .lod = LodSource::kZero, .gather = true, .roles = kRolesSample3d}},
    {.name = "3D_SAMPLE4",
     .opcode = kOpcode3DGather4,
     .mnemonic = "sample4_c",
     .text = "sample4_c{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE4_C{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpGather4C,
     .fields = kSample4Fields,
     .spec_file = "visa-3d_sample4.md",
     .summary = "gather4_c: the four footprint texels compared against ref (1.0 pass, 0.0 fail)",
     .spec_mnemonic = "SAMPLE4_C",
     .params = kNamesGather4C,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = true, .lod = LodSource::kZero, .gather = true, .roles = kRolesGather4C}},
    {.name = "3D_SAMPLE4",
     .opcode = kOpcode3DGather4,
     .mnemonic = "sample4_po",
     .text = "sample4_po{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE4_PO{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpGather4Po,
     .max_platform = Platform::kPVC,
     .fields = kSample4Fields,
     .spec_file = "visa-3d_sample4.md",
     .summary = "gather4_po: gather4 with per-lane offsets offu/offv (low 6 bits, [-32, 31])",
     .spec_mnemonic = "SAMPLE4_PO",
     .params = kNamesGather4Po,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = false, .lod = LodSource::kZero, .gather = true, .roles = kRolesGather4Po}},
    {.name = "3D_SAMPLE4",
     .opcode = kOpcode3DGather4,
     .mnemonic = "sample4_po_c",
     .text = "sample4_po_c{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} "
             "{PairedSurface?} {Params}",
     .spec_text =
         "SAMPLE4_PO_C{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}",
     .sub_op = kOpGather4PoC,
     .max_platform = Platform::kPVC,
     .fields = kSample4Fields,
     .spec_file = "visa-3d_sample4.md",
     .summary = "gather4_po_c: compare gather with per-lane offsets",
     .spec_mnemonic = "SAMPLE4_PO_C",
     .params = kNamesGather4PoC,
     .exec = RowExec::kSample3D,
     .s3d = {.compare = true, .lod = LodSource::kZero, .gather = true, .roles = kRolesGather4PoC}},
    {.name = "SAMPLE_UNORM",
     .opcode = kOpcodeSampleUnorm,
     .mnemonic = "sample_unorm",
     .text = "sample_unorm.{Channel_mask} {Sampler} {Surface} {U_offset} {V_offset} {DeltaU} "
             "{DeltaV} {Dst}",
     .spec_text = "SAMPLE_UNORM.{Channel_mask} {Sampler} {Surface} {U_offset} {V_offset} {DeltaU} "
                  "{DeltaV} {Dst}",
     .fields = kSampleUnormFields,
     .spec_file = "visa-sample_unorm.md",
     .summary = "an 8x4 pixel block at (U_offset + x DeltaU, V_offset + y DeltaV), LOD 0, each "
                "enabled channel as 32 UNORM16 words",
     .exec = RowExec::kSampleUnorm},
}};

// vISA mnemonics texsim recognises but does not model (visa/CISA.l).
constexpr std::string_view kOtherMnemonics[] = {
    "add", "addc", "and", "asr", "avg", "bfe", "bfi", "bfn", "bfrev", "cbit", "cmp", "cos", "div",
    "divm", "dp2", "dp3", "dp4", "dp4a", "dph", "exp", "fbh", "fbl", "frc", "inv", "line", "log",
    "lrp", "lzd", "mad", "madw", "max", "min", "mod", "mov", "movs", "mul", "mulh", "not", "or",
    "plane", "pow", "rndd", "rnde", "rndu", "rndz", "rol", "ror", "rsqrt", "sad2", "sad2add", "sel",
    "shl", "shr", "sin", "sqrt", "srnd", "subb", "tan", "xor", "addr_add", "setp", "fcall",
    "ifcall", "faddr", "fret", "call", "ret", "jmp", "goto", "switchjmp", "raw_send", "raw_sends",
    "raw_sendc", "raw_sendsc", "oword_ld", "oword_ld_unaligned", "oword_st", "media_st", "gather",
    "scatter", "gather4_typed", "scatter4_typed", "scatter_scaled", "scatter4_scaled",
    "dword_atomic", "typed_atomic", "svm_block_ld", "svm_block_st", "svm_gather", "svm_scatter",
    "svm_gather4_scaled", "svm_scatter4_scaled", "svm_atomic", "sample", "load", "avs", "va",
    "barrier", "sbarrier", "fence", "wait", "yield", "nbarrier", "lsc_load", "lsc_store",
    "lsc_load_quad", "lsc_store_quad", "lsc_load_strided", "lsc_store_strided", "lsc_load_block2d",
    "lsc_store_block2d", "lsc_atomic_iinc", "lsc_fence", "dpas", "dpasw", "fcvt", "lifetime",
    "load_l", "gather4_3d", "info_3d",
    // Added for IGC's dumps (issue 13; opcode names and printer spellings of IGC 1.0.12504).
    "add3", "fence_global", "fence_local", "fence_sw", "lsc_typed", "lsc_untyped", "qw_gather",
    "qw_scatter", "sampler_cache_flush", "samplr_cache_flush", "rt_write_3d", "urb_write_3d",
    "raw_sends_eot", "raw_sendsc_eot", "invm", "rsqtm", "subroutine", "fminmax", "vme_ime",
    "vme_sic", "vme_fbr", "vme_idm", "svm_gather4scaled", "svm_scatter4scaled", "breakpoint",
    "resinfo", "sampleinfo"};

}  // namespace

std::string_view param3d_name(Param3D p) {
  static constexpr std::array<std::string_view, static_cast<size_t>(Param3D::kCount)> kNames{
      "u",    "v",    "r",  "ai",   "bias", "lod",  "ref",  "dudx", "dudy", "dvdx", "dvdy",
      "drdx", "drdy", "si", "mcsl", "mcsh", "mcs0", "mcs1", "mcs2", "mcs3", "offu", "offv"};
  const auto i = static_cast<size_t>(p);
  return i < kNames.size() ? kNames[i] : "?";
}

std::optional<size_t> InstrRow::field_index(std::string_view f) const {
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].name == f) return i;
  }
  return std::nullopt;
}

std::span<const InstrRow> all_rows() {
  return kRows;
}

const InstrRow* find_row_by_mnemonic(std::string_view m) {
  for (const InstrRow& r : kRows) {
    if (r.mnemonic == m || r.spec_spelling() == m) return &r;
  }
  return nullptr;
}

std::span<const InstrRow* const> rows_for_opcode(uint8_t opcode) {
  static const std::array<std::vector<const InstrRow*>, 256> by_op = [] {
    std::array<std::vector<const InstrRow*>, 256> t;
    for (const InstrRow& r : kRows) t[r.opcode].push_back(&r);
    return t;
  }();
  return by_op[opcode];
}

bool is_other_visa_mnemonic(std::string_view m) {
  return std::find(std::begin(kOtherMnemonics), std::end(kOtherMnemonics), m) !=
             std::end(kOtherMnemonics) ||
         m.starts_with("lsc_") || m.starts_with("sample_po") || m.starts_with("va_") ||
         m.starts_with("svm_") || m.starts_with("fence_") || m.starts_with("raw_send") ||
         m.starts_with("dpas") || m.starts_with("lifetime") || m.starts_with("sample4");
}

}  // namespace texsim::isa::visa
