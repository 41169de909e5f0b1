// Fixture for the layering check (tests/layering/check.cmake): a scene header that includes an
// ISA header, which the check must reject. Never compiled.
#pragma once
#include "isa/frontend.hpp"
#include "scene/scene.hpp"
