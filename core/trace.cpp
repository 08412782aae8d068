// Labels for recorded stages.
#include "core/trace.h"

namespace rl {

std::string stageLabel(int param) {
    if (param < 0) return "load";
    if (param & kTailStepFlag) return "tail s = " + std::to_string(param & ~kTailStepFlag);
    return "s = " + std::to_string(param);
}

}  // namespace rl
