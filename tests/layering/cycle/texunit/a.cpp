// Fixture for layering.rejects_include_cycle: the half of the a <-> b cycle that includes b.
// Never compiled.
#include "texunit/a.hpp"
#include "texunit/b.hpp"
