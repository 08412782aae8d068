// The self-study workbench, the explorer's left column while open: the student's kernel in an editor,
// New / Open / Edit (a copy of the current variant), Ctrl+Enter saves and runs `reducelab check` in a child process
// (progress, Cancel), the diagnostics and findings marked on their lines and listed, the check list, and the check's
// trace shown in the tree, warps and banks views like a built-in variant's. Nothing typed is lost: the buffer is
// autosaved and restored, the file is watched and reloaded when another editor saves it.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/common/ui_context.h"
#include "app/gui/state/explorer_state.h"
#include "app/gui/workbench/check_worker.h"
#include "app/gui/workbench/kernel_editor.h"
#include "app/gui/workbench/kernel_files.h"
#include "app/gui/workbench/open_dialog.h"

namespace rl::gui {

// An exercise of the course worked on in the workbench: Ctrl+Enter grades the attempt with the exercise's checks.
struct ExerciseAttempt {
    std::string id, title;
    int order = 0;
    std::string exercisesDir;      // --exercises DIR; empty: the built-in course
    double timeLimit = 300;        // for the whole grading child
};

// A grade that arrived, with the text it graded (the course keeps both).
struct GradedAttempt {
    rl::exercise::GradeResult grade;
    std::string text;
};

class Workbench {
public:
    Workbench();
    ~Workbench();

    // Once, before the first frame: how the threads wake the window, where the workbench keeps its files ("":
    // $XDG_DATA_HOME/reducelab/workbench), the binary to run as `reducelab check`. Restores an autosaved buffer:
    // into the open column, or, when the command line named a problem (`reducelab --variant first-add`), kept
    // behind the controls' "Reopen your kernel" so that the problem asked for is what the window shows.
    void init(std::function<void()> wake, const std::string& dir, const std::string& self, MessageLog& log,
              bool problemNamed = false);

    // Every frame, before drawing: the controls' requests (Edit / New / Open), the check's result (its trace goes
    // into side A), a file changed on disk, the autosave, a re-check after the problem changed.
    void update(ExplorerState& state, MessageLog& log, double now);
    // The workbench column (when open), and the line over the tree while side A shows the student's kernel.
    void Draw(ExplorerState& state, const UiContext& ctx);
    void drawBanner(ExplorerState& state, const UiContext& ctx);
    // Over the tree just drawn (its layout is in the frame geometry): each race, uninitialised read or bounds
    // finding that names a cell and a stage, ringed on that cell with the work-items involved.
    void drawTreeMarks(const ExplorerState& state, const UiContext& ctx);

    bool isOpen() const { return open_; }

    // Opens an exercise's attempt from `path` (written with `text` first when it does not exist: the starter, or
    // the last attempt the course kept). Until another kernel is opened, Ctrl+Enter grades it.
    void openExercise(const ExerciseAttempt& exercise, const std::string& path, const std::string& text,
                      ExplorerState& state, MessageLog& log);
    const std::optional<ExerciseAttempt>& exercise() const { return exercise_; }
    std::optional<GradedAttempt> takeGrade();  // a grade that arrived since the last call
    bool courseWanted() { return std::exchange(courseWanted_, false); }  // the header's "Course" button
    // Side A shows the student's kernel: the controls' changes re-check it instead of tracing a variant.
    bool holdsTrace(const ExplorerState& state) const { return open_ && state.studentShown; }
    void problemChanged(double now);  // op, type, work-group size or device changed: check again (debounced)
    bool needsFrames() const;         // a check running, an autosave or a re-check waiting
    bool checkSettled() const;        // no check running or about to start (the script's kernel-check waits)
    void saveOnExit();                // the autosave, with whether the workbench was open

    // Script verbs (tests, docs): kernel-new, kernel-edit, kernel-open:PATH, kernel-edit-line:N:TEXT,
    // kernel-replace:OLD=>NEW, kernel-save, kernel-check (starts it; the script waits), kernel-find:TEXT,
    // kernel-goto:N, kernel-close, kernel-browse:DIR (the Open dialog), kernel-model:ID ("none": no comparison).
    // Returns "" or what is wrong.
    std::string scriptAction(const std::string& verb, const std::string& argument, ExplorerState& state,
                             MessageLog& log);

private:
    // Actions.
    void open(ExplorerState& state);
    void close(ExplorerState& state);
    void newKernel(ExplorerState& state, MessageLog& log);
    void editVariant(ExplorerState& state, MessageLog& log);
    bool openFile(const std::string& path, ExplorerState& state, MessageLog& log);
    void keepCurrent(MessageLog& log);  // unsaved edits are saved before another kernel replaces them
    void setBuffer(const std::string& path, const std::string& text, const std::string& diskText);
    bool save(MessageLog& log);
    void check(ExplorerState& state, MessageLog& log);
    void edited(double now);  // the text changed (typing or a script edit)
    void takeOutcome(ExplorerState& state, MessageLog& log);
    void takeDiskChange(ExplorerState& state, MessageLog& log, double now);
    void reloadFromDisk(ExplorerState& state, MessageLog& log);
    void autosave(double now, bool force);
    std::vector<workbench::EditorMark> marks() const;
    bool modified() const { return text_ != diskText_; }

    // Drawing (workbench_panel.cpp, report_list.cpp).
    void drawHeader(ExplorerState& state, const UiContext& ctx);
    void drawProblem(ExplorerState& state, const UiContext& ctx);
    void drawStatus(const UiContext& ctx);
    void drawReport(const UiContext& ctx);
    void drawGrade(const UiContext& ctx);  // an exercise's checks, each to its line or stage
    void drawReloadQuestion(ExplorerState& state, const UiContext& ctx);
    void recordGeometry(const UiContext& ctx);

    std::function<void()> wake_;
    std::string dir_, self_;
    std::unique_ptr<workbench::CheckWorker> worker_;
    std::unique_ptr<workbench::FileWatcher> watcher_;
    workbench::KernelEditor editor_;
    workbench::OpenDialog openDialog_;
    bool open_ = false;
    std::string savedCompare_;  // the comparison put aside while the workbench shows the student's kernel
    std::string model_;         // a built-in variant whose CPU model the trace is compared with ("" none)
    std::optional<ExerciseAttempt> exercise_;  // the attempt being worked on, when the buffer is one
    std::optional<rl::exercise::GradeResult> grade_;  // its newest grade
    std::optional<GradedAttempt> newGrade_;
    bool courseWanted_ = false;
    int seekStage_ = -1;        // a grade's check clicked: show this stage of the first pass

    // The buffer.
    std::string path_, text_, diskText_, entry_;
    double lastEdit_ = -1;
    size_t autosavedHash_ = 0;
    bool autosavePending_ = false;
    bool reopenOffered_ = false;  // an autosaved kernel waits behind "Reopen your kernel" (init)

    // Checks.
    uint64_t requested_ = 0;
    int checksDone_ = 0;
    std::string checkedText_;  // the text the newest check ran on
    std::optional<workbench::CheckOutcome> outcome_;  // the newest
    std::optional<rl::workbench::CheckReport> report_;  // the newest report (build failures included)
    std::string tracedFile_;   // the file whose trace side A shows
    uint64_t serial_ = uint64_t(1) << 48;  // bundles made here: far from the engine worker's serials (cache keys)
    bool recheckWanted_ = false;
    double recheckAt_ = 0;
    bool checkRequested_ = false;  // Ctrl+Enter or the button this frame (run in update)

    // The file changed on disk while the buffer had unsaved edits: ask.
    bool askReload_ = false;
    std::string diskChangedText_;
    double now_ = 0;
};

}  // namespace rl::gui
