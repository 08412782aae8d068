// The Timings view: set-up, the toolbar button, layout of the header and controls, progress, export row and tabs.
#include "app/gui/timings/timings_panel.h"

#include "core/pattern.h"
#include "app/gui/common/colour.h"

#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "app/gui/common/toolbar_slots.h"
#include "app/gui/panels/widgets.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

constexpr int kKeyT = 84;  // GLFW_KEY_T (ImGui's GLFW backend indexes keys by GLFW code)

std::string defaultExportDir() {
    const char* home = std::getenv("HOME");
    return home && *home ? std::string(home) + "/reducelab-timings" : std::string("reducelab-timings");
}

}  // namespace

TimingsPanel::TimingsPanel() : cache_(std::make_unique<view::TimingCache>()) {
    export_.dir = defaultExportDir();
    std::snprintf(export_.buf, sizeof export_.buf, "%s", export_.dir.c_str());
}

TimingsPanel::~TimingsPanel() {
    worker_.reset();  // stops after the measurement in progress
    if (cache_->dirty()) cache_->save(nullptr);
}

void TimingsPanel::init(const std::string& configDir, bool saveCache, std::function<void()> wake,
                        std::function<void(float, float)> moveCursor) {
    moveCursor_ = std::move(moveCursor);
    cache_ = std::make_unique<view::TimingCache>(configDir.empty() ? "" : configDir + "/timings-cache.json");
    cache_->setReadOnly(!saveCache);
    wake_ = std::move(wake);
    worker_ = std::make_unique<SweepWorker>(wake_);
}

float TimingsPanel::toolbarButtonWidth(float scale) { return toolbar_slots::timings(scale); }

void TimingsPanel::drawToolbarButton(const UiContext& ctx) {
    const float s = ctx.scale, h = ImGui::GetFrameHeight() * 1.25f, w = toolbarButtonWidth(s);
    ImGui::SetCursorPos(ImVec2(
        ImGui::GetWindowWidth() - ImGui::GetStyle().WindowPadding.x - toolbar_slots::classroom(s) - 8 * s - w,
        (ImGui::GetWindowHeight() - h) * 0.5f));
    const bool lit = open;  // the button's colour is pushed and popped on the state before the click
    if (lit)
        ImGui::PushStyleColor(ImGuiCol_Button, vec4(view::mix(ctx.palette.panelRaised, ctx.palette.accent, 0.45f)));
    if (ImGui::Button("Timings##toolbar", ImVec2(w, h))) open = !open;
    if (lit) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Timings (T): the Harris ladder, bandwidth, time against N and round-off on this device");
}

void TimingsPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    ++view_.frames;
    view_.now = ctx.now;
    takeMeasurements(ctx.log);
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.WantTextInput && ImGui::IsKeyPressed(kKeyT, false)) open = !open;
    setup_.deviceListed = state.devicesListed;
    setup_.haveDevice = !state.devices.empty();
    setup_.deviceIndex = std::clamp(state.device, 0, std::max(0, int(state.devices.size()) - 1));
    setup_.kernel = state.studentKernel;
    setup_.kernelId = state.studentKernel ? view::kernelPointId(state.studentKernel->file, state.studentKernel->entry,
                                                                state.studentKernel->text)
                                          : "";
    if (!open) {
        view_.wasOpen = false;
        return;
    }
    if (!cache_->loaded()) {
        std::string warning;
        cache_->load(&warning);
        if (!warning.empty()) ctx.log.warning("Timings: " + warning);
    }
    const DeviceInfo* device =
        setup_.haveDevice ? &state.devices[size_t(std::clamp(state.device, 0, int(state.devices.size()) - 1))] : nullptr;
    if (!view_.wasOpen) {  // the peers' figures: read again on each opening (scripts/bench may have run since)
        if (setup_.peerDir.empty()) setup_.peerDir = view::defaultPeerDir();
        std::vector<std::string> problems;
        setup_.peers = view::peerFiguresIn(setup_.peerDir, &problems);
        for (const auto& problem : problems) ctx.log.warning("Timings: peers' figures: " + problem);
        sweep_.openedWithMissing = -1;
        sweep_.firstLook = true;
        sweep_.signature.clear();
        if (const VariantInfo* v = findVariant(state.config.variant)) setPattern(v->pattern);  // the explorer's
        ImGui::SetNextWindowFocus();
    }
    view_.wasOpen = true;
    if (device) {
        setup_.deviceKey = {device->name, device->driver, device->platform + " " + device->platformVersion};
        chooseDefaults(*device);
        autoStart(*device, view_.now);
    }

    const ImGuiViewport* vp = ImGui::GetMainViewport();
    const float s = ctx.scale, gap = 8 * s, top = 66 * s + gap;  // below the toolbar (app.cpp's toolbarH)
    ImGui::SetNextWindowPos(ImVec2(vp->Pos.x + gap, vp->Pos.y + top));
    ImGui::SetNextWindowSize(ImVec2(vp->Size.x - 2 * gap, vp->Size.y - top - gap));
    ImGui::PushStyleColor(ImGuiCol_WindowBg, vec4(ctx.palette.panel));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(18 * s, 14 * s));
    ImGui::Begin("##timings", nullptr,
                 ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
                     ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar |
                     ImGuiWindowFlags_NoScrollWithMouse);
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
    const ImVec2 wp = ImGui::GetWindowPos(), ws = ImGui::GetWindowSize();
    view_.rects["window"] = {wp.x, wp.y, ws.x, ws.y};
    view_.drawnAt["window"] = view_.frames;
    drawHeader(state, ctx, device);
    if (!device) {
        ImGui::Spacing();
        ImGui::TextColored(vec4(ctx.palette.textDim), "%s",
                           state.devicesListed ? "No OpenCL device to time: install a runtime (e.g. pocl-opencl-icd)."
                                               : "Listing OpenCL devices\xe2\x80\xa6");
        ImGui::End();
        return;
    }
    if (sweep_.remeasureRequested) {
        sweep_.remeasureRequested = false;
        startSweep(*device, true);
    }
    const TimingsData data = assemble(*device);
    view_.lastLadder = data.ladder;
    view_.barColor = ctx.palette.accent.hex();
    view_.bestColor = ctx.palette.good.hex();
    if (export_.requested) {
        export_.requested = false;
        export_.error = exportAll(data);
        if (!export_.error.empty()) ctx.log.error("Timings export: " + export_.error);
    }
    drawControls(ctx, *device);
    drawProgress(ctx, data);
    ImGui::Spacing();
    drawTabs(ctx, data, *device);
    ImGui::End();
}

void TimingsPanel::drawHeader(ExplorerState& state, const UiContext& ctx, const DeviceInfo* device) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    ImGui::PushFont(ctx.fonts.heading);
    ImGui::TextUnformatted("Timings");
    ImGui::PopFont();
    ImGui::SameLine(0, 18 * s);
    const float closeW = 130 * s, radioGap = 24 * s, closeGap = 20 * s;
    if (device) {
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 4 * s);
        const std::string label = device->name + "  \xc2\xb7  " + device->type + "  \xc2\xb7  driver " + device->driver;
        // The pattern buttons keep their room on this line, and the device's name gives way (cut by the combo); where
        // even a short name would not leave them room, they go on the next line.
        float radiosW = 0;
        for (const PatternInfo& p : allPatterns())
            radiosW += checkboxWidth(p.shortTitle.c_str()) + (radiosW > 0 ? ImGui::GetStyle().ItemSpacing.x : 0);
        const float avail = ImGui::GetContentRegionAvail().x - closeW - closeGap;
        const float wanted = ImGui::CalcTextSize(label.c_str()).x + ImGui::GetFrameHeight() + 30 * s;
        const bool radiosBeside = avail - radioGap - radiosW >= std::min(wanted, 280 * s);
        const float comboW = std::min(wanted, radiosBeside ? avail - radioGap - radiosW : avail);
        ImGui::SetNextItemWidth(comboW);
        const std::string shown =
            fitLine(label, comboW - ImGui::GetFrameHeight() - 2 * ImGui::GetStyle().FramePadding.x);
        if (ImGui::BeginCombo("##timings-device", shown.c_str())) {
            for (const auto& d : state.devices) {
                const std::string name = std::to_string(d.index) + ": " + d.name + "  (" + d.platform + ")";
                if (ImGui::Selectable(name.c_str(), d.index == state.device) && d.index != state.device) {
                    state.device = d.index;  // the explorer follows, as when its own device list changes
                    state.dirty = true;
                    state.dirtySince = -1;
                }
            }
            ImGui::EndCombo();
        }
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("The device to time (the explorer uses the same one)");
        // Whose ladder: one button per pattern.
        if (radiosBeside) ImGui::SameLine(0, radioGap);
        bool first = true;
        ImVec2 lo, hi;
        for (const PatternInfo& p : allPatterns()) {
            if (!first) ImGui::SameLine();
            if (ImGui::RadioButton(p.shortTitle.c_str(), setup_.pattern == p.id)) setPattern(p.id);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", p.ladderNote.c_str());
            if (first) lo = ImGui::GetItemRectMin();
            hi = ImGui::GetItemRectMax();
            first = false;
        }
        record("patterns", {lo.x, lo.y, hi.x - lo.x, hi.y - lo.y});
    }
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - closeW);
    if (ImGui::Button("Close  (T)", ImVec2(closeW, 0))) open = false;
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    record("close", {a.x, a.y, b.x - a.x, b.y - a.y});
    (void)p;
}

void TimingsPanel::drawControls(const UiContext& ctx, const DeviceInfo& device) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    int maxK = 28;
    while (maxK > 10 && device.maxAllocBytes > 0 && (size_t(1) << maxK) * 4 > device.maxAllocBytes) --maxK;
    // Each label and its box stay together; a group that would run past the window's edge starts the next line.
    FlowRow row(22 * s);
    bool first = true;
    auto group = [&](const char* text, float boxW) {
        const float w = ImGui::CalcTextSize(text).x + ImGui::GetStyle().ItemSpacing.x + boxW;
        if (!first) row.next(w);
        first = false;
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(vec4(p.textDim), "%s", text);
        ImGui::SameLine();
    };
    group("N", 270 * s);
    powerCombo("##timings-n", &setup_.params.n, 10, maxK, 270 * s);
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s", patternInfo(setup_.pattern).ladderSizeNote.c_str());
    group("Type", 100 * s);
    ImGui::SetNextItemWidth(100 * s);
    int type = int(setup_.params.type);  // kAllTypes' order: int, float, long, double
    if (ImGui::Combo("##timings-type", &type, "int\0float\0long\0double\0"))
        setup_.params.type = kAllTypes[type];
    group("Runs", 80 * s);
    intCombo("##timings-repeats", &setup_.params.repeats, {1, 3, 5, 10, 20}, 80 * s);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Timed runs per measurement (the median is shown)");
    group("Warm-up", 70 * s);
    intCombo("##timings-warmup", &setup_.params.warmup, {0, 1, 2, 3}, 70 * s);

    // The buttons stay together too.
    const bool active = sweepActive(), missing = sweep_.missing > 0 && sweep_.autoBlocked;
    const float gap = ImGui::GetStyle().ItemSpacing.x;
    row.next((missing ? buttonWidth("Measure missing") + gap : 0) + buttonWidth("Re-measure") + gap +
             buttonWidth("Cancel"));
    ImGui::BeginDisabled(active);
    if (missing) {
        if (ImGui::Button("Measure missing")) startSweep(device, false);
        ImGui::SameLine();
    }
    if (ImGui::Button("Re-measure")) startSweep(device, true);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("Measure every point of this view again (the cache keeps the newest)");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(!active);
    if (ImGui::Button("Cancel")) cancelSweep();
    ImGui::EndDisabled();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    record("cancel", {a.x, a.y, b.x - a.x, b.y - a.y});
}

void TimingsPanel::drawProgress(const UiContext& ctx, const TimingsData& data) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    const SweepStatus st = worker_ ? worker_->status() : SweepStatus{};
    const bool active = sweepActive();
    const float barW = std::min(720 * s, ImGui::GetContentRegionAvail().x * 0.48f);
    std::string overlay;
    float fraction = 1;
    if (active) {
        fraction = st.total > 0 && st.running ? float(st.progress) / float(st.total) : 0.0f;
        char buf[256];
        std::snprintf(buf, sizeof buf, "%d / %d  \xc2\xb7  %s  \xc2\xb7  %.1f s", st.done, st.total,
                      st.running ? st.activity.c_str() : "starting", st.seconds);
        overlay = buf;
    } else if (!sweep_.note.empty()) {
        overlay = sweep_.note;
    } else if (sweep_.openedWithMissing == 0) {
        overlay = "From the cache (measured " + (data.ladder.copy.ok ? data.ladder.copy.when : std::string("earlier")) +
                  "): Re-measure to refresh";
    } else if (sweep_.missing > 0 && sweep_.autoBlocked) {
        overlay = std::to_string(sweep_.missing) + " points not measured";
        fraction = 0;
    } else {
        overlay = "Ready";
    }
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, vec4(st.cancelled && !active ? p.warn : p.accent));
    if (!active && st.cancelled && st.total > 0) fraction = float(st.done) / float(st.total);
    ImGui::ProgressBar(fraction, ImVec2(barW, ImGui::GetFrameHeight()), overlay.c_str());
    ImGui::PopStyleColor();
    const ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    record("progress", {a.x, a.y, b.x - a.x, b.y - a.y});
    ImGui::SameLine(0, 24 * s);
    drawExport(ctx);
    if (!sweep_.lastError.empty()) ImGui::TextColored(vec4(p.bad), "%s", sweep_.lastError.c_str());
}

void TimingsPanel::drawExport(const UiContext& ctx) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(vec4(p.textDim), "Export to");
    ImGui::SameLine();
    const float buttonW = 210 * s;
    ImGui::SetNextItemWidth(std::max(160 * s, ImGui::GetContentRegionAvail().x - buttonW - 12 * s));
    if (ImGui::InputText("##timings-export-dir", export_.buf, sizeof export_.buf)) export_.dir = export_.buf;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A folder: each plot as PNG and its data as CSV are written there");
    ImGui::SameLine();
    ImGui::BeginDisabled(!export_.captures.empty());
    if (ImGui::Button("Export PNG + CSV", ImVec2(buttonW, 0))) export_.requested = true;
    ImGui::EndDisabled();
    if (!export_.error.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(p.bad), "%s", export_.error.c_str());
        ImGui::PopTextWrapPos();
    } else if (!export_.message.empty()) {
        ImGui::TextColored(vec4(p.good), "%s", export_.message.c_str());
    }
}

void TimingsPanel::drawTabs(const UiContext& ctx, const TimingsData& data, const DeviceInfo& device) {
    if (!ImGui::BeginTabBar("##timings-tabs")) return;
    const char* labels[] = {"Ladder table###ladder", "Bandwidth###bars", "Against N###sizes", "Round-off###roundoff"};
    const int tabs = tabCount();
    if (int(view_.tab) >= tabs) view_.tab = Tab::Ladder;
    if (view_.requestTab >= tabs) view_.requestTab = -1;
    for (int i = 0; i < tabs; ++i) {
        const ImGuiTabItemFlags flags = view_.requestTab == i ? ImGuiTabItemFlags_SetSelected : 0;
        if (!ImGui::BeginTabItem(labels[i], nullptr, flags)) continue;
        if (int(view_.tab) != i) view_.framesOnTab = 0;
        view_.tab = Tab(i);
        ++view_.framesOnTab;
        ImGui::Spacing();
        switch (view_.tab) {
            case Tab::Ladder:
                drawLadderTab(ctx, data, device);
                break;
            case Tab::Bars:
                drawBarsTab(ctx, data);
                break;
            case Tab::Sizes:
                drawSizesTab(ctx, data, device);
                break;
            case Tab::Roundoff:
                drawRoundoffTab(ctx, data, device);
                break;
        }
        ImGui::EndTabItem();
    }
    if (view_.requestTab >= 0 && int(view_.tab) == view_.requestTab) view_.requestTab = -1;
    ImGui::EndTabBar();
}

void TimingsPanel::record(const std::string& id, const view::Rect& r) {
    view_.rects[id] = r;
    view_.drawnAt[id] = view_.frames;
}

}  // namespace rl::gui
