// Settings file (JSON) reading and writing.
#include "app/gui/state/settings.h"
#include "core/files/user_dirs.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/files/run_settings.h"

namespace rl::gui {
namespace fs = std::filesystem;

std::string defaultConfigDir() {
    return userConfigDir();
}

Settings defaultSettings() {
    Settings s;
    s.config = defaultRunConfig();  // 64 digits 0-9: every value of the tree fits its cell, and a head can add them
    return s;
}

namespace {

// The run settings of the settings file, by their names in core/files/run_settings.h, each read with the rule every front
// end uses: a value that rule refuses is left at its default and named in `warnings` (the others are still read).
// Files written before the names were shared keep "elemsPerItem", "simdWidth" and "dataFile": read as well.
void readProblem(const nlohmann::json& p, RunConfig& c, std::vector<std::string>& warnings) {
    auto textOf = [](const nlohmann::json& v) { return v.is_string() ? v.get<std::string>() : v.dump(); };
    std::vector<std::pair<std::string, std::string>> given;
    for (const RunSettingSpec& spec : runSettings())
        if (p.contains(spec.name)) given.emplace_back(spec.name, textOf(p[std::string(spec.name)]));
    if (!p.contains("epi") && p.contains("elemsPerItem")) given.emplace_back("epi", textOf(p["elemsPerItem"]));
    if (!p.contains("simd") && p.contains("simdWidth")) given.emplace_back("simd", textOf(p["simdWidth"]));
    for (auto& [name, text] : given)
        if (name == "data" && text == "file") text = "file:" + p.value("dataFile", std::string());
    // data after n and type: a data file sets n and is read as the type.
    std::stable_partition(given.begin(), given.end(), [](const auto& g) { return g.first != "data"; });
    for (const auto& [name, text] : given) {
        try {
            setRunSetting(c, name, text, "settings: " + name);
        } catch (const Error& e) {
            warnings.push_back(std::string(e.what()) + " (kept " + settingText(c, name) + ")");
        }
    }
}

}  // namespace

Settings loadSettings(const std::string& dir, std::string* warning) {
    Settings s = defaultSettings();
    if (dir.empty()) return s;
    const std::string path = dir + "/settings.json";
    std::ifstream in(path);
    if (!in) return s;
    std::vector<std::string> warnings;
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
            readProblem(p, s.config, warnings);
            s.device = p.value("device", s.device);
            s.compareVariant = p.value("compare", s.compareVariant);
        }
        if (j.contains("view")) {
            const auto& v = j["view"];
            s.speed = std::clamp(v.value("speed", s.speed), 0.1f, 20.0f);
            s.loadAtTop = v.value("loadAtTop", s.loadAtTop);
            s.showValues = v.value("showValues", s.showValues);
            s.bottomTab = std::clamp(v.value("bottomTab", s.bottomTab), 0, 5);
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
    if (warning && !warnings.empty()) {
        *warning = "in " + path + ": ";
        for (size_t i = 0; i < warnings.size(); ++i) *warning += (i ? "; " : "") + warnings[i];
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
    j["problem"] = {{"device", s.device}, {"compare", s.compareVariant}};
    for (const RunSettingSpec& spec : runSettings())  // as the user would give them: --wg 64, set:wg=64
        j["problem"][std::string(spec.name)] = settingText(c, spec.name);
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
