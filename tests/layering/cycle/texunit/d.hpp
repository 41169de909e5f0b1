// Fixture for layering.rejects_include_cycle: d -> e (the middle of c -> d -> e -> c).
// Never compiled.
#pragma once
#include "texunit/e.hpp"
