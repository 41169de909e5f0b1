// Fixture for layering.rejects_include_cycle: the half of the a <-> b cycle that includes a.
// Never compiled.
#include "texunit/b.hpp"
#include "texunit/a.hpp"
