// `reducelab export`: the tree at a stage (or every stage) as SVG, PNG or an animated GIF, headless.
#pragma once

namespace rl::cli {

// argv[1] is "export". Returns the exit code: 0 written, 1 failure (no X server for PNG/GIF, device error),
// 2 bad arguments (unknown option, stage or scale out of range, unwritable path).
int runExport(int argc, char** argv);

const char* exportHelp();

}  // namespace rl::cli
