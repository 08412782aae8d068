// The scans: one function per kernel returning its descriptor (with its CPU model), each defined in
// core/patterns/scan/<id>.cpp beside kernels/scan/<id>.cl and named like the kernel (the id with '-' as '_');
// core/patterns/scan/scan.cpp lists them in teaching order. Also the built-in's model, which matches the device's
// float order only within rounding, so tests call it directly rather than through VariantInfo::model.
#pragma once
#include "core/model/model.h"
#include "core/catalogue/variant.h"

namespace rl::variants {

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

GroupTrace workGroupScan(const ModelInput& in);

}  // namespace rl::model
