// Settings file (JSON) reading and writing.
#include "app/gui/state/settings.h"
#include "core/user_dirs.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/run_settings.h"

namespace rl::gui {
namespace fs = std::filesystem;

std::string defaultConfigDir() {
    return userConfigDir();
}

Settings defaultSettings() {
    Settings s;
    s.config.variant = "sequential";
    s.config.n = 64;
    s.config.wg = 16;
    s.config.type = ElemType::Int;
    s.config.data = DataPattern::Digits;  // 0-9: every value of the tree fits its cell, and a head
    s.config.op = Op::Sum;
    s.config.seed = 1;
    return s;
}

Settings loadSettings(const std::string& dir, std::string* warning) {
    Settings s = defaultSettings();
    if (dir.empty()) return s;
    const std::string path = dir + "/settings.json";
    std::ifstream in(path);
    if (!in) return s;
    try {
        const nlohmann::json j = nlohmann::json::parse(in);
        const auto& w = j.at("window");
        s.window.x = w.value("x", s.window.x);
        s.window.y = w.value("y", s.window.y);
        s.window.width = std::clamp(w.value("width", s.window.width), 640, 16384);
        s.window.height = std::clamp(w.value("height", s.window.height), 480, 16384);
        s.window.maximized = w.value("maximized", false);
        if (j.contains("splits")) {
            const auto& l = j["splits"];
            s.splits.left = std::clamp(l.value("left", s.splits.left), 200.0f, 1200.0f);
            s.splits.right = std::clamp(l.value("right", s.splits.right), 200.0f, 1200.0f);
            s.splits.bottom = std::clamp(l.value("bottom", s.splits.bottom), 0.1f, 0.8f);
            s.splits.workbench = std::clamp(l.value("workbench", s.splits.workbench), 360.0f, 2400.0f);
        }
        if (j.contains("problem")) {
            const auto& p = j["problem"];
            RunConfig& c = s.config;
            c.variant = p.value("variant", c.variant);
            c.n = std::clamp<size_t>(p.value("n", c.n), 1, size_t(1) << 31);
            c.wg = size_t(std::clamp<long long>(p.value("wg", (long long)c.wg), settingRange("wg").lo,
                                                settingRange("wg").hi));
            c.elemsPerItem = p.value("elemsPerItem", c.elemsPerItem);
            c.groups = size_t(std::clamp<long long>(p.value("groups", (long long)c.groups), settingRange("groups").lo,
                                                    settingRange("groups").hi));
            c.seed = p.value("seed", c.seed);
            c.simdWidth = p.value("simdWidth", c.simdWidth);
            c.banks = p.value("banks", c.banks);
            if (auto op = parseOp(p.value("op", std::string(toString(c.op))))) c.op = *op;
            if (auto t = parseElemType(p.value("type", std::string(toString(c.type))))) c.type = *t;
            if (auto d = parseDataPattern(p.value("data", std::string(toString(c.data))))) {
                const std::string file = p.value("dataFile", std::string());
                if (*d != DataPattern::File || !file.empty()) c.data = *d, c.dataFile = file;
            }
            s.device = p.value("device", s.device);
            s.compareVariant = p.value("compare", s.compareVariant);
        }
        if (j.contains("view")) {
            const auto& v = j["view"];
            s.speed = std::clamp(v.value("speed", s.speed), 0.1f, 20.0f);
            s.loadAtTop = v.value("loadAtTop", s.loadAtTop);
            s.showValues = v.value("showValues", s.showValues);
            s.bottomTab = std::clamp(v.value("bottomTab", s.bottomTab), 0, 3);
            s.wrapSource = v.value("wrapSource", s.wrapSource);
            s.sourceBeside = v.value("sourceBeside", s.sourceBeside);
            s.heatNormalize = std::clamp(v.value("heatNormalize", s.heatNormalize), 0, 1);
        }
        if (j.contains("classroom")) {
            const auto& c = j["classroom"];
            s.theme = c.value("theme", s.theme);
            s.fontScale = std::clamp(c.value("fontScale", s.fontScale), 0.5f, 4.0f);
            s.lastSession = c.value("lastSession", s.lastSession);
        }
    } catch (const std::exception& e) {
        if (warning) *warning = "ignored the unreadable settings file " + path + " (" + e.what() + "): using defaults";
        return defaultSettings();
    }
    return s;
}

bool saveSettings(const std::string& dir, const Settings& s, std::string* error) {
    if (dir.empty()) return true;
    nlohmann::json j;
    j["window"] = {{"x", s.window.x},
                   {"y", s.window.y},
                   {"width", s.window.width},
                   {"height", s.window.height},
                   {"maximized", s.window.maximized}};
    j["splits"] = {{"left", s.splits.left},
                   {"right", s.splits.right},
                   {"bottom", s.splits.bottom},
                   {"workbench", s.splits.workbench}};
    const RunConfig& c = s.config;
    j["problem"] = {{"variant", c.variant},
                    {"n", c.n},
                    {"wg", c.wg},
                    {"elemsPerItem", c.elemsPerItem},
                    {"groups", c.groups},
                    {"op", std::string(toString(c.op))},
                    {"type", std::string(toString(c.type))},
                    {"data", std::string(toString(c.data))},
                    {"dataFile", c.data == DataPattern::File ? c.dataFile : std::string()},
                    {"seed", c.seed},
                    {"simdWidth", c.simdWidth},
                    {"banks", c.banks},
                    {"device", s.device},
                    {"compare", s.compareVariant}};
    j["view"] = {{"speed", s.speed},
                 {"loadAtTop", s.loadAtTop},
                 {"showValues", s.showValues},
                 {"bottomTab", s.bottomTab},
                 {"wrapSource", s.wrapSource},
                 {"sourceBeside", s.sourceBeside},
                 {"heatNormalize", s.heatNormalize}};
    j["classroom"] = {{"theme", s.theme}, {"fontScale", s.fontScale}, {"lastSession", s.lastSession}};
    try {
        fs::create_directories(dir);
        const std::string path = dir + "/settings.json", tmp = path + ".tmp";
        {
            std::ofstream out(tmp);
            if (!out) throw std::runtime_error("cannot write " + tmp);
            out << j.dump(2) << "\n";
            if (!out) throw std::runtime_error("cannot write " + tmp);
        }
        fs::rename(tmp, path);  // atomic: a crash never leaves half a file
    } catch (const std::exception& e) {
        if (error) *error = std::string("settings not saved: ") + e.what();
        return false;
    }
    return true;
}

}  // namespace rl::gui
