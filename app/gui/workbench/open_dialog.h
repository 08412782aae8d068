// The Open dialog: a path field and the folder's sub-folders and .cl files (Debian packages no well-kept native
// file dialog for ImGui, and a portal would need a desktop session). Double-click a folder to enter it, a file to
// open it; Enter in the path field opens the path typed.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "app/gui/common/ui_context.h"

namespace rl::gui::workbench {

class OpenDialog {
public:
    void show(const std::string& startDir);  // opens the modal on the next Draw
    // Draws the modal when shown; returns the file chosen.
    std::optional<std::string> Draw(const UiContext& ctx);

private:
    void enter(const std::string& dir);

    bool showRequested_ = false;
    char path_[1024] = {};
    std::string dir_, error_;
    std::vector<std::string> entries_;
    int selected_ = -1;
};

}  // namespace rl::gui::workbench
