// The vISA front end's plug-in (isa::Frontend): parse + validate, encode, decode, print, execute,
// describe, rules and examples. Depends on every part of isa/visa; the CLI registers it.
#pragma once

#include <memory>

#include "isa/frontend.hpp"

namespace texsim::isa::visa {

std::unique_ptr<isa::Frontend> make_frontend();

}  // namespace texsim::isa::visa
