// runExplorer: options, settings, the window, the app.
#include "app/gui/shell/gui_main.h"

#include <cstdio>
#include <exception>

#include "app/gui/shell/app.h"
#include "app/gui/shell/glfw_window.h"
#include "core/variant.h"

namespace rl::gui {

int runExplorer(int argc, char** argv) {
    ExplorerOptions options;
    std::string error;
    if (!parseOptions(argc, argv, &options, &error)) {
        std::fprintf(stderr, "reducelab gui: %s\n", error.c_str());
        return 2;
    }
    if (options.help) {
        std::printf("%s", helpText().c_str());
        return 0;
    }
    for (const auto* id : {&options.variant, &options.compare})
        if (*id && !findVariant(**id) && !(id == &options.compare && **id == "off")) {
            std::fprintf(stderr, "reducelab gui: unknown variant '%s' (`reducelab variants` lists them)\n",
                         (*id)->c_str());
            return 2;
        }
    Script script;
    if (!script.parse(options.script, &error)) {
        std::fprintf(stderr, "reducelab gui: %s\n", error.c_str());
        return 2;
    }
    if (!options.screenshot.empty()) {
        script.append("wait-trace");
        script.append("settle");
        script.append("frames", "2");
        script.append("shot", options.screenshot);
        script.append("quit");
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
        GlfwWindow window("ReduceLab", settings.window, options.scale);
        App app(window, options, settings, configDir, std::move(script));
        return app.run();
    } catch (const std::exception& e) {
        std::fprintf(stderr, "reducelab gui: %s\n", e.what());
        return 1;
    }
}

}  // namespace rl::gui
