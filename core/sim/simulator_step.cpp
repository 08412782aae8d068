// The simulator step: the stages on Oclgrind (without the recording macros) and Oclgrind's findings.
#include "core/sim/simulator_step.h"
#include "core/workbench/check_report.h"

#include <algorithm>

#include "core/input.h"
#include "core/pattern.h"
#include "core/files/json_io.h"
#include "core/sim/simulator.h"

namespace rl::sim {

using Json = nlohmann::json;

void simulatorStep(const workbench::CheckRequest& request, const VariantInfo& variant,
                   const std::function<void(const nlohmann::json&)>& emit) {
    RunConfig c = request.config;
    c.n = workbench::tracedSize(request);
    const HostArray input = makeInput(c.type, request.config.data, c.n, request.config.seed);
    const SimRun s = simulate(variant, c, input, TraceSelection::wholeUpToCells(c.wg), request.file,
                                request.checkUninitialised);
    Json event = {{"event", "sim"}, {"built", s.built}, {"log", s.buildLog}, {"findings", workbench::toJson(s.findings)}};
    if (s.built) {
        TraceRun t;
        t.variant = variant.id;
        t.pattern = variant.pattern;
        t.device = "Oclgrind";
        t.n = c.n;
        t.wg = c.wg;
        t.op = c.op;
        t.type = c.type;
        t.passes = s.passes;
        t.result = s.result;
        t.exclusive = c.exclusive && patternInfo(variant.pattern).exclusiveForm;
        t.output = s.output;  // a scan's every element; empty for a reduction
        patternInfo(variant.pattern).judgeTrace(variant, c, input, t);
        event["trace"] = rl::json::trace(t);
        event["input_reads"] = workbench::toJson(s.inputReads);
    }
    emit(event);
    if (!s.built) return;
    // The pattern's own cases that take settings from their data (a histogram's range narrower than its data, where
    // a kernel that does not skip RL_BIN's nbins writes past its bins): their findings too.
    if (const auto own = patternInfo(variant.pattern).checkCases)
        for (const CheckCase& k : own(c.wg)) {
            if (!k.prepare) continue;
            RunConfig kc = c;
            kc.n = std::min(k.n, c.n);
            if (k.bins > 0) kc.bins = k.bins;
            const HostArray kin = makeInput(kc.type, k.data, kc.n, request.config.seed + 2);
            k.prepare(kc, kin);
            TraceSelection none;
            none.maxFullGroups = 1;
            const SimRun o = simulate(variant, kc, kin, none, request.file, request.checkUninitialised);
            emit({{"event", "sim_findings"}, {"n", kc.n}, {"findings", workbench::toJson(o.findings)}});
        }
    if (c.n % c.wg != 0) return;
    // A size whose last work-group is partly empty: where a missing bounds check reads past the input.
    RunConfig odd = c;
    odd.n = c.n + c.wg / 2 + 1;
    const HostArray oddInput = makeInput(c.type, request.config.data, odd.n, request.config.seed + 1);
    TraceSelection none;
    none.maxFullGroups = 1;
    const SimRun o = simulate(variant, odd, oddInput, none, request.file, request.checkUninitialised);
    emit({{"event", "sim_findings"}, {"n", odd.n}, {"findings", workbench::toJson(o.findings)}});
}

}  // namespace rl::sim
