// Fixture for layering.rejects_include_cycle: e -> c closes c -> d -> e -> c.
// Never compiled.
#pragma once
#include "texunit/c.hpp"
