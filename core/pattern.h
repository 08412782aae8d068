// The patterns ReduceLab teaches, each one description the front ends share: its name on the command line and in
// sessions, its title, its variants and the variant it opens with. Each pattern lives in its own folders
// (kernels/<name>/, core/patterns/<name>/) and is listed once, in core/patterns/registry.cpp; what differs between
// patterns lives in their descriptions and their variants' kinds (runners, core/cl/runners.h), not in branches.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/device_info.h"
#include "core/input.h"
#include "core/run_config.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl {

struct Reference;  // core/model/reference.h: a reduction's reference value

// How a timed run checks the result of each call (core/cl/timed_run.cpp), made once per run from its input.
class ResultCheck {
public:
    virtual ~ResultCheck() = default;
    // Reads up to `count` elements of the run's output from `first` into *out; false where the run leaves one value.
    using ReadPiece = std::function<bool(size_t first, size_t count, std::vector<double>* out)>;
    // The call's result: `value` is what the runner returned (a reduction's value, a scan's last element, a
    // histogram's first bin); `firstCall`: the run's first timed call, where an array is checked whole. Sets *verdict.
    virtual bool check(double value, bool firstCall, const ReadPiece& read, std::string* verdict) = 0;
    // The reference a run's result is shown against.
    virtual double reference() const = 0;
};

// How the views name a stage's cells and its operations, in a pattern's words.
struct CellWords {
    std::string cell = "cell";                   // a cell of local memory ("bin": a histogram's counter)
    std::string cleared = "the identity";        // what a clear writes ("0")
    std::string registerOperand = "its input";   // the operand a work-item keeps in a register ("1": one count)
    std::string toGlobal = "global memory";      // where a cell read out to global memory goes ("the global bins")
    std::string localBuffer = "scratch";         // the contract's __local buffer, as a finding names it
    std::string globalBuffers = "in or out";     // the contract's global buffers, as a finding names them
    // Whether local memory may hold several copies of each output value (a histogram's copies of its bins: copy r
    // of value b at cell b x copies + r), and how many a run holds (1; the views set it from the run's cells).
    bool copiesOfOutput = false;
    size_t copies = 1;
    // Cells before the output's that hold a tile's keys (a histogram sorting its tile's bins: one per work-item),
    // named "key i", the output's cells after them counted from 0 (0: none; the views set it from the run's variant).
    size_t keys = 0;
};

// "op sum": what a run's problem is beyond its input, for reports (the default of PatternInfo::problemWords).
std::string opWords(const RunConfig& config);

// A size the check runs beyond its usual ones, with settings of the pattern's own (a histogram's bins, its data).
struct CheckCase {
    size_t n = 0;
    std::string why;
    size_t bins = 0;                          // > 0: RunConfig::bins
    DataPattern data = DataPattern::Random;  // the input's pattern
    // Settings made from the input once it is drawn (a histogram's range narrower than its data). Null: none.
    void (*prepare)(RunConfig& config, const HostArray& input) = nullptr;
    // The input remade for the operation checked, once it is drawn (paddingShowsCase's values all on the side of 0
    // where a padding of 0 changes a min or a max). Null: as drawn.
    void (*reshape)(HostArray& input, Op op) = nullptr;
};

// For the patterns whose kernels pad with the operation's identity (reductions, scans): random values of both signs
// hide a padding of 0, which leaves a min right as soon as one value is below 0. This case has 5.5 work-groups of
// values all above 0 for a min and all below 0 for a max, where it shows; a size none of the check's others takes.
CheckCase paddingShowsCase(size_t wg);

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
    std::string bandwidthNote;   // what its GB/s count, as a table's footnote says it ("bytes read once")
    std::vector<VariantInfo> variantList;  // in teaching order (catalogueVariants)
    // A traced run's verdict: sets trace.reference, trace.correct and trace.verdict from what the run gave (a
    // reduction's value; a scan's every element, in trace.output) against the host's reference of `input`.
    void (*judgeTrace)(const VariantInfo& variant, const RunConfig& config, const HostArray& input,
                       TraceRun& trace) = nullptr;
    // A timed run's check of every call's result against the host's reference of `input` (`reference`: its one value,
    // which several runs of one input share). Null: the one value against `reference` (a reduction's).
    std::unique_ptr<ResultCheck> (*resultCheck)(const VariantInfo& variant, const RunConfig& config,
                                                const HostArray& input, const Reference& reference) = nullptr;
    // What a run takes from its data before its kernels are built (a histogram's range: the data's minimum and
    // maximum where --range named none). Null: the config as given.
    RunConfig (*completeConfig)(const RunConfig& config, const HostArray& input) = nullptr;
    // Build options of its own (a histogram's bins and range: RL_NBINS, RL_BIN...), after the common ones.
    std::string (*buildOptions)(const VariantInfo& variant, const RunConfig& config) = nullptr;
    // The value a check puts past the end of an input, where the op's (core/input.h's guardValue) would not change
    // the result (a histogram skips values outside its range: its guard is one inside, in bin 0). Null: the op's.
    double (*guardValue)(const RunConfig& config) = nullptr;
    // The __local bytes one work-group of a variant takes in its timed or its traced build (a traced build may keep
    // more: global-atomics counts its group's increments too). Null: the variant's scratch (scratchElems) of elements.
    size_t (*localBytes)(const VariantInfo& variant, const RunConfig& config, bool traced) = nullptr;
    // The whole run in the CPU model, where it is not passes of groups each reducing to one partial (the default:
    // core/model/model.h's modelRun): every pass's traces, and *result set to the run's result (a scan: its last
    // element). Null: the default.
    std::vector<PassTrace> (*modelRun)(const VariantInfo& variant, const RunConfig& config,
                                       const std::vector<double>& input, double* result) = nullptr;
    // Its fastest variant on a device (BENCHMARKS.md measures why), and a paragraph saying why for the Timings view.
    std::string (*bestVariant)(const DeviceInfo& device) = nullptr;
    std::string (*bestReason)(const DeviceInfo& device) = nullptr;
    // The Timings view's plots: the variants drawn against N and in the float round-off plot (the best one is added).
    std::vector<std::string> plotSizeVariants, plotRoundVariants;
    bool roundsFloats = true;  // its float results round (sums): the Timings view's Round-off tab; a count does not
    bool harrisFigures = false;  // its ladder has Harris's published G80 figures beside it (reductions)
    bool exclusiveForm = false;  // it has an inclusive and an exclusive form (--exclusive, -D RL_EXCLUSIVE: scans)
    bool ladderToggles = false;  // the explorer composes its variants from the classic optimizations' toggles
    bool lectureOneElementPerItem = false;  // a lecture preset takes one element per work-item where epi is settable
    // A lecture preset's settings of the pattern's own (a histogram: one bin per digit of its 0-9 data). Null: none.
    void (*lectureSettings)(RunConfig& config) = nullptr;
    // `reducelab trace`'s text: what a pass is called ("pass", "launch"), whether a stage's operations are counted
    // (a scan's work: n log n against 2n), and whether a stage where work-items do two operations is marked x2
    // (best-gpu's fused tree stages; a scan's swap and add is one step).
    std::string launchNoun = "pass";
    bool countsOperations = false;
    bool marksFusedStages = false;
    bool showsContention = false;
    bool takesOp = true;
    std::vector<std::string> ownSettings;  // the run settings only it reads (a histogram's "bins", "range"): reports
                                           // name them (core/files/run_settings.h gives their text)  // it applies --op (sum, min, max); a histogram counts, whatever the op  // its stages' writes may queue on one cell: the views count the contention
    // A student's kernel: the launch contract (where each argument goes; KernelArgs::sums >= 0: a buffer of tile
    // totals), the contract's signature ("NAME" stands for the kernel's name) and the sentence that explains it, the
    // noun for its kernels ("a reduction kernel") and what the check's largest size exercises.
    KernelArgs contract;
    std::string starterFile;  // the workbench's new kernel: kernels/<name>/starter.cl, a first kernel to edit
    std::string contractSignature;
    std::string contractWords;
    std::string kernelNoun;
    std::string threeLevels, threeLevelsShort;
    // What a size of the check tests, for the message of a size that fails: fewer elements than work-items, a last
    // work-group partly filled, whole work-groups.
    std::string fewerThanGroupTests, partialGroupTests, wholeGroupsTests;
    // The check's cases of its own, after the sizes every kernel is checked on (a histogram's bin counts and data).
    std::vector<CheckCase> (*checkCases)(size_t wg) = nullptr;
    bool resultIsOneValue = true;  // its result is one value (a reduction), checked as such; false: an array checked
                                   // element by element (a scan's elements, a histogram's bins)
    std::string resultNoun = "result";
    std::string traceResultNoun = "result";
    // What a run's problem is beyond its input, in a report's words ("op sum", "256 bins over 0..255").
    std::string (*problemWords)(const RunConfig& config) = &opWords;  // ... and in a trace's ("last", "counted")
    CellWords words;  // what its result is called in a run's report ("last element", "bin 0")
    // A student's kernel as a variant before its own name, source and arguments: the kind it is launched as, its
    // lesson, its scratch per work-item.
    VariantInfo studentKernel;
    // The simulator's advice in the words of its contract, where they differ from the general advice (empty: the
    // general one): a race in local memory, a write or a read past the end of a buffer.
    std::string localRaceAdvice, writePastEndAdvice, readPastEndAdvice, uninitialisedAdvice, globalRaceAdvice;
    // The course's advice where more work-groups load the input than a few elements per work-item would need.
    std::string loadAdvice = "let each work-item load and combine several elements before the tree, and the "
                             "work-groups past the end write the identity";
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
