// Fixture for layering.rejects_include_cycle: a.cpp includes b.hpp and b.cpp includes a.hpp,
// the mutual include the cycle check must report.
#pragma once
