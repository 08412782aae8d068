// The registry of variants, in teaching order, and the toggle-to-variant mapping the explorer uses.
#include "core/catalogue/variant.h"

#include <algorithm>
#include <cctype>

#include "core/catalogue/kernel_banner.h"
#include "core/catalogue/kernel_source.h"
#include "core/variants/variants.h"

namespace rl {
namespace {

// Names each kernel and reads its lesson, cost and requirements from its banner.
std::vector<VariantInfo> withBanners(std::vector<VariantInfo> all);

// Teaching order: Harris's ladder, the safe tail, vector loads, the best kernels, Lawlor's global kinds, the
// built-ins. Adding a variant: kernels/<id>.cl, core/variants/<id>.cpp, and one line here.
std::vector<VariantInfo> build() {
    return withBanners({
        variants::interleaved_divergent(),
        variants::interleaved_strided(),
        variants::sequential(),
        variants::first_add(),
        variants::unroll_last_warp(),
        variants::complete_unroll(),
        variants::multi_element(),
        variants::unroll_last_warp_safe(),
        variants::vector4(),
        variants::grid_stride(),
        variants::best_gpu(),
        variants::best_cpu(),
        variants::global_bottom_up(),
        variants::global_top_down(),
        variants::work_group_reduce(),
        variants::sub_group_reduce(),
    });
}

// The scans: Hillis-Steele (and its race), Blelloch's work-efficient tree and its conflict-free form, raking (runs
// in registers), the single pass and the two-launch chunks, in tiles (GPUs) and one per work-item (CPUs), the
// chunks in one pass (CPUs), and the OpenCL C 2.0 built-in.
std::vector<VariantInfo> buildScans() {
    return withBanners({
        variants::hillis_steele(),
        variants::hillis_steele_in_place(),
        variants::blelloch(),
        variants::blelloch_conflict_free(),
        variants::raking(),
        variants::decoupled_look_back(),
        variants::reduce_then_scan(),
        variants::chunked(),
        variants::chunked_look_back(),
        variants::work_group_scan(),
    });
}

std::vector<VariantInfo> withBanners(std::vector<VariantInfo> all) {
    for (auto& v : all) {
        v.kernelName = v.id;
        std::replace(v.kernelName.begin(), v.kernelName.end(), '-', '_');
        const KernelBanner banner = parseKernelBanner(kernelFileText("kernels/" + v.id + ".cl"));
        v.lesson = banner.lesson;
        if (!v.lesson.empty()) v.lesson[0] = char(std::toupper((unsigned char)v.lesson[0]));  // a sentence on screen
        if (!banner.cost.empty()) v.lesson += " Cost: " + banner.cost;
        v.requirements = banner.requires_;
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

const std::vector<VariantInfo>& scanVariants() {
    static const std::vector<VariantInfo> all = buildScans();
    return all;
}

const std::vector<VariantInfo>& patternVariants(Pattern pattern) {
    return pattern == Pattern::Scan ? scanVariants() : allVariants();
}

const VariantInfo* findVariant(std::string_view id) {
    for (Pattern p : {Pattern::Reduce, Pattern::Scan})
        for (const auto& v : patternVariants(p))
            if (v.id == id) return &v;
    return nullptr;
}

size_t scratchElems(const VariantInfo& variant, size_t wg) {
    const size_t cells = wg * size_t(std::max(1, variant.scratchPerItem));
    return variant.padShift > 0 ? size_t(wordOfCell(int(cells - 1), variant.padShift)) + 1 : cells;
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
