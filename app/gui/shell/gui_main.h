// Entry point of the explorer: `reducelab` with no arguments, `reducelab gui [options]`, or `reducelab SESSION`.
#pragma once

namespace rl::gui {

// Opens the explorer window and runs until it is closed; returns the process exit code
// (0 closed normally, 1 no window could be opened, 2 bad options, 3 a --script step timed out).
int runExplorer(int argc, char** argv);

// Opens the explorer on a saved session (`reducelab lecture3.reducelab.json`). A path that does not exist or is not
// a session is refused with one line on stderr and exit code 2, before any window opens.
int openInExplorer(const char* path);

}  // namespace rl::gui
