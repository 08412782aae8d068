// Placeholder dispatch; replaced by the full CLI.
#include "app/cli/cli.h"

#include <cstring>

namespace rl::cli {
int run(int, char**) { return 0; }
bool isGuiRequest(int argc, char** argv) { return argc > 1 && std::strcmp(argv[1], "gui") == 0; }
}  // namespace rl::cli
