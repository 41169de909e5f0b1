// Fixture for the layering check (tests/layering/check.cmake): an intel header that includes the
// scene layer, its sibling, which the check must reject. Never compiled.
#pragma once
#include "scene/scene.hpp"
#include "texunit/surface.hpp"
