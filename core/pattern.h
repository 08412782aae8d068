// The patterns ReduceLab teaches, each one description the front ends share: its name on the command line and in
// sessions, its title, its variants and the variant it opens with. Each pattern lives in its own folders
// (kernels/<name>/, core/patterns/<name>/) and is listed once, in core/patterns/registry.cpp; what differs between
// patterns lives in their descriptions and their variants' kinds (runners, core/cl/runners.h), not in branches.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/device_info.h"
#include "core/catalogue/variant.h"

namespace rl {

struct PatternInfo {
    Pattern id = Pattern::Reduce;
    std::string name;            // "reduce", "scan": --pattern, sessions, JSON, kernels/<name>/
    std::string title;           // "Reduction", "Scan (prefix sums)"
    std::string shortTitle;      // "Reduce", "Scan": a button's label
    std::string summary;         // one sentence: what it computes
    std::string ladderNote;      // the Timings view's tooltip on its ladder: what its GB/s count
    std::string ladderSizeNote;  // ... and on the ladder's N
    std::string noTilesNote;     // the Tiles tab where a variant of it has no tiles to show: where to look instead
    std::string defaultVariant;  // the variant a front end opens the pattern with
    int memoryPasses = 1;        // times its n elements must cross memory: read (a reduction), read and written (a
                                 // scan): effective bandwidth counts these bytes
    std::vector<VariantInfo> variantList;  // in teaching order (catalogueVariants)
    // Its fastest variant on a device (BENCHMARKS.md measures why), and a paragraph saying why for the Timings view.
    std::string (*bestVariant)(const DeviceInfo& device) = nullptr;
    std::string (*bestReason)(const DeviceInfo& device) = nullptr;
    // The Timings view's plots: the variants drawn against N and in the float round-off plot (the best one is added).
    std::vector<std::string> plotSizeVariants, plotRoundVariants;
    bool harrisFigures = false;  // its ladder has Harris's published G80 figures beside it (reductions)
    bool exclusiveForm = false;  // it has an inclusive and an exclusive form (--exclusive, -D RL_EXCLUSIVE: scans)
    bool ladderToggles = false;  // the explorer composes its variants from the classic optimizations' toggles
    // A student's kernel: the launch contract (where each argument goes; KernelArgs::sums >= 0: a buffer of tile
    // totals), the contract's signature ("NAME" stands for the kernel's name) and the sentence that explains it, the
    // noun for its kernels ("a reduction kernel") and what the check's largest size exercises.
    KernelArgs contract;
    std::string starterFile;  // the workbench's new kernel: kernels/<name>/starter.cl, a first kernel to edit
    std::string contractSignature;
    std::string contractWords;
    std::string kernelNoun;
    std::string threeLevels, threeLevelsShort;
    // The simulator's advice in the words of its contract, where they differ from the general advice (empty: the
    // general one): a race in local memory, a write or a read past the end of a buffer.
    std::string localRaceAdvice, writePastEndAdvice, readPastEndAdvice;
    const std::vector<VariantInfo>& variants() const { return variantList; }
};

// Every pattern, in teaching order: the registry (core/patterns/registry.cpp).
const std::vector<PatternInfo>& allPatterns();
const PatternInfo& patternInfo(Pattern pattern);
// The pattern named `name` ("reduce" or "scan"), or nullptr.
const PatternInfo* findPattern(std::string_view name);
// "reduce|scan", for usage lines and messages.
std::string patternNames();

}  // namespace rl
