// Factories of the KindRunner implementations (one file each) and helpers they share.
#pragma once
#include <CL/opencl.hpp>
#include <cstring>
#include <memory>
#include <vector>

#include "core/cl/engine.h"

namespace rl {

std::unique_ptr<KindRunner> makeLocalTreeRunner();
std::unique_ptr<KindRunner> makeGlobalBottomUpRunner();
std::unique_ptr<KindRunner> makeGlobalTopDownRunner();
std::unique_ptr<KindRunner> makeLastGroupRunner();  // best-gpu: one launch, the last group to start finishes
std::unique_ptr<KindRunner> makeScanTilesRunner();  // scans: tile scans level by level, then uniform adds
std::unique_ptr<KindRunner> makeScanLookBackRunner();  // a scan in one launch (decoupled look-back)
std::unique_ptr<KindRunner> makeReduceThenScanRunner();  // a scan in two launches over a fixed grid
std::unique_ptr<KindRunner> makeBuiltinRunner();
std::unique_ptr<KindRunner> makeHistogramRunner();  // histograms: the bins zeroed, one launch (two: per-group rows)  // work_group_reduce / sub_group_reduce: the local tree's launches

// Reads `count` partials from the start of `partials` (blocking) and returns the result: the one value, or the
// partials reduced on the host (timed into *hostFinalMs when given).
double readResult(Engine& engine, const RunConfig& config, const cl::Buffer& partials, size_t count,
                  double* hostFinalMs);

// `count` elements of `buffer` from element `first` (blocking read), as values: a scan's output.
std::vector<double> readElements(Engine& engine, const cl::Buffer& buffer, size_t count, ElemType type,
                                 size_t first = 0);
// The same from a buffer of `total` elements, fewer where it ends first: a runner's readOutputPiece.
std::vector<double> readPiece(Engine& engine, const cl::Buffer& buffer, size_t total, size_t first, size_t count,
                              ElemType type);

// Element i of raw device memory holding elements of `type` (elemSize(type) bytes each), as the value it holds.
inline double valueAt(const void* raw, size_t i, ElemType type) {
    return valueFromBytes(static_cast<const char*>(raw) + i * elemSize(type), type);
}

}  // namespace rl
