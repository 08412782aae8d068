// The registry of variants, in teaching order, and the toggle-to-variant mapping the explorer uses.
#include "core/variant.h"

#include <algorithm>

#include "core/variants/descriptors.h"

namespace rl {
namespace {

std::vector<VariantInfo> build() {
    std::vector<VariantInfo> all = {
        variants::interleavedDivergent(),
        variants::interleavedStrided(),
        variants::sequential(),
        variants::firstAdd(),
        variants::unrollLastWarp(),
        variants::completeUnroll(),
        variants::multiElement(),
        variants::unrollLastWarpSafe(),
        variants::vector4(),
        variants::gridStride(),
        variants::bestGpu(),
        variants::bestCpu(),
        variants::globalBottomUp(),
        variants::globalTopDown(),
        variants::workGroupReduce(),
        variants::subGroupReduce(),
    };
    for (auto& v : all) {
        v.kernelName = v.id;
        std::replace(v.kernelName.begin(), v.kernelName.end(), '-', '_');
    }
    return all;
}

bool sameToggles(const VariantToggles& a, const VariantToggles& b) {
    return a.sequentialAddressing == b.sequentialAddressing && a.compactBranching == b.compactBranching &&
           a.firstAddDuringLoad == b.firstAddDuringLoad && a.unrollLastWarp == b.unrollLastWarp &&
           a.completeUnroll == b.completeUnroll && a.multiElement == b.multiElement && a.vectorLoads == b.vectorLoads;
}

}  // namespace

const std::vector<VariantInfo>& allVariants() {
    static const std::vector<VariantInfo> all = build();
    return all;
}

const VariantInfo* findVariant(std::string_view id) {
    for (const auto& v : allVariants())
        if (v.id == id) return &v;
    return nullptr;
}

const VariantInfo* variantForToggles(const VariantToggles& toggles, std::string* why) {
    for (const auto& v : allVariants())
        if (v.kind == VariantKind::LocalTree && v.correctByDesign == true && sameToggles(v.toggles, toggles)) return &v;
    for (const auto& v : allVariants())
        if (v.kind == VariantKind::LocalTree && sameToggles(v.toggles, toggles)) return &v;
    if (why) {
        if (toggles.sequentialAddressing && !toggles.compactBranching)
            *why = "sequential addressing already keeps active work-items contiguous: there is no divergent form of it";
        else if ((toggles.firstAddDuringLoad || toggles.unrollLastWarp || toggles.completeUnroll ||
                  toggles.multiElement || toggles.vectorLoads) && !toggles.sequentialAddressing)
            *why = "the later optimizations build on sequential addressing: turn it on first";
        else
            *why = "no kernel combines these optimizations; the ladder adds them one at a time";
    }
    return nullptr;
}

}  // namespace rl
