// reducelab: with no arguments, the explorer (when built with the GUI); otherwise the command-line front end.
#include "app/cli/cli.h"

#ifdef REDUCELAB_WITH_GUI
#include "app/gui/gui_main.h"
#endif

int main(int argc, char** argv) {
#ifdef REDUCELAB_WITH_GUI
    if (argc == 1 || rl::cli::isGuiRequest(argc, argv)) return rl::gui::runExplorer(argc, argv);
#endif
    return rl::cli::run(argc, argv);
}
