// Labels for recorded stages.
#include "core/trace.h"

namespace rl {

std::string stageLabel(int param) {
    if (param < 0) return "load";
    if (isBinsParam(param)) {
        if (binsStep(param) >= 0) return "step " + std::to_string(binsStep(param));
        if (param == kBinsClearedParam) return "cleared";
        if (param == kBinsFlushedParam) return "flushed";
        if (param == kBinsCopiesSummedParam) return "copies summed";
        if (isBinsSortParam(param))  // short: the explorer's label column holds about 12 characters
            return "k=" + std::to_string(binsSortK(param)) + " d=" + std::to_string(binsSortD(param));
        if (param == kBinsRunsCountedParam) return "runs counted";
        return "merged";
    }
    if (param == kClearRootParam) return "root cleared";
    if (param == kAddOwnParam) return "inclusive";
    if (param == kShiftRightParam) return "exclusive";
    if (param == kCarriedParam) return "carried in";
    if (param == kRunOffsetsParam) return "run offsets";
    if (param & kWorkGroupScanFlag) return "built-in";
    if (param & kWorkGroupScanExclusiveFlag) return "built-in ex.";
    if (lookBackDepth(param) >= 0)  // short: the explorer's label column holds about 12 characters
        return "look-back " + std::to_string(lookBackDepth(param));
    if (param & kTailStepFlag) return "tail s = " + std::to_string(param & ~kTailStepFlag);
    if (param & kScanStepFlag) return "d = " + std::to_string(param & ~kScanStepFlag);
    if (param & kUpSweepFlag) return "up d = " + std::to_string(param & ~kUpSweepFlag);
    if (param & kDownSweepFlag) return "down d = " + std::to_string(param & ~kDownSweepFlag);
    return "s = " + std::to_string(param);
}

std::string stagePhase(int param) {
    if (param < 0) return "";
    if (isBinsParam(param)) {
        if (isBinsSortParam(param)) return "sort";
        if (binsStep(param) >= 0 || param == kBinsFlushedParam || param == kBinsRunsCountedParam) return "counting";
        return param == kBinsClearedParam ? "clear" : "merge";
    }
    if (param == kClearRootParam) return "root";
    if (param == kAddOwnParam || param == kShiftRightParam) return "result";
    if (param == kCarriedParam) return "look-back";  // where its prefix comes from: the chunks before
    if (param == kRunOffsetsParam) return "offsets";
    if (param & (kWorkGroupScanFlag | kWorkGroupScanExclusiveFlag)) return "built-in";
    if (param & kLookBackFlag) return "look-back";
    if (param & kScanStepFlag) return "steps";
    if (param & kUpSweepFlag) return "up-sweep";
    if (param & kDownSweepFlag) return "down-sweep";
    return "";
}

}  // namespace rl
