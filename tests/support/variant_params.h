// Tests parameterised over the variant registry: the ids that satisfy a predicate, and the test-name suffix of each
// (the kernel name: the id with '-' as '_', since GoogleTest names allow no '-'), so --gtest_filter=*<kernel name>*
// finds every test of a variant.
#pragma once
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "core/catalogue/variant.h"

namespace rl::test {

inline std::vector<std::string> variantIds(const std::function<bool(const VariantInfo&)>& keep) {
    std::vector<std::string> ids;
    for (const auto& v : reduceVariants())
        if (keep(v)) ids.push_back(v.id);
    return ids;
}

inline std::string kernelNameOf(const ::testing::TestParamInfo<std::string>& info) {
    return findVariant(info.param)->kernelName;
}

}  // namespace rl::test
