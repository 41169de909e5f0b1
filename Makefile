# Thin wrapper over CMake presets: `make demo` and `make test` are the two commands in README.md.
JOBS ?= 2

.PHONY: all deps build demo test test-release test-asan bench oracle-soak clean format

all: build

deps:
	bash scripts/install-deps.sh

build: deps
	cmake --preset release
	cmake --build --preset release -j $(JOBS)

demo: build
	./build/release/texsim

test-release: build
	ctest --preset release -j $(JOBS)

test-asan: deps
	cmake --preset asan
	cmake --build --preset asan -j $(JOBS)
	ctest --preset asan -j $(JOBS)

test: test-release test-asan

bench: build
	./build/release/bench/texsim_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only=true

oracle-soak: build
	bash scripts/oracle-soak.sh build/release

format:
	clang-format -i $$(git ls-files '*.cpp' '*.hpp')

clean:
	rm -rf build
