// Shared fixtures of the view tests: groups recorded by the CPU model (what the device must record too).
#pragma once
#include <vector>

#include "core/model/model.h"
#include "core/catalogue/pass_plan.h"
#include "core/catalogue/variant.h"

namespace rl::view::testing {

// One work-group of `variantId` over iota input 0, 1, 2, ... of n ints with work-group size wg.
inline GroupTrace modelGroupOf(const char* variantId, size_t n, size_t wg, size_t group = 0) {
    const VariantInfo* v = findVariant(variantId);
    RunConfig c;
    c.variant = variantId;
    c.n = n;
    c.wg = wg;
    c.type = ElemType::Int;
    c.op = Op::Sum;
    const auto plan = planPasses(*v, c);
    std::vector<double> input(n);
    for (size_t i = 0; i < n; ++i) input[i] = double(i);
    return modelGroup(ModelInput{*v, plan[0], input, group, c.op, c.type});
}

}  // namespace rl::view::testing
