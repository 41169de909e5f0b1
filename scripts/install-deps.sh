#!/usr/bin/env bash
# Installs the Debian packages texsim's build, tests, benchmarks and oracle need.
# Idempotent: installs only what is missing; runs `apt-get update` first when it must install.
set -euo pipefail

# What `make demo` needs: the texsim executable's build (install-deps.sh --demo stops here).
packages=(
  build-essential cmake ninja-build pkg-config
  nlohmann-json3-dev libcli11-dev libhwy-dev libtbb-dev libpng-dev zlib1g-dev libisal-dev
  libsimdjson-dev
)
demo_only=0
plot=0
for arg in "$@"; do
  case "$arg" in
    --demo) demo_only=1 ;;
    --plot) plot=1 ;;
    *) echo "install-deps: unknown option '$arg' (known: --demo, --plot)" >&2; exit 2 ;;
  esac
done

if [ "$demo_only" = 0 ]; then
# Tests, benchmarks, the oracle and the tools of `make test`.
packages+=(
  libgtest-dev libgmock-dev libbenchmark-dev
  mesa-vulkan-drivers libvulkan-dev glslc
  clang-format clang-tidy
  clang libclang-rt-14-dev
  lld
)
# texsim as a library (docs/library.md): the Verilator DPI-C testbench of the C API; the Python
# module (pybind11, numpy, pytest for Debian's /usr/bin/python3).
packages+=(verilator python3-dev python3-pybind11 python3-numpy python3-pytest)

# --- issue 13 (vISA vendor tests): Intel's OpenCL compiler `ocloc` (intel-opencl-icd) and the
# standalone vISA tool `GenX_IR` (libigc-tools); python3 runs the kernel generator. No GPU needed.
packages+=(intel-opencl-icd libigc-tools python3)
# --- end issue 13
# --- issue 28 (whole kernels): PoCL, the portable CPU OpenCL, through PyOpenCL, runs the same
# OpenCL C as texsim runs from ocloc's vISA (tests/vendor/visa/pocl_diff.py).
packages+=(pocl-opencl-icd python3-pyopencl)

# Optional group: `install-deps.sh --plot` adds what `make bench-plot` needs.
[ "$plot" = 1 ] && packages+=(python3-matplotlib)

# --- NVIDIA vendor tools (issue 14): ptxas/nvdisasm/cuobjdump 11.8 into build/vendor/nvidia ---
# From Debian's non-free component through a private apt state; TEXSIM_NO_NONFREE=1 skips it.
bash "$(dirname "${BASH_SOURCE[0]}")/install-nvidia-tools.sh"
# --- end NVIDIA vendor tools ---
fi

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all ${#packages[@]} packages present"
  exit 0
fi

sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo_cmd=(sudo); else
    echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 2
  fi
fi

echo "install-deps: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
