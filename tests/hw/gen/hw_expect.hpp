// texsim's answer for every lookup of a hardware case: the texture unit's nvidia profile for
// filtered lookups, the SASS front end (TLDS, TXQ on SM52) for fetches and queries.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gen/hw_cases.hpp"
#include "texunit/sampler.hpp"
#include "texunit/surface.hpp"

namespace texsim::hwgen {

// The case's texture as a texsim surface (texel bytes as the GPU's CUDA array holds them) and its
// sampler (CUDA's texture-object fields).
texunit::Surface make_surface(const hw::CaseSpec& c, const std::vector<uint8_t>& texels);
texunit::SamplerState sampler_of(const hw::CaseSpec& c);

// lookups x 4 result words, laid out as the case's kernel stores them; nullopt with `error`
// when texsim cannot run the case (a program that does not parse, a failed execution).
std::optional<std::vector<uint32_t>> expected_results(const GenCase& g,
                                                      const std::vector<uint8_t>& texels,
                                                      const std::vector<uint32_t>& inputs,
                                                      std::string& error);

}  // namespace texsim::hwgen
