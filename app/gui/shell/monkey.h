// The monkey: a script of random actions from a seed (keys, clicks at random points, the wheel, variant and setting
// changes, the bottom tabs, the Timings view, lecture and predict mode, the workbench, exports), so that a run that
// finds a crash, a sanitizer report or a hang is repeated exactly by its seed. scripts/monkey drives it and watches
// the process's memory; tests/app/gui runs a short one.
#pragma once
#include <cstdint>
#include <string>

namespace rl::gui {

struct MonkeySpec {
    uint64_t seed = 1;
    int actions = 200;
    std::string outDir;  // where its exports and the workbench's kernels may be written ("": no exports)
};

// "SEED:N" (N actions) or "SEED"; false with `error` set on a bad spec.
bool parseMonkeySpec(const std::string& text, MonkeySpec* out, std::string* error);

// The actions, ';'-separated as --script takes them, ending in quit. The same spec gives the same script.
std::string monkeyScript(const MonkeySpec& spec);

}  // namespace rl::gui
