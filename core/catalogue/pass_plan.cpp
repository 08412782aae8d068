// Pass planning for every kind of variant.
#include "core/catalogue/pass_plan.h"

#include "core/types.h"

#include <algorithm>

namespace rl {
namespace {

size_t ceilDiv(size_t a, size_t b) { return (a + b - 1) / b; }

}  // namespace

int effectiveElemsPerItem(const VariantInfo& variant, const RunConfig& config) {
    const int e = variant.elementsPerItemSettable && config.elemsPerItem > 0 ? config.elemsPerItem
                                                                             : std::max(1, variant.defaultElementsPerItem);
    const int m = std::max(1, variant.elemsPerItemMultiple);
    return (e + m - 1) / m * m;
}

size_t timedGrid(const VariantInfo& variant, size_t n, size_t wg, int computeUnits) {
    if (variant.groupsPerComputeUnit <= 0) return 0;
    size_t cap = size_t(variant.groupsPerComputeUnit) * size_t(std::max(1, computeUnits));
    if (variant.kind != VariantKind::LastGroup) {
        if (variant.elemsPerGrownGroup == 0) return cap;
        const size_t most = size_t(std::max(variant.groupsPerComputeUnit, variant.maxGroupsPerComputeUnit)) *
                            size_t(std::max(1, computeUnits));
        return std::clamp(ceilDiv(std::max<size_t>(1, n), variant.elemsPerGrownGroup), cap, most);
    }
    wg = std::max<size_t>(1, wg);
    if (cap >= wg) cap -= cap % wg;
    n = std::max<size_t>(1, n);
    const size_t fewGroups = std::max<size_t>(1, wg / 4);
    const size_t oneStep = ceilDiv(n, wg * kLastGroupStepElems);
    if (oneStep <= fewGroups) return std::min(oneStep, cap);
    const size_t twoSteps = std::max(fewGroups, ceilDiv(n, wg * 2 * kLastGroupStepElems));
    if (twoSteps <= std::max<size_t>(1, wg / 2)) return std::min(twoSteps, cap);
    const size_t fourSteps = std::max(wg / 2, ceilDiv(n, wg * 4 * kLastGroupStepElems));
    if (fourSteps <= wg) return std::min(fourSteps, cap);
    const size_t persistent = persistentLastGroupGrid(variant, n, wg, computeUnits);
    if (cap < wg || ceilDiv(n, persistent * wg) <= kLastGroupMaxPersistentElems) return persistent;
    return std::clamp(ceilDiv(n, wg * kLastGroupStreamElems), wg, wg * wg);
}

int timedElementsPerItem(const VariantInfo& variant, size_t wg, size_t elemBytes, size_t localMemBytes) {
    if (!variant.tileInLocal || variant.maxTimedElementsPerItem <= 0 || wg == 0 || elemBytes == 0) return 0;
    for (int epi = variant.maxTimedElementsPerItem / 8 * 8; epi >= 8; epi -= 8) {
        const size_t bytes = wg * size_t(epi + 1 + variant.scratchPerItem) * elemBytes + kLocalMargin;
        if (bytes <= localMemBytes) return epi;
    }
    return 0;
}

int cpuTimedElementsPerItem(const VariantInfo& variant, size_t wg, bool streamed) {
    if (variant.timedTileOnCpu == 0 || wg == 0) return variant.timedElementsPerItem;
    const size_t tile = variant.timedTileOnCpu * (streamed ? 2 : 1);
    const size_t runs = std::min<size_t>(kMaxElemsPerItem, tile / wg);
    return std::max(variant.timedElementsPerItem, int(runs));
}

size_t timedWorkGroup(const VariantInfo& variant, bool cpuDevice) {
    return cpuDevice && variant.timedWorkGroupOnCpu > 0 ? variant.timedWorkGroupOnCpu : kTimedWorkGroup;
}

size_t persistentLastGroupGrid(const VariantInfo& variant, size_t n, size_t wg, int computeUnits) {
    wg = std::max<size_t>(1, wg);
    size_t cap = size_t(std::max(1, variant.groupsPerComputeUnit)) * size_t(std::max(1, computeUnits));
    if (cap >= wg) cap -= cap % wg;
    return std::clamp(ceilDiv(std::max<size_t>(1, n), wg * kLastGroupMaxElemsPerItem), std::min(wg, cap), cap);
}

std::string finishingRole(size_t index, size_t passCount, size_t wg) {
    if (index == 0) return {};
    if (passCount <= 2) return "the last work-group to start";
    if (index == 1) return "the last work-group of each block of " + std::to_string(wg) + " to start";
    return "the last of the blocks' finishers";
}

size_t scanChunk(const PassPlan& pass) {
    const size_t tile = pass.local * size_t(std::max(1, pass.elemsPerItem));
    return ceilDiv(ceilDiv(pass.n, tile), std::max<size_t>(1, pass.groups)) * tile;
}

PassTrace passTraceOf(const PassPlan& pass, size_t index) {
    PassTrace pt;
    pt.pass = int(index);
    pt.n = pass.n;
    pt.groups = pass.groups;
    pt.global = pass.global;
    pt.local = pass.local;
    return pt;
}

size_t partialsAfter(const PassPlan& pass, const VariantInfo& variant) {
    switch (variant.kind) {
        case VariantKind::GlobalBottomUp:
        case VariantKind::GlobalTopDown: return 1;
        default: return pass.groups;
    }
}

std::vector<PassPlan> planPasses(const VariantInfo& variant, const RunConfig& config) {
    std::vector<PassPlan> passes;
    const size_t wg = std::max<size_t>(1, config.wg);
    switch (variant.kind) {
        case VariantKind::GlobalBottomUp: {
            // Launch k adds arr[step*i + step/2] into arr[step*i], step = 2, 4, 8, ... while step/2 < n.
            for (size_t step = 2; step / 2 < config.n; step *= 2) {
                PassPlan p;
                p.n = config.n;
                p.step = int(step);
                const size_t items = ceilDiv(config.n, step);
                p.groups = ceilDiv(items, wg);
                p.global = p.groups * wg;
                p.local = wg;
                passes.push_back(p);
            }
            return passes;
        }
        case VariantKind::GlobalTopDown: {
            // One launch: work-item i adds arr[i + stride] into arr[i]; ceil(n/2) work-items are ever active.
            PassPlan p;
            p.n = config.n;
            p.groups = ceilDiv(std::max<size_t>(1, ceilDiv(config.n, 2)), wg);
            p.global = p.groups * wg;
            p.local = wg;
            passes.push_back(p);
            return passes;
        }
        case VariantKind::ScanReduceThenScan:
        case VariantKind::ScanChunks: {
            // Two launches over the same fixed grid: the chunks' totals, then each chunk's scan.
            PassPlan p;
            p.n = config.n;
            p.local = wg;
            p.elemsPerItem = effectiveElemsPerItem(variant, config);
            const size_t tiles = ceilDiv(config.n, wg * size_t(p.elemsPerItem));
            const size_t grid = config.groups > 0 ? config.groups : size_t(std::max(1, variant.groupsPerComputeUnit));
            p.groups = ceilDiv(tiles, ceilDiv(tiles, std::min(tiles, grid)));  // no group without a tile
            p.global = p.groups * wg;
            passes.push_back(p);
            p.step = 1;
            passes.push_back(p);
            return passes;
        }
        case VariantKind::Histogram:
        case VariantKind::HistogramTwoPass:  // (its sum over the groups' rows: an extra launch, KindRunner)
        case VariantKind::ScanLookBack: {
            // One launch: a tile of wg x epi elements per work-group, however many tiles that takes. A fixed grid
            // (a histogram whose groups clear and merge their bins once): at most config.groups groups, group g
            // taking tiles g, g + groups, ...; the elements per work-item are then all its tiles' (the steps a
            // trace records).
            PassPlan p;
            p.n = config.n;
            p.local = wg;
            p.elemsPerItem = effectiveElemsPerItem(variant, config);
            p.groups = ceilDiv(config.n, wg * size_t(p.elemsPerItem));
            if (variant.groupsPerComputeUnit > 0) {
                const size_t tiles = p.groups;
                const size_t grid = config.groups > 0 ? config.groups : size_t(variant.groupsPerComputeUnit);
                p.groups = std::max<size_t>(1, std::min(tiles, grid));
                p.elemsPerItem *= int(ceilDiv(tiles, p.groups));
            }
            p.global = p.groups * wg;
            passes.push_back(p);
            return passes;
        }
        case VariantKind::LastGroup: {
            // The grid's pass; then, unless the host finishes or one group covered everything, the finish inside
            // the same launch: with at most wg groups, the last group to start (to draw a ticket) reduces the
            // partials (one per work-item); with more, the last group of each block of wg groups reduces that block's partials, and
            // the last of those reduces the blocks' partials. So at most wg x wg groups.
            PassPlan first;
            first.n = config.n;
            first.local = wg;
            const size_t grid = config.groups > 0 ? config.groups : size_t(std::max(1, variant.groupsPerComputeUnit));
            first.groups = std::min({ceilDiv(config.n, wg * size_t(effectiveElemsPerItem(variant, config))), grid,
                                     wg * wg});
            first.elemsPerItem = int(ceilDiv(config.n, first.groups * wg));
            first.global = first.groups * wg;
            passes.push_back(first);
            if (first.groups <= 1 || config.finalOnHost) return passes;
            for (size_t partials = first.groups; partials > 1;) {
                PassPlan finish;
                finish.n = partials;
                finish.groups = ceilDiv(partials, wg);
                finish.local = wg;
                finish.global = finish.groups * wg;
                finish.elemsPerItem = 1;
                finish.inPreviousLaunch = true;
                passes.push_back(finish);
                partials = finish.groups;
            }
            return passes;
        }
        default: break;
    }
    const int epi = effectiveElemsPerItem(variant, config);
    size_t n = config.n;
    do {
        PassPlan p;
        p.n = n;
        p.elemsPerItem = epi;
        p.local = wg;
        p.groups = ceilDiv(n, wg * size_t(epi));
        if (variant.groupsPerComputeUnit > 0) {  // fixed grid: at most config.groups groups, each item loops
            const size_t grid = config.groups > 0 ? config.groups : size_t(variant.groupsPerComputeUnit);
            p.groups = std::min(p.groups, grid);
            if (!passes.empty() && n <= wg * 64) p.groups = 1;  // the partials: one group, so two launches in all
            p.elemsPerItem = int(ceilDiv(n, p.groups * wg));
        }
        p.global = p.groups * wg;
        if (p.groups >= n && n > 1)  // one partial per input: the passes would never end
            throw Error(ErrorKind::BadInput,
                        "a work-group of " + std::to_string(wg) + " work-item" + (wg == 1 ? "" : "s") + " with " +
                            std::to_string(p.elemsPerItem) + " element" + (p.elemsPerItem == 1 ? "" : "s") +
                            " each leaves as many partials as inputs, so the reduction never gets smaller: give "
                            "--wg 2 or more");
        passes.push_back(p);
        n = p.groups;
        if (config.finalOnHost && n <= wg) break;
    } while (n > 1);
    return passes;
}

void chooseTracedGroups(size_t groups, size_t pass, const TraceSelection& selection, size_t* first, size_t* count) {
    if (groups <= selection.maxFullGroups) {
        *first = 0;
        *count = groups;
    } else if (pass == 0) {
        *first = std::min(selection.firstGroup, groups - 1);
        *count = std::max<size_t>(1, std::min(selection.groupCount, groups - *first));
    } else {
        *first = 0;
        *count = 1;
    }
}

}  // namespace rl
