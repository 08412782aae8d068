// Stage labels and trace limits of the global-memory and built-in kinds, shared by their runners and CPU models.
#pragma once
#include <cstddef>
#include <string>

#include "core/catalogue/variant.h"

namespace rl {

// Stage parameter flag of the stage right after a built-in collective (RL_BUILTIN_STAGE in common.cl).
inline constexpr int kBuiltinStageFlag = 0x20000;

// The global kinds record the whole array after every stage, so their traces stop at this N.
inline constexpr size_t kGlobalTraceMaxN = 65536;

// The label of a stage the kernel recorded with parameter `param` for a variant of this kind:
// "load", "step = 4" (bottom-up), "stride = 3" (top-down), "work_group_reduce (64 work-items)",
// "sub_group_reduce (sub-groups of 32)", else the local-tree labels of stageLabel().
std::string kindStageLabel(VariantKind kind, int param);

// The number of rounds of the top-down loop over n cells (m -> ceil(m/2) until m == 1), i.e. ceil(log2(n)).
int topDownRounds(size_t n);

}  // namespace rl
