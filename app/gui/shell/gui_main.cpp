// runExplorer: options, settings, the window, the app.
#include "app/gui/shell/gui_main.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <optional>
#include <utility>

#include "app/gui/shell/app.h"
#include "app/gui/shell/glfw_window.h"
#include "app/gui/shell/monkey.h"
#include "core/session/session.h"
#include "core/pattern.h"
#include "core/catalogue/variant.h"

namespace rl::gui {
namespace {

int run(ExplorerOptions options) {
    std::string error;
    for (const auto* id : {&options.variant, &options.compare})
        if (*id && !findVariant(**id) && !(id == &options.compare && **id == "off")) {
            std::fprintf(stderr, "reducelab gui: unknown variant '%s' (`reducelab variants` lists them)\n",
                         (*id)->c_str());
            return 2;
        }
    if (options.pattern && options.variant)
        if (const VariantInfo* v = findVariant(*options.variant); v && v->pattern != *options.pattern) {
            std::fprintf(stderr, "reducelab gui: --variant %s is a %s kernel, not a %s one; `reducelab variants "
                                 "--pattern %s` lists those\n", options.variant->c_str(),
                         patternInfo(v->pattern).name.c_str(), patternInfo(*options.pattern).name.c_str(),
                         patternInfo(*options.pattern).name.c_str());
            return 2;
        }
    Script script;
    if (!script.parse(options.script, &error)) {
        std::fprintf(stderr, "reducelab gui: %s\n", error.c_str());
        return 2;
    }
    if (!options.monkey.empty()) {  // after the script given, random actions from a seed; what fails is skipped
        MonkeySpec spec;
        parseMonkeySpec(options.monkey, &spec, &error);  // checked when the options were parsed
        spec.outDir = options.monkeyOut;
        Script monkey;
        const std::string actions = (options.script.empty() ? "" : options.script + ";") + monkeyScript(spec);
        if (!monkey.parse(actions, &error)) {
            std::fprintf(stderr, "reducelab gui: the monkey's script: %s\n", error.c_str());
            return 2;
        }
        monkey.setTolerant(true);
        script = std::move(monkey);
        std::fprintf(stderr, "reducelab: monkey: seed %s, %d actions\n", options.monkey.c_str(), spec.actions);
    }
    if (!options.screenshot.empty()) {
        script.append("wait-trace");
        script.append("settle");
        script.append("frames", "2");
        script.append("shot", options.screenshot);
        script.append("quit");
    }

    // A session to open is read and checked before any window opens: a wrong path fails fast, in one line.
    std::optional<Session> session;
    if (!options.open.empty()) {
        try {
            session = loadSession(options.open);
        } catch (const std::exception& e) {
            std::error_code ec;
            const bool exists = std::filesystem::exists(options.open, ec);
            std::fprintf(stderr, "reducelab: %s%s\n", e.what(),
                         exists ? "" : " (reducelab FILE opens a saved session; reducelab --help lists the commands)");
            return 2;
        }
        std::error_code ec;  // remembered as the last session: absolute, so that it means the same file tomorrow
        const std::filesystem::path absolute = std::filesystem::absolute(options.open, ec);
        if (!ec) options.open = absolute.lexically_normal().string();
    }

    const std::string configDir = options.configDir.empty() ? defaultConfigDir() : options.configDir;
    std::string warning;
    Settings settings = loadSettings(configDir, &warning);
    if (!warning.empty()) std::fprintf(stderr, "reducelab: %s\n", warning.c_str());
    if (options.width) {
        settings.window.width = *options.width;
        settings.window.height = *options.height;
        settings.window.maximized = false;
    }
    try {
        GlfwWindow window("ReduceLab", settings.window, options.contentScale);
        App app(window, options, settings, configDir, std::move(script), std::move(session));
        return app.run();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "reducelab gui: %s\n", e.what());
        return 1;
    }
}

}  // namespace

// REDUCELAB_CONTENT_SCALE: the display's content scale for every start (as --content-scale, which wins).
static bool contentScaleFromEnvironment(ExplorerOptions* options, std::string* error) {
    const char* env = std::getenv("REDUCELAB_CONTENT_SCALE");
    if (!env || !*env) return true;
    char* end = nullptr;
    const double v = std::strtod(env, &end);
    if (*end != '\0' || !(v >= 0.5 && v <= 4)) {
        *error = std::string("bad value '") + env + "' for REDUCELAB_CONTENT_SCALE: expected a content scale between "
                 "0.5 and 4";
        return false;
    }
    options->contentScale = float(v);
    return true;
}

int runExplorer(int argc, char** argv) {
    ExplorerOptions options;
    std::string error;
    if (!contentScaleFromEnvironment(&options, &error) || !parseOptions(argc, argv, &options, &error)) {
        std::fprintf(stderr, "reducelab gui: %s\n", error.c_str());
        return 2;
    }
    if (options.help) {
        std::printf("%s", helpText().c_str());
        return 0;
    }
    return run(std::move(options));
}

int openInExplorer(const char* path) {
    ExplorerOptions options;
    std::string error;
    if (!contentScaleFromEnvironment(&options, &error)) {
        std::fprintf(stderr, "reducelab: %s\n", error.c_str());
        return 2;
    }
    options.open = path;
    return run(std::move(options));
}

}  // namespace rl::gui
