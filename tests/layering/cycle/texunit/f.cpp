// Fixture for layering.rejects_include_cycle: f includes a and c but nothing includes f, so f
// is on no cycle and must not be reported. Never compiled.
#include "texunit/a.hpp"
#include "texunit/c.hpp"
