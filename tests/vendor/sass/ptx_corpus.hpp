// The PTX texture corpora of the ptxas differentials (issues 14, 19, 26): texel fetches, float
// sampling and gathers and queries, and both with the handle in a register, as PTX entry points.
#pragma once

#include <string>

namespace texsim::vendor {

// Each appends PTX entries k<n>, k<n+1>, ... (n advances) for target sm_<smn>.
std::string fetch_corpus(unsigned smn, unsigned& n);     // tex.* with integer coordinates
std::string sample_corpus(unsigned smn, unsigned& n);    // tex/tex.level/tex.grad/tld4/txq
std::string bindless_corpus(unsigned smn, unsigned& n);  // both, handle not foldable
// Whole programs (issue 29): atomics, writes, loops, slow-path subroutines and a .func call,
// texref/surfref, f16x2 from sm_53. Module-scope declarations first: once per module.
std::string program_corpus(unsigned smn, unsigned& n);

}  // namespace texsim::vendor
