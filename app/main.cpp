// reducelab: with no arguments, or options and no command, the explorer (when built with the GUI); a saved session
// as the only argument (`reducelab lecture3.reducelab.json`, what a file manager runs) opens it in the explorer;
// --version prints the version; otherwise the command-line front end.
#include <cstdio>
#include <cstring>

#include "app/cli/cli.h"

#ifdef REDUCELAB_WITH_GUI
#include "app/gui/shell/gui_main.h"
#endif

namespace {

// A lone argument that is not a command or an option is a file to open: command names have no '.' or '/', and a
// session's name has its extension (.reducelab.json) or a directory in it.
bool isSessionArgument(int argc, char** argv) {
    return argc == 2 && argv[1][0] != '-' && argv[1][0] != '\0' && std::strpbrk(argv[1], "./") != nullptr;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc == 2 && (!std::strcmp(argv[1], "--version") || !std::strcmp(argv[1], "-V"))) {
        std::printf("reducelab %s\n", REDUCELAB_VERSION);
        return 0;
    }
#ifdef REDUCELAB_WITH_GUI
    if (isSessionArgument(argc, argv)) return rl::gui::openInExplorer(argv[1]);
    const bool optionsOnly = argc > 1 && std::strncmp(argv[1], "--", 2) == 0 && std::strcmp(argv[1], "--help") != 0;
    if (argc == 1 || optionsOnly || rl::cli::isGuiRequest(argc, argv)) return rl::gui::runExplorer(argc, argv);
#else
    if (isSessionArgument(argc, argv)) {
        std::fprintf(stderr, "reducelab: this build has no explorer to open '%s' in (it was configured with "
                             "REDUCELAB_GUI=OFF); open the session with a build that has the GUI\n", argv[1]);
        return 1;
    }
#endif
    return rl::cli::run(argc, argv);
}
