// export_cli: `reducelab export` as its own program (argv[1] must be "export"), for the tests and for making the
// examples in docs/ until the lead's CLI dispatch routes `reducelab export` to rl::cli::runExport.
#include "app/cli/cmd_export.h"

int main(int argc, char** argv) { return rl::cli::runExport(argc, argv); }
