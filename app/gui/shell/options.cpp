// Parsing of `reducelab gui` options on CLI11: the options by group for --help, their values read in the order
// given (run settings with the one rule of core/files/run_settings.h), errors as one line that says what to give.
#include "app/gui/shell/options.h"

#include <CLI/CLI.hpp>

#include <cstdlib>
#include <cstring>
#include <map>

#include "app/gui/shell/monkey.h"
#include "core/pattern.h"
#include "core/files/run_settings.h"

namespace rl::gui {
namespace {

bool toInt(const std::string& s, int* out) {
    char* end = nullptr;
    const long v = std::strtol(s.c_str(), &end, 10);
    if (s.empty() || *end != '\0') return false;
    *out = int(v);
    return true;
}

bool toDouble(const std::string& s, double* out) {
    char* end = nullptr;
    const double v = std::strtod(s.c_str(), &end);
    if (s.empty() || *end != '\0') return false;
    *out = v;
    return true;
}

struct GuiOption {
    const char* name;   // without "--"
    const char* value;  // nullptr: a flag
    const char* group;
    const char* help;
};

const char* kLoad = "What to load (defaults: the last session's settings)";
const char* kWindow = "Window and settings";
const char* kScript = "Scripting and measurement (tests, benchmarks, docs)";

// The registered patterns' names, "reduce|scan|...", for --pattern.
const std::string kPatternNames = patternNames();

// Every option but the run settings, which come from core/files/run_settings.h (below).
const GuiOption kOptions[] = {
    {"open", "FILE", kLoad, "a saved session (also `reducelab FILE`); it opens with no OpenCL device"},
    {"pattern", kPatternNames.c_str(), kLoad, "open on this pattern: its first lesson's variant, unless --variant names one\n"
                                      "of it (`reducelab variants --pattern scan` lists the scans)"},
    {"variant", "ID", kLoad, "kernel variant (`reducelab variants` lists them)"},
    {"compare", "ID", kLoad, "show a second variant side by side, stepping together"},
    {"device", "SPEC", kLoad, "device index or name substring (`reducelab devices`)"},
    {"stage", "K", kLoad, "start at step K of the timeline (0 = load; -1 = the last)"},
    {"play", nullptr, kLoad, "start playing once loaded"},
    {"speed", "S", kLoad, "playback speed in stages per second"},
    {"size", "WxH", kWindow, "window size (logical units: the display's content scale multiplies it)"},
    {"scale", "S", kWindow, "multiply the display's content scale (HiDPI is followed automatically;\n"
                            "1.5 or 2 enlarge everything, e.g. for a projector)"},
    {"content-scale", "S", kWindow, "take S as the display's content scale instead of what it reports\n"
                                    "(also REDUCELAB_CONTENT_SCALE; 2 shows a HiDPI layout on any display)"},
    {"config-dir", "DIR", kWindow, "where settings and imgui.ini live (default $XDG_CONFIG_HOME/reducelab,\n"
                                   "else ~/.config/reducelab)"},
    {"presenter", nullptr, kWindow, "start in the presenter view: the lecture screen in a second window for the\n"
                                    "projector (full screen on a second monitor), the console here (also F7)"},
    {"no-save", nullptr, kWindow, "do not write settings on exit"},
    {"exercises", "DIR", kWindow, "the Exercises window's course from DIR (one NN-id folder per exercise,\n"
                                  "see docs/exercises.md; default: the built-in course)"},
    {"screenshot", "PATH", kScript, "once loaded (and at --stage), save a PNG of the window and quit"},
    {"script", "ACTIONS", kScript, "run actions separated by ';' once the window is up (below)"},
    {"monkey", "SEED[:N]", kScript, "N random actions (default 200) from SEED, each skipped when it cannot be done,\n"
                               "then quit (scripts/monkey runs it and watches memory)"},
    {"monkey-out", "DIR", kScript, "where the monkey's exports go (default: none are made)"},
    {"frames", "K", kScript, "quit after K frames"},
    {"quit-after", "SEC", kScript, "quit after SEC seconds"},
    {"frame-stats", nullptr, kScript, "print frame-time and speed figures on exit (first frame, traces, warm-up)"},
    {"no-pacing", nullptr, kScript, "do not cap animation at 60 fps (measures what a frame costs)"},
    {"script-timeout", "SEC", kScript, "longest wait of one script step (default 120)"},
};

// The app with every option; values are read afterwards from parse_order() (the order given).
void describe(CLI::App& app) {
    app.allow_extras();  // refused afterwards, in this parser's words
    app.footer(scriptHelp());
    app.get_formatter()->column_width(24);
    auto add = [&app](const GuiOption& o) {
        CLI::Option* opt = o.value ? app.add_option(std::string("--") + o.name, o.help)->type_name(o.value)
                                   : app.add_flag(std::string("--") + o.name, o.help)->disable_flag_override();
        opt->group(o.group);
        if (o.value) opt->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
    };
    for (const GuiOption& o : kOptions)  // what to load, the run settings, then the window and the scripting
        if (o.group == kLoad) add(o);
    for (const RunSettingSpec& s : runSettings()) {  // the run settings, declared in core/files/run_settings.h
        if (s.name == "variant" || s.name == "pattern") continue;  // above, with the other choices of what to load
        const std::string help = settingHelp(s, false);
        add({s.name.data(), s.kind == SettingKind::Flag ? nullptr : s.value.data(), kLoad, help.c_str()});
    }
    for (const GuiOption& o : kOptions)
        if (o.group != kLoad) add(o);
}

// One option's value (or a flag, value empty) into `o`; false with `error` set on a bad value.
bool apply(const std::string& name, const std::string& v, ExplorerOptions* o, std::string* error) {
    const std::string arg = "--" + name;
    auto bad = [&](const std::string& what) {
        *error = "bad value '" + v + "' for " + arg + ": expected " + what;
        return false;
    };
    double d = 0;
    int x = 0;
    if (name == "play") o->play = true;
    else if (name == "no-save") o->saveSettings = false;
    else if (name == "presenter") o->presenter = true;
    else if (name == "frame-stats") o->frameStats = true;
    else if (name == "no-pacing") o->noPacing = true;
    else if (name == "variant") o->variant = v;
    else if (name == "pattern") {  // refused by the table's rule; startup opens it (overrideConfig)
        RunConfig check;
        try {
            setRunSetting(check, name, v, arg);
        } catch (const Error& e) {
            *error = e.what();
            return false;
        }
        o->pattern = findPattern(v)->id;
    }
    else if (name == "compare") o->compare = v;
    else if (name == "open") o->open = v;
    else if (name == "device") o->device = v;
    else if (name == "config-dir") o->configDir = v;
    else if (name == "exercises") o->exercisesDir = v;
    else if (name == "script") o->script = v;
    else if (name == "monkey-out") o->monkeyOut = v;
    else if (name == "monkey") {
        MonkeySpec spec;
        if (!parseMonkeySpec(v, &spec, error)) return false;
        o->monkey = v;
    }
    else if (name == "screenshot") o->screenshot = v;
    else if (isRunSetting(name)) {  // n, wg, op, type, data, seed, epi, simd, banks, ...: the one rule
        const bool flag = findRunSetting(name)->kind == SettingKind::Flag;  // --exclusive: on
        RunConfig check;
        try {
            setRunSetting(check, name, flag ? "on" : v, arg);
        } catch (const Error& e) {
            *error = e.what();
            return false;
        }
        o->settings.emplace_back(name, flag ? "on" : v);
    } else if (name == "stage") {
        if (!toInt(v, &x)) return bad("an integer");
        o->stage = x;
    } else if (name == "speed") {
        if (!toDouble(v, &d) || d <= 0) return bad("a positive number of stages per second");
        o->speed = float(d);
    } else if (name == "scale" || name == "content-scale") {
        if (!toDouble(v, &d) || d < 0.5 || d > 4) return bad(name == "scale" ? "a scale between 0.5 and 4"
                                                                             : "a content scale between 0.5 and 4");
        (name == "scale" ? o->scale : o->contentScale) = float(d);
    } else if (name == "size") {
        const size_t at = v.find('x');
        int w = 0, h = 0;
        if (at == std::string::npos || !toInt(v.substr(0, at), &w) || !toInt(v.substr(at + 1), &h) || w < 320 ||
            h < 240 || w > 16384 || h > 16384)
            return bad("WIDTHxHEIGHT, at least 320x240");
        o->width = w;
        o->height = h;
    } else if (name == "frames") {
        if (!toInt(v, &x) || x <= 0) return bad("a positive number of frames");
        o->frames = x;
    } else if (name == "quit-after" || name == "script-timeout") {
        if (!toDouble(v, &d) || d <= 0) return bad("a positive number of seconds");
        (name == "quit-after" ? o->quitAfter : o->scriptTimeout) = d;
    }
    return true;
}

}  // namespace

std::string helpText() {
    CLI::App app("Opens the ReduceLab explorer: a kernel's stages recorded on an OpenCL device, one by one.\n"
                 "Plain `reducelab` opens it with the last session's settings.",
                 "reducelab gui");
    describe(app);
    return app.help();
}

bool parseOptions(int argc, char** argv, ExplorerOptions* o, std::string* error) {
    int first = 1;
    if (first < argc && std::strcmp(argv[first], "gui") == 0) ++first;
    std::vector<std::string> args;
    for (int i = argc - 1; i >= first; --i) args.emplace_back(argv[i]);  // CLI11 takes them last first
    CLI::App app("", "reducelab gui");
    describe(app);
    try {
        app.parse(args);
    } catch (const CLI::CallForHelp&) {
        o->help = true;
        return true;
    } catch (const CLI::ParseError& e) {
        const std::string what = e.what();
        const size_t colon = what.find(':'), override = what.find(" was given a disallowed flag override");
        if (what.find(" missing") != std::string::npos && colon != std::string::npos)
            *error = "option " + what.substr(0, colon) + " needs a value (see reducelab gui --help)";
        else if (override != std::string::npos)
            *error = "option --" + what.substr(0, override) + " takes no value (see reducelab gui --help)";
        else
            *error = what + " (see reducelab gui --help)";
        return false;
    }
    std::map<const CLI::Option*, size_t> taken;  // occurrences of each option read so far
    for (const CLI::Option* opt : app.parse_order()) {
        const std::string name = opt->get_name().substr(2);
        const auto& results = opt->results();
        const std::string value = opt->get_type_size() == 0 ? "" : results.at(taken[opt]++);
        if (!apply(name, value, o, error)) return false;
    }
    if (!app.remaining().empty()) {
        *error = "unknown option '" + app.remaining().front() + "' (see reducelab gui --help)";
        return false;
    }
    return true;
}

}  // namespace rl::gui
