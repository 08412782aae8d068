// The editor's find bar (Ctrl+F): a search field, the match count, previous / next (Shift+Enter / Enter, F3), match
// case, close (Escape). It only finds: the editor selects and scrolls to the match it returns.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "app/gui/common/ui_context.h"
#include "app/gui/workbench/code_text.h"

struct ImGuiInputTextCallbackData;

namespace rl::gui::workbench {

class FindBar {
public:
    void open();  // shows the bar and puts the keyboard in its field (the selection's text, if any, is not used)
    void close() { open_ = false; }
    bool isOpen() const { return open_; }

    // Draws the bar when open (one row). Returns the match to select when the user asked for the next or the
    // previous one, or typed (the first match after `cursorByte`).
    std::optional<Match> Draw(const std::string& text, const UiContext& ctx, int cursorByte);
    // The next (dir 1) or previous (dir -1) match from `fromByte`, wrapping; also what the script's find uses.
    std::optional<Match> step(const std::string& text, int dir, int fromByte);
    void setQuery(const std::string& query);

    const std::vector<Match>& matches() const { return matches_; }
    int current() const { return current_; }  // index into matches(), -1 none

private:
    void refresh(const std::string& text);

    char query_[256] = {};
    bool open_ = false, focus_ = false, matchCase_ = false;
    std::string searched_;  // the query and case the matches are for
    size_t textHash_ = 0;
    std::vector<Match> matches_;
    int current_ = -1;
};

}  // namespace rl::gui::workbench
