// The check's report under the editor: the problems (diagnostics, the contract, Oclgrind's findings, steps that
// failed), each a row that jumps to its line, then the check list (every size green or red, each Oclgrind check,
// the stages recorded); and what the frame records of it all for the screenshots.
#include "app/gui/workbench/workbench.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <filesystem>

#include "app/view/tree/tree_layout.h"

namespace rl::gui {
namespace {

std::string number(double v) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.10g", v);
    return buf;
}

// A clickable row: a coloured tag, then the text (wrapped). Returns true when clicked.
bool row(const char* id, const std::string& tag, const std::string& text, view::Rgba colour, const UiContext& ctx,
         std::vector<FrameGeometry::Workbench::Row>* rows, FrameGeometry::Workbench::Row record, bool wideTag = true) {
    const float s = ctx.scale;
    const float tagW = ImGui::CalcTextSize(wideTag ? "line 0000" : "stages").x + 10 * s;
    const float wrapW = ImGui::GetContentRegionAvail().x - tagW;
    const float h = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrapW).y + 4 * s;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImGui::PushID(id);
    const bool clicked = ImGui::Selectable("##row", false, 0, ImVec2(0, h));
    ImGui::PopID();
    if (ImGui::IsItemHovered() && record.line > 0) ImGui::SetTooltip("Go to line %d", record.line);
    ImDrawList* dl = ImGui::GetWindowDrawList();
    dl->AddText(ImVec2(at.x, at.y + 2 * s), colour.packed(), tag.c_str());
    ImGui::SetCursorScreenPos(ImVec2(at.x + tagW, at.y + 2 * s));
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + wrapW);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + h + 2 * s));
    ImGui::Dummy(ImVec2(0, 0));
    record.text = text;
    record.rect = {at.x, at.y, ImGui::GetContentRegionAvail().x, h};
    rows->push_back(record);
    return clicked;
}

void heading(const char* text, const UiContext& ctx) {
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(vec4(ctx.palette.textDim), "%s", text);
    ImGui::PopFont();
}

}  // namespace

void Workbench::drawGrade(const UiContext& ctx) {
    const auto& p = ctx.palette;
    const auto& gr = *grade_;
    auto& g = ctx.geometry.workbench;
    using Row = FrameGeometry::Workbench::Row;
    char score[96];
    if (gr.checks.empty())  // the grading itself could not finish (cancelled, out of time): nothing to count
        std::snprintf(score, sizeof score, "Not graded");
    else
        std::snprintf(score, sizeof score, "Grade: %g of %g", gr.score(), gr.maxScore());
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::TextColored(vec4(gr.passed() ? p.good : gr.status == "fail" ? p.warn : p.bad), "%s%s", score,
                       gr.passed() ? "  \xe2\x80\x94 every check passes" : "");
    ImGui::PopFont();
    if (!gr.error.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(p.bad), "%s", gr.error.c_str());
        ImGui::PopTextWrapPos();
    }
    int n = 0;
    for (const auto& c : gr.checks) {
        std::string text = c.name + (c.message.empty() ? "" : ": " + c.message);
        if (c.hidden && c.message.empty()) text += c.passed ? " (a hidden check)" : " (a hidden check: sizes or data you do not see)";
        const std::string tag = c.passed ? "\xe2\x9c\x93" : "\xe2\x9c\x97";
        if (row(("grade" + std::to_string(n++)).c_str(), tag, text, c.passed ? p.good : p.bad, ctx, &g.grade,
                Row{c.line, c.kind, "", c.passed, {}}, false)) {
            if (c.line > 0) editor_.gotoLine(c.line);
            if (c.stage >= 0) seekStage_ = c.stage;
        }
    }
    if (gr.seed != 0) ImGui::TextColored(vec4(p.textFaint), "inputs from seed %llu", (unsigned long long)gr.seed);
    ImGui::Spacing();
}

void Workbench::drawReport(const UiContext& ctx) {
    const auto& p = ctx.palette;
    auto& g = ctx.geometry.workbench;
    ImGui::BeginChild("##report", ImVec2(0, 0), true);
    if (grade_ && exercise_ && !(outcome_ && outcome_->id != requested_)) drawGrade(ctx);
    if (!report_ || !outcome_ || outcome_->id != requested_) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextDisabled("The diagnostics and the checks of your kernel show here.");
        ImGui::PopTextWrapPos();
        ImGui::EndChild();
        return;
    }
    const auto& r = *report_;
    using Row = FrameGeometry::Workbench::Row;
    int n = 0;
    auto id = [&n] { return std::to_string(n++); };

    // Problems: what to fix, each on its line.
    const bool unplacedLog = !r.builds && r.contract.empty() && r.diagnostics.empty();
    const bool anyProblem = unplacedLog || !r.diagnostics.empty() || !r.contract.empty() || !r.races.empty() ||
                            !r.uninitialised.empty() || !r.outOfBounds.empty() || !r.barrierDivergence.empty() ||
                            !r.failures.empty() || r.firstMismatch.has_value();
    if (anyProblem) heading("Problems", ctx);
    for (const auto& d : r.diagnostics) {
        const bool error = d.severity != "warning" && d.severity != "note";
        const std::string tag = d.line > 0 ? "line " + std::to_string(d.line) : d.severity;
        if (row(id().c_str(), tag, d.severity + ": " + d.message, error ? p.bad : p.warn, ctx, &g.problems,
                Row{d.line, d.severity, "", false, {}}) &&
            d.line > 0)
            editor_.gotoLine(d.line, std::max(1, d.column));
    }
    if (unplacedLog) {  // a log the parser could not place on a line: shown as the compiler wrote it
        const size_t at = r.buildLog.find("Build log:\n");
        const std::string log = at == std::string::npos ? r.buildLog : r.buildLog.substr(at + 11);
        row(id().c_str(), "build", "the compiler's log names no line of your file: " +
                                       (log.empty() ? std::string("(the driver gave no build log)") : log),
            p.bad, ctx, &g.problems, Row{0, "error", "", false, {}});
    }
    if (!r.contract.empty()) row(id().c_str(), "contract", r.contract, p.bad, ctx, &g.problems, Row{0, "contract", "", false, {}});
    const std::pair<const std::vector<rl::workbench::Finding>*, const char*> findings[] = {
        {&r.races, "data race"},
        {&r.uninitialised, "uninitialised read"},
        {&r.outOfBounds, "out of bounds"},
        {&r.barrierDivergence, "barrier divergence"}};
    const view::Rgba findingColour = view::mix(p.bad, p.warn, 0.45f);
    for (const auto& [list, title] : findings)
        for (const auto& f : *list) {
            const std::string text = std::string(title) + ": " + rl::workbench::findingText(f);
            const int line = f.line();
            if (row(id().c_str(), line > 0 ? "line " + std::to_string(line) : "kernel", text, findingColour, ctx,
                    &g.problems, Row{line, title, "", false, {}}) &&
                line > 0)
                editor_.gotoLine(line);
        }
    for (const auto& f : r.failures)
        row(id().c_str(), f.kind, f.step + ": " + f.message, p.bad, ctx, &g.problems, Row{0, f.kind, "", false, {}});
    if (r.firstMismatch) {
        const auto& m = *r.firstMismatch;
        const std::string text = "differs from " + m.model + ": pass " + std::to_string(m.pass) + ", stage " +
                                 std::to_string(m.stage) + ", cell " + std::to_string(m.cell) + " (" + m.message + ")";
        if (row(id().c_str(), m.line > 0 ? "line " + std::to_string(m.line) : "model", text, p.accent, ctx,
                &g.problems, Row{m.line, "model", "", false, {}}) &&
            m.line > 0)
            editor_.gotoLine(m.line);
    }
    if (anyProblem) ImGui::Spacing();

    // The check list.
    if (r.builds) {
        heading("Checks", ctx);
        for (const auto& sc : r.sizes) {
            const bool ok = sc.ran && sc.correct;
            std::string text = "n = " + std::to_string(sc.n) + (sc.why.empty() ? "" : " (" + sc.why + ")") + ": ";
            text += !sc.ran ? sc.message
                            : (ok ? "correct, " + number(sc.result)
                                  : "wrong: " + number(sc.result) + ", expected " + number(sc.reference));
            row(id().c_str(), ok ? "\xe2\x9c\x93" : "\xe2\x9c\x97", text, ok ? p.good : p.bad, ctx, &g.checks,
                Row{0, "size", "", ok, {}}, false);
        }
        if (r.simulated) {
            const std::pair<size_t, const char*> sim[] = {{r.races.size(), "data races"},
                                                          {r.uninitialised.size(), "reads of uninitialised memory"},
                                                          {r.outOfBounds.size(), "out-of-bounds accesses"},
                                                          {r.barrierDivergence.size(), "divergent barriers"}};
            for (const auto& [count, what] : sim) {
                const std::string text = count == 0 ? std::string("no ") + what + " (Oclgrind)"
                                                    : std::to_string(count) + " " + what + " (Oclgrind)";
                row(id().c_str(), count == 0 ? "\xe2\x9c\x93" : "\xe2\x9c\x97", text, count == 0 ? p.good : p.bad,
                    ctx, &g.checks, Row{0, "oclgrind", "", count == 0, {}}, false);
            }
        } else if (!r.simulatorMissing.empty()) {  // not a failure: these checks could not run here
            row(id().c_str(), "-", "not checked here (races, uninitialised reads, bounds, divergent barriers): " +
                                       r.simulatorMissing,
                p.textDim, ctx, &g.checks, Row{0, "not checked", "", false, {}}, false);
        } else {
            row(id().c_str(), "\xe2\x9c\x97", "Oclgrind did not finish: no race, uninitialised-read or bounds check",
                p.bad, ctx, &g.checks, Row{0, "oclgrind", "", false, {}}, false);
        }
        if (!r.stages.empty()) {
            int divergent = 0, conflict = 1;
            for (const auto& st : r.stages) divergent += st.divergentWarps, conflict = std::max(conflict, st.bankConflictDegree);
            row(id().c_str(), "stages",
                std::to_string(r.stages.size()) + " recorded on " + (r.tracedOn.empty() ? r.device : r.tracedOn) +
                    "; " + std::to_string(divergent) + " divergent SIMD groups in all, worst bank conflict " +
                    std::to_string(conflict) + "-way",
                p.accent, ctx, &g.checks, Row{0, "stages", "", true, {}}, false);
        }
    }
    ImGui::EndChild();
}

void Workbench::drawTreeMarks(const ExplorerState& state, const UiContext& ctx) {
    if (!holdsTrace(state) || !report_ || !report_->builds) return;
    const FrameGeometry::Tree* tree = nullptr;
    for (const auto& t : ctx.geometry.trees)
        if (t.side == 0) tree = &t;
    if (!tree) return;
    const view::TreeLayout layout(tree->layout);
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const int lastCell = tree->layout.firstCell + (tree->layout.visibleCells > 0 ? tree->layout.visibleCells : tree->layout.cells);
    const std::pair<const std::vector<rl::workbench::Finding>*, const char*> kinds[] = {
        {&report_->races, "race"}, {&report_->uninitialised, "uninitialised"}, {&report_->outOfBounds, "out of bounds"}};
    for (const auto& [list, kind] : kinds)
        for (const auto& f : *list) {
            if (f.cell < tree->layout.firstCell || f.cell >= lastCell || f.stage < 0 || f.stage >= tree->layout.stages)
                continue;
            if ((f.pass >= 0 && f.pass != tree->pass) || (f.group >= 0 && f.group != tree->groupId)) continue;
            const view::Rect c = layout.cell(f.stage, f.cell);
            const ImVec2 a(c.x - 4 * s, c.y - 4 * s), b(c.right() + 4 * s, c.bottom() + 4 * s);
            dl->AddRect(a, b, p.bad.packed(), 4 * s, 0, 3 * s);
            std::string label = std::string(kind) + " (line " + std::to_string(f.line()) + ")";
            if (f.workItems.size() >= 2)
                label += ": work-items " + std::to_string(f.workItems[0]) + " and " + std::to_string(f.workItems[1]);
            const ImVec2 size = ImGui::CalcTextSize(label.c_str());
            const float x = std::min(a.x, tree->layout.canvas.right() - size.x - 6 * s);
            const ImVec2 at(std::max(tree->layout.canvas.x, x), b.y + 2 * s);
            dl->AddRectFilled(ImVec2(at.x - 4 * s, at.y - 1 * s), ImVec2(at.x + size.x + 4 * s, at.y + size.y + 1 * s),
                              view::mix(p.panel, p.bad, 0.3f).packed(), 3 * s);
            dl->AddText(at, p.text.packed(), label.c_str());
            ctx.geometry.workbench.treeMarks.push_back({kind, f.stage, f.cell, {a.x, a.y, b.x - a.x, b.y - a.y}});
        }
}

void Workbench::recordGeometry(const UiContext& ctx) {
    auto& g = ctx.geometry.workbench;
    g.exercise = exercise_ ? exercise_->id : "";
    if (grade_) {
        g.score = grade_->score();
        g.maxScore = grade_->maxScore();
        g.gradeStatus = grade_->status;
    }
    const auto& e = editor_.geometry();
    g.open = open_;
    g.file = path_;
    g.text = text_;
    g.modified = modified();
    g.checking = worker_->busy();
    g.askReload = askReload_;
    g.checksDone = checksDone_;
    g.focused = e.focused;
    g.cursorLine = e.cursorLine;
    g.findOpen = editor_.findBar().isOpen();
    g.findMatches = int(editor_.findBar().matches().size());
    g.findCurrent = editor_.findBar().current();
    g.editor = e.area;
    g.textRect = e.text;
    g.lineTop = e.lineTop;
    g.lineHeight = e.lineHeight;
    g.lineTops = e.lineTops;
    g.wrapRight = e.wrapRight;
    g.textRight = e.textRight;
    g.rows = e.rows;
    g.cursorRow = e.cursorRow;
    g.firstVisible = e.firstVisible;
    g.lastVisible = e.lastVisible;
    for (const auto& m : e.marks) g.marks.push_back({m.line, m.kind, m.gutter});
    if (report_ && outcome_ && outcome_->id == requested_) {
        g.reported = true;
        g.builds = report_->builds;
        g.correct = report_->correct;
        g.passed = report_->passed();
    }
    g.status = outcome_ ? (outcome_->report ? "" : outcome_->problem) : "";
}

}  // namespace rl::gui
