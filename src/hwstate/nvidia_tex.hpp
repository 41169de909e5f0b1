// NVIDIA texture headers (TIC) and samplers (TSC) per platform: which open-gpu-doc class header
// describes a platform's 32-byte entries, which header family (V1 "Texture Header State", V2
// "Texture Header V2") a pool holds and which version a TIC's bytes select in it, and the checks
// the headers define beyond the generic ones. Depends on hwstate/fields only.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "core/diag.hpp"
#include "hwstate/fields.hpp"

namespace texsim::hwstate::nvidia {

inline constexpr uint32_t kEntryBytes = 32;
// The types of one class: the TIC header versions of its families and the TSC. Maxwell..Ada:
// five V1 versions; Hopper: five V1 and six V2; Blackwell: six V2 (decision TV1).
inline constexpr size_t kTypesV1 = 6;
inline constexpr size_t kTypesV1V2 = 12;
inline constexpr size_t kTypesV2 = 7;

// The texture header family a pool holds: SET_TEXTURE_HEADER_VERSION's MAJOR (clcb97.h 0x07ac),
// 1 for "Texture Header State", 2 for "Texture Header V2" (decision TV1).
enum class TicFamily : uint8_t { kV1 = 1, kV2 = 2 };

// One platform: its name (SM50..SM90, SM100, SM120), the 3D class whose tex header describes it,
// and the class's tables (TIC versions and TSC).
struct Platform {
  std::string_view name;        // "SM50"
  std::string_view class_name;  // "MAXWELL_A" (open-gpu-doc's class name)
  std::string_view header;      // "clb097tex.h"
  std::span<const DescriptorType> types;
};

std::span<const Platform> platforms();
const Platform* find_platform(std::string_view name);  // case-insensitive
const DescriptorType* find_type(const Platform& p, std::string_view type_name);
const DescriptorType& tsc_type(const Platform& p);

// Whether `p`'s class has the family's sections; its default family (V1 where it has one:
// Maxwell..Hopper; V2 on Blackwell, whose headers have V2 only); a type's family (TIC.V2.*).
bool has_family(const Platform& p, TicFamily f);
TicFamily default_family(const Platform& p);
TicFamily family_of(const DescriptorType& t);

// HEADER_VERSION of a TIC entry (V1: MW(87:85), V2: MW(127:124) in every version of the
// family), and the type it selects in family `f` (the platform's default when not given);
// nullptr with a TIC-HEADER_VERSION diagnostic when the value names no version of the family
// or the platform has no such family.
uint32_t tic_header_version(std::span<const uint8_t> entry, TicFamily f = TicFamily::kV1);
const DescriptorType* tic_type(const Platform& p, std::span<const uint8_t> entry,
                               core::DiagSink& sink, const core::Location& loc = {},
                               std::optional<TicFamily> f = std::nullopt);

// The generic checks plus, for TIC types: HEADER_VERSION selecting `type`
// (TIC-HEADER_VERSION), the view's levels inside the resource (TIC-VIEW_LEVELS), multisampling
// only on 2D types (TIC-MULTI_SAMPLE); for TSC: the LOD clamp order (TSC-LOD_CLAMP). Returns
// false when one failed.
bool validate_entry(const DescriptorType& type, std::span<const uint8_t> entry,
                    core::DiagSink& sink, const core::Location& loc = {});

}  // namespace texsim::hwstate::nvidia
