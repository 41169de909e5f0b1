# Thin wrapper over CMake presets: `make demo` and `make test` are the two commands in README.md.
JOBS ?= 2

.PHONY: all deps build demo test test-release test-asan tidy bench bench-compare bench-replay bench-plot pocl-soak oracle-soak bounds-soak hash-soak clean format fuzz fuzz-build fuzz-ci vendor-soak hw-bundle

all: build

deps:
	bash scripts/install-deps.sh

build: deps
	cmake --preset release
	cmake --build --preset release -j $(JOBS)

# The newcomer's first command: only the demo's packages and the texsim executable (preset
# `demo`: the release tree without tests or benchmarks; `make test` later reuses its objects).
demo:
	bash scripts/install-deps.sh --demo
	cmake --preset demo
	cmake --build --preset demo -j $(JOBS)
	./build/release/texsim

test-release: build
	ctest --preset release -j $(JOBS)

# clang-tidy over src/ (.clang-tidy; any finding fails): scripts/tidy.sh.
tidy: build
	JOBS=$(JOBS) bash scripts/tidy.sh build/release

test-asan: deps
	cmake --preset asan
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

test: test-release tidy test-asan fuzz-ci

bench: build
	./build/release/bench/texsim_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true

# texsim vs lavapipe on the same inputs, alternating runs (scripts/bench-compare.sh; env RUNS,
# REPS, LOOKUPS, SIZE, SCALING=1); bench-plot: throughput vs surface size -> docs/performance.png.
bench-compare: deps
	JOBS=$(JOBS) bash scripts/bench-compare.sh build/release

# Lookups from .npz / JSONL files vs the batch API and lavapipe on the same lanes
# (scripts/bench-replay.sh; env RUNS, LOOKUPS, JSONL_LOOKUPS, SIZE, OPS, PROFILES, BASE).
bench-replay: deps
	JOBS=$(JOBS) bash scripts/bench-replay.sh build/release

bench-plot:
	bash scripts/install-deps.sh --plot
	JOBS=$(JOBS) BUILD_ONLY=1 bash scripts/bench-compare.sh build/release
	/usr/bin/python3 scripts/bench-plot.py --build build/release

# Issue 28: the PoCL differential over 2,000 more generated kernels on SKL/TGLLP/DG2/PVC
# (env KERNELS, FIRST); CI runs 100 (vendor.visa.pocl_diff).
pocl-soak: build
	/usr/bin/python3 tests/vendor/visa/pocl_diff.py build/release/texsim build/release/vendor-visa-pocl-soak --kernels $${KERNELS:-2000} --image-kernels $${IMAGE_KERNELS:-1000} --first $${FIRST:-100}

# Issue 16: 10M random lookups through every route (API, texunit, batch, vISA, SASS, render), one
# hash per route/profile/input class, compared with tests/soak/baseline_10m.txt.
hash-soak: build
	nice sh tests/soak/check.sh build/release/tests/soak/texsim_hash_soak 10000000 tests/soak/baseline_10m.txt

# Issue 33: the conformant range over >= 1M random lookups per profile: texsim's four profiles
# (texunit_bounds_test, 1,048,576 lookups) and lavapipe's real results (texsim_oracle --bounds:
# 6144 x 256 lookups of which over 1M sampling lookups are checked, then 2048 x 256 with half the
# lanes special). CTest runs smaller ones.
bounds-soak: build
	TEXSIM_BOUNDS_LOOKUPS=1048576 ./build/release/tests/texunit_bounds_test --gtest_filter='*Random*'
	./build/release/tests/oracle/texsim_oracle --bounds --seed 33 --cases 6144 --lanes 256 --special 0 --max-print 20
	./build/release/tests/oracle/texsim_oracle --bounds --seed 34 --cases 2048 --lanes 256 --special 50 --max-print 20

oracle-soak: build
	bash scripts/oracle-soak.sh build/release

# Issue 14: VENDOR_WORDS random TLDS words per architecture through nvdisasm -b and texsim (ctest
# runs 50,000 each); needs the NVIDIA tools from scripts/install-nvidia-tools.sh.
VENDOR_WORDS ?= 1000000
# Issue 19: every opcode row (VENDOR_OPS), not only TLDS.
# Issue 29: the generic table's rows, GENERIC_WORDS random words each (ctest: 200).
GENERIC_WORDS ?= 2000
VENDOR_OPS ?= TLDS TEXS TLD4S TEX TLD TLD4 TXD TMML TXQ TEX.B TLD.B TLD4.B TXD.B TMML.B TXQ.B TXA
vendor-soak: build
	for op in $(VENDOR_OPS); do for a in SM50 SM52 SM53 SM60 SM61 SM62; do \
	  ./build/release/tests/vendor/sass/sass_nvdisasm_words --nvdisasm build/vendor/nvidia/bin/nvdisasm \
	    --arch $$a --op $$op --words $(VENDOR_WORDS) --seed 1400 --work build/release/tests/vendor/sass/work || exit 1; \
	done; done
	for a in SM50 SM52 SM53 SM60 SM61 SM62; do \
	  ./build/release/tests/vendor/sass/sass_nvdisasm_generic --nvdisasm build/vendor/nvidia/bin/nvdisasm \
	    --arch $$a --words $(GENERIC_WORDS) --seed 2900 --work build/release/tests/vendor/sass/work || exit 1; \
	done

# libFuzzer targets (tests/fuzz, docs/reliability.md): clang, ASan + UBSan, in the asan tree. New
# inputs go to build/asan/corpus/<target> (the committed seeds in tests/fuzz/corpus stay as they
# are); crashes to build/asan/artifacts/. Any crash, leak, sanitizer report, timeout (> 10 s for
# one input) or allocation over 2 GiB fails the target.
FUZZ_TARGETS := visa_text visa_binary visa_isa visa_ocl sass_text sass_words sass_cubin scene_json exec scene_png \
  scene_npz
FUZZ_SECONDS ?= 300

# The fuzz targets live in the one sanitized tree (preset asan, decision N8).
fuzz-build: deps
	cmake --preset asan
	cmake --build --preset fuzz -j $(JOBS)

# Targets run FUZZ_JOBS at a time (scripts/fuzz-soak.sh; one summary line each).
FUZZ_JOBS ?= $(JOBS)
fuzz: fuzz-build
	printf '%s\n' $(FUZZ_TARGETS) | \
	  xargs -P $(FUZZ_JOBS) -n 1 bash scripts/fuzz-soak.sh $(FUZZ_SECONDS) -1

# CI (part of `make test`): every target for 30 s from its committed corpus, two at a time
# (`make fuzz`: 300 s each).
fuzz-ci:
	$(MAKE) fuzz FUZZ_SECONDS=30

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp' '*.h' '*.cu')

clean:
	rm -rf build

# Issue 30: the folder a GPU machine runs (docs/hardware.md): build/release/hw-bundle, <= 64 MiB;
# there, `hw-bundle/run.sh OUT_DIR` writes OUT_DIR/report.{json,txt}.
hw-bundle: build
	cmake --build --preset release --target hw_bundle
