// Command-line options of the explorer (parsed with CLI11), so that the lead, the tests and benchmarks can script it.
#pragma once
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/run_config.h"
#include "core/catalogue/variant.h"

namespace rl::gui {

struct ExplorerOptions {
    // What to load first (unset fields come from the saved settings, then from the defaults).
    std::string open;  // a saved session to show instead of tracing (`reducelab FILE`, --open FILE)
    std::optional<std::string> variant, device, compare;
    std::optional<Pattern> pattern;  // --pattern: open on this pattern (its default variant, unless --variant names one)
    std::vector<std::pair<std::string, std::string>> settings;  // run settings given (--wg 64: {"wg", "64"}), in order
    std::optional<int> stage;  // start at this step of the timeline (after loading)
    bool play = false;         // start playing once loaded
    std::optional<float> speed;

    // Window and files.
    std::optional<int> width, height;  // window size in screen coordinates
    float scale = 1;                   // multiplies the display's content scale
    float contentScale = 0;            // replaces the display's content scale (0: the display's; tests, HiDPI)
    std::string configDir;             // settings directory (default: $XDG_CONFIG_HOME/reducelab)
    std::string exercisesDir;          // --exercises DIR: a course of one's own (default: the built-in one)
    bool saveSettings = true;
    bool presenter = false;            // start in the presenter view (two windows)

    // Scripting, screenshots and measurement.
    std::string script;          // actions separated by ';' (see helpText())
    std::string monkey;          // SEED or SEED:N: N random actions from SEED after the script (monkey.h)
    std::string monkeyOut;       // where the monkey's exports go ("": it exports nothing)
    std::string screenshot;      // save a PNG once loaded (and the stage reached), then quit
    long frames = 0;             // quit after this many frames (0: never)
    double quitAfter = 0;        // quit after this many seconds (0: never)
    bool frameStats = false;     // print frame-time figures when quitting
    bool noPacing = false;       // render animation frames as fast as possible (for measurement)
    double scriptTimeout = 120;  // seconds a script step may wait for a trace

    bool help = false;
};

// Parses argv (argv[1] may be "gui"). Returns false with `error` set on a bad option.
bool parseOptions(int argc, char** argv, ExplorerOptions* out, std::string* error);

// `reducelab gui --help`: the options by group, then scriptHelp().
std::string helpText();
// The script's actions and the keys (options_help.cpp).
const char* scriptHelp();

}  // namespace rl::gui
