// The scan: its description and its variants in teaching order.
#include "core/patterns/patterns.h"
#include "core/patterns/scan/variants.h"
#include "core/model/model_scan.h"
#include "core/model/scan_reference.h"

namespace rl::patterns {
namespace {

// Every element against the host's scan, within the bound of the variant's order of operations; the reference shown
// is the last element.
void judgeTrace(const VariantInfo& variant, const RunConfig& config, const HostArray& input, TraceRun& trace) {
    const ScanReference ref =
        computeScanReference(input, config.op, config.exclusive, scanRoundingDepth(variant, config));
    trace.reference = ref.values.empty() ? 0 : ref.values.back();
    trace.correct = acceptScan(ref, config.type, trace.output, &trace.verdict);
}

// Every element of the first timed call, read back a piece at a time and compared as it comes (no copy of the whole
// output or of its reference is held: a timed sweep of the scan ladder holds a run per variant at once); later calls
// the last element, which depends on every tile.
class ScanResultCheck : public ResultCheck {
public:
    ScanResultCheck(const VariantInfo& variant, const RunConfig& config, const HostArray& input)
        : input_(&input), op_(config.op), type_(config.type), exclusive_(config.exclusive),
          depth_(scanRoundingDepth(variant, config)) {}
    bool check(double value, bool firstCall, const ReadPiece& read, std::string* verdict) override {
        if (firstCall && input_) {
            std::pair<double, double> last;
            const bool ok = checkScanInPieces(*input_, op_, exclusive_, depth_, read, verdict, &last);
            lastValue_ = last.first;
            lastBound_ = last.second;
            input_ = nullptr;  // not needed again
            return ok;
        }
        ScanReference ref;
        ref.values = {lastValue_};
        ref.bound = {lastBound_};
        ref.depth = depth_;
        const bool ok = acceptScan(ref, type_, {value}, verdict);
        if (ok) *verdict = "the last element matches the reference (every element was checked on the first call)";
        return ok;
    }
    double reference() const override { return lastValue_; }

private:
    const HostArray* input_;
    Op op_;
    ElemType type_;
    bool exclusive_;
    int depth_;
    double lastValue_ = 0, lastBound_ = 0;
};

// Its levels of tiles and the uniform adds; the result is the scan's last element.
std::vector<PassTrace> modelRun(const VariantInfo& variant, const RunConfig& config, const std::vector<double>& input,
                                double* result) {
    std::vector<double> out;
    auto levels = modelScanRun(variant, config, input, &out);
    if (result) *result = out.empty() ? 0 : out.back();
    return levels;
}

}  // namespace

// Hillis-Steele (and its race), Blelloch's work-efficient tree and its conflict-free form, raking (runs in
// registers), the single pass and the two-launch chunks, in tiles (GPUs) and one per work-item (CPUs), the chunks in
// one pass (CPUs), and the OpenCL C 2.0 built-in.
PatternInfo scan() {
    PatternInfo p;
    p.id = Pattern::Scan;
    p.name = "scan";
    p.title = "Scan (prefix sums)";
    p.summary =
        "every prefix of an array: element i is the sum (minimum, maximum) of the elements up to i (inclusive) or "
        "before i (exclusive)";
    p.shortTitle = "Scan";
    p.ladderNote =
        "The scans' ladder: each reads and writes every element, so its GB/s counts both and its ceiling is the copy "
        "kernel's";
    p.noTilesNote =
        "This scan carries each chunk's prefix in its own stages (\"carried\"). The tiled scans (Hillis-Steele, "
        "Blelloch, raking, your own kernel) show every tile's total and offset here, and decoupled-look-back also how "
        "its tiles wait for each other.";
    p.ladderSizeNote = "Elements scanned in the ladder table";
    p.defaultVariant = "blelloch";
    p.memoryPasses = 2;
    p.bandwidthNote = "bytes read and written";
    p.judgeTrace = &judgeTrace;
    p.modelRun = &modelRun;
    p.resultCheck = [](const VariantInfo& variant, const RunConfig& config, const HostArray& input,
                       const Reference&) -> std::unique_ptr<ResultCheck> {
        return std::make_unique<ScanResultCheck>(variant, config, input);
    };
    p.resultNoun = "last element";
    p.traceResultNoun = "last";
    // The single pass, in tiles through local memory on a GPU and in chunks walked serially on a CPU (each measured
    // fastest there, BENCHMARKS.md).
    p.bestVariant = [](const DeviceInfo& device) -> std::string {
        return device.type == "GPU" ? "decoupled-look-back" : "chunked-look-back";
    };
    p.bestReason = [](const DeviceInfo& device) -> std::string {
        if (device.type == "GPU")
            return "the single pass: each element read once and written once, the tiles chained by their published "
                   "prefixes (BENCHMARKS.md: ahead of CUB's DeviceScan on NVIDIA GPUs)";
        return "the single pass for a CPU: each work-item walks a contiguous chunk serially in 16-wide vectors, the "
               "tiles chained by their published prefixes, and past the cache the output is stored without being "
               "read first (BENCHMARKS.md: twice Boost.Compute's scan on PoCL)";
    };
    p.plotSizeVariants = {"hillis-steele", "blelloch", "reduce-then-scan"};
    p.plotRoundVariants = {"hillis-steele", "blelloch"};
    p.exclusiveForm = true;
    p.lectureOneElementPerItem = true;
    p.launchNoun = "launch";
    p.countsOperations = true;
    p.contract = kScanArgs;
    p.starterFile = "kernels/scan/starter.cl";
    p.contractSignature =
        "__kernel void NAME(__global const T *in, __global T *out, __global T *sums, const uint n, __local T *scratch)";
    p.contractWords =
        "ReduceLab launches a scan kernel with one global input, one global output (n elements), one global buffer of "
        "tile totals (one per work-group), one __local buffer (two elements per work-item) and the element count, in "
        "any order";
    p.kernelNoun = "scan";
    p.threeLevels = "three levels of tiles: the tile totals are scanned twice, and two uniform adds carry the offsets "
                    "down";
    p.threeLevelsShort = "three levels of tiles";
    p.checkCases = [](size_t wg) -> std::vector<CheckCase> { return {paddingShowsCase(wg)}; };
    p.fewerThanGroupTests =
        "fewer elements than work-items (past n a work-item takes the identity and writes nothing)";
    p.partialGroupTests = "a last tile only partly filled (bounds and padding)";
    p.wholeGroupsTests = "whole tiles (the tile's scan itself, and its total carried into the tiles after it)";
    p.resultIsOneValue = false;
    p.studentKernel.pattern = Pattern::Scan;
    p.studentKernel.kind = VariantKind::ScanTiles;
    p.studentKernel.scratchPerItem = 2;  // room for a double buffer, or for a padded array's extra words
    p.studentKernel.lesson =
        "Your own scan kernel, launched like the built-in tiled scans: each work-group scans its tile and writes the "
        "tile's total, the same kernel scans the totals until one tile holds them all, and a uniform add gives every "
        "tile the prefix of the tiles before it.";
    p.loadAdvice = "let each work-item scan a run of several elements in registers before the tile's scan, and add "
                   "the tile's prefix to its run as it stores it";
    p.localRaceAdvice =
        "put barrier(CLK_LOCAL_MEM_FENCE) between the writes of one step and the reads of the next, where every "
        "work-item reaches it; and where a step reads cells that other work-items overwrite in the same step (an "
        "in-place Hillis-Steele), read one half of scratch and write the other, then swap: two work-items touched this "
        "cell with no barrier between them";
    p.writePastEndAdvice =
        "write out[i] only for i < n (the last tile is partly empty), write sums[get_group_id(0)] once per work-group, "
        "and keep scratch indices below 2 * get_local_size(0): a write went past the end";
    p.readPastEndAdvice =
        "guard reads of `in` with `i < n` (RL_IDENTITY otherwise) and keep scratch indices below "
        "2 * get_local_size(0): an index went past the end of a buffer";
    p.variantList = catalogueVariants(p.name, {
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
    return p;
}

}  // namespace rl::patterns
