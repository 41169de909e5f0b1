// The batch path's per-block tap hook (issue 27, FA1): a consumer of the SIMD kernels' TapLog
// that needs no TexelRead records (hwstate/fast_access.hpp maps the slots to addresses).
// Depends on texel_reads.hpp and kernels.hpp (batch.hpp's types are declared here only: batch.cpp
// includes this header, layering.texunit_cycles).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include "texunit/simd/kernels.hpp"
#include "texunit/texel_reads.hpp"

namespace texsim::texunit::simd {

// How one lane of a block reported its reads.
enum class TapLane : uint8_t {
  kNone = 0,    // inactive: no reads
  kSimd = 1,    // the kernel's TapLog slots (passes x taps, `on` marks the reads)
  kScalar = 2,  // the scalar reference's reads, in TapBlock::scalar_reads (lane-tagged)
};

// One block of a batch after its kernel (and its scalar lanes) ran. The lanes' reads in lane
// order are exactly what the read log (SurfaceView::read_log) of the same batch would hold
// (ML8): a kSimd lane's slots pass by pass, taps x fastest, where `on` is non-zero; a kScalar
// lane's its scalar reads.
struct TapBlock {
  const TapLog* log = nullptr;  // block lane j's slot s at s * log->stride + j
  size_t begin = 0;             // the message lanes [begin, end)
  size_t end = 0;
  unsigned taps = 1;               // taps per level pass: 4 linear, 1 point (slots pass * 4 + tap)
  unsigned passes = 1;             // level passes: fetch 1, sample 2
  const uint8_t* lanes = nullptr;  // end - begin TapLane values
  std::span<const TexelRead> scalar_reads;  // the kScalar lanes' reads, lane order
};

class TapSink {
 public:
  virtual ~TapSink() = default;
  // Called once per block, blocks in lane order, on the caller's thread.
  virtual void block(const TapBlock& block) = 0;
};

}  // namespace texsim::texunit::simd

namespace texsim::texunit {

struct BatchOptions;
struct BatchStats;
struct FetchBatch;
struct FetchOptions;
struct PrecisionProfile;
struct SampleBatch;
struct SamplerState;
struct SurfaceView;
struct TexelLanes;

// fetch_batch / sample_batch (batch.hpp) with the reads handed to `sink` block by block instead of
// a read log (view.read_log is ignored). The same results and statistics; one thread (lane order).
BatchStats fetch_batch_taps(const SurfaceView& view, const FetchBatch& batch, const TexelLanes& out,
                            const FetchOptions& fetch_options, const BatchOptions& batch_options,
                            simd::TapSink& sink);
BatchStats sample_batch_taps(const SurfaceView& view, const SamplerState& sampler,
                             const SampleBatch& batch, const TexelLanes& out,
                             const PrecisionProfile& precision, const BatchOptions& batch_options,
                             simd::TapSink& sink);

}  // namespace texsim::texunit
