// Factories of the KindRunner implementations (one file each) and helpers they share.
#pragma once
#include <CL/opencl.hpp>
#include <cstring>
#include <memory>

#include "core/cl/engine.h"

namespace rl {

std::unique_ptr<KindRunner> makeLocalTreeRunner();
std::unique_ptr<KindRunner> makeGlobalBottomUpRunner();
std::unique_ptr<KindRunner> makeGlobalTopDownRunner();
std::unique_ptr<KindRunner> makeLastGroupRunner();  // best-gpu: one launch, the last group finishes
std::unique_ptr<KindRunner> makeBuiltinRunner();  // work_group_reduce / sub_group_reduce: the local tree's launches

// Reads `count` partials from the start of `partials` (blocking) and returns the result: the one value, or the
// partials reduced on the host (timed into *hostFinalMs when given).
double readResult(Engine& engine, const RunConfig& config, const cl::Buffer& partials, size_t count,
                  double* hostFinalMs);

// A 32-bit device word as the value it holds.
inline double bitsToValue(cl_int bits, ElemType type) {
    if (type == ElemType::Int) return double(bits);
    float f;
    std::memcpy(&f, &bits, sizeof f);
    return double(f);
}

}  // namespace rl
