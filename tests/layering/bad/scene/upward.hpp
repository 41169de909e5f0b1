// Fixture for the layering check (tests/layering/check.cmake): a scene header that includes an
// ISA header, which the check must reject. Never compiled.
#pragma once
#include "scene/scene.hpp"
#include "isa/frontend.hpp"
