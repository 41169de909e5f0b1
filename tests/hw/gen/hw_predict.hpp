// texsim_hw_gen --predict: per case of a written bundle, texsim's prediction of what the bundled
// sm_NN cubin stores (cubin_predict.hpp), as <case>.expect.sm_NN, and a summary.
#pragma once

#include <string>

namespace texsim::hwgen {

// Reads CASES/manifest.txt and every case, LISTINGS/<module>.sass (cuobjdump -sass of the
// module's cubin); writes CASES/<case>.expect.sm_<sm> for each case it predicts and
// CASES/cubin.sm_<sm>.txt (one line a case: predicted or why not, texture line, lookups that
// differ from <case>.expect under the compare mask). Exit 0; 1 when a case that the bundle
// claims (every case whose kernel has one texture instruction) is not predicted or its
// prediction differs from .expect without a decision in its line; 2 on file errors.
int predict_cubins(const std::string& cases_dir, const std::string& listing_dir, unsigned sm);

}  // namespace texsim::hwgen
