// The histogram: its description and its variants in teaching order.
#include <algorithm>
#include <cmath>

#include "core/patterns/histogram/binning.h"
#include "core/patterns/histogram/model_histogram.h"
#include "core/patterns/histogram/variants.h"
#include "core/patterns/patterns.h"

namespace rl::variants {

VariantInfo histogramVariant(const char* id, const char* title) {
    VariantInfo v;
    v.pattern = Pattern::Histogram;
    v.id = id;
    v.title = title;
    v.kind = VariantKind::Histogram;
    v.args = kHistogramArgs;
    v.needsPow2WorkGroup = false;
    v.no64BitReason = "counts 32-bit elements (int or float) into its bins";
    v.timedMinGroupsPerComputeUnit = 4;  // a tile variant's timed runs at small n: shorter runs, more groups
    return v;
}

}  // namespace rl::variants

namespace rl::patterns {
namespace {

// The bins against the host's, bin by bin: the first bin that differs, and how many counts were lost or gained.
bool compareBins(const std::vector<double>& want, const std::vector<double>& got, std::string* verdict) {
    if (got.size() != want.size()) {
        *verdict = "the run gave " + std::to_string(got.size()) + " bins, not " + std::to_string(want.size());
        return false;
    }
    size_t wrong = 0, first = 0;
    double lost = 0, gained = 0;
    for (size_t b = 0; b < want.size(); ++b) {
        if (got[b] == want[b]) continue;
        if (wrong++ == 0) first = b;
        if (got[b] < want[b]) lost += want[b] - got[b];
        else gained += got[b] - want[b];
    }
    if (wrong == 0) {
        *verdict = "every one of the " + std::to_string(want.size()) + " bins equals the host's count";
        return true;
    }
    auto count = [](double v) { return std::to_string(static_cast<long long>(v)); };
    *verdict = std::to_string(wrong) + " of " + std::to_string(want.size()) + " bins differ from the host's counts; " +
               "the first is bin " + std::to_string(first) + ": " + count(got[first]) + " against " +
               count(want[first]);
    if (lost > 0) *verdict += "; " + count(lost) + " counts lost";
    if (gained > 0) *verdict += "; " + count(gained) + " counts too many";
    return false;
}

void judgeTrace(const VariantInfo&, const RunConfig& config, const HostArray& input, TraceRun& trace) {
    const std::vector<double> want = histogramOf(input, binningOf(config, input));
    double total = 0;
    for (double c : want) total += c;
    trace.reference = total;
    trace.correct = compareBins(want, trace.output, &trace.verdict);
}

std::vector<PassTrace> modelRun(const VariantInfo& variant, const RunConfig& config, const std::vector<double>& input,
                                double* result) {
    const auto plan = planPasses(variant, config);
    std::vector<PassTrace> out;
    PassTrace pt = passTraceOf(plan.front(), 0);
    for (size_t g = 0; g < plan.front().groups; ++g)
        pt.traced.push_back(
            modelGroup(ModelInput{variant, plan.front(), input, g, config.op, config.type, false, &config}));
    out.push_back(std::move(pt));
    if (result) {
        double total = 0;
        for (double c : histogramOf(input, binningOf(config, input))) total += c;
        *result = total;
    }
    return out;
}

// Every bin on the first call; later calls the first bin (which every work-group's merge may touch).
class BinsCheck : public ResultCheck {
public:
    explicit BinsCheck(std::vector<double> want) : want_(std::move(want)) {}
    bool check(double value, bool firstCall, const ReadPiece& read, std::string* verdict) override {
        if (firstCall) {
            std::vector<double> got;
            read(0, want_.size(), &got);
            return compareBins(want_, got, verdict);
        }
        if (value == want_.front()) {
            *verdict = "bin 0 equals the host's count (every bin was checked on the first call)";
            return true;
        }
        *verdict = "bin 0 holds " + std::to_string(static_cast<long long>(value)) + ", not the host's " +
                   std::to_string(static_cast<long long>(want_.front()));
        return false;
    }
    double reference() const override { return want_.front(); }

private:
    std::vector<double> want_;
};

std::unique_ptr<ResultCheck> resultCheck(const VariantInfo&, const RunConfig& config, const HostArray& input,
                                         const Reference&) {
    return std::make_unique<BinsCheck>(histogramOf(input, binningOf(config, input)));
}

RunConfig completeConfig(const RunConfig& config, const HostArray& input) { return withRange(config, input); }

std::string buildOptions(const VariantInfo& variant, const RunConfig& config) {
    // The range is the config's: complete (completeConfig) before a build. A config without one (a kernel built
    // before any data, such as a check of the build alone) takes 0..bins.
    RunConfig c = config;
    if (!c.rangeSet) {
        c.rangeSet = true;
        c.rangeLo = 0;
        c.rangeHi = double(c.bins);
    }
    const Binning b = binningOf(c, std::vector<double>{});
    std::string o = binningOptions(b);
    if (variant.replicatesBins) o += " -D RL_COPIES=" + std::to_string(binCopies(b.bins));
    if (variant.binsPerWorkItem) o += " -D RL_COPIES=" + std::to_string(config.wg);
    return o;
}

// A kernel without local bins keeps, in its traced build, the counts of its own group's increments (what the group
// added to the global bins: global-atomics.cl's RL_TRACE_COUNT); one that sorts its tile keeps a key per work-item,
// and those counts after them in its traced build.
size_t localBytes(const VariantInfo& variant, const RunConfig& config, bool traced) {
    if (variant.sortsTileKeys) return (config.wg + (traced ? config.bins : 0)) * sizeof(uint32_t);
    if (!variant.localBins) return traced ? config.bins * sizeof(uint32_t) : 0;
    const size_t copies = variant.replicatesBins ? binCopies(config.bins) : variant.binsPerWorkItem ? config.wg : 1;
    return config.bins * copies * sizeof(uint32_t);
}

}  // namespace

// Atomics, contention and privatization: global atomics, the race of a plain += on local bins, private bins with
// local atomics, coarsened in both orders, aggregated runs, the lanes of a sub-group agreed, replicated copies, two passes without global atomics,
// bins of its own per work-item (no atomics while counting: the CPU's best), and the tile sorted by bin, each run of
// equal bins counted with one atomic.
PatternInfo histogram() {
    PatternInfo p;
    p.id = Pattern::Histogram;
    p.name = "histogram";
    p.title = "Histogram";
    p.shortTitle = "Histogram";
    p.summary = "how many elements fall in each of B equal-width bins over a range (numpy's rule: the last bin closed, "
                "values outside counted nowhere)";
    p.ladderNote = "The histograms' ladder: each reads every element once and writes B counters, so its GB/s counts "
                   "the bytes read and its ceiling is a read of the input";
    p.ladderSizeNote = "Elements counted in the ladder table";
    p.noTilesNote = "A histogram has no tiles chained to each other: each work-group counts its own elements. The "
                    "Stages view shows its bins after every step.";
    p.defaultVariant = "privatized";
    p.memoryPasses = 1;
    p.bandwidthNote = "bytes read once";
    p.judgeTrace = &judgeTrace;
    p.modelRun = &modelRun;
    p.resultCheck = &resultCheck;
    p.completeConfig = &completeConfig;
    p.buildOptions = &buildOptions;
    p.localBytes = &localBytes;
    p.guardValue = [](const RunConfig& c) { return c.rangeLo; };  // the config is complete: its range is set
    // Measured on PoCL and NVIDIA (BENCHMARKS.md): on a GPU the coarsened private bins, read in 16-byte loads; on a
    // CPU a copy of the bins per work-item, since a group's work-items run one after another on one core.
    p.bestVariant = [](const DeviceInfo& device) -> std::string {
        return device.type == "GPU" ? "coarsened-vector" : "per-work-item";
    };
    p.bestReason = [](const DeviceInfo& device) -> std::string {
        if (device.type == "GPU")
            return "private bins in local memory with local atomics, cleared and merged once per tile of many "
                   "elements, read in coalesced 16-byte loads of four elements";
        return "a copy of the bins per work-item, counted without atomics over contiguous runs (one core walks "
               "them through its cache), merged once per work-group on a fixed grid";
    };
    p.plotSizeVariants = {"global-atomics", "privatized", "coarsened"};
    p.roundsFloats = false;  // a count is exact: no Round-off tab
    p.lectureSettings = [](RunConfig& c) {
        c.bins = 10;  // the presets' 0-9 digits, one bin each
        c.rangeSet = true;
        c.rangeLo = 0;
        c.rangeHi = 10;
    };
    p.launchNoun = "launch";
    p.takesOp = false;
    p.ownSettings = {"bins", "range"};
    p.showsContention = true;
    p.contract = kHistogramArgs;
    p.starterFile = "kernels/histogram/starter.cl";
    p.contractSignature = "__kernel void NAME(__global const T *in, __global uint *bins, const uint n, const uint "
                          "nbins, __local uint *local_bins)";
    p.contractWords = "ReduceLab launches a histogram kernel with one global input (n elements), the global bins (nbins "
                      "counters, zeroed before the launch), the element count, the bin count and one __local buffer "
                      "of nbins counters; RL_BIN(x) gives an element's bin, nbins or more where it falls outside the "
                      "range";
    p.kernelNoun = "histogram";
    p.threeLevels = "many work-groups adding into the same global bins";
    p.threeLevelsShort = "many work-groups";
    p.fewerThanGroupTests = "fewer elements than work-items (past n a work-item counts nothing)";
    p.partialGroupTests = "a last work-group only partly filled (bounds)";
    p.wholeGroupsTests = "whole work-groups, each merging its bins into the global ones";
    p.checkCases = [](size_t wg) -> std::vector<CheckCase> {
        // Sizes of their own (a report names a case by its size), each past several work-groups.
        const size_t n = 8 * wg + 5;
        return {{n, "one bin (every element counted in it)", 1, DataPattern::Random},
                {n + 2, "7 bins, a prime", 7, DataPattern::Random},
                {n + 4, std::to_string(2 * wg + 1) + " bins, more than the work-items (each clears and merges several)",
                 2 * wg + 1, DataPattern::Random},
                {n + 6, "every element the same value (all work-items hit one bin at once: a race loses counts)", 16,
                 DataPattern::Constant},
                {n + 8, "skewed data (zipf: a few bins take most elements)", 64, DataPattern::Zipf},
                {n + 10, "a range over the middle half of the data (the others fall outside: RL_BIN gives nbins or "
                         "more, to be skipped)",
                 16, DataPattern::Random, [](RunConfig& c, const HostArray& input) {
                     const Binning all = binningOf(c, input);
                     const double quarter = (all.hi - all.lo) / 4;
                     c.rangeSet = true;
                     c.rangeLo = all.lo + quarter;
                     c.rangeHi = all.hi - quarter;
                     if (c.type == ElemType::Int) c.rangeLo = std::ceil(c.rangeLo), c.rangeHi = std::floor(c.rangeHi);
                 }}};
    };
    p.resultIsOneValue = false;
    p.resultNoun = "bin 0";
    p.traceResultNoun = "counted";
    p.problemWords = [](const RunConfig& c) -> std::string {
        return std::to_string(c.bins) + (c.bins == 1 ? " bin" : " bins") + " over " +
               (c.rangeSet ? shortestText(c.rangeLo) + ".." + shortestText(c.rangeHi) : std::string("the data's range"));
    };
    p.words.cell = "bin";
    p.words.cleared = "0";
    p.words.registerOperand = "1";
    p.words.toGlobal = "the global bins";
    p.words.localBuffer = "local_bins";
    p.words.globalBuffers = "in or bins";
    p.words.copiesOfOutput = true;  // replicated's and per-work-item's copies of the bins
    p.studentKernel = variants::histogramVariant("", "");
    p.studentKernel.lesson =
        "Your own histogram kernel, launched over one work-item per element: the host zeroes the bins, your kernel "
        "counts each element's bin RL_BIN(x), and the bins are checked against the host's counts.";
    p.localRaceAdvice =
        "increment shared bins with atomic_inc (a plain += loses counts where two work-items hit one bin), and put "
        "barrier(CLK_LOCAL_MEM_FENCE) between clearing the local bins and counting, and between counting and the "
        "merge: two work-items touched this counter with no barrier or atomic between them";
    p.writePastEndAdvice = "skip elements whose bin RL_BIN(x) is nbins or more (outside the range), and keep bin "
                           "indices below nbins: a write went past the end of a buffer";
    p.readPastEndAdvice = "read in[i] only for i < n, and local_bins only below nbins: an index went past the end of a "
                          "buffer";
    p.globalRaceAdvice = "increment the global bins with atomic_inc (or add a work-group's count with atomic_add): a "
                         "plain += on a bin that other work-items also increment loses counts";
    p.loadAdvice = "let each work-item count several elements (i = gid, gid + the grid's width, ... below n), so "
                   "that fewer work-groups clear and merge their bins";
    p.uninitialisedAdvice =
        "clear the local bins before counting (local_bins[c] = 0 for c = lid, lid + get_local_size(0), ... below "
        "nbins), then barrier(CLK_LOCAL_MEM_FENCE): a counter was incremented or read before anything was written to "
        "it";
    p.variantList = catalogueVariants(p.name, {
                                                  variants::global_atomics(),
                                                  variants::local_nonatomic(),
                                                  variants::privatized(),
                                                  variants::coarsened(),
                                                  variants::coarsened_vector(),
                                                  variants::coarsened_contiguous(),
                                                  variants::aggregated(),
                                                  variants::sub_group(),
                                                  variants::replicated(),
                                                  variants::two_pass(),
                                                  variants::per_work_item(),
                                                  variants::sort_then_count(),
                                              });
    return p;
}

}  // namespace rl::patterns
