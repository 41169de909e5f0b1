// Fixture for layering.rejects_include_cycle: the header of b (no includes of its own).
// Never compiled.
#pragma once
