// Every descriptor type texsim knows, by platform: the one list `texsim describe-state` and the
// APIs walk (architecture.md rule 13): NVIDIA's TIC/TSC per SM, Intel's genxml SAMPLER_STATE and
// SAMPLER_BORDER_COLOR_STATE and RENDER_SURFACE_STATE for SKL, TGLLP, DG2
// and PVC. Depends on hwstate's vendor tables.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "hwstate/fields.hpp"

namespace texsim::hwstate {

struct CatalogPlatform {
  std::string_view vendor;  // "NVIDIA", "Intel"
  std::string_view name;    // "SM52"
  std::string_view source;  // "open-gpu-doc classes/3d/clb197tex.h"
  std::span<const DescriptorType> types;
};

std::vector<CatalogPlatform> catalog();
const CatalogPlatform* find_catalog_platform(std::string_view name);  // case-insensitive

// A type by name on `p`. "TIC" picks the header version the entry's bytes select (its
// HEADER_VERSION) in the platform's default family, "TIC.V1"/"TIC.V2" in that family (Hopper has
// both: SET_TEXTURE_HEADER_VERSION picks, decision TV1); an unknown name is a DESC-TYPE diagnostic
// naming the platform's types.
const DescriptorType* resolve_type(const CatalogPlatform& p, std::string_view name,
                                   std::span<const uint8_t> bytes, core::DiagSink& sink);

// The type's validation: the generic checks and its vendor's combination rules.
bool validate_descriptor(const CatalogPlatform& p, const DescriptorType& t,
                         std::span<const uint8_t> bytes, core::DiagSink& sink,
                         const core::Location& loc = {});

}  // namespace texsim::hwstate
