// The check report: its verdict, its JSON form (written by `reducelab check --json`, read by the app), the model
// comparison and the terminal text.
#include "core/workbench/check_report.h"

#include "core/files/run_settings.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "core/files/json_io.h"
#include "core/types.h"

namespace rl::workbench {

using nlohmann::json;

std::vector<CheckState> CheckReport::checks() const {
    std::vector<CheckState> out;
    const bool built = builds && contract.empty();
    std::string buildWhy = contract;
    for (const Failure& f : failures)
        if (f.step == "build") buildWhy = f.message;
    out.push_back({"builds", built ? "passed" : "failed", buildWhy});
    const std::string unbuilt = contract.empty() ? "the kernel does not build" : "the kernel breaks the launch contract";
    if (!built) {
        out.push_back({"correct", "not_checked", unbuilt});
        return out;  // a build that never ended is the builds check's failure, not one more
    }
    out.push_back({"correct", correct ? "passed" : "failed", ""});
    const std::string noSimulator = simulatorMissing.empty() ? "the simulator step did not finish" : simulatorMissing;
    auto finding = [&](const char* name, const std::vector<Finding>& list) {
        if (!simulated)
            out.push_back({name, simulatorMissing.empty() ? "failed" : "not_checked", noSimulator});
        else
            out.push_back({name, list.empty() ? "passed" : "failed", list.empty() ? "" : list.front().message});
    };
    finding("no_races", races);
    finding("no_uninitialised", uninitialised);
    finding("no_out_of_bounds", outOfBounds);
    finding("no_barrier_divergence", barrierDivergence);
    if (trace)
        out.push_back({"stages", "passed", ""});
    else
        out.push_back({"stages", simulatorMissing.empty() ? "failed" : "not_checked",
                       simulatorMissing.empty() ? "no stages were recorded"
                                                : "the kernel does not record its own stages (RL_TRACE_PARAMS) and " +
                                                      simulatorMissing});
    if (!model.empty()) {
        if (firstMismatch)
            out.push_back({"matches_model", "failed", firstMismatch->message});
        else if (trace)
            out.push_back({"matches_model", "passed", ""});
        else
            out.push_back({"matches_model", simulatorMissing.empty() ? "failed" : "not_checked",
                           "no stages to compare with " + model + ": " + noSimulator});
    }
    for (const Failure& f : failures) out.push_back({f.step, "failed", f.message});
    return out;
}

bool CheckReport::passed() const {
    for (const CheckState& c : checks())
        if (c.state == "failed") return false;
    return true;
}

bool CheckReport::complete() const {
    for (const CheckState& c : checks())
        if (c.state == "not_checked") return false;
    return true;
}

json toJson(const std::vector<Finding>& list) {
    json a = json::array();
    for (const Finding& f : list)
        a.push_back({{"kind", std::string(toString(f.kind))},
                     {"line", f.line()},
                     {"lines", f.lines},
                     {"message", f.message},
                     {"advice", f.advice},
                     {"memory", f.memory},
                     {"pass", f.pass},
                     {"group", f.group},
                     {"work_items", f.workItems},
                     {"byte_offset", f.byteOffset},
                     {"cell", f.cell},
                     {"stage", f.stage},
                     {"details", f.details}});
    return a;
}

namespace {

FindingKind kindOf(const std::string& s) {
    for (FindingKind k : {FindingKind::Race, FindingKind::Uninitialised, FindingKind::OutOfBounds,
                          FindingKind::BarrierDivergence})
        if (toString(k) == s) return k;
    return FindingKind::Other;
}

}  // namespace

std::vector<Finding> findingsFromJson(const json& a) {
    std::vector<Finding> out;
    for (const json& j : a) {
        Finding f;
        f.kind = kindOf(j.at("kind").get<std::string>());
        f.lines = j.at("lines").get<std::vector<int>>();
        f.message = j.at("message").get<std::string>();
        f.advice = j.value("advice", "");
        f.memory = j.value("memory", "");
        f.pass = j.value("pass", -1);
        f.group = j.value("group", -1);
        f.workItems = j.value("work_items", std::vector<int>{});
        f.byteOffset = j.value("byte_offset", -1LL);
        f.cell = j.value("cell", -1);
        f.stage = j.value("stage", -1);
        f.details = j.value("details", "");
        out.push_back(std::move(f));
    }
    return out;
}

json toJson(const CheckReport& r) {
    json diagnostics = json::array();
    for (const Diagnostic& d : r.diagnostics)
        diagnostics.push_back({{"file", d.file}, {"line", d.line}, {"column", d.column}, {"severity", d.severity},
                               {"message", d.message}, {"excerpt", d.excerpt}});
    json sizes = json::array();
    for (const SizeCheck& s : r.sizes)
        sizes.push_back({{"n", s.n}, {"wg", s.wg}, {"why", s.why}, {"ran", s.ran}, {"correct", s.correct},
                         {"result", rl::json::value(s.result)}, {"reference", rl::json::value(s.reference)},
                         {"message", s.message}});
    json divergent = json::array(), conflicts = json::array(), stages = json::array();
    for (const StageFacts& s : r.stages) {
        divergent.push_back(s.divergentWarps);
        conflicts.push_back(s.bankConflictDegree);
        stages.push_back({{"label", s.label}, {"line", s.line}, {"active_items", s.activeItems},
                          {"divergent_warps", s.divergentWarps}, {"bank_conflict_degree", s.bankConflictDegree}});
    }
    json mismatch = nullptr;
    if (r.firstMismatch) {
        const Mismatch& m = *r.firstMismatch;
        mismatch = {{"model", m.model}, {"pass", m.pass}, {"group", m.group}, {"stage", m.stage}, {"cell", m.cell},
                    {"expected", rl::json::value(m.expected)}, {"seen", rl::json::value(m.seen)}, {"line", m.line},
                    {"message", m.message}};
    }
    json failures = json::array();
    for (const Failure& f : r.failures)
        failures.push_back({{"step", f.step}, {"kind", f.kind}, {"message", f.message}});
    json checks = json::array();
    for (const CheckState& c : r.checks()) checks.push_back({{"name", c.name}, {"state", c.state}, {"why", c.why}});
    return {{"file", r.file},
            {"entry", r.entry},
            {"kernel", r.kernel ? toJson(*r.kernel) : json(nullptr)},
            {"device", r.device},
            {"traced_on", r.tracedOn},
            {"op", r.op},
            {"type", r.type},
            {"wg", r.wg},
            {"passed", r.passed()},
            {"complete", r.complete()},
            {"checks", checks},
            {"builds", r.builds},
            {"diagnostics", diagnostics},
            {"build_log", r.buildLog},
            {"contract", r.contract},
            {"correct", r.correct},
            {"sizes", sizes},
            {"simulated", r.simulated},
            {"simulator_missing", r.simulatorMissing},
            {"races", toJson(r.races)},
            {"uninitialised", toJson(r.uninitialised)},
            {"out_of_bounds", toJson(r.outOfBounds)},
            {"barrier_divergence", toJson(r.barrierDivergence)},
            {"stages", r.stages.size()},
            {"stage_facts", stages},
            {"divergent_warps", divergent},
            {"bank_conflict_degree", conflicts},
            {"model", r.model},
            {"first_mismatch", mismatch},
            {"failures", failures},
            {"notes", r.notes},
            {"input_reads", r.inputReads ? toJson(*r.inputReads) : json(nullptr)},
            {"trace", r.trace ? rl::json::trace(*r.trace) : json(nullptr)}};
}

json toJson(const InputReads& x) {
    return {{"n", x.n},
            {"never_read", x.neverRead},
            {"read_more_than_once", x.readMoreThanOnce},
            {"first_never_read", x.firstNeverRead},
            {"first_read_more_than_once", x.firstReadMoreThanOnce},
            {"times_first_read_more_than_once", x.timesFirstReadMoreThanOnce},
            {"line_of_second_read", x.lineOfSecondRead},
            {"groups", x.groups},
            {"groups_reading", x.groupsReading}};
}

InputReads inputReadsFromJson(const json& j) {
    InputReads x;
    x.n = j.at("n").get<size_t>();
    x.neverRead = j.at("never_read").get<size_t>();
    x.readMoreThanOnce = j.at("read_more_than_once").get<size_t>();
    x.firstNeverRead = j.value("first_never_read", -1LL);
    x.firstReadMoreThanOnce = j.value("first_read_more_than_once", -1LL);
    x.timesFirstReadMoreThanOnce = j.value("times_first_read_more_than_once", 0);
    x.lineOfSecondRead = j.value("line_of_second_read", 0);
    x.groups = j.value("groups", size_t(0));
    x.groupsReading = j.value("groups_reading", size_t(0));
    return x;
}

CheckReport checkReportFromJson(const json& j) {
    try {
        CheckReport r;
        r.file = j.at("file").get<std::string>();
        r.entry = j.at("entry").get<std::string>();
        if (j.contains("kernel") && !j.at("kernel").is_null()) r.kernel = signatureFromJson(j.at("kernel"));
        r.device = j.at("device").get<std::string>();
        r.tracedOn = j.value("traced_on", "");
        // The child's settings, read with the rules every front end uses (core/files/run_settings.h): a report from a
        // process that went wrong is refused, not shown.
        RunConfig seen;
        r.op = j.value("op", "");
        if (!r.op.empty()) setRunSetting(seen, "op", r.op, "the check report's op");
        r.type = j.value("type", "");
        if (!r.type.empty()) setRunSetting(seen, "type", r.type, "the check report's type");
        r.wg = j.value("wg", size_t(0));
        if (r.wg != 0) checkedSetting("wg", (long long)r.wg, "the check report's wg");
        r.builds = j.at("builds").get<bool>();
        for (const json& d : j.at("diagnostics"))
            r.diagnostics.push_back({d.value("file", ""), d.at("line").get<int>(), d.at("column").get<int>(),
                                     d.at("severity").get<std::string>(), d.at("message").get<std::string>(),
                                     d.value("excerpt", "")});
        r.buildLog = j.value("build_log", "");
        r.contract = j.value("contract", "");
        r.correct = j.at("correct").get<bool>();
        for (const json& s : j.at("sizes")) {
            SizeCheck c;
            c.n = s.at("n").get<size_t>();
            c.wg = s.at("wg").get<size_t>();
            checkedSetting("n", (long long)std::min<size_t>(c.n, size_t(1) << 62), "the check report's size");
            checkedSetting("wg", (long long)std::min<size_t>(c.wg, size_t(1) << 62), "the check report's wg");
            c.why = s.value("why", "");
            c.ran = s.at("ran").get<bool>();
            c.correct = s.at("correct").get<bool>();
            c.result = rl::json::toValue(s.at("result"));
            c.reference = rl::json::toValue(s.at("reference"));
            c.message = s.value("message", "");
            r.sizes.push_back(std::move(c));
        }
        r.simulated = j.value("simulated", false);
        r.simulatorMissing = j.value("simulator_missing", "");
        r.races = findingsFromJson(j.at("races"));
        r.uninitialised = findingsFromJson(j.at("uninitialised"));
        r.outOfBounds = findingsFromJson(j.at("out_of_bounds"));
        r.barrierDivergence = findingsFromJson(j.at("barrier_divergence"));
        for (const json& s : j.value("stage_facts", json::array()))
            r.stages.push_back({s.at("label").get<std::string>(), s.value("line", 0), s.value("active_items", 0),
                                s.value("divergent_warps", 0), s.value("bank_conflict_degree", 1)});
        r.model = j.value("model", "");
        if (j.contains("first_mismatch") && !j.at("first_mismatch").is_null()) {
            const json& m = j.at("first_mismatch");
            r.firstMismatch = Mismatch{m.at("model").get<std::string>(), m.at("pass").get<int>(),
                                       m.at("group").get<int>(), m.at("stage").get<int>(), m.at("cell").get<int>(),
                                       rl::json::toValue(m.at("expected")), rl::json::toValue(m.at("seen")),
                                       m.value("line", 0), m.value("message", "")};
        }
        for (const json& f : j.at("failures"))
            r.failures.push_back({f.at("step").get<std::string>(), f.at("kind").get<std::string>(),
                                  f.at("message").get<std::string>()});
        r.notes = j.value("notes", std::vector<std::string>{});
        if (j.contains("input_reads") && !j.at("input_reads").is_null())
            r.inputReads = inputReadsFromJson(j.at("input_reads"));
        if (j.contains("trace") && !j.at("trace").is_null()) r.trace = rl::json::readTrace(j.at("trace"));
        return r;
    } catch (const nlohmann::json::exception& e) {
        throw Error(ErrorKind::BadInput, std::string("the check report is malformed: ") + e.what());
    }
}

std::vector<StageFacts> stageFactsOf(const TraceRun& trace) {
    std::vector<StageFacts> out;
    if (trace.passes.empty() || trace.passes.front().traced.empty()) return out;
    for (const Stage& s : trace.passes.front().traced.front().stages)
        out.push_back({s.label, s.line, s.analysis.activeItems, s.analysis.divergentWarps,
                       s.analysis.bankConflictDegree});
    return out;
}

namespace {

// Where a padded tile keeps its cells: a student's scan that stores cell i at word p(i) (GPU Gems 3's i + i / 32, or
// any padding that keeps the cells in order) writes exactly `cells` words over its stages, and the k-th of them, in
// order, holds cell k. Empty when the group's writes are not `cells` words (no padding to read, or another layout).
std::vector<int> paddedWords(const GroupTrace& g, size_t cells) {
    std::set<int> written;
    for (const Stage& s : g.stages)
        for (const WorkItemOp& op : s.ops) {
            if (!op.active) continue;
            if (op.w >= 0) written.insert(op.w);
            if (op.w2 >= 0) written.insert(op.w2);
        }
    if (written.size() != cells) return {};
    return {written.begin(), written.end()};
}

}  // namespace

std::optional<Mismatch> firstMismatch(const TraceRun& student, const std::vector<PassTrace>& model,
                                      const std::string& modelName, std::vector<std::string>* notes) {
    bool ownInRegisters = false;  // some group left the model's last stage, the add of each cell's own input, out
    auto mismatch = [&](int p, int g, int s, int cell, double expected, double seen, int line, std::string msg) {
        return Mismatch{modelName, p, g, s, cell, expected, seen, line, std::move(msg)};
    };
    const size_t passes = std::min(student.passes.size(), model.size());
    for (size_t p = 0; p < passes; ++p) {
        const auto& mine = student.passes[p].traced;
        const auto& theirs = model[p].traced;
        for (const GroupTrace& g : mine) {
            const GroupTrace* m = nullptr;
            for (const GroupTrace& t : theirs)
                if (t.group == g.group) m = &t;
            if (!m) continue;
            const size_t stages = std::min(g.stages.size(), m->stages.size());
            // A student's scratch larger than the model's tile, written at exactly as many words as the tile has
            // cells: a padded tile, compared cell by cell through its words (reported at the word the trace shows).
            std::vector<int> words;
            if (stages > 0 && g.stages[0].values.size() > m->stages[0].values.size())
                words = paddedWords(g, m->stages[0].values.size());
            for (size_t s = 0; s < stages; ++s) {
                const Stage& a = g.stages[s];
                const Stage& b = m->stages[s];
                const bool padded = !words.empty() && a.values.size() > size_t(words.back());
                const size_t cells = padded ? b.values.size() : std::min(a.values.size(), b.values.size());
                for (size_t c = 0; c < cells; ++c) {
                    const size_t at = padded ? size_t(words[c]) : c;
                    const double seen = a.values[at];
                    const bool same = seen == b.values[c] || (seen != seen && b.values[c] != b.values[c]);
                    if (!same) {
                        std::ostringstream why;
                        why << "pass " << p << ", work-group " << g.group << ", stage " << s << " (" << b.label
                            << "): cell " << c;
                        if (at != c) why << " (scratch word " << at << ")";
                        why << " holds " << seen << " where " << modelName << " has " << b.values[c];
                        return mismatch(int(p), g.group, int(s), int(at), b.values[c], seen, a.line, why.str());
                    }
                }
            }
            // The model's one further stage adds each cell's own input, which the kernel did in a register as it
            // stored its result: not a difference in what local memory held.
            if (g.stages.size() + 1 == m->stages.size() && m->stages.back().param == kAddOwnParam) {
                ownInRegisters = true;
                continue;
            }
            if (g.stages.size() != m->stages.size()) {
                std::ostringstream why;
                why << "pass " << p << ", work-group " << g.group << ": " << g.stages.size() << " stages where "
                    << modelName << " has " << m->stages.size();
                return mismatch(int(p), g.group, int(stages), -1, double(m->stages.size()), double(g.stages.size()),
                                0, why.str());
            }
        }
    }
    if (student.passes.size() != model.size())
        return mismatch(int(passes), 0, 0, -1, double(model.size()), double(student.passes.size()), 0,
                        std::to_string(student.passes.size()) + " passes where " + modelName + " has " +
                            std::to_string(model.size()));
    if (ownInRegisters && notes)
        notes->push_back("your kernel adds each element's own value as it stores the result; " + modelName +
                         "'s model does it in local memory as a last stage, so your trace has one stage fewer and "
                         "every stage it has equals the model's");
    return std::nullopt;
}

namespace {

// The compiler's excerpt under a diagnostic, indented under it; the student's line itself when the compiler gave
// none and the line is known.
void writeExcerpt(std::ostringstream& o, const Diagnostic& d) {
    std::istringstream lines(d.excerpt);
    for (std::string l; std::getline(lines, l);) o << "          | " << l << "\n";
}

// The log as the compiler wrote it, indented, after ReduceLab's own first line ("kernel '...' failed to build").
void writeLog(std::ostringstream& o, const std::string& log) {
    const size_t at = log.find("Build log:\n");
    std::istringstream lines(at == std::string::npos ? log : log.substr(at + 11));
    int shown = 0;
    for (std::string l; std::getline(lines, l) && shown < 60; ++shown) o << "          | " << l << "\n";
    if (shown == 60) o << "          | ... (the whole log is in --json's build_log)\n";
}

}  // namespace

std::string formatReport(const CheckReport& r) {
    std::ostringstream o;
    auto mark = [](bool ok) { return ok ? "ok  " : "FAIL"; };
    o << "check " << r.file << " (kernel " << (r.entry.empty() ? "?" : r.entry) << ")"
      << (r.device.empty() ? "" : " on " + r.device) << ", " << (r.op.empty() ? "" : r.op + " ") << r.type
      << ", work-group " << r.wg
      << "\n";
    o << "  " << mark(r.builds && r.contract.empty()) << "  builds";
    if (!r.contract.empty()) o << ": " << r.contract;
    o << "\n";
    for (const Diagnostic& d : r.diagnostics) {
        o << "        " << r.file << ":";
        if (d.line > 0) o << d.line << ":" << (d.column > 0 ? std::to_string(d.column) + ":" : "");
        o << " " << d.severity << ": " << d.message << "\n";
        writeExcerpt(o, d);
    }
    for (const Failure& f : r.failures)
        if (f.step == "build") o << "        " << f.message << "\n";
    if (!r.builds && r.contract.empty() && r.diagnostics.empty() && r.failures.empty()) {
        o << "        the compiler's log names no line of " << r.file << "; here it is as it was written:\n";
        writeLog(o, r.buildLog.empty() ? "(the driver gave no build log)" : r.buildLog);
    }
    if (!r.builds || !r.contract.empty()) return o.str();
    o << "  " << mark(r.correct) << "  correct on " << r.sizes.size() << " sizes\n";
    for (const SizeCheck& s : r.sizes) {
        o << "        " << (s.correct ? "ok  " : "FAIL") << "  n = " << s.n << " (" << s.why << ")";
        if (!s.correct) o << ": " << s.message;
        o << "\n";
    }
    auto list = [&](const char* what, const std::vector<Finding>& fs) {
        if (!r.simulated) return;
        o << "  " << mark(fs.empty()) << "  " << what;
        o << (fs.empty() ? " none\n" : "\n");
        for (const Finding& f : fs) {
            o << "        line " << f.line() << ": " << sentence(f.message) << "\n          what to do: "
              << sentence(f.advice) << "\n";
        }
    };
    list("data races:", r.races);
    list("reads of uninitialised memory:", r.uninitialised);
    list("out-of-bounds accesses:", r.outOfBounds);
    list("barrier divergence:", r.barrierDivergence);
    if (!r.stages.empty()) {
        o << "  stages recorded on " << r.tracedOn << " (work-group 0 of the first pass): " << r.stages.size() << "\n";
        for (const StageFacts& s : r.stages) {
            const bool lineInLabel = s.label.find("(line ") != std::string::npos;  // the simulator's "step 2 (line 9)"
            o << "        " << s.label << (s.line && !lineInLabel ? " (line " + std::to_string(s.line) + ")" : "")
              << ": " << s.activeItems << " active, " << s.divergentWarps << " divergent warps, bank conflicts "
              << s.bankConflictDegree << "-way\n";
        }
    }
    if (!r.model.empty() && (r.trace || r.firstMismatch))
        o << "  " << mark(!r.firstMismatch) << "  trace equals the model of " << r.model
          << (r.firstMismatch ? ": first differs at " + r.firstMismatch->message : "") << "\n";
    for (const Failure& f : r.failures) o << "  FAIL  " << f.step << " (" << f.kind << "): " << f.message << "\n";
    std::vector<std::string> skipped;
    for (const CheckState& c : r.checks())
        if (c.state == "not_checked") skipped.push_back(c.name);
    if (!skipped.empty()) {
        o << "  --    not checked here:";
        for (size_t i = 0; i < skipped.size(); ++i) o << (i ? ", " : " ") << skipped[i];
        o << "\n        why: " << (r.simulatorMissing.empty() ? "the kernel did not build" : r.simulatorMissing)
          << "\n";
    }
    for (const std::string& n : r.notes) o << "  note  " << n << "\n";
    o << (!r.passed()         ? "some checks failed\n"
          : skipped.empty()   ? "all checks passed\n"
                              : "every check that ran passed (" + std::to_string(skipped.size()) +
                                  " not checked here)\n");
    return o.str();
}

}  // namespace rl::workbench
