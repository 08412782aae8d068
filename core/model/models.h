// Per-variant model functions (one file each: core/model/model_<id>.cpp), dispatched by core/model/model.cpp.
#pragma once
#include "core/model/model.h"

namespace rl::model {

GroupTrace interleavedDivergent(const ModelInput& in);
GroupTrace interleavedStrided(const ModelInput& in);
GroupTrace sequential(const ModelInput& in);
GroupTrace firstAdd(const ModelInput& in);
GroupTrace unrollLastWarp(const ModelInput& in);  // also unroll-last-warp-safe and complete-unroll: same stages
GroupTrace multiElement(const ModelInput& in);
GroupTrace vector4(const ModelInput& in);
GroupTrace gridStride(const ModelInput& in);
GroupTrace bestGpu(const ModelInput& in);  // pass 0: gridStride; the pass in the same launch: the last group
GroupTrace bestCpu(const ModelInput& in);

// The global kinds model the whole array as one group; in.pass is the widest launch. Top-down: the intended
// (single-synchronised) semantics. globalKindRun is modelRun for them: one PassTrace with that one group.
GroupTrace globalBottomUp(const ModelInput& in);
GroupTrace globalTopDown(const ModelInput& in);
std::vector<PassTrace> globalKindRun(const VariantInfo& variant, const RunConfig& config,
                                     const std::vector<double>& input, double* result);

// The built-ins, not in modelRun's table: their float order is the driver's (no bit-for-bit match) and they run
// only where the device has the feature; tests/device/builtin_*_test.cpp use these directly. The sub-group model
// needs the device's sub-group size (recorded in the trace's sub-group stage parameter).
GroupTrace workGroupReduce(const ModelInput& in);
GroupTrace subGroupReduce(const ModelInput& in, size_t subGroupSize);
double treeReduce(std::vector<double> values, Op op, ElemType type);  // sequential-addressing tree order

}  // namespace rl::model
