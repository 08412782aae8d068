// The Exercises window (the controls' "Exercises…", or the workbench's "Statement & hints"): the course's list with
// each exercise's progress, the statement (Markdown), the hints revealed one at a time (the count is kept), the
// reference solution once an attempt has been graded, a reset; "Work on it" opens the attempt in the workbench,
// where Ctrl+Enter grades it. Progress lives in the XDG data dir (core/exercise/progress.h) and survives restarts.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "app/gui/exercises/markdown_view.h"
#include "app/gui/common/ui_context.h"
#include "app/gui/state/explorer_state.h"
#include "app/gui/workbench/workbench.h"
#include "core/exercise/exercise_set.h"
#include "core/exercise/progress.h"

namespace rl::gui {

class Course {
public:
    // Once: the course (`dir` from --exercises, empty: the built-in one) and where progress is kept ("": the
    // default path in the XDG data dir). Problems reading either go to the log; the window says so too.
    void init(const std::string& dir, const std::string& progressPath, MessageLog& log);

    // Every frame: a grade the workbench took is recorded; the window drawn over the panels when open.
    void record(const GradedAttempt& attempt, MessageLog& log);
    void Draw(ExplorerState& state, Workbench& workbench, const UiContext& ctx);

    // Script actions (`course:ACTION`): open, close, select=ID, hint, solution, start (work on it in the
    // workbench), reset, report=PATH (the window's state as JSON). Returns "" or what is wrong.
    std::string scriptAction(const std::string& action, ExplorerState& state, Workbench& workbench, MessageLog& log);

    bool open = false;

private:
    const exercise::Exercise* selected() const;
    void select(size_t index);
    void start(ExplorerState& state, Workbench& workbench, MessageLog& log);  // "Work on it"
    std::string attemptPath(const exercise::Exercise& e) const;
    void save(MessageLog& log);
    void drawList(const UiContext& ctx);
    void drawDetails(ExplorerState& state, Workbench& workbench, const UiContext& ctx);

    exercise::ExerciseSet set_;
    std::string dir_;
    std::unique_ptr<exercise::ProgressStore> progress_;
    size_t current_ = 0;
    std::vector<exercises::MarkdownBlock> statement_;  // parsed statement of the current exercise
    std::vector<std::string> hintTitles_;  // a hint's first line (its "## " heading in hints.md)
    std::vector<std::vector<exercises::MarkdownBlock>> hints_;
    bool showSolution_ = false;
    std::string loadError_;
};

}  // namespace rl::gui
