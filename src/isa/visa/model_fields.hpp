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

// A one-byte numeric field of `kind` in [lo, hi]: immediates, exec sizes, surface and sampler
// ids, channel masks, counts, modifiers.
template <Lit Page, Lit Name>
constexpr FieldSpec one_byte(Kind kind, uint32_t lo, uint32_t hi, uint32_t flags = kFlagNone) {
  return {.name = Name.view(),
          .kind = kind,
          .width = 1,
          .lo = lo,
          .hi = hi,
          .flags = flags,
          .citation = kCite<Page, Name>};
}
template <Lit Page>
constexpr FieldSpec exec_size(uint32_t lo = 0, uint32_t hi = 0) {
  return one_byte<Page, "Exec_size">(Kind::kExecSize, lo, hi);
}
template <Lit Page>
constexpr FieldSpec surface(uint32_t flags = kFlagNone) {
  return one_byte<Page, "Surface">(Kind::kSurface, 0, 255, flags);
}
template <Lit Page>
constexpr FieldSpec channels() {
  return one_byte<Page, "Channels">(Kind::kChannelMask, 1, 15);
}
template <Lit Page>
constexpr FieldSpec predicate() {
  return {.name = "Pred", .kind = Kind::kPredicate, .width = 2, .citation = kCite<Page, "Pred">};
}
// An ignored field written as 0 (kReservedZero).
template <Lit Page, Lit Name>
constexpr FieldSpec reserved_zero(uint8_t width) {
  return {.name = Name.view(),
          .kind = Kind::kReservedZero,
          .width = width,
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
    one_byte<"visa-media_ld.md", "Modifiers">(Kind::kMediaModifier, 0, 5),
    surface<"visa-media_ld.md">(kFlagNoSlm | kFlagNoStateless),
    one_byte<"visa-media_ld.md", "Plane">(Kind::kUImm, 0, 3, kFlagOptional),
    one_byte<"visa-media_ld.md", "Block_width">(Kind::kUImm, 1, 64),
    one_byte<"visa-media_ld.md", "Block_height">(Kind::kUImm, 1, 64),
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
    one_byte<"visa-gather_scaled.md", "Num_blocks">(Kind::kBlockCount, 1, 4),
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
    f[i++] = one_byte<Page, "Src_channel">(Kind::kSourceChannel, 0, 3);
  } else {
    f[i++] = channels<Page>();
  }
  f[i++] = {.name = "Aoffimmi",
            .kind = Kind::kAoffimmi,
            .types = type_bit(VisaType::kUW),
            .citation = kCite<Page, "Aoffimmi">};
  if constexpr (S != Shape3D::kLoad) f[i++] = one_byte<Page, "Sampler">(Kind::kSampler, 0, 31);
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
  f[i++] = one_byte<Page, "NumParams">(Kind::kCount, 1, 15);
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
