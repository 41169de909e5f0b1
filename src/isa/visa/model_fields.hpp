// The field lists of the model rows (model.cpp), each field shape written once: a field is made
// by one helper from its spec page, and its citation "page, Field" is joined at compile time.
// Depends on model.hpp only.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "isa/visa/model.hpp"

namespace texsim::isa::visa::fields {

// A string literal as a template argument.
template <size_t N>
struct Lit {
  char s[N]{};
  constexpr Lit(const char (&a)[N]) {  // NOLINT(google-explicit-constructor): literal argument
    for (size_t i = 0; i < N; ++i) s[i] = a[i];
  }
  constexpr std::string_view view() const { return {s, N - 1}; }
};

// The parts joined into one string with static storage, at compile time.
template <Lit... Parts>
struct Joined {
  static constexpr size_t kSize = (Parts.view().size() + ...);
  static constexpr std::array<char, kSize> kText = [] {
    std::array<char, kSize> t{};
    size_t n = 0;
    for (std::string_view part : {Parts.view()...})
      for (char c : part) t[n++] = c;
    return t;
  }();
  static constexpr std::string_view kValue{kText.data(), kText.size()};
};
template <Lit... Parts>
inline constexpr std::string_view kJoin = Joined<Parts...>::kValue;
// "Page, Field": the citation of a field named as its page's Format table names it.
template <Lit Page, Lit Field>
inline constexpr std::string_view kCite = kJoin<Page, ", ", Field>;

template <Lit Page>
constexpr FieldSpec exec_size(uint32_t lo = 0, uint32_t hi = 0) {
  return {.name = "Exec_size",
          .kind = Kind::kExecSize,
          .width = 1,
          .lo = lo,
          .hi = hi,
          .citation = kCite<Page, "Exec_size">};
}
template <Lit Page>
constexpr FieldSpec predicate() {
  return {.name = "Pred", .kind = Kind::kPredicate, .width = 2, .citation = kCite<Page, "Pred">};
}
template <Lit Page>
constexpr FieldSpec surface(uint32_t flags = kFlagNone) {
  return {.name = "Surface",
          .kind = Kind::kSurface,
          .width = 1,
          .hi = 255,
          .flags = flags,
          .citation = kCite<Page, "Surface">};
}
template <Lit Page>
constexpr FieldSpec sampler() {
  return {.name = "Sampler",
          .kind = Kind::kSampler,
          .width = 1,
          .hi = 31,
          .citation = kCite<Page, "Sampler">};
}
template <Lit Page>
constexpr FieldSpec channels() {
  return {.name = "Channels",
          .kind = Kind::kChannelMask,
          .width = 1,
          .lo = 1,
          .hi = 15,
          .citation = kCite<Page, "Channels">};
}
// An ignored field written as 0 (kReservedZero) and a one-byte immediate in [lo, hi].
template <Lit Page, Lit Name>
constexpr FieldSpec reserved_zero(uint8_t width) {
  return {.name = Name.view(),
          .kind = Kind::kReservedZero,
          .width = width,
          .citation = kCite<Page, Name>};
}
template <Lit Page, Lit Name>
constexpr FieldSpec uimm(uint32_t lo, uint32_t hi, uint32_t flags = kFlagNone) {
  return {.name = Name.view(),
          .kind = Kind::kUImm,
          .width = 1,
          .lo = lo,
          .hi = hi,
          .flags = flags,
          .citation = kCite<Page, Name>};
}
// A scalar vector operand or a GRF-aligned raw operand named `Name`.
template <Lit Page, Lit Name>
constexpr FieldSpec scalar(TypeSet types) {
  return {
      .name = Name.view(), .kind = Kind::kScalar, .types = types, .citation = kCite<Page, Name>};
}
template <Lit Page, Lit Name>
constexpr FieldSpec raw(TypeSet types = 0) {
  return {.name = Name.view(),
          .kind = Kind::kRaw,
          .types = types,
          .flags = kFlagGrfAligned,
          .citation = kCite<Page, Name>};
}

inline constexpr TypeSet kUD = type_bit(VisaType::kUD);
inline constexpr TypeSet kDstGather =
    type_bit(VisaType::kUD) | type_bit(VisaType::kD) | type_bit(VisaType::kF);
inline constexpr TypeSet kDst3D = type_bit(VisaType::kHF) | type_bit(VisaType::kF) |
                                  type_bit(VisaType::kW) | type_bit(VisaType::kUW) |
                                  type_bit(VisaType::kD) | type_bit(VisaType::kUD);

// visa-media_ld.md, Format: Modifiers Surface Plane Block_width Block_height X_offset Y_offset Dst.
inline constexpr std::array<FieldSpec, 8> kMediaLd{{
    {.name = "Modifiers",
     .kind = Kind::kMediaModifier,
     .width = 1,
     .lo = 0,
     .hi = 5,
     .citation = "visa-media_ld.md, Modifiers"},
    surface<"visa-media_ld.md">(kFlagNoSlm | kFlagNoStateless),
    uimm<"visa-media_ld.md", "Plane">(0, 3, kFlagOptional),
    uimm<"visa-media_ld.md", "Block_width">(1, 64),
    uimm<"visa-media_ld.md", "Block_height">(1, 64),
    scalar<"visa-media_ld.md", "X_offset">(kUD),
    scalar<"visa-media_ld.md", "Y_offset">(kUD),
    raw<"visa-media_ld.md", "Dst">(),
}};

// visa-gather_scaled.md, Format: Exec_size Pred Block_size Num_blocks Scale Surface Offset
// Element_offset Dst.
inline constexpr std::array<FieldSpec, 9> kGatherScaled{{
    exec_size<"visa-gather_scaled.md">(),
    predicate<"visa-gather_scaled.md">(),
    reserved_zero<"visa-gather_scaled.md", "Block_size">(1),
    {.name = "Num_blocks",
     .kind = Kind::kBlockCount,
     .width = 1,
     .lo = 1,
     .hi = 4,
     .citation = "visa-gather_scaled.md, Num_blocks"},
    reserved_zero<"visa-gather_scaled.md", "Scale">(2),
    surface<"visa-gather_scaled.md">(),
    scalar<"visa-gather_scaled.md", "Offset">(kUD),
    raw<"visa-gather_scaled.md", "Element_offset">(kUD),
    raw<"visa-gather_scaled.md", "Dst">(kDstGather),
}};

// visa-gather4_scaled.md, Format: Exec_size Pred Channels Scale Surface Offset Element_offset
// Dst.
inline constexpr std::array<FieldSpec, 8> kGather4Scaled{{
    exec_size<"visa-gather4_scaled.md">(8, 16),
    predicate<"visa-gather4_scaled.md">(),
    channels<"visa-gather4_scaled.md">(),
    reserved_zero<"visa-gather4_scaled.md", "Scale">(2),
    surface<"visa-gather4_scaled.md">(),
    scalar<"visa-gather4_scaled.md", "Offset">(kUD),
    raw<"visa-gather4_scaled.md", "Element_offset">(kUD),
    raw<"visa-gather4_scaled.md", "Dst">(kDstGather),
}};

// The three 3D sampler message opcodes share one field list (visa-3d_sample.md, Format: Op
// Exec_size Pred Channels Aoffimmi Sampler Surface Dst NumParams params): 3D_LOAD has no Sampler
// (visa-3d_load.md), 3D_SAMPLE4 reads a Src_channel in place of Channels (visa-3d_sample4.md).
// The paired surface after Dst exists from vISA 3.8 (research §2.2, §2.4; for 3D_SAMPLE4 IGC's
// reader, ByteCodeReaderNG.cpp ISA_3D_GATHER4).
enum class Shape3D : uint8_t { kSample, kLoad, kSample4 };

template <Lit Page, Shape3D S>
constexpr auto message_3d() {
  std::array<FieldSpec, S == Shape3D::kLoad ? 10 : 11> f{};
  size_t i = 0;
  f[i++] = {.name = "Op",
            .kind = Kind::kSubOpFlags,
            .width = 1,
            .wide_width = 2,
            .wide_from = kWideOpVersion,
            .citation = kCite<Page, "Op">};
  f[i++] = exec_size<Page>(8, 32);
  f[i++] = predicate<Page>();
  if constexpr (S == Shape3D::kSample4) {
    f[i++] = {.name = "Src_channel",
              .kind = Kind::kSourceChannel,
              .width = 1,
              .lo = 0,
              .hi = 3,
              .citation = kCite<Page, "Src_channel">};
  } else {
    f[i++] = channels<Page>();
  }
  f[i++] = {.name = "Aoffimmi",
            .kind = Kind::kAoffimmi,
            .types = type_bit(VisaType::kUW),
            .citation = kCite<Page, "Aoffimmi">};
  if constexpr (S != Shape3D::kLoad) f[i++] = sampler<Page>();
  f[i++] = surface<Page>();
  f[i++] = raw<Page, "Dst">(kDst3D);
  f[i++] = {.name = "PairedSurface",
            .kind = Kind::kRaw,
            .flags = kFlagPaired,
            .min_version = kPairedSurfaceVersion,
            .citation = S == Shape3D::kSample4
                            ? "IGC visa/ByteCodeReaderNG.cpp, ISA_3D_GATHER4 (paired surface from "
                              "3.8)"
                            : "research/intel_visa.md §2.2 (paired surface)"};
  f[i++] = {.name = "NumParams",
            .kind = Kind::kCount,
            .width = 1,
            .lo = 1,
            .hi = 15,
            .citation = kCite<Page, "NumParams">};
  f[i++] = {.name = "Params",
            .kind = Kind::kRawList,
            .flags = kFlagGrfAligned,
            .citation = kCite<Page, "Notes (parameter table)">};
  return f;
}

inline constexpr auto kSample3D = message_3d<"visa-3d_sample.md", Shape3D::kSample>();
inline constexpr auto kLoad3D = message_3d<"visa-3d_load.md", Shape3D::kLoad>();
inline constexpr auto kSample4 = message_3d<"visa-3d_sample4.md", Shape3D::kSample4>();

// A 3D row's text templates after its mnemonic: IGC's printer (two spaces after the exec size of
// 3D_SAMPLE and 3D_LOAD, one for 3D_SAMPLE4, IsaDisassembly.cpp) and the spec's Text.
template <Shape3D S>
consteval auto text_after_mnemonic() {
  if constexpr (S == Shape3D::kSample)
    return Lit(
        "{Op}.{Channels} {Exec_size}  {Aoffimmi} {Sampler} {Surface} {Dst} "
        "{PairedSurface?} {Params}");
  else if constexpr (S == Shape3D::kLoad)
    return Lit("{Op}.{Channels} {Exec_size}  {Aoffimmi} {Surface} {Dst} {PairedSurface?} {Params}");
  else
    return Lit(
        "{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} "
        "{PairedSurface?} {Params}");
}
template <Shape3D S>
consteval auto spec_text_after_mnemonic() {
  if constexpr (S == Shape3D::kSample)
    return Lit("{Op}.{Channels} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}");
  else if constexpr (S == Shape3D::kLoad)
    return Lit("{Op}.{Channels} {Exec_size} {Aoffimmi} {Surface} {Dst} {Params}");
  else
    return Lit("{Op}.{Src_channel} {Exec_size} {Aoffimmi} {Sampler} {Surface} {Dst} {Params}");
}

}  // namespace texsim::isa::visa::fields
