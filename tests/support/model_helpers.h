// Helpers for the model unit tests: run one variant's CPU model on a small hand-written input.
#pragma once
#include <gtest/gtest.h>

#include <vector>

#include "core/model/model.h"
#include "core/catalogue/pass_plan.h"

namespace rl::test {

// The model's stages for `group` of pass 0 of `variant` over `values`, with work-group size wg.
inline GroupTrace modelFirstPass(const std::string& variant, const std::vector<double>& values, size_t wg,
                                 Op op = Op::Sum, ElemType type = ElemType::Int, size_t group = 0, int epi = 0) {
    const VariantInfo* v = findVariant(variant);
    EXPECT_NE(v, nullptr) << variant;
    RunConfig config;
    config.variant = variant;
    config.n = values.size();
    config.wg = wg;
    config.op = op;
    config.type = type;
    config.elemsPerItem = epi;
    const auto plan = planPasses(*v, config);
    return modelGroup(ModelInput{*v, plan.at(0), values, group, op, type});
}

inline std::vector<double> iota(size_t n, double first = 0) {
    std::vector<double> out(n);
    for (size_t i = 0; i < n; ++i) out[i] = first + double(i);
    return out;
}

// The active flags of one stage, as a string of '1' and '.' per work-item (easy to read in a failure).
inline std::string activeMask(const Stage& s) {
    std::string out;
    for (const auto& op : s.ops) out += op.active ? '1' : '.';
    return out;
}

}  // namespace rl::test
