// The variants: one function per kernel returning its descriptor (with its CPU model), each defined in
// core/variants/<id>.cpp beside kernels/<id>.cl and named like the kernel (the id with '-' as '_'). core/catalogue/variant.cpp
// lists them in teaching order. Also the built-ins' models, which take the device's sub-group size and match its
// float order only within rounding, so tests call them directly rather than through VariantInfo::model.
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
VariantInfo hillis_steele();
VariantInfo hillis_steele_in_place();
VariantInfo blelloch();
VariantInfo blelloch_conflict_free();
VariantInfo raking();
VariantInfo decoupled_look_back();
VariantInfo reduce_then_scan();
VariantInfo chunked();
VariantInfo chunked_look_back();
VariantInfo work_group_scan();

}  // namespace rl::variants

namespace rl::model {

GroupTrace workGroupReduce(const ModelInput& in);
GroupTrace subGroupReduce(const ModelInput& in, size_t subGroupSize);
GroupTrace workGroupScan(const ModelInput& in);

}  // namespace rl::model
