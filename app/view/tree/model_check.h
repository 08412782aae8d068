// Where a device trace leaves the CPU model: the first pass, group, stage and cell whose recorded value differs from
// what core/model computes for the same input. For a wrong-by-design kernel this is the stage to look at.
#pragma once
#include <string>
#include <vector>

#include "core/input.h"
#include "core/run_config.h"
#include "core/trace.h"
#include "core/catalogue/pass_plan.h"
#include "core/catalogue/variant.h"

namespace rl::view {

struct ModelDeparture {
    bool checked = false;   // false when the variant has no model or nothing could be compared
    bool departs = false;   // the trace differs from the model somewhere
    std::string note;       // one line: what was compared, or why nothing was
    int pass = -1, group = -1, groupIndex = -1, stage = -1, cell = -1;  // groupIndex: into PassTrace::traced
    std::string stageLabel;
    double device = 0, model = 0;
    bool cellValues = true;  // device and model are one cell's values; false: the stages themselves differ (note says)
};

// Compares every traced group of every pass whose input is known: pass 0 from `input`, a later pass from the
// partials of the previous pass when all of its groups were traced. A pattern whose run has a shape of its own (a
// scan's levels of tiles), traced over several passes, is modelled whole instead, up to kWholeModelLimit elements
// (past it: its first pass only), and every traced group compared with the model's. `plan`: the passes the trace
// launched.
inline constexpr size_t kWholeModelLimit = size_t(1) << 16;
ModelDeparture compareWithModel(const VariantInfo& variant, const RunConfig& config, const std::vector<PassPlan>& plan,
                                const HostArray& input, const TraceRun& trace);

}  // namespace rl::view
