// The Exercises window: list, statement, hints, solution, progress; "Work on it" hands the attempt to the workbench.
#include "app/gui/exercises/course.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <fstream>

#include "core/exercise/check_command.h"

namespace rl::gui {
namespace fs = std::filesystem;
namespace {

std::string scoreText(double score, double max) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%g / %g", score, max);
    return buf;
}

}  // namespace

void Course::init(const std::string& dir, const std::string& progressPath, MessageLog& log) {
    dir_ = dir;
    try {
        set_ = exercise::loadExercises(dir);
    } catch (const std::exception& e) {
        loadError_ = std::string("cannot read the exercises: ") + e.what();
        log.error("Exercises: " + loadError_);
    }
    for (const auto& p : set_.problems) log.warning("Exercises: " + p);
    progress_ = std::make_unique<exercise::ProgressStore>(progressPath.empty() ? exercise::ProgressStore::defaultPath()
                                                                               : progressPath);
    if (!progress_->warning().empty()) log.warning("Exercises: " + progress_->warning());
    // Start where the student left off: the first exercise not solved yet.
    size_t first = 0;
    while (first < set_.exercises.size() && progress_->get(set_.exercises[first].id).solved) ++first;
    select(first < set_.exercises.size() ? first : 0);
}

const exercise::Exercise* Course::selected() const {
    return current_ < set_.exercises.size() ? &set_.exercises[current_] : nullptr;
}

void Course::select(size_t index) {
    current_ = index;
    showSolution_ = false;
    statement_.clear();
    hints_.clear();
    const exercise::Exercise* e = selected();
    if (!e) return;
    statement_ = exercises::parseMarkdown(e->statement);
    // The title is drawn above the statement: its own "# Title" line is not repeated.
    if (!statement_.empty() && statement_.front().kind == exercises::MarkdownBlock::Kind::Heading &&
        statement_.front().level == 1)
        statement_.erase(statement_.begin());
    hintTitles_.clear();
    for (const auto& h : e->hints) {
        const size_t nl = h.find('\n');
        hintTitles_.push_back(h.substr(0, nl));
        hints_.push_back(exercises::parseMarkdown(nl == std::string::npos ? "" : h.substr(nl + 1)));
    }
}

std::string Course::attemptPath(const exercise::Exercise& e) const {
    const std::string store = progress_ ? progress_->path() : "";
    if (store.empty()) return "";
    return (fs::path(store).parent_path() / "attempts" / (e.dirName + ".cl")).string();
}

void Course::save(MessageLog& log) {
    std::string error;
    if (progress_ && !progress_->save(&error)) log.warning("Exercises: " + error);
}

void Course::record(const GradedAttempt& a, MessageLog& log) {
    if (!progress_) return;
    progress_->recordAttempt(a.grade.exercise, a.text, a.grade.status, a.grade.score(), a.grade.maxScore());
    save(log);
}

void Course::start(ExplorerState& state, Workbench& workbench, MessageLog& log) {
    const exercise::Exercise* e = selected();
    if (!e) return;
    const std::string path = attemptPath(*e);
    if (path.empty()) {
        log.error("Exercises: no folder to keep your attempt in (set XDG_DATA_HOME or HOME)");
        return;
    }
    const auto kept = progress_->get(e->id);
    ExerciseAttempt a;
    a.id = e->id;
    a.title = e->title;
    a.order = e->order;
    a.exercisesDir = dir_;
    const size_t runs = std::max(e->workGroupSizes.size(), e->ops.size() * e->types.size());
    a.timeLimit = exercise::checkTimeLimit(std::max<size_t>(runs, 1), e->timeoutSeconds);
    workbench.openExercise(a, path, kept.lastAttempt.empty() ? e->starter : kept.lastAttempt, state, log);
    if (workbench.exercise()) open = false;  // the editor takes the screen; "Statement & hints" brings this back
}

void Course::drawList(const UiContext& ctx) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    // A title too long for the column wraps (a student reads the whole name, as in the variant list), and its row
    // grows to hold it.
    ImFont* bold = ctx.fonts.bold;
    const float boldSize = bold->FontSize;
    const float textX = 24 * s;
    bool titlesFit = true;
    int wrapped = 0;
    for (size_t i = 0; i < set_.exercises.size(); ++i) {
        const auto& e = set_.exercises[i];
        const auto pr = progress_->get(e.id);
        const std::string title = std::to_string(e.order) + ". " + e.title;
        const float wrap = std::max(40 * s, ImGui::GetContentRegionAvail().x - textX - 4 * s);
        const ImVec2 titleSize = bold->CalcTextSizeA(boldSize, FLT_MAX, wrap, title.c_str());
        titlesFit = titlesFit && titleSize.x <= wrap + 1;
        wrapped += titleSize.y > boldSize * 1.5f ? 1 : 0;
        ImGui::PushID(int(i));
        const ImVec2 at = ImGui::GetCursorScreenPos();
        const float h = titleSize.y + ImGui::GetTextLineHeight() + 10 * s;
        if (ImGui::Selectable("##ex", i == current_, 0, ImVec2(0, h))) select(i);
        ImGui::PopID();
        ImDrawList* dl = ImGui::GetWindowDrawList();
        const std::string badge = pr.solved ? "\xe2\x9c\x93" : pr.attempts > 0 ? "\xe2\x80\xa6" : "";
        dl->AddText(ImVec2(at.x + 4 * s, at.y + 4 * s), (pr.solved ? p.good : p.warn).packed(), badge.c_str());
        ImGui::PushClipRect(at, ImVec2(at.x + ImGui::GetContentRegionAvail().x, at.y + h), true);
        dl->AddText(bold, boldSize, ImVec2(at.x + textX, at.y + 4 * s), p.text.packed(), title.c_str(), nullptr, wrap);
        std::string sub = pr.solved ? "solved" : pr.attempts > 0 ? "tried" : "not started";
        if (pr.attempts > 0) sub += ", " + std::to_string(pr.attempts) + (pr.attempts == 1 ? " attempt" : " attempts");
        if (pr.hintsRevealed > 0)
            sub += ", " + std::to_string(pr.hintsRevealed) + (pr.hintsRevealed == 1 ? " hint" : " hints");
        dl->AddText(ImVec2(at.x + textX, at.y + 6 * s + titleSize.y), p.textDim.packed(), sub.c_str());
        ImGui::PopClipRect();
    }
    ctx.geometry.course.titlesFit = titlesFit;
    ctx.geometry.course.wrappedTitles = wrapped;
    int solved = 0;
    for (const auto& e : set_.exercises) solved += progress_->get(e.id).solved ? 1 : 0;
    ImGui::Spacing();
    ImGui::TextColored(vec4(p.textDim), "%d of %d solved", solved, int(set_.exercises.size()));
}

void Course::drawDetails(ExplorerState& state, Workbench& workbench, const UiContext& ctx) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const exercise::Exercise* e = selected();
    if (!e) {
        ImGui::TextColored(vec4(p.textDim), "%s", loadError_.empty() ? "No exercises." : loadError_.c_str());
        return;
    }
    const auto pr = progress_->get(e->id);
    // The actions first, so they stay in view above a long statement.
    const bool here = workbench.exercise() && workbench.exercise()->id == e->id && workbench.isOpen();
    ImGui::PushStyleColor(ImGuiCol_Button, vec4(view::mix(p.panelRaised, p.accent, 0.55f)));
    if (ImGui::Button(here ? "Back to the editor" : pr.attempts > 0 ? "Continue in the editor" : "Work on it in the editor")) {
        if (here) open = false;
        else start(state, workbench, ctx.log);
    }
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Your attempt opens in the workbench (from the starter the first time); Ctrl+Enter grades it");
    ImGui::SameLine();
    const int shown = std::min(pr.hintsRevealed, int(e->hints.size()));
    const bool moreHints = shown < int(e->hints.size());
    ImGui::BeginDisabled(!moreHints);
    const std::string hintLabel = "Show a hint (" + std::to_string(shown) + " of " + std::to_string(e->hints.size()) + ")";
    if (ImGui::Button(hintLabel.c_str())) {
        progress_->revealHint(e->id, int(e->hints.size()));
        save(ctx.log);
    }
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(pr.attempts == 0);
    if (ImGui::Button(showSolution_ ? "Hide the solution" : "Show the solution")) {
        showSolution_ = !showSolution_;
        if (showSolution_ && !pr.solutionShown) {
            progress_->markSolutionShown(e->id);
            save(ctx.log);
        }
    }
    ImGui::EndDisabled();
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip(pr.attempts == 0 ? "After your first graded attempt" : "The reference solution (noted in your progress)");
    ImGui::SameLine();
    if (ImGui::Button("Reset")) ImGui::OpenPopup("##reset");
    if (ImGui::BeginPopup("##reset")) {
        ImGui::TextUnformatted("Forget this exercise's attempts, hints and last text?");
        if (ImGui::Button("Reset this exercise")) {
            progress_->reset(e->id);
            std::error_code ec;
            fs::remove(attemptPath(*e), ec);  // the next "Work on it" starts from the starter again
            save(ctx.log);
            showSolution_ = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
    if (pr.attempts > 0)
        ImGui::TextColored(vec4(pr.solved ? p.good : p.warn), "Last grade: %s (%s), %d attempt%s",
                           scoreText(pr.lastScore, pr.lastMaxScore).c_str(), pr.lastStatus.c_str(), pr.attempts,
                           pr.attempts == 1 ? "" : "s");
    ImGui::Separator();

    ImGui::BeginChild("##statement", ImVec2(0, 0), false);
    ImGui::PushFont(ctx.fonts.heading);
    ImGui::PushTextWrapPos(0);
    ImGui::TextUnformatted((std::to_string(e->order) + ". " + e->title).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    ImGui::Spacing();
    exercises::drawMarkdown(statement_, ctx);
    for (int i = 0; i < shown && i < int(hints_.size()); ++i) {
        ImGui::Spacing();
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + 4 * s, at.y + ImGui::GetTextLineHeight() * 2),
                                                  p.warn.packed());
        ImGui::SetCursorScreenPos(ImVec2(at.x + 12 * s, at.y));
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(p.warn), "Hint %d: %s", i + 1, hintTitles_[size_t(i)].c_str());
        ImGui::PopFont();
        ImGui::SetCursorScreenPos(ImVec2(at.x + 12 * s, ImGui::GetCursorScreenPos().y));
        ImGui::BeginGroup();
        exercises::drawMarkdown(hints_[size_t(i)], ctx);
        ImGui::EndGroup();
    }
    if (showSolution_) {
        ImGui::Spacing();
        ImGui::PushFont(ctx.fonts.bold);
        ImGui::TextColored(vec4(p.accent), "A reference solution");
        ImGui::PopFont();
        ImGui::PushFont(ctx.fonts.mono);
        ImGui::TextUnformatted(e->solution.c_str());
        ImGui::PopFont();
    }
    ctx.geometry.course.statementBlocks = int(statement_.size());
    ImGui::EndChild();
}

void Course::Draw(ExplorerState& state, Workbench& workbench, const UiContext& ctx) {
    if (workbench.courseWanted()) {
        open = true;
        if (const auto& ex = workbench.exercise())
            for (size_t i = 0; i < set_.exercises.size(); ++i)
                if (set_.exercises[i].id == ex->id && i != current_) select(i);
    }
    if (state.courseRequested) {
        state.courseRequested = false;
        open = !open;
    }
    auto& g = ctx.geometry.course;
    g.open = open;
    if (!open || !progress_) return;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float gap = 8 * s, top = 66 * s + gap;  // below the toolbar
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + gap, vp->Pos.y + top));
    ImGui::SetNextWindowSize(ImVec2(vp->Size.x - 2 * gap, vp->Size.y - top - gap));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, vec4(p.panel));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(18 * s, 14 * s));
    ImGui::Begin("##course", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings);
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
    ImGui::PushFont(ctx.fonts.heading);
    ImGui::TextUnformatted("Exercises");
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(vec4(p.textDim), "%s", dir_.empty() ? "the built-in course" : dir_.c_str());
    const float closeW = ImGui::CalcTextSize("Close").x + ImGui::GetStyle().FramePadding.x * 2;
    ImGui::SameLine(ImGui::GetContentRegionMax().x - closeW);
    if (ImGui::Button("Close")) open = false;
    ImGui::Spacing();
    const float listW = std::clamp(ImGui::GetContentRegionAvail().x * 0.3f, 260 * s, 520 * s);
    ImGui::BeginChild("##list", ImVec2(listW, 0), true);
    drawList(ctx);
    ImGui::EndChild();
    ImGui::SameLine(0, 14 * s);
    ImGui::BeginGroup();
    drawDetails(state, workbench, ctx);
    ImGui::EndGroup();
    ImGui::End();
    if (const exercise::Exercise* e = selected()) {
        const auto pr = progress_->get(e->id);
        g.selected = e->id;
        g.hintsShown = pr.hintsRevealed;
        g.attempts = pr.attempts;
        g.solved = pr.solved;
        g.solutionShown = showSolution_;
    }
    g.count = int(set_.exercises.size());
}

std::string Course::scriptAction(const std::string& action, ExplorerState& state, Workbench& workbench,
                                 MessageLog& log) {
    const size_t eq = action.find('=');
    const std::string verb = action.substr(0, eq), arg = eq == std::string::npos ? "" : action.substr(eq + 1);
    if (verb == "open") open = true;
    else if (verb == "close") open = false;
    else if (verb == "select") {
        const exercise::Exercise* e = set_.find(arg);
        if (!e) return "course:select: no exercise '" + arg + "'";
        select(size_t(e - set_.exercises.data()));
        open = true;
    } else if (verb == "hint") {
        const exercise::Exercise* e = selected();
        if (!e || progress_->revealHint(e->id, int(e->hints.size())) < 0) return "course:hint: no hint left to show";
        save(log);
    } else if (verb == "solution") {
        const exercise::Exercise* e = selected();
        if (!e || progress_->get(e->id).attempts == 0) return "course:solution: shown only after a graded attempt";
        showSolution_ = true;
        progress_->markSolutionShown(e->id);
        save(log);
    } else if (verb == "start") {
        start(state, workbench, log);
        if (!workbench.exercise()) return "course:start: the attempt could not be opened (see the messages)";
    } else if (verb == "reset") {
        const exercise::Exercise* e = selected();
        if (!e) return "course:reset: no exercise selected";
        progress_->reset(e->id);
        std::error_code ec;
        fs::remove(attemptPath(*e), ec);
        save(log);
    } else if (verb == "report") {
        if (arg.empty()) return "course:report needs a path";
        nlohmann::json j = {{"open", open}, {"count", set_.exercises.size()}, {"progressPath", progress_->path()}};
        nlohmann::json list = nlohmann::json::array();
        for (const auto& e : set_.exercises) {
            const auto pr = progress_->get(e.id);
            list.push_back({{"id", e.id}, {"title", e.title}, {"attempts", pr.attempts}, {"hints", pr.hintsRevealed},
                            {"solved", pr.solved}, {"solutionShown", pr.solutionShown}, {"lastStatus", pr.lastStatus},
                            {"lastScore", pr.lastScore}});
        }
        j["exercises"] = list;
        j["selected"] = selected() ? selected()->id : "";
        std::ofstream out(arg);
        out << j.dump(2) << "\n";
        if (!out) return "course:report: cannot write " + arg;
    } else {
        return "unknown course action '" + action + "' (open, close, select=ID, hint, solution, start, reset, report=PATH)";
    }
    return "";
}

}  // namespace rl::gui
