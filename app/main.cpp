// reducelab: with no arguments, or options and no command, the explorer (when built with the GUI); otherwise the
// command-line front end.
#include <cstring>

#include "app/cli/cli.h"

#ifdef REDUCELAB_WITH_GUI
#include "app/gui/shell/gui_main.h"
#endif

int main(int argc, char** argv) {
#ifdef REDUCELAB_WITH_GUI
    const bool optionsOnly = argc > 1 && std::strncmp(argv[1], "--", 2) == 0 && std::strcmp(argv[1], "--help") != 0;
    if (argc == 1 || optionsOnly || rl::cli::isGuiRequest(argc, argv)) return rl::gui::runExplorer(argc, argv);
#endif
    return rl::cli::run(argc, argv);
}
