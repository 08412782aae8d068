// The Timings view's export (CSV at once, each plot's rectangle read back from the frame as PNG), its script
// actions and the JSON report the tests read.
#include <imgui.h>
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "core/pattern.h"
#include "app/gui/timings/timings_format.h"
#include "app/gui/timings/timings_panel.h"
#include "app/render/framebuffer_capture.h"
#include "app/view/timing/timing_csv.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

namespace fs = std::filesystem;

std::string writeText(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    out.close();
    if (!out) return "cannot write " + path;
    return "";
}

// Reads the rectangle `r` (window units) of the back buffer and writes it as PNG.
std::string capturePng(const view::Rect& r, const std::string& path) {
    const ImGuiIO& io = ImGui::GetIO();
    const float sx = io.DisplayFramebufferScale.x, sy = io.DisplayFramebufferScale.y;
    const int fbW = int(std::lround(io.DisplaySize.x * sx)), fbH = int(std::lround(io.DisplaySize.y * sy));
    const int x0 = std::clamp(int(std::lround(r.x * sx)), 0, fbW), y0 = std::clamp(int(std::lround(r.y * sy)), 0, fbH);
    const int x1 = std::clamp(int(std::lround(r.right() * sx)), 0, fbW);
    const int y1 = std::clamp(int(std::lround(r.bottom() * sy)), 0, fbH);
    const int w = x1 - x0, h = y1 - y0;
    if (w <= 0 || h <= 0) return "the plot is not on screen";
    const std::vector<uint8_t> pixels = render::readPixels(render::ReadFrom::BackBuffer, x0, y0, w, h, fbH, 3);
    if (!stbi_write_png(path.c_str(), w, h, 3, pixels.data(), w * 3)) return "cannot write " + path;
    return "";
}

bool parsePower(const std::string& text, size_t* out) {
    char* end = nullptr;
    const unsigned long long v = std::strtoull(text.c_str(), &end, 10);
    if (end == text.c_str() || *end != '\0' || v < 256 || v > (1ull << 28) || (v & (v - 1)) != 0) return false;
    *out = size_t(v);
    return true;
}

bool parseRange(const std::string& text, size_t* lo, size_t* hi) {
    const size_t dots = text.find("..");
    if (dots == std::string::npos) return false;
    return parsePower(text.substr(0, dots), lo) && parsePower(text.substr(dots + 2), hi) && *lo <= *hi;
}

bool parseVariants(const std::string& text, std::vector<std::string>* out, std::string* error) {
    std::vector<std::string> ids;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        if (comma == std::string::npos) comma = text.size();
        const std::string id = text.substr(start, comma - start);
        start = comma + 1;
        if (id.empty()) continue;
        if (!findVariant(id)) {
            *error = "unknown variant '" + id + "' (`reducelab variants` lists them)";
            return false;
        }
        ids.push_back(id);
    }
    *out = ids;
    return true;
}

nlohmann::json rectJson(const view::Rect& r) {
    return nlohmann::json::array({r.x, r.y, r.w, r.h});
}

}  // namespace

std::string TimingsPanel::exportAll(const TimingsData& d) {
    export_.message.clear();
    export_.exported.clear();
    std::string dir = export_.dir;
    while (!dir.empty() && (dir.back() == ' ' || dir.back() == '/') && dir.size() > 1) dir.pop_back();
    if (dir.empty()) return "Choose a folder to export to (the field beside the Export button).";
    if (dir[0] == '~' && (dir.size() == 1 || dir[1] == '/')) {  // the shell's ~ for the home folder
        const char* home = std::getenv("HOME");
        if (home && *home) dir = home + dir.substr(1);
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec || !fs::is_directory(dir, ec))
        return "Cannot export to " + dir + ": " + (ec ? ec.message() : std::string("not a folder")) +
               ". Choose a folder you can write to.";
    const std::string probe = dir + "/.reducelab-write-test";
    if (!writeText(probe, "").empty())
        return "Cannot write to " + dir + " (permission denied?). Choose a folder you can write to.";
    fs::remove(probe, ec);
    const bool roundOff = hasRoundoff();  // exact results have no round-off to export
    std::vector<std::pair<std::string, std::string>> csvs = {
        {dir + "/timings-ladder.csv", view::ladderCsv(d.ladder, d.deviceName)},
        {dir + "/timings-sizes.csv", view::sizesCsv(d.sizes)},
    };
    if (roundOff) csvs.emplace_back(dir + "/timings-roundoff.csv", view::roundoffCsv(d.roundoff));
    for (const auto& [path, text] : csvs) {
        const std::string error = writeText(path, text);
        if (!error.empty()) return error + ". Choose a folder you can write to.";
        export_.exported.push_back(path);
    }
    export_.captures = {{"bars", Tab::Bars, dir + "/timings-bandwidth.png"},
                 {"time", Tab::Sizes, dir + "/timings-time-vs-n.png"},
                 {"gbps", Tab::Sizes, dir + "/timings-gbps-vs-n.png"},
                 {"roundoff", Tab::Roundoff, dir + "/timings-roundoff.png"}};
    if (!roundOff) export_.captures.pop_back();
    export_.tabBeforeExport = view_.tab;
    view_.requestTab = int(export_.captures.front().tab);
    export_.target = dir;
    return "";
}

void TimingsPanel::afterRender() {
    while (!export_.captures.empty()) {
        const Capture& c = export_.captures.front();
        // The plot's tab must have been shown for two frames (the tab bar settles) and the plot drawn in this one.
        if (view_.tab != c.tab || view_.framesOnTab < 2 || view_.drawnAt[c.plot] != view_.frames) {
            if (view_.tab != c.tab) view_.requestTab = int(c.tab);
            return;
        }
        const std::string error = capturePng(view_.rects[c.plot], c.path);
        if (!error.empty()) {
            export_.error = error + ". Choose a folder you can write to.";
            export_.captures.clear();
            view_.requestTab = int(export_.tabBeforeExport);
            return;
        }
        export_.exported.push_back(c.path);
        export_.captures.erase(export_.captures.begin());
        if (export_.captures.empty()) {
            view_.requestTab = int(export_.tabBeforeExport);
            export_.message =
                "Exported " + std::to_string(export_.exported.size()) + " files (4 PNG, 3 CSV) to " + export_.target;
        }
    }
}

std::string TimingsPanel::scriptAction(const std::string& action, ExplorerState& state) {
    (void)state;
    const size_t eq = action.find('=');
    const std::string key = action.substr(0, eq), value = eq == std::string::npos ? "" : action.substr(eq + 1);
    if (key == "open")
        open = true;
    else if (key == "close")
        open = false;
    else if (key == "toggle")
        open = !open;
    else if (key == "pattern") {
        const PatternInfo* p = findPattern(value);
        if (!p) return "timings:pattern takes " + patternNames();
        setPattern(p->id);
    } else if (key == "peers") {  // where scripts/bench's figures are read from (on the next opening)
        if (value.empty()) return "timings:peers needs a directory";
        setup_.peerDir = value;
        view_.wasOpen = false;
    }
    else if (key == "tab") {
        const char* names[] = {"ladder", "bars", "sizes", "roundoff"};
        if (value == "roundoff" && !hasRoundoff())
            return "the " + patternInfo(setup_.pattern).kernelNoun + "s' results are exact: they have no Round-off tab";
        for (int i = 0; i < 4; ++i)
            if (value == names[i]) {
                view_.requestTab = i;
                return "";
            }
        return "unknown timings tab '" + value + "' (ladder, bars, sizes, roundoff)";
    } else if (key == "n") {
        if (!parsePower(value, &setup_.params.n))
            return "timings:n needs a power of two from 256 to 2^28, not '" + value + "'";
    } else if (key == "type") {
        const auto t = parseElemType(value);
        if (!t) return "timings:type is " + std::string(typeNames()) + ", not '" + value + "'";
        setup_.params.type = *t;
    } else if (key == "repeats" || key == "warmup") {
        char* end = nullptr;
        const long v = std::strtol(value.c_str(), &end, 10);
        if (end == value.c_str() || *end || v < (key == "repeats" ? 1 : 0) || v > 100)
            return "timings:" + key + " needs a whole number (" + (key == "repeats" ? "1" : "0") + " to 100)";
        (key == "repeats" ? setup_.params.repeats : setup_.params.warmup) = int(v);
    } else if (key == "sizes" || key == "round") {
        size_t lo = 0, hi = 0;
        if (!parseRange(value, &lo, &hi))
            return "timings:" + key + " needs MIN..MAX, powers of two from 256 to 2^28, not '" + value + "'";
        (key == "sizes" ? setup_.params.sizeMin : setup_.params.roundMin) = lo;
        (key == "sizes" ? setup_.params.sizeMax : setup_.params.roundMax) = hi;
    } else if (key == "size-variants" || key == "round-variants") {
        std::string error;
        if (!parseVariants(value, key == "size-variants" ? &setup_.params.sizeVariants : &setup_.params.roundVariants, &error))
            return error;
        (key == "size-variants" ? setup_.userSizeVariants : setup_.userRoundVariants) = true;
    } else if (key == "measure") {
        sweep_.autoBlocked = false;
        sweep_.changedAt = -1;
    } else if (key == "remeasure") {
        sweep_.remeasureRequested = true;
    } else if (key == "cancel") {
        cancelSweep();
    } else if (key == "export") {
        if (value.empty()) return "timings:export needs a folder (timings:export=DIR)";
        export_.dir = value;
        std::snprintf(export_.buf, sizeof export_.buf, "%s", value.c_str());
        export_.error.clear();
        export_.requested = true;
    } else if (key == "hover") {
        if (!moveCursor_) return "timings:hover is not available here";
        if (value == "none") {
            moveCursor_(3, 3);  // the corner of the toolbar: no tooltip there
            return "";
        }
        const size_t at = value.find('@'), comma = value.find(',');
        const auto r = view_.rects.find(value.substr(0, at));
        if (at == std::string::npos || comma == std::string::npos || r == view_.rects.end())
            return "timings:hover needs none or PLOT@FX,FY with a plot on screen (bars, time, gbps, roundoff, table)";
        const float fx = std::strtof(value.c_str() + at + 1, nullptr),
                    fy = std::strtof(value.c_str() + comma + 1, nullptr);
        moveCursor_(r->second.x + r->second.w * fx, r->second.y + r->second.h * fy);
    } else if (key == "report") {
        if (value.empty()) return "timings:report needs a file (timings:report=PATH)";
        return writeReport(value);
    } else {
        return "unknown timings action '" + action + "'";
    }
    return "";
}

std::string TimingsPanel::writeReport(const std::string& path) const {
    const SweepStatus st = worker_ ? worker_->status() : SweepStatus{};
    const bool active = sweepActive();
    nlohmann::json j;
    j["open"] = open;
    j["state"] = active ? "running" : (st.cancelled ? "cancelled" : (st.id == 0 ? "idle" : "done"));
    j["done"] = st.done;
    j["progress"] = st.progress;
    j["total"] = st.total;
    j["activity"] = st.activity;
    j["note"] = sweep_.note;
    j["missing"] = sweep_.missing;
    j["engineRuns"] = worker_ ? worker_->engineRuns() : 0;
    j["sweeps"] = sweep_.submitted;
    j["cacheFromDisk"] = cache_->loadedFromDisk();
    j["cachePath"] = cache_->path();
    j["openedWithMissing"] = sweep_.openedWithMissing;
    j["frames"] = view_.frames;
    j["time"] = view_.now;
    const char* tabs[] = {"ladder", "bars", "sizes", "roundoff"};
    j["tab"] = tabs[int(view_.tab)];
    j["tabs"] = nlohmann::json::array();  // the tabs the bar offers: Round-off only where the results round
    for (int i = 0; i < tabCount(); ++i) j["tabs"].push_back(tabs[i]);
    j["colors"] = {{"bar", view_.barColor}, {"best", view_.bestColor}};
    j["pixelScale"] = ImGui::GetIO().DisplayFramebufferScale.x;
    nlohmann::json rects = nlohmann::json::object();
    for (const auto& [id, r] : view_.rects) {
        const auto at = view_.drawnAt.find(id);
        if (at != view_.drawnAt.end() && at->second == view_.frames) rects[id] = rectJson(r);  // drawn in the last frame
    }
    j["rects"] = rects;
    j["exportDir"] = export_.dir;
    j["exportError"] = export_.error;
    j["exportMessage"] = export_.message;
    j["exported"] = export_.exported;
    if (setup_.haveDevice && !setup_.deviceKey.name.empty()) {
        j["device"] = setup_.deviceKey.name;
        j["n"] = setup_.params.n;
        j["type"] = std::string(toString(setup_.params.type));
        j["pattern"] = patternInfo(setup_.pattern).name;
        nlohmann::json rows = nlohmann::json::array();
        for (const auto& r : view_.lastLadder.rows) {
            nlohmann::json row = {{"variant", r.variant.id}, {"name", rowName(r)}, {"status", view::statusText(r.status)}, {"best", r.best}};
            if (r.measured())
                row.update({{"median_ms", r.m.medianMs}, {"gbps", r.m.gbps}, {"cumulative", r.cumulative},
                            {"pct_copy", r.pctCopy}});
            if (!r.reason.empty()) row["reason"] = r.reason;
            rows.push_back(row);
        }
        j["rows"] = rows;
        nlohmann::json peers = nlohmann::json::array();
        const auto* f = view::figuresFor(setup_.peers, setup_.deviceKey, setup_.params.type, Op::Sum, setup_.pattern);
        if (f)
            for (const auto& s : f->peers) {
                nlohmann::json at = nlohmann::json::object();
                for (const auto& [n, g] : s.gbps) at[std::to_string(n)] = g;
                peers.push_back({{"method", s.method}, {"role", s.role}, {"gbps", at}, {"file", f->file}});
            }
        j["peers"] = peers;
        j["drawn"] = view_.drawn;
        j["copyGbps"] = view_.lastLadder.copy.ok ? view_.lastLadder.copy.gbps : 0.0;
    }
    std::ofstream out(path);
    out << j.dump(2) << "\n";
    if (!out) return "cannot write the timings report " + path;
    return "";
}

}  // namespace rl::gui
