// The histograms: one function per kernel returning its descriptor (with its CPU model), each defined in
// core/patterns/histogram/<id>.cpp beside kernels/histogram/<id>.cl and named like the kernel (the id with '-' as
// '_'); core/patterns/histogram/histogram.cpp lists them in teaching order.
#pragma once
#include "core/catalogue/variant.h"

namespace rl::variants {

VariantInfo global_atomics();
VariantInfo local_nonatomic();
VariantInfo privatized();
VariantInfo coarsened();
VariantInfo coarsened_vector();
VariantInfo coarsened_contiguous();
VariantInfo aggregated();
VariantInfo sub_group();
VariantInfo replicated();
VariantInfo two_pass();
VariantInfo per_work_item();
VariantInfo sort_then_count();

// What every histogram kernel shares: the pattern, the kind, the contract's arguments, any work-group size, 32-bit
// elements only.
VariantInfo histogramVariant(const char* id, const char* title);

}  // namespace rl::variants
