// The workbench column: the header (file, New / Open / Edit / Save / Check, Cancel), the problem it is checked on,
// the editor, the check's progress and summary, the report; the line over the tree; the reload question.
#include "app/gui/workbench/workbench.h"
#include "app/gui/common/colour.h"
#include "app/gui/panels/widgets.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>
#include <filesystem>

#include "app/gui/state/explorer_state.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace fs = std::filesystem;
namespace {

constexpr int kKeyS = 83;
constexpr Op kOps[] = {Op::Sum, Op::Min, Op::Max};
constexpr ElemType kTypes[] = {ElemType::Int, ElemType::Float, ElemType::Long, ElemType::Double};

template <typename E, size_t N>
bool combo(const char* id, E* value, const E (&options)[N], float width) {
    bool changed = false;
    ImGui::SetNextItemWidth(width);
    if (ImGui::BeginCombo(id, std::string(toString(*value)).c_str())) {
        for (E option : options)
            if (ImGui::Selectable(std::string(toString(option)).c_str(), option == *value)) {
                changed = option != *value;
                *value = option;
            }
        ImGui::EndCombo();
    }
    return changed;
}

}  // namespace

constexpr const char* kStatusBeforeCheck =
    "Ctrl+Enter saves and checks the kernel: it is built, run on sizes chosen to catch the usual mistakes, and traced.";

void Workbench::drawHeader(ExplorerState& state, const UiContext& ctx) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    ImGui::PushFont(ctx.fonts.heading);
    ImGui::TextUnformatted(exercise_ ? ("Exercise " + std::to_string(exercise_->order)).c_str() : "Your kernel");
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    // The file's name gives way (cut with an ellipsis; its tooltip has the whole path) to "unsaved" and Close.
    const float closeW = ImGui::CalcTextSize("Close").x + ImGui::GetStyle().FramePadding.x * 2;
    const float unsavedW = modified() ? ImGui::CalcTextSize("unsaved").x + ImGui::GetStyle().ItemSpacing.x : 0.0f;
    ImGui::PushFont(ctx.fonts.bold);
    const std::string file = path_.empty() ? std::string("(not saved yet)") : fs::path(path_).filename().string();
    ImGui::TextUnformatted(
        fitLine(file, ImGui::GetContentRegionAvail().x - closeW - unsavedW - 12 * s).c_str());
    ImGui::PopFont();
    if (ImGui::IsItemHovered() && !path_.empty()) ImGui::SetTooltip("%s", path_.c_str());
    if (modified()) {
        ImGui::SameLine();
        ImGui::TextColored(vec4(p.warn), "unsaved");
    }
    ImGui::SameLine(ImGui::GetContentRegionMax().x - closeW);
    if (ImGui::Button("Close")) close(state);
    if (exercise_) {  // the exercise's title, and the way back to its statement and hints
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(p.accent), "%s", exercise_->title.c_str());
        ImGui::PopTextWrapPos();
        ImGui::SameLine();
        if (ImGui::SmallButton("Statement & hints")) courseWanted_ = true;
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The exercise's statement, hints and progress (the course)");
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Back to the built-in variants (your text is kept: the workbench opens on it again)");

    // The buttons go on a second row where the column cannot hold them (a laptop's window, larger text).
    FlowRow buttons(4 * s);
    if (ImGui::Button("New")) newKernel(state, ctx.log);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Start from a short, commented template that builds and is correct");
    buttons.next(buttonWidth("Open\xe2\x80\xa6"));
    if (ImGui::Button("Open\xe2\x80\xa6"))
        openDialog_.show(path_.empty() ? "" : fs::path(path_).parent_path().string());
    const std::string editLabel = "Copy " + state.config.variant;
    buttons.next(buttonWidth(editLabel.c_str()));
    if (ImGui::Button(editLabel.c_str())) editVariant(state, ctx.log);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Edit a copy of the built-in variant's kernel (kernels/%s.cl)", state.config.variant.c_str());
    buttons.next(buttonWidth("Save"));
    if (ImGui::Button("Save") || (ImGui::GetIO().KeyCtrl && ImGui::IsKeyPressed(kKeyS, false))) save(ctx.log);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Save (Ctrl+S)");
    buttons.next(buttonWidth("Find"));
    if (ImGui::Button("Find")) editor_.openFind();
    ctx.geometry.workbench.controlsFit = buttons.fits();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Find in the kernel (Ctrl+F)");

    const bool busy = worker_->busy();
    const char* idle = exercise_ ? "Grade  (Ctrl+Enter)" : "Check  (Ctrl+Enter)";
    const char* label = busy ? "Cancel" : idle;
    const float w = ImGui::CalcTextSize(idle).x + ImGui::GetStyle().FramePadding.x * 2;
    // At the right end of the row, or on a row of its own when the column is narrow (lecture text size).
    if (ImGui::GetItemRectMax().x + 16 * s + w < ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x)
        ImGui::SameLine(ImGui::GetContentRegionMax().x - w);
    ImGui::PushStyleColor(ImGuiCol_Button, vec4(view::mix(p.panelRaised, busy ? p.bad : p.accent, 0.55f)));
    if (ImGui::Button(label, ImVec2(w, 0))) {
        if (busy) {
            worker_->cancel();
            recheckWanted_ = false;
        } else {
            checkRequested_ = true;
        }
    }
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(busy ? "Stop the check (the child process is killed; your text is safe)"
                          : exercise_ ? "Save and grade it with the exercise's checks (hidden sizes and data, every "
                                        "work-group size it names, Oclgrind), off the window's thread"
                                      : "Save, build, check and trace it, off the window's thread");
}

void Workbench::drawProblem(ExplorerState& state, const UiContext& ctx) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    bool changed = false;
    auto label = [&](const char* text) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(vec4(p.textDim), "%s", text);
        ImGui::SameLine(0, 6 * s);
    };
    // Each label stays with its box; a pair that would run past the column's edge starts the next row.
    FlowRow row(14 * s);
    auto pairWidth = [&](const char* text, float boxW) { return ImGui::CalcTextSize(text).x + 6 * s + boxW; };
    label("op");
    changed |= combo("##wbop", &state.config.op, kOps, 80 * s);
    row.next(pairWidth("type", 80 * s));
    label("type");
    changed |= combo("##wbtype", &state.config.type, kTypes, 80 * s);
    row.next(pairWidth("work-group", 80 * s));
    label("work-group");
    ImGui::SetNextItemWidth(80 * s);
    int wg = int(state.config.wg);
    if (ImGui::BeginCombo("##wbwg", std::to_string(wg).c_str())) {
        for (int v = 1; v <= 1024; v *= 2)
            if (ImGui::Selectable(std::to_string(v).c_str(), v == wg) && v != wg) {
                state.config.wg = size_t(v);
                changed = true;
            }
        ImGui::EndCombo();
    }
    ctx.geometry.workbench.controlsFit = ctx.geometry.workbench.controlsFit && row.fits();
    if (!state.devices.empty()) {
        if (ImGui::GetWindowPos().x + ImGui::GetContentRegionMax().x - ImGui::GetItemRectMax().x > 280 * s)
            ImGui::SameLine(0, 14 * s);  // else on a row of its own
        label("device");
        ImGui::SetNextItemWidth(std::max(80 * s, ImGui::GetContentRegionAvail().x));
        const auto& current = state.devices[size_t(std::clamp(state.device, 0, int(state.devices.size()) - 1))];
        if (ImGui::BeginCombo("##wbdevice", (std::to_string(current.index) + ": " + current.name).c_str())) {
            for (const auto& d : state.devices)
                if (ImGui::Selectable((std::to_string(d.index) + ": " + d.name).c_str(), d.index == state.device) &&
                    d.index != state.device) {
                    state.device = d.index;
                    changed = true;
                }
            ImGui::EndCombo();
        }
    }
    // The model to compare the trace with: any built-in variant's CPU model (the first stage and cell where the
    // student's trace parts from it is listed and marked), or none.
    label("compare with");
    ImGui::SetNextItemWidth(std::max(120 * s, std::min(260 * s, ImGui::GetContentRegionAvail().x)));
    if (ImGui::BeginCombo("##wbmodel", model_.empty() ? "no model" : model_.c_str())) {
        if (ImGui::Selectable("no model", model_.empty()) && !model_.empty()) {
            model_.clear();
            problemChanged(ctx.now);
        }
        // The models of the explorer's pattern, whose contract the kernel keeps.
        for (const auto& v : variantsBeside(state.config.variant)) {
            if (!v.model || !v.notAStudentModel.empty()) continue;
            if (ImGui::Selectable(v.id.c_str(), v.id == model_) && v.id != model_) {
                model_ = v.id;
                problemChanged(ctx.now);
            }
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", v.title.c_str());
        }
        ImGui::EndCombo();
    }
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Compare your trace, stage by stage, with a built-in kernel's CPU model: the first stage and "
                          "cell where they part is listed and marked on your line");
    if (changed) {
        state.dirty = true;
        state.dirtySince = ctx.now;
    }
}

void Workbench::drawStatus(const UiContext& ctx) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    if (worker_->busy()) {  // a sliding bar: a check has no known length
        const float w = ImGui::GetContentRegionAvail().x, h = 6 * s;
        const ImVec2 at = ImGui::GetCursorScreenPos();
        ImDrawList* dl = ImGui::GetWindowDrawList();
        dl->AddRectFilled(at, ImVec2(at.x + w, at.y + h), p.panelRaised.packed(), h * 0.5f);
        const float t = float(std::fmod(ctx.now * 0.6, 1.0)), seg = w * 0.25f;
        const float x0 = at.x + (w + seg) * t - seg;
        dl->AddRectFilled(ImVec2(std::max(at.x, x0), at.y), ImVec2(std::min(at.x + w, x0 + seg), at.y + h),
                          p.accent.packed(), h * 0.5f);
        ImGui::Dummy(ImVec2(w, h));
        ImGui::PushTextWrapPos(0);  // a narrow window wraps the status lines rather than cutting them
        ImGui::TextColored(vec4(p.textDim), "Checking %s: building, running every size, Oclgrind\xe2\x80\xa6 %.1f s",
                           fs::path(worker_->running()).filename().string().c_str(), worker_->elapsed());
        ImGui::PopTextWrapPos();
        return;
    }
    if (!outcome_) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(p.textDim), "%s", kStatusBeforeCheck);
        ImGui::PopTextWrapPos();
        return;
    }
    if (!report_ || outcome_->id != requested_ || !outcome_->report) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(outcome_->cancelled ? p.warn : p.bad), "%s", outcome_->problem.c_str());
        ImGui::PopTextWrapPos();
        return;
    }
    const auto& r = *report_;
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, " (%.1f s)", outcome_->seconds);
    // Graded for an exercise, the grade below says whether every check passes: this line says only what ran, lest
    // "every check passes" (the kernel check's) stand above a grade that fails the exercise's own checks.
    const auto [colour, verdict] =
        !r.builds ? std::pair{p.bad, std::string("Does not build: your text and the last good trace stay")}
        : grade_  ? std::pair{p.textDim, "Graded" + std::string(seconds) + ": the exercise's checks below"}
        : r.passed() ? std::pair{p.good, "Every check passes" + std::string(seconds)}
                     : std::pair{p.warn, "Builds, but some checks fail" + std::string(seconds)};
    ctx.geometry.workbench.verdict = verdict;
    ImGui::PushFont(ctx.fonts.bold);
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(vec4(colour), "%s", verdict.c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
}

void Workbench::drawReloadQuestion(ExplorerState& state, const UiContext& ctx) {
    constexpr const char* kTitle = "The file changed on disk";
    if (askReload_ && !ImGui::IsPopupOpen(kTitle)) ImGui::OpenPopup(kTitle);
    const ImGuiViewport* vp = ImGui::GetMainViewport();
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + vp->Size.x * 0.5f, vp->Pos.y + vp->Size.y * 0.4f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal(kTitle, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings))
        return;
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
    ImGui::Text("%s was saved by another program, and the editor has edits you have not saved.",
                fs::path(path_).filename().string().c_str());
    ImGui::TextColored(vec4(ctx.palette.textDim), "Keeping yours: the next save writes them over the file.");
    ImGui::PopTextWrapPos();
    if (ImGui::Button("Load the file from disk")) {
        reloadFromDisk(state, ctx.log);
        ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Keep my edits")) {
        askReload_ = false;
        ImGui::CloseCurrentPopup();
    }
    ImGui::EndPopup();
}

void Workbench::Draw(ExplorerState& state, const UiContext& ctx) {
    ctx.geometry.workbench = {};
    if (!open_) return;
    const float s = ctx.scale;
    drawHeader(state, ctx);
    drawProblem(state, ctx);
    ImGui::Spacing();
    // The editor takes what the text needs (and room to grow), at least half; the report gets the rest.
    const float total = ImGui::GetContentRegionAvail().y;
    // The status line's height: two lines, or what the first one's words take at this column's width.
    const float statusH =
        std::max(ImGui::GetTextLineHeightWithSpacing() * 2,
                 outcome_ || worker_->busy()
                     ? 0.0f
                     : ImGui::CalcTextSize(kStatusBeforeCheck, nullptr, false, ImGui::GetContentRegionAvail().x).y +
                           ImGui::GetStyle().ItemSpacing.y) +
        10 * s;
    ImGui::PushFont(ctx.fonts.mono);
    const float textH = (float(std::count(text_.begin(), text_.end(), '\n')) + 5) * ImGui::GetFontSize() +
                        (editor_.findBar().isOpen() ? ImGui::GetFrameHeightWithSpacing() : 0.0f);
    ImGui::PopFont();
    // The editor keeps at least half of what the status line leaves, however short the column (a laptop's window
    // with larger text): the report scrolls.
    // Before the first check the report is one line of placeholder, and the editor has the rest.
    const bool reportEmpty = !grade_ && (!report_ || !outcome_ || outcome_->id != requested_);
    const float reportH =
        reportEmpty ? ImGui::GetTextLineHeightWithSpacing() * 2 + 16 * s
                    : std::min((total - statusH) * 0.5f,
                               std::max(std::min(total * 0.5f, 140 * s),
                                        total - statusH - std::clamp(textH, total * 0.5f, total * 0.72f)));
    const std::vector<workbench::EditorMark> editorMarks = marks();
    if (editor_.Draw(text_, editorMarks, ctx, ImVec2(ImGui::GetContentRegionAvail().x, total - reportH - statusH)))
        edited(ctx.now);
    if (editor_.ctrlEnterPressed() && !worker_->busy()) checkRequested_ = true;
    ImGui::Spacing();
    drawStatus(ctx);
    drawReport(ctx);
    if (auto chosen = openDialog_.Draw(ctx)) {
        if (openFile(*chosen, state, ctx.log)) checkRequested_ = true;
    }
    drawReloadQuestion(state, ctx);
    recordGeometry(ctx);
    ctx.geometry.workbench.showingTrace = holdsTrace(state);
}

void Workbench::drawBanner(ExplorerState& state, const UiContext& ctx) {
    if (!holdsTrace(state) || !state.a.bundle) return;
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    std::string device;
    if (report_ && !report_->device.empty()) device = report_->device;
    const std::string traced = state.a.bundle->deviceName;
    std::string line = device.empty() || traced == device
                           ? "Your kernel " + tracedFile_ + ": stages, result and time from " + traced
                           : "Your kernel " + tracedFile_ + ": stages recorded on " + traced +
                                 ", result and time from " + device;
    const bool stale = report_ && !report_->builds;
    if (stale) line += ". This is the last good trace: the text now does not build.";
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float w = ImGui::GetContentRegionAvail().x, padX = 10 * s, padY = 6 * s;
    const float textH = ImGui::CalcTextSize(line.c_str(), nullptr, false, w - 2 * padX).y;
    ImGui::GetWindowDrawList()->AddRectFilled(at, ImVec2(at.x + w, at.y + textH + 2 * padY),
                                              view::mix(p.panel, stale ? p.warn : p.good, 0.14f).packed(), 6 * s);
    ImGui::SetCursorScreenPos(ImVec2(at.x + padX, at.y + padY));
    ImGui::PushTextWrapPos(at.x + w - padX - ImGui::GetWindowPos().x);
    ImGui::TextColored(vec4(p.text), "%s", line.c_str());
    ImGui::PopTextWrapPos();
    ImGui::SetCursorScreenPos(ImVec2(at.x, at.y + textH + 2 * padY + 4 * s));
    ctx.geometry.workbench.deviceLine = line;
}

}  // namespace rl::gui
