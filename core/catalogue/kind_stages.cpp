// Stage labels of the global-memory and built-in kinds.
#include "core/catalogue/kind_stages.h"

#include "core/trace.h"

namespace rl {

std::string kindStageLabel(VariantKind kind, int param) {
    if (param < 0) return "load";
    switch (kind) {
        case VariantKind::GlobalBottomUp: return "step = " + std::to_string(param);
        case VariantKind::GlobalTopDown: return "stride = " + std::to_string(param);
        case VariantKind::BuiltinWorkGroup:
            if (param & kBuiltinStageFlag)
                return "work_group_reduce (" + std::to_string(param & ~kBuiltinStageFlag) + " work-items)";
            break;
        case VariantKind::BuiltinSubGroup:
            if (param & kBuiltinStageFlag)
                return "sub_group_reduce (sub-groups of " + std::to_string(param & ~kBuiltinStageFlag) + ")";
            break;
        default: break;
    }
    return stageLabel(param);
}

int topDownRounds(size_t n) {
    int rounds = 0;
    for (size_t m = n; m > 1; m = (m + 1) / 2) ++rounds;
    return rounds;
}

}  // namespace rl
