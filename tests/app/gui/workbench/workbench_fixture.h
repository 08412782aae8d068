// What the workbench's GUI tests share: the palette they read colours against, the student kernels of tests/data,
// the environment that keeps the workbench's files out of the user's folders, and a row of a list by line and kind.
#pragma once
#include <string>

#include "tests/support/app_run.h"
#include "tests/support/screenshot_checks.h"

namespace rl::apptest {

inline const view::Palette& pal() { return view::darkPalette(); }

inline std::string kernelFile(const std::string& name) {
    return readFile(std::string(REDUCELAB_SOURCE_DIR) + "/tests/data/workbench/kernels/" + name);
}

// The workbench's own files go to DIR/data (XDG_DATA_HOME), never to the user's.
inline std::string env(const std::string& dir) { return "XDG_DATA_HOME=" + dir + "/data"; }

inline const nlohmann::json* findRow(const nlohmann::json& rows, int line, const std::string& kind) {
    for (const auto& r : rows)
        if (r["line"] == line && r["kind"] == kind) return &r;
    return nullptr;
}

}  // namespace rl::apptest
