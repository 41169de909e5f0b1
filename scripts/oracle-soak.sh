#!/usr/bin/env bash
# Soak run of the differential oracle: >= 10M random lookups against the first Vulkan device.
# Usage: scripts/oracle-soak.sh [BUILD_DIR] [SEED]   (default build/release, seed = date-based)
set -euo pipefail
build="${1:-build/release}"
seed="${2:-$(date +%Y%m%d)}"
bin="$build/tests/oracle/texsim_oracle"
if [ ! -x "$bin" ]; then
  echo "oracle-soak: $bin not found (build the texsim_oracle target first)" >&2
  exit 2
fi
# 10000 cases x 1024 lanes = 10,240,000 lookups over every op, 15% of the sampling lanes with
# special inputs (NaN, +-Inf, overflow, denormals: issue 18, about 12% of all lookups).
exec "$bin" --soak --seed "$seed" --cases 10000 --lanes 1024 --max-print 1000
