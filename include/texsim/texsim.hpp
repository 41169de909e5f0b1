// texsim's public C++ API: one include for everything (docs/library.md). The headers under
// include/texsim/ are the stable interface; nothing in them exposes texsim's internals.
#pragma once

#include "texsim/descriptors.hpp"
#include "texsim/diagnostic.hpp"
#include "texsim/export.h"
#include "texsim/lookup.hpp"
#include "texsim/program.hpp"
#include "texsim/sampler.hpp"
#include "texsim/scene.hpp"
#include "texsim/surface.hpp"
#include "texsim/version.h"

namespace texsim {

// The library's version ("MAJOR.MINOR.PATCH"); equals TEXSIM_VERSION of the headers it was
// built with.
TEXSIM_API const char* version();

}  // namespace texsim
