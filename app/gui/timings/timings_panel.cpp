// The Timings view: sweeps, cache, layout of the header, the four tabs and their plots.
#include "app/gui/timings/timings_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "app/gui/classroom/classroom.h"
#include "core/best_variant.h"
#include "core/variant.h"
#include "core/variant_support.h"

namespace rl::gui {
namespace {

constexpr int kKeyT = 84;          // GLFW_KEY_T (ImGui's GLFW backend indexes keys by GLFW code)
constexpr double kDebounce = 0.4;  // seconds after a change of parameters before a sweep starts

ImVec4 vec4(view::Rgba c) {
    return ImVec4(c.r / 255.f, c.g / 255.f, c.b / 255.f, c.a / 255.f);
}

std::string paramsSignature(const view::TimingParams& p) {
    std::string s = std::to_string(p.n) + "|" + std::string(toString(p.type)) + "|" + std::to_string(p.wg) + "|" +
                    std::to_string(p.warmup) + "|" + std::to_string(p.repeats) + "|" + std::to_string(p.sizeMin) + "|" +
                    std::to_string(p.sizeMax) + "|" + std::to_string(p.sizeLog2Step) + "|" +
                    std::to_string(p.roundMin) + "|" + std::to_string(p.roundMax) + "|" +
                    std::to_string(p.roundLog2Step);
    for (const auto& v : p.sizeVariants) s += "|s:" + v;
    for (const auto& v : p.roundVariants) s += "|r:" + v;
    return s;
}

std::string defaultExportDir() {
    const char* home = std::getenv("HOME");
    return home && *home ? std::string(home) + "/reducelab-timings" : std::string("reducelab-timings");
}

}  // namespace

TimingsPanel::TimingsPanel() : cache_(std::make_unique<view::TimingCache>()) {
    exportDir_ = defaultExportDir();
    std::snprintf(exportBuf_, sizeof exportBuf_, "%s", exportDir_.c_str());
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

float TimingsPanel::toolbarButtonWidth(float scale) {
    return 104 * scale;
}

void TimingsPanel::drawToolbarButton(const UiContext& ctx) {
    const float s = ctx.scale, h = ImGui::GetFrameHeight() * 1.25f, w = toolbarButtonWidth(s);
    ImGui::SetCursorPos(ImVec2(
        ImGui::GetWindowWidth() - ImGui::GetStyle().WindowPadding.x - Classroom::toolbarButtonsWidth(s) - 8 * s - w,
        (ImGui::GetWindowHeight() - h) * 0.5f));
    if (open)
        ImGui::PushStyleColor(ImGuiCol_Button, vec4(view::mix(ctx.palette.panelRaised, ctx.palette.accent, 0.45f)));
    if (ImGui::Button("Timings##toolbar", ImVec2(w, h))) open = !open;
    if (open) ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Timings (T): the Harris ladder, bandwidth, time against N and round-off on this device");
}

bool TimingsPanel::sweepActive() const {
    if (!worker_) return false;
    const SweepStatus st = worker_->status();
    return st.running || st.id != submitted_;
}

bool TimingsPanel::needsFrames() const {
    return sweepActive() || remeasureRequested_ || exportRequested_ || !captures_.empty() ||
           (open && missing_ > 0 && !autoBlocked_ && changedAt_ >= 0);
}

bool TimingsPanel::settled() const {
    if (!worker_) return true;
    // wasRunning_: the end of the sweep has not been taken in yet (its note, the cache file).
    if (sweepActive() || wasRunning_ || remeasureRequested_ || exportRequested_ || !captures_.empty()) return false;
    if (open && !deviceListed_) return false;  // the devices are still being listed
    return !(open && missing_ > 0 && !autoBlocked_);
}

void TimingsPanel::takeMeasurements(MessageLog& log) {
    if (!worker_) return;
    for (auto& m : worker_->take()) cache_->put(m.device, m.point, m.m);
    const SweepStatus st = worker_->status();
    const bool active = st.running || st.id != submitted_;
    if (wasRunning_ && !active) {  // the newest sweep just ended
        if (!st.error.empty()) {
            lastError_ = st.error;
            log.error("Timings: " + st.error);
        }
        char buf[160];
        if (st.cancelled)
            std::snprintf(buf, sizeof buf, "Cancelled after %d of %d measurements (%.1f s)", st.done, st.total,
                          st.seconds);
        else
            std::snprintf(buf, sizeof buf, "Measured %d point%s in %.1f s", st.done, st.done == 1 ? "" : "s",
                          st.seconds);
        sweepNote_ = buf;
        autoBlocked_ = st.cancelled;
        std::string error;
        if (cache_->dirty() && !cache_->save(&error)) log.warning("Timings: " + error);
    }
    wasRunning_ = active;
}

std::map<std::string, std::string> TimingsPanel::unavailableOn(const DeviceInfo& device) const {
    std::map<std::string, std::string> out;
    for (const auto& v : allVariants()) {
        std::string why = unavailableReason(v, device);
        if (!why.empty()) out[v.id] = why;
    }
    return out;
}

void TimingsPanel::chooseDefaults(const DeviceInfo& device) {
    if (chosenFor_ == deviceKey_.text()) return;
    chosenFor_ = deviceKey_.text();
    const auto unavailable = unavailableOn(device);
    std::string best;
    try {
        best = bestVariantFor(device).id;
    } catch (const std::exception&) {
    }
    auto pick = [&](std::vector<std::string> ids) {
        std::vector<std::string> out;
        for (const auto& id : ids)
            if (!id.empty() && findVariant(id) && !unavailable.count(id) &&
                std::find(out.begin(), out.end(), id) == out.end())
                out.push_back(id);
        return out;
    };
    if (!userSizeVariants_) params_.sizeVariants = pick({"interleaved-divergent", "sequential", "multi-element", best});
    if (!userRoundVariants_) params_.roundVariants = pick({"sequential", "global-bottom-up", best});
    // N at most what the device can allocate (Harris's 2^22 where it fits).
    while (params_.n > 1024 && params_.n * 4 > device.maxAllocBytes && device.maxAllocBytes > 0) params_.n /= 2;
}

std::vector<view::PointKey> TimingsPanel::wantedPoints(const DeviceInfo& device) const {
    const auto unavailable = unavailableOn(device);
    std::vector<std::string> ladder;
    for (const auto& v : allVariants())
        if (!unavailable.count(v.id)) ladder.push_back(v.id);
    view::TimingParams p = params_;
    auto keep = [&](std::vector<std::string>& ids) {
        ids.erase(
            std::remove_if(ids.begin(), ids.end(), [&](const std::string& id) { return unavailable.count(id) > 0; }),
            ids.end());
    };
    keep(p.sizeVariants);
    keep(p.roundVariants);
    return view::sweepPoints(p, ladder);
}

void TimingsPanel::startSweep(const DeviceInfo& device, bool all) {
    SweepRequest r;
    r.id = ++submitted_;
    r.device = device;
    r.key = deviceKey_;
    for (const auto& k : wantedPoints(device))
        if (all || !cache_->find(deviceKey_, k)) r.points.push_back(k);
    sweepNote_.clear();
    lastError_.clear();
    autoBlocked_ = false;
    sweepSignature_ = signature_;
    worker_->start(std::move(r));
    wasRunning_ = true;
}

void TimingsPanel::cancelSweep() {
    if (!worker_) return;
    submitted_ = worker_->cancel();
    autoBlocked_ = true;
}

void TimingsPanel::autoStart(const DeviceInfo& device, double now) {
    const std::string sig = deviceKey_.text() + "#" + paramsSignature(params_);
    if (sig != signature_) {
        signature_ = sig;
        changedAt_ = firstLook_ ? -1 : now;  // opening the view starts at once; a change waits for the debounce
        autoBlocked_ = false;
    }
    firstLook_ = false;
    int missing = 0;
    for (const auto& k : wantedPoints(device))
        if (!cache_->find(deviceKey_, k)) ++missing;
    missing_ = missing;
    if (openedWithMissing_ < 0) openedWithMissing_ = missing;
    if (missing == 0 || autoBlocked_) return;
    if (changedAt_ >= 0 && now - changedAt_ < kDebounce) return;
    changedAt_ = -1;
    if (sweepActive() && sweepSignature_ == signature_) return;  // already measuring these
    startSweep(device, false);
}

TimingsData TimingsPanel::assemble(const DeviceInfo& device) const {
    TimingsData d;
    d.deviceName = device.name;
    d.deviceType = device.type;
    try {
        d.bestId = bestVariantFor(device).id;
        d.bestReason = bestVariantReason(device);
    } catch (const std::exception&) {
    }
    d.ladder = view::buildLadder(*cache_, deviceKey_, params_, allVariants(), unavailableOn(device), d.bestId);
    d.sizes = view::buildSizeSeries(*cache_, deviceKey_, params_);
    d.roundoff = view::buildRoundoff(*cache_, deviceKey_, params_);
    if (worker_) {
        const SweepStatus st = worker_->status();
        if (st.running) d.measuring = st.activity;
    }
    return d;
}

void TimingsPanel::Draw(ExplorerState& state, const UiContext& ctx) {
    ++frames_;
    now_ = ctx.now;
    takeMeasurements(ctx.log);
    const ImGuiIO& io = ImGui::GetIO();
    if (!io.WantTextInput && ImGui::IsKeyPressed(kKeyT, false)) open = !open;
    deviceListed_ = state.devicesListed;
    haveDevice_ = !state.devices.empty();
    if (!open) {
        wasOpen_ = false;
        return;
    }
    if (!cache_->loaded()) {
        std::string warning;
        cache_->load(&warning);
        if (!warning.empty()) ctx.log.warning("Timings: " + warning);
    }
    const DeviceInfo* device =
        haveDevice_ ? &state.devices[size_t(std::clamp(state.device, 0, int(state.devices.size()) - 1))] : nullptr;
    if (!wasOpen_) {
        openedWithMissing_ = -1;
        firstLook_ = true;
        signature_.clear();
        ImGui::SetNextWindowFocus();
    }
    wasOpen_ = true;
    if (device) {
        deviceKey_ = {device->name, device->driver, device->platform + " " + device->platformVersion};
        chooseDefaults(*device);
        autoStart(*device, now_);
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
    rects_["window"] = {wp.x, wp.y, ws.x, ws.y};
    drawnAt_["window"] = frames_;
    drawHeader(state, ctx, device);
    if (!device) {
        ImGui::Spacing();
        ImGui::TextColored(vec4(ctx.palette.textDim), "%s",
                           state.devicesListed ? "No OpenCL device to time: install a runtime (e.g. pocl-opencl-icd)."
                                               : "Listing OpenCL devices\xe2\x80\xa6");
        ImGui::End();
        return;
    }
    if (remeasureRequested_) {
        remeasureRequested_ = false;
        startSweep(*device, true);
    }
    const TimingsData data = assemble(*device);
    lastLadder_ = data.ladder;
    barColor_ = ctx.palette.accent.hex();
    bestColor_ = ctx.palette.good.hex();
    if (exportRequested_) {
        exportRequested_ = false;
        exportError_ = exportAll(data);
        if (!exportError_.empty()) ctx.log.error("Timings export: " + exportError_);
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
    const float closeW = 130 * s;
    if (device) {
        ImGui::SetCursorPosY(ImGui::GetCursorPosY() + 4 * s);
        const std::string label = device->name + "  \xc2\xb7  " + device->type + "  \xc2\xb7  driver " + device->driver;
        ImGui::SetNextItemWidth(std::min(ImGui::CalcTextSize(label.c_str()).x + ImGui::GetFrameHeight() + 30 * s,
                                         ImGui::GetContentRegionAvail().x - closeW - 20 * s));
        if (ImGui::BeginCombo("##timings-device", label.c_str())) {
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
    }
    ImGui::SameLine(ImGui::GetWindowContentRegionMax().x - closeW);
    if (ImGui::Button("Close  (T)", ImVec2(closeW, 0))) open = false;
    (void)p;
}

void TimingsPanel::drawControls(const UiContext& ctx, const DeviceInfo& device) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    int maxK = 28;
    while (maxK > 10 && device.maxAllocBytes > 0 && (size_t(1) << maxK) * 4 > device.maxAllocBytes) --maxK;
    auto label = [&](const char* text) {
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(vec4(p.textDim), "%s", text);
        ImGui::SameLine();
    };
    label("N");
    powerCombo("##timings-n", &params_.n, 10, maxK, 270 * s);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Elements reduced in the ladder table (Harris: 2^22 ints)");
    ImGui::SameLine(0, 22 * s);
    label("Type");
    ImGui::SetNextItemWidth(100 * s);
    int type = params_.type == ElemType::Int ? 0 : 1;
    if (ImGui::Combo("##timings-type", &type, "int\0float\0"))
        params_.type = type == 0 ? ElemType::Int : ElemType::Float;
    ImGui::SameLine(0, 22 * s);
    label("Runs");
    intCombo("##timings-repeats", &params_.repeats, {1, 3, 5, 10, 20}, 80 * s);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Timed runs per measurement (the median is shown)");
    ImGui::SameLine(0, 22 * s);
    label("Warm-up");
    intCombo("##timings-warmup", &params_.warmup, {0, 1, 2, 3}, 70 * s);
    ImGui::SameLine(0, 30 * s);

    const bool active = sweepActive();
    ImGui::BeginDisabled(active);
    if (missing_ > 0 && autoBlocked_) {
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
        fraction = st.total > 0 && st.running ? float(st.done) / float(st.total) : 0.0f;
        char buf[256];
        std::snprintf(buf, sizeof buf, "%d / %d  \xc2\xb7  %s  \xc2\xb7  %.1f s", st.done, st.total,
                      st.running ? st.activity.c_str() : "starting", st.seconds);
        overlay = buf;
    } else if (!sweepNote_.empty()) {
        overlay = sweepNote_;
    } else if (openedWithMissing_ == 0) {
        overlay = "From the cache (measured " + (data.ladder.copy.ok ? data.ladder.copy.when : std::string("earlier")) +
                  "): Re-measure to refresh";
    } else if (missing_ > 0 && autoBlocked_) {
        overlay = std::to_string(missing_) + " points not measured";
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
    if (!lastError_.empty()) ImGui::TextColored(vec4(p.bad), "%s", lastError_.c_str());
}

void TimingsPanel::drawExport(const UiContext& ctx) {
    const auto& p = ctx.palette;
    const float s = ctx.scale;
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(vec4(p.textDim), "Export to");
    ImGui::SameLine();
    const float buttonW = 210 * s;
    ImGui::SetNextItemWidth(std::max(160 * s, ImGui::GetContentRegionAvail().x - buttonW - 12 * s));
    if (ImGui::InputText("##timings-export-dir", exportBuf_, sizeof exportBuf_)) exportDir_ = exportBuf_;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("A folder: each plot as PNG and its data as CSV are written there");
    ImGui::SameLine();
    ImGui::BeginDisabled(!captures_.empty());
    if (ImGui::Button("Export PNG + CSV", ImVec2(buttonW, 0))) exportRequested_ = true;
    ImGui::EndDisabled();
    if (!exportError_.empty()) {
        ImGui::PushTextWrapPos(0);
        ImGui::TextColored(vec4(p.bad), "%s", exportError_.c_str());
        ImGui::PopTextWrapPos();
    } else if (!exportMessage_.empty()) {
        ImGui::TextColored(vec4(p.good), "%s", exportMessage_.c_str());
    }
}

void TimingsPanel::drawTabs(const UiContext& ctx, const TimingsData& data, const DeviceInfo& device) {
    if (!ImGui::BeginTabBar("##timings-tabs")) return;
    const char* labels[] = {"Ladder table###ladder", "Bandwidth###bars", "Against N###sizes", "Round-off###roundoff"};
    for (int i = 0; i < 4; ++i) {
        const ImGuiTabItemFlags flags = requestTab_ == i ? ImGuiTabItemFlags_SetSelected : 0;
        if (!ImGui::BeginTabItem(labels[i], nullptr, flags)) continue;
        if (int(tab_) != i) framesOnTab_ = 0;
        tab_ = Tab(i);
        ++framesOnTab_;
        ImGui::Spacing();
        switch (tab_) {
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
    if (requestTab_ >= 0 && int(tab_) == requestTab_) requestTab_ = -1;
    ImGui::EndTabBar();
}

void TimingsPanel::record(const std::string& id, const view::Rect& r) {
    rects_[id] = r;
    drawnAt_[id] = frames_;
}

}  // namespace rl::gui
