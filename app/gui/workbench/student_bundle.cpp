// A check's trace as the views draw it: the student's variant, the trace and the comparison with the chosen model.
#include "app/gui/workbench/student_bundle.h"

#include "app/view/tree/model_check.h"
#include "core/catalogue/pass_plan.h"
#include "core/workbench/diagnostics.h"
#include "core/workbench/student_kernel.h"

namespace rl::gui {
namespace {

// The comparison with the model the student chose, as the check made it (the check knows the input; the app does
// not), in the form the result panel shows a built-in variant's.
view::ModelDeparture departureOf(const rl::workbench::CheckReport& report, const TraceRun& run) {
    view::ModelDeparture d;
    if (report.model.empty()) {
        d.note = "no model chosen: pick one under \"compare with\" to compare the trace stage by stage";
        return d;
    }
    d.checked = true;
    if (!report.firstMismatch) {
        d.note = "every traced stage matches " + report.model + "'s CPU model";
        return d;
    }
    const auto& m = *report.firstMismatch;
    d.departs = true;
    d.pass = m.pass;
    d.group = m.group;
    d.stage = m.stage;
    d.cell = m.cell;
    d.device = m.seen;
    d.model = m.expected;
    if (m.pass >= 0 && size_t(m.pass) < run.passes.size()) {
        const auto& traced = run.passes[size_t(m.pass)].traced;
        for (size_t i = 0; i < traced.size(); ++i)
            if (traced[i].group == m.group) {
                d.groupIndex = int(i);
                if (m.stage >= 0 && size_t(m.stage) < traced[i].stages.size())
                    d.stageLabel = traced[i].stages[size_t(m.stage)].label;
            }
    }
    d.cellValues = m.cell >= 0;
    d.note = d.cellValues ? "pass " + std::to_string(m.pass) + ", group " + std::to_string(m.group) + ", stage " +
                                std::to_string(m.stage) + (d.stageLabel.empty() ? "" : " (" + d.stageLabel + ")") +
                                ", cell " + std::to_string(m.cell) + " (model: " + report.model + ")"
                          : m.message;  // "pass 0, work-group 0: 0 stages where privatized has 3"
    return d;
}

}  // namespace

std::shared_ptr<const view::TraceBundle> studentBundle(const rl::workbench::CheckReport& report, const std::string& text,
                                                     uint64_t serial, double ms) {
    const TraceRun& run = *report.trace;
    auto bundle = std::make_unique<view::TraceBundle>();
    RunConfig& c = bundle->config;
    c.n = run.n;
    c.wg = run.wg;
    c.op = run.op;
    c.type = run.type;
    c.simdWidth = run.simdWidth;
    c.banks = run.banks;
    c.bankWidthBytes = run.bankWidthBytes;
    try {
        bundle->variant = report.kernel  // as the check read the kernel: the text is not read again
                              ? rl::workbench::studentVariant(*report.kernel, text, report.file, run.type)
                              : rl::workbench::studentVariant(text, report.file, report.entry, run.type);
    } catch (const std::exception&) {  // the text changed since; the trace is still the one the check recorded
        VariantInfo& v = bundle->variant;
        v.pattern = report.kernel ? report.kernel->pattern : Pattern::Reduce;
        v.id = "kernel:" + rl::workbench::displayName(report.file);
        v.kernelName = report.entry;
        v.title = "Your kernel (" + rl::workbench::displayName(report.file) + ")";
        v.source = rl::workbench::studentProgramSource(text, report.file);
    }
    c.variant = bundle->variant.id;
    bundle->deviceName = report.tracedOn.empty() ? report.device : report.tracedOn;
    bundle->run = run;
    try {
        bundle->plan = planPasses(bundle->variant, c);
    } catch (const std::exception&) {
    }
    bundle->serial = serial;
    bundle->traceMs = ms;  // the whole check's time: the trace is one of its steps
    HostArray none;  // a student's kernel has no CPU model of its own: the check compared it with the chosen one
    none.type = run.type;
    return view::finishBundle(std::move(bundle), none, departureOf(report, run));
}


}  // namespace rl::gui
