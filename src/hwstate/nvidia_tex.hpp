// NVIDIA texture headers (TIC) and samplers (TSC) per platform: which open-gpu-doc class header
// describes a platform's 32-byte entries, which of the five header versions a TIC's bytes select,
// and the checks the headers define beyond the generic ones. Depends on hwstate/fields only.
#pragma once

#include <span>
#include <string_view>

#include "core/diag.hpp"
#include "hwstate/fields.hpp"

namespace texsim::hwstate::nvidia {

inline constexpr uint32_t kEntryBytes = 32;
// The types of one class: five TIC header versions and the TSC.
inline constexpr size_t kTypesPerClass = 6;

// One platform: its name (SM50..SM90), the 3D class whose tex header describes it, and the
// class's tables (TIC versions and TSC).
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

// HEADER_VERSION (MW(87:85) in every version) of a TIC entry, and the type it selects; nullptr
// with a TIC-HEADER_VERSION diagnostic when the value names no version the platform has.
uint32_t tic_header_version(std::span<const uint8_t> entry);
const DescriptorType* tic_type(const Platform& p, std::span<const uint8_t> entry,
                               core::DiagSink& sink, const core::Location& loc = {});

// The generic checks plus, for TIC types: HEADER_VERSION selecting `type`
// (TIC-HEADER_VERSION), the view's levels inside the resource (TIC-VIEW_LEVELS), multisampling
// only on 2D types (TIC-MULTI_SAMPLE); for TSC: the LOD clamp order (TSC-LOD_CLAMP). Returns
// false when one failed.
bool validate_entry(const DescriptorType& type, std::span<const uint8_t> entry,
                    core::DiagSink& sink, const core::Location& loc = {});

}  // namespace texsim::hwstate::nvidia
