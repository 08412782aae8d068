// The reductions: one function per kernel returning its descriptor (with its CPU model), each defined in
// core/patterns/reduce/<id>.cpp beside kernels/reduce/<id>.cl and named like the kernel (the id with '-' as '_');
// core/patterns/reduce/reduce.cpp lists them in teaching order. Also the built-ins' models, which take the device's
// sub-group size and match its float order only within rounding, so tests call them directly rather than through
// VariantInfo::model.
#pragma once
#include "core/model/model.h"
#include "core/catalogue/variant.h"

namespace rl::variants {

VariantInfo interleaved_divergent();
VariantInfo interleaved_strided();
VariantInfo sequential();
VariantInfo first_add();
VariantInfo unroll_last_warp();
VariantInfo complete_unroll();
VariantInfo multi_element();
VariantInfo unroll_last_warp_safe();
VariantInfo vector4();
VariantInfo grid_stride();
VariantInfo best_gpu();
VariantInfo best_cpu();
VariantInfo global_bottom_up();
VariantInfo global_top_down();
VariantInfo work_group_reduce();
VariantInfo sub_group_reduce();

}  // namespace rl::variants

namespace rl::model {

GroupTrace workGroupReduce(const ModelInput& in);
GroupTrace subGroupReduce(const ModelInput& in, size_t subGroupSize);

}  // namespace rl::model
