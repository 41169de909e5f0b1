// Fixture for layering.rejects_include_cycle: c -> d -> e -> c, a cycle through three headers.
// Never compiled.
#pragma once
#include "texunit/d.hpp"
