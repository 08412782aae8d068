// What the registry derives for every variant (its kernel file, name and banner), the lookups over the patterns'
// variants, and the toggle-to-variant mapping the explorer uses. The patterns list their variants themselves
// (core/patterns/<pattern>/<pattern>.cpp).
#include "core/catalogue/variant.h"

#include <algorithm>
#include <cctype>

#include "core/catalogue/kernel_banner.h"
#include "core/catalogue/kernel_source.h"
#include "core/pattern.h"

namespace rl {
namespace {

bool sameToggles(const VariantToggles& a, const VariantToggles& b) {
    return a.sequentialAddressing == b.sequentialAddressing && a.compactBranching == b.compactBranching &&
           a.firstAddDuringLoad == b.firstAddDuringLoad && a.unrollLastWarp == b.unrollLastWarp &&
           a.completeUnroll == b.completeUnroll && a.multiElement == b.multiElement && a.vectorLoads == b.vectorLoads;
}

}  // namespace

std::vector<VariantInfo> catalogueVariants(std::string_view patternName, std::vector<VariantInfo> variants) {
    for (auto& v : variants) {
        v.kernelName = v.id;
        std::replace(v.kernelName.begin(), v.kernelName.end(), '-', '_');
        v.kernelFile = "kernels/" + std::string(patternName) + "/" + v.id + ".cl";
        const KernelBanner banner = parseKernelBanner(kernelFileText(v.kernelFile));
        v.lesson = banner.lesson;
        if (!v.lesson.empty()) v.lesson[0] = char(std::toupper((unsigned char)v.lesson[0]));  // a sentence on screen
        if (!banner.cost.empty()) v.lesson += " Cost: " + banner.cost;
        v.requirements = banner.requires_;
    }
    return variants;
}

const std::vector<VariantInfo>& reduceVariants() { return patternVariants(Pattern::Reduce); }

const std::vector<VariantInfo>& scanVariants() { return patternVariants(Pattern::Scan); }

const std::vector<VariantInfo>& patternVariants(Pattern pattern) { return patternInfo(pattern).variants(); }

const VariantInfo* findVariant(std::string_view id) {
    for (const auto& p : allPatterns())
        for (const auto& v : p.variants())
            if (v.id == id) return &v;
    return nullptr;
}

size_t scratchElems(const VariantInfo& variant, size_t wg) {
    const size_t cells = wg * size_t(std::max(1, variant.scratchPerItem));
    return variant.padShift > 0 ? size_t(wordOfCell(int(cells - 1), variant.padShift)) + 1 : cells;
}

const VariantInfo* variantForToggles(const VariantToggles& toggles, std::string* why) {
    for (const auto& v : reduceVariants())
        if (v.kind == VariantKind::LocalTree && v.correctByDesign == true && sameToggles(v.toggles, toggles)) return &v;
    for (const auto& v : reduceVariants())
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
