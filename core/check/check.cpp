// The check: the contract on the host, then the device and simulator steps in child processes, merged into one
// report with the analysis and the model comparison done here.
#include "core/check/check.h"

#include <sstream>

#include "core/model/analysis.h"
#include "core/check/steps.h"
#include "core/input.h"
#include "core/files/json_io.h"
#include "core/model/model.h"
#include "core/pattern.h"
#include "core/check/simulator_process.h"
#include "core/process/child_process.h"
#include "core/workbench/diagnostics.h"
#include "core/workbench/kernel_signature.h"
#include "core/workbench/student_kernel.h"

namespace rl::check {

using nlohmann::json;
using workbench::CheckReport;
using process::ChildResult;
using workbench::Failure;

namespace {

// The events one step reported, and how it ended.
struct StepOutcome {
    std::vector<json> events;
    ChildResult child;  // in-process steps: Exited with status 0, or 4 when they threw (the message in `err`)
};

StepOutcome runStep(const CheckRequest& request, void (*step)(const CheckRequest&, const VariantInfo&, const Emit&),
                    const VariantInfo& variant) {
    StepOutcome outcome;
    if (!request.isolate) {
        outcome.child.end = ChildResult::End::Exited;
        outcome.child.exitCode = 0;
        try {
            step(request, variant, [&](const json& e) { outcome.events.push_back(e); });
        } catch (const std::exception& e) {
            outcome.child.exitCode = 4;
            outcome.child.err = e.what();
        }
        return outcome;
    }
    outcome.child = process::runForked(
        [&] {
            step(request, variant, [](const json& e) {
                const std::string line = e.dump() + "\n";
                std::fwrite(line.data(), 1, line.size(), stdout);
                std::fflush(stdout);
            });
            return std::string();
        },
        request.timeoutSeconds);
    outcome.events = eventLines(outcome.child.out);
    return outcome;
}

std::string lastLine(const std::string& text) {
    std::string t = text;
    while (!t.empty() && (t.back() == '\n' || t.back() == ' ')) t.pop_back();
    const size_t nl = t.rfind('\n');
    return nl == std::string::npos ? t : t.substr(nl + 1);
}

// A step that did not end by itself: what happened, in the student's words.
void noteEnding(CheckReport& report, const std::string& step, const StepOutcome& o, const std::string& doing,
                double timeout) {
    const ChildResult& c = o.child;
    if (c.exited() && c.exitCode == 0) return;
    Failure f;
    f.step = step;
    if (c.end == ChildResult::End::TimedOut) {
        f.kind = "timeout";
        std::ostringstream m;
        m << "the kernel did not finish within " << timeout << " s" << doing
          << " and was stopped. Look for a loop whose condition never becomes false (a stride that never reaches 0, "
             "an index that is never advanced) or a barrier inside a loop only some work-items run";
        f.message = m.str();
    } else if (c.end == ChildResult::End::Signalled) {
        f.kind = "crash";
        f.message = "the process running the kernel " + c.describe() + doing +
                    ". The kernel probably wrote far outside a buffer; the out-of-bounds check (Oclgrind) shows where";
    } else if (c.exited()) {
        f.kind = step == "run" ? "device" : "unsupported";
        f.message = lastLine(c.err).empty() ? "the " + step + " step " + c.describe() : lastLine(c.err);
    } else {
        f.kind = "crash";
        f.message = "the " + step + " step " + c.describe() + ": " + c.err;
    }
    report.failures.push_back(std::move(f));
}

void addFindings(CheckReport& r, const json& list) {
    for (workbench::Finding& f : workbench::findingsFromJson(list)) {
        std::vector<workbench::Finding>* into = nullptr;
        switch (f.kind) {
            case workbench::FindingKind::Race: into = &r.races; break;
            case workbench::FindingKind::Uninitialised: into = &r.uninitialised; break;
            case workbench::FindingKind::OutOfBounds: into = &r.outOfBounds; break;
            case workbench::FindingKind::BarrierDivergence: into = &r.barrierDivergence; break;
            case workbench::FindingKind::Other: break;
        }
        if (!into) continue;
        bool seen = false;
        for (const auto& g : *into) seen = seen || (g.lines == f.lines && g.memory == f.memory);
        if (!seen) into->push_back(std::move(f));
    }
}

// A finding in the student's terms: which cell, in which stage, by which work-items (Oclgrind's own text, with its
// raw addresses, stays in `details`).
std::string plainMessage(const workbench::Finding& f, const std::vector<workbench::StageFacts>& stages,
                         const CellWords& words) {
    std::ostringstream m;
    switch (f.kind) {
        case workbench::FindingKind::Race: m << "data race"; break;
        case workbench::FindingKind::Uninitialised: m << "a value never written is used"; break;
        case workbench::FindingKind::OutOfBounds:
            m << (f.details.rfind("Invalid write", 0) == 0 ? "write past the end of" : "read past the end of");
            m << (f.memory == "local" ? " " + words.localBuffer : " a global buffer (" + words.globalBuffers + ")");
            break;
        case workbench::FindingKind::BarrierDivergence: m << "a barrier not reached by every work-item"; break;
        case workbench::FindingKind::Other: return f.message;
    }
    if (f.cell >= 0 && f.kind != workbench::FindingKind::OutOfBounds) m << " on " << words.localBuffer << "[" << f.cell << "]";
    if (f.stage >= 0 && size_t(f.stage) < stages.size())
        m << " in stage " << f.stage << " (" << stages[size_t(f.stage)].label << ")";
    if (f.workItems.size() >= 2 && f.kind == workbench::FindingKind::Race)  // the first pair Oclgrind named
        m << " between work-items " << f.workItems[0] << " and " << f.workItems[1];
    else if (!f.workItems.empty())
        m << ", work-item" << (f.workItems.size() > 1 ? "s " : " ") << f.workItems[0]
          << (f.workItems.size() > 1 ? " and others" : "");
    if (f.group >= 0) m << " of work-group " << f.group;
    return m.str();
}

}  // namespace

CheckReport checkKernel(const CheckRequest& request) {
    CheckReport r;
    r.file = workbench::displayName(request.file);
    // The op where the pattern applies one (a histogram counts: its report names the type alone).
    r.op = patternInfo(request.pattern).takesOp ? std::string(toString(request.config.op)) : std::string();
    r.type = std::string(toString(request.config.type));
    r.wg = request.config.wg;
    r.model = request.model;
    const VariantInfo* model = nullptr;
    if (!request.model.empty()) {
        model = findVariant(request.model);
        if (!model || !hasModel(*model))
            throw Error(ErrorKind::BadInput, "--model '" + request.model + "' is not a built-in variant with a CPU "
                                             "model: `reducelab variants` lists them");
        if (!model->notAStudentModel.empty())
            throw Error(ErrorKind::BadInput, "--model '" + request.model + "' " + model->notAStudentModel);
    }

    // The contract first: a kernel that does not keep it gets a message naming the argument, not an OpenCL code.
    const workbench::SignatureCheck signature = workbench::kernelOf(request);  // read once, handed to the steps
    if (model && model->pattern != signature.pattern)
        throw Error(ErrorKind::BadInput, "--model '" + request.model + "' is a " + patternInfo(model->pattern).name +
                                             " kernel and yours is checked as a " +
                                             patternInfo(signature.pattern).name + " one: `reducelab variants "
                                             "--pattern " + patternInfo(signature.pattern).name + "` lists its models");
    r.entry = signature.kernel.name;
    if (!signature.entryNote.empty()) r.notes.push_back(signature.entryNote);
    // The contract's order: (in, out, n, scratch) for a reduction, (in, out, sums, n, scratch) for a scan.
    const KernelArgs contract = patternInfo(signature.pattern).contract;
    const KernelArgs& a = signature.args;
    const bool asContract = a.in == contract.in && a.out == contract.out && a.count == contract.count &&
                            a.scratch == contract.scratch && a.sums == contract.sums &&
                            a.countBytes == contract.countBytes &&
                            signature.kernel.params.size() == size_t(contract.traceAt) &&
                            signature.kernel.params[0].find("const") != std::string::npos;
    if (signature.ok && !asContract) {
        std::string how = "arguments matched by what they are: ";
        for (size_t i = 0; i < signature.matched.size(); ++i) how += (i ? "; " : "") + signature.matched[i];
        r.notes.push_back(how);
    }
    VariantInfo variant;
    try {
        variant = workbench::studentVariant(signature, request.text, request.file, request.config.type);
    } catch (const Error& e) {
        r.contract = e.what();
        return r;
    }

    CheckRequest req = request;
    req.file = r.file;
    req.kernel = signature;
    r.kernel = signature;
    req.config.n = workbench::tracedSize(request);
    int simdWidth = 32;

    // The device: build, sizes, and the trace when the kernel records its own stages.
    const StepOutcome device = runStep(req, &deviceStep, variant);
    std::string running;  // the run that was under way when the step ended, for the message
    for (const json& e : device.events) {
        const std::string what = e.value("event", "");
        if (what == "device") {
            r.device = e.value("name", "");
            simdWidth = e.value("simd_width", 32);
        } else if (what == "build") {
            r.builds = e.value("ok", false);
            r.buildLog = e.value("log", "");
            r.diagnostics = workbench::studentDiagnostics(r.buildLog, r.file, workbench::studentFirstLine(),
                                                          request.text);
        } else if (what == "start") {
            running = " (n = " + std::to_string(e.value("n", size_t(0))) + ", " +
                      (r.op.empty() ? std::string() : e.value("op", "") + " ") +
                      e.value("type", "") + ")";
        } else if (what == "size") {
            running.clear();
            workbench::SizeCheck s;
            s.n = e.value("n", size_t(0));
            s.wg = e.value("wg", size_t(0));
            s.why = e.value("why", "");
            const bool otherOp = !r.op.empty() && e.value("op", r.op) != r.op;
            if (otherOp || e.value("type", r.type) != r.type)
                s.why += " (" + (r.op.empty() ? std::string() : e.value("op", "") + " ") + e.value("type", "") + ")";
            s.ran = e.value("ran", false);
            s.correct = e.value("correct", false);
            s.result = rl::json::toValue(e.at("result"));
            s.reference = rl::json::toValue(e.at("reference"));
            s.message = e.value("message", "");
            r.sizes.push_back(std::move(s));
        } else if (what == "trace") {
            r.trace = rl::json::readTrace(e.at("trace"));
            r.tracedOn = r.device;
        } else if (what == "stopped") {
            r.notes.push_back(e.value("message", ""));
        } else if (what == "trace_failed") {
            r.failures.push_back({"trace", "device", e.value("message", "")});
        }
    }
    bool buildKnown = false;
    for (const json& e : device.events) buildKnown = buildKnown || e.value("event", "") == "build";
    if (!buildKnown && device.child.end == ChildResult::End::TimedOut) {
        // Stopped while the compiler was still at work: the build itself is what never ended.
        std::ostringstream m;
        m << "the build did not finish within " << request.timeoutSeconds
          << " s and was stopped: the compiler was still at work. A loop unrolled many times (#pragma unroll with "
             "a large count) or a macro that expands to a huge program makes a build this long; make the program "
             "smaller";
        r.failures.push_back({"build", "timeout", m.str()});
        if (r.device.empty()) r.device = "?";
        return r;  // the simulator would only compile it again
    }
    noteEnding(r, "run", device, running.empty() ? "" : " while running" + running, request.timeoutSeconds);
    if (!device.events.empty() && r.device.empty()) r.device = "?";
    if (r.buildLog.empty() && !r.builds && !r.sizes.empty()) r.builds = true;  // built, but every run failed later
    if (!r.builds && !r.buildLog.empty()) return r;
    r.correct = !r.sizes.empty();
    for (const auto& s : r.sizes) r.correct = r.correct && s.ran && s.correct;

    // The simulator, in a process of its own: the stages of a kernel without the macros, and races, bounds,
    // uninitialised reads.
    const std::string simulator = request.simulate ? simulatorPath() : "";
    if (!request.simulate) {
        r.simulatorMissing = "the simulator step was turned off (--no-sim); check again without it";
    } else if (simulator.empty()) {
        r.simulatorMissing = "reducelab-sim, the simulator step, is not beside " + process::selfExecutable() +
                             ": build it (every build makes it), install ReduceLab's package, or set REDUCELAB_SIM";
    } else {
        SimulatorOutcome sim = runSimulator(simulator, req);
        if (sim.child.end == ChildResult::End::Signalled) {
            // Oclgrind 21.10's uninitialised-value check crashes on some vector code: once more without it.
            CheckRequest without = req;
            without.checkUninitialised = false;
            SimulatorOutcome again = runSimulator(simulator, without);
            if (again.child.exited() && again.child.exitCode == 0) {
                r.notes.push_back("Oclgrind's check for reads of uninitialised memory crashed on this kernel (a known "
                                  "Oclgrind 21.10 fault with vector types); the stages and the other checks ran "
                                  "without it");
                sim = std::move(again);
            }
        }
        for (const json& e : sim.events) {
            const std::string what = e.value("event", "");
            if (what == "unavailable") {
                r.simulatorMissing = e.value("why", "");
            } else if (what == "sim" && e.value("built", false)) {
                r.simulated = true;
                addFindings(r, e.at("findings"));
                if (e.contains("input_reads")) r.inputReads = workbench::inputReadsFromJson(e.at("input_reads"));
                if (!r.trace && e.contains("trace")) {
                    r.trace = rl::json::readTrace(e.at("trace"));
                    r.tracedOn = "Oclgrind";
                }
            } else if (what == "sim") {
                r.failures.push_back({"trace", "build", "Oclgrind could not build the kernel: " +
                                                            lastLine(e.value("log", ""))});
            } else if (what == "sim_findings") {
                addFindings(r, e.at("findings"));
            }
        }
        const ChildResult& c = sim.child;
        if (r.simulatorMissing.empty() && c.exited() && c.exitCode == 127 &&
            c.err.find("error while loading shared libraries") != std::string::npos)
            r.simulatorMissing = "reducelab-sim cannot start here (" + lastLine(c.err) +
                                 "): install Oclgrind's library (Debian and Ubuntu: apt install liboclgrind-21.10)";
        if (r.simulatorMissing.empty())
            noteEnding(r, "trace", StepOutcome{sim.events, sim.child}, " on Oclgrind (the simulator)",
                       request.timeoutSeconds);
    }

    if (r.trace) {
        r.trace->simdWidth = simdWidth;
        analyzeTrace(*r.trace);
        r.stages = workbench::stageFactsOf(*r.trace);
        // Where each local-memory finding sits on the tree: its cell, and the first stage written on its line.
        const auto& first = r.trace->passes.empty() || r.trace->passes[0].traced.empty()
                                ? std::vector<Stage>{}
                                : r.trace->passes[0].traced[0].stages;
        const int cells = first.empty() ? 0 : int(first[0].values.size());
        for (auto* list : {&r.races, &r.uninitialised, &r.outOfBounds, &r.barrierDivergence})
            for (workbench::Finding& f : *list) {
                if (f.memory == "local" && f.byteOffset >= 0)
                    f.cell = int(f.byteOffset / static_cast<long long>(elemSize(request.config.type)));
                if (patternInfo(signature.pattern).studentKernel.scratchPerItem > 1 && f.cell >= 0 && cells > 0)
                    f.cell %= cells;  // a double buffer's upper half: the cell of its tile
                for (size_t s = 0; s < r.stages.size() && f.stage < 0; ++s)
                    if (r.stages[s].line > 0 && r.stages[s].line == f.line()) f.stage = int(s);
                f.message = plainMessage(f, r.stages, patternInfo(request.pattern).words);
            }
    }
    {  // the advice in the words of the pattern's contract (core/workbench/findings.h)
        for (auto* list : {&r.races, &r.uninitialised, &r.outOfBounds, &r.barrierDivergence})
            for (workbench::Finding& f : *list)
                if (f.kind != workbench::FindingKind::Other)
                    f.advice = workbench::adviceFor(f.kind, f.memory, f.details.rfind("Invalid write", 0) == 0,
                                                    signature.pattern);
    }
    if (model && r.trace) {
        RunConfig c = modelConfigOf(request.config, *r.trace);
        c.n = r.trace->n;
        const HostArray input = makeInput(c.type, c.data, c.n, request.config.seed);
        std::vector<double> values(input.size());
        for (size_t i = 0; i < input.size(); ++i) values[i] = input.at(i);
        double modelResult = 0;
        const auto passes = modelRun(*model, c, values, &modelResult);
        r.firstMismatch = workbench::firstMismatch(*r.trace, passes, model->id, &r.notes);
    }
    return r;
}

int exitStatus(const CheckReport& report, bool requireAll) {
    if (!report.contract.empty() || !report.builds) return 2;
    return report.passed() && (!requireAll || report.complete()) ? 0 : 1;
}

}  // namespace rl::check
