// Entry point of the explorer: `reducelab` with no arguments, or `reducelab gui [options]`.
#pragma once

namespace rl::gui {

// Opens the explorer window and runs until it is closed; returns the process exit code
// (0 closed normally, 1 no window could be opened, 2 bad options, 3 a --script step timed out).
int runExplorer(int argc, char** argv);

}  // namespace rl::gui
