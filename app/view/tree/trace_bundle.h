// Everything the explorer shows about one traced run, computed once off the UI thread and then shared read-only:
// the trace, the facts of every traced group, the comparison with the CPU model, and the run's inputs.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/view/tree/model_check.h"
#include "app/view/tree/tree_facts.h"
#include "core/input.h"
#include "core/catalogue/pass_plan.h"
#include "core/run_config.h"
#include "core/trace.h"
#include "core/catalogue/variant.h"

namespace rl::view {

struct TraceBundle {
    RunConfig config;
    VariantInfo variant;
    std::string deviceName;
    TraceRun run;
    std::vector<PassPlan> plan;
    ModelDeparture departure;
    double traceMs = 0;  // wall time of the traced run (build, launch, read-back), for the status line
    uint64_t serial = 0; // unique per bundle made by one worker: caches key on it (never on addresses)
    // facts[pass][tracedIndex], referring into `run` (the bundle is never copied or moved once built).
    std::vector<std::vector<TreeFacts>> facts;

    const TreeFacts* factsFor(int pass, int group) const;
};

// Builds the derived data in place (facts, model comparison) and returns the bundle as shared, immutable data.
// `departure`: a comparison made elsewhere (a student's check compares with the model the student chose, on an
// input only the check knows); without it the variant's own model is compared with `input`.
std::shared_ptr<const TraceBundle> finishBundle(std::unique_ptr<TraceBundle> bundle, const HostArray& input,
                                                std::optional<ModelDeparture> departure = std::nullopt);

}  // namespace rl::view
