// What every panel's Draw() receives besides the state: fonts, palette, the message log, the worker, the time,
// and the frame's geometry record (where things were drawn, for screenshots and their tests).
#pragma once
#include <string>
#include <vector>

#include "app/gui/state/engine_worker.h"
#include "app/gui/state/message_log.h"
#include "app/render/fonts.h"
#include "app/view/geometry.h"
#include "app/view/palette.h"
#include "app/view/tree/tree_layout.h"

namespace rl::render {
class HeatmapRenderer;
}

namespace rl::gui {

// Rewritten every frame: where the tree, the result and the scrub bar were drawn (window coordinates).
struct FrameGeometry {
    struct Tree {
        int side = 0;
        view::TreeLayoutParams layout;  // the exact parameters the tree was laid out with
        int stage = 0;                  // the stage (row) that is current
        float transition = 1;
        int pass = 0, group = 0;  // group: index into the pass's traced groups
        int groupId = 0;          // the work-group's id in the pass
        float valueSize = 0;      // the text size of values in cells (0: none drawn)
        int hiddenValues = 0;     // cells whose exact value did not fit (shown on hover and in the readout)
        std::string readout;      // the readout line beside the tree (empty when none)
        std::string title;        // the variant's title as drawn above the tree (cut with an ellipsis where narrow)
        float titleWidth = 0, columnWidth = 0;  // the drawn title's width and the column's
        float readoutWidth = 0;                 // the readout's width as drawn (within columnWidth)
        view::Rect zoomHint;  // "wheel: zoom into the cells ..." where drawn (empty: not drawn); lastRow: the tree's
        view::Rect lastRow;   // last row, which the hint keeps clear of
    };
    std::vector<Tree> trees;
    view::Rect result;      // the result value and verdict text
    std::string resultText;
    std::string resultNote;  // the comparison with the CPU model, as the result panel words it
    view::Rect scrub;
    view::Rect bottom;     // the bottom tab panel's content
    std::string bottomTab;  // warps, heatmap, source, messages, words, tiles
    std::vector<std::string> bottomTabs;  // the tabs' names as drawn: whole, short, or shortest for the room
    bool bottomTabsFit = true;            // the names fit the bar (ImGui cuts a name that does not)
    float warpsRight = 0;                 // the Warps tab: the right edge of its rows as drawn (0: not drawn)
    bool patternButtonsFit = true;        // the variant panel's pattern buttons ended inside its column
    bool warpsHeaderFits = true;          // its counts and access buttons ended inside the tab (none cut)
    bool messagesHeaderFits = true;       // the Messages tab's count and hint ended inside the tab (wrapped)
    view::Rect lectureKeys;               // lecture mode's line of keys in the bottom corner (empty: not drawn)
    // The device panel's limits: keys over their values where the value column is narrower than a word of them.
    struct DeviceLimits {
        bool stacked = false;
        float valueWidth = 0;  // the room a value wraps in (0: not drawn)
        float widestWord = 0;  // the widest word of the values (the driver's version string aside)
    } deviceLimits;
    struct Keyboard {
        bool on = false;    // keyboard navigation (Tab) is on
        std::string panel;  // the window the focus is in ("##controls", ...)
        view::Rect focus;   // the control in focus, where the focus ring is drawn (empty: none)
    } keyboard;
    view::Rect wrongBox;   // the red "wrong by design" explanation (empty when none)
    // The result column's "This stage" box of each side (one, or two when comparing): what it says and where.
    struct StageFacts {
        int side = 0;
        std::string variant, title, label;  // variant id, the title drawn over the box (empty when alone), stage label
        int activeItems = 0, items = 0, activeWarps = 0, idleWarps = 0, divergentWarps = 0, bankConflict = 0;
        view::Rect rect;
        bool countsFit = true;  // every count's value ended inside the panel (none cut at its edge)
    };
    std::vector<StageFacts> stageFacts;
    view::Rect sessionBanner;           // the saved-session banner over the tree (empty when none)
    std::string sessionBannerText;
    std::string shownDevice;            // the device the shown trace (side A) was recorded on
    std::vector<std::string> messages;  // the Messages panel's titles, oldest first
    // The variant toggles ("Compose it") and the tooltip shown this frame, if any.
    struct Toggle {
        std::string label;
        view::Rect rect;
        bool enabled = true;
    };
    std::vector<Toggle> toggles;
    std::string dataChoice;  // the data control's text
    // The kernel source as drawn: the current stage's lines and the lines in view (0-based lines of the variant's
    // own file), whether lines wrap, rows past the pane's edge, the font size, where.
    struct Source {
        bool shown = false, wrapped = false, beside = false, spanFits = false;  // spanFits: the span fits the pane
        bool controlsFit = true;  // its controls (wrap, common.cl, beside) end inside their pane
        bool lessonShown = true;  // the lesson beside or under the code (not where there is room for the code only)
        int spanFirst = -1, spanLast = -1, firstVisible = -1, lastVisible = -1, lines = 0, cutLines = 0;
        float fontSize = 0, widestRow = 0, textWidth = 0;
        view::Rect rect;
    };
    Source source;
    // The Words tab: the current stage's title and words as shown (app/view/narration.h), and where.
    struct Words {
        bool shown = false, copied = false;  // copied: "Copy" was pressed a moment ago
        bool headerFits = true;              // the Copy button's line ends inside the tab (its hint cut to fit)
        std::string title, text;
        view::Rect rect;
    };
    Words words;
    // The Tiles tab: the tiles shown, the look-back log's length and the cursor's place in it, the entry there in
    // words, each tile's status letter at the cursor, the tile whose reads are drawn, and where.
    struct Tiles {
        bool shown = false;
        int tiles = 0, logLength = 0, time = -1, picked = -1;
        std::string entry, statuses, protocol;
        std::vector<int> pickedReads;  // the predecessors the picked tile read
        view::Rect rect;
        bool cursorFits = true;  // the cursor over the log shows its last entry's number whole beside its grab
        bool legendFits = true;  // the status legend ends inside the tab (on further lines where it must)
    };
    Tiles tiles;
    // The variant list: each name drawn (whole, wrapped if it must be) and whether it fitted its row.
    struct VariantRow {
        std::string id, title;
        view::Rect rect;     // the name's box
        float textWidth = 0;  // the width of the widest wrapped line of the name
        int lines = 1;
        bool clipped = false;
        std::string lesson;  // the lesson's line as drawn under the name
        view::Rect lessonRect;
    };
    std::vector<VariantRow> variantRows;
    view::Rect variantList;
    std::string tooltip;
    std::string stepCaption;        // the toolbar's "step 3 / 10 · s = 4"
    bool stepCaptionCut = false;    // too long for the room it had
    std::string stepCaptionShown;   // what was drawn: the caption, or a shorter form of it that fits
    view::Rect tooltipRect;
    // Predict mode (app/gui/predict): the stage waiting, the marks drawn on the tree, the panel's score and text.
    struct Predict {
        bool on = false;
        int waitingStep = -1, hiddenRow = -1;  // the step waiting for a prediction, and its row on the tree
        int shownStep = -1;                    // the step whose differences are drawn (-1: none)
        bool shownCorrect = false;
        std::string kind, tally, prompt;
        int right = 0, scored = 0, skipped = 0;
        std::vector<int> picked;
        std::vector<std::string> differences;  // the shown step's, in words
        struct Mark {  // question, picked, chosen, missed, wrong, typed
            std::string kind;
            int stage = 0, cell = 0;
            view::Rect rect;
        };
        std::vector<Mark> marks;
        view::Rect panel, promptRect;
        float promptSize = 0;  // pixels (the lecture line's text)
    };
    Predict predict;
    // The workbench (app/gui/workbench), when open: the file and buffer, the editor's lines and marks, the problems
    // list and the check list, each with where it was drawn.
    struct Workbench {
        bool open = false;
        std::string file, text, status, deviceLine;
        std::string verdict;     // the bold line under the editor: what the last check or grade says in all
        std::string reopen;      // the controls' "Reopen your kernel (NAME)", when it is offered
        view::Rect reopenRect;
        bool modified = false, checking = false, showingTrace = false, askReload = false;
        bool reported = false, builds = false, correct = false, passed = false;
        bool controlsFit = true;  // its buttons and the problem's settings ended inside the column (none cut)
        int checksDone = 0;
        bool focused = false;                  // the editor has the keyboard
        int cursorLine = 0;                    // its cursor's line (1-based) while it has
        bool findOpen = false;
        int findMatches = 0, findCurrent = -1;  // the find bar's matches, and which is current (0-based)
        view::Rect editor, textRect;
        float lineTop = 0, lineHeight = 0;  // line 1's top and a row's height
        std::vector<float> lineTops;        // each line's first row's top: a long line wraps over several rows
        float wrapRight = 0, textRight = 0; // x where the editor's rows wrap; where its text area ends
        int rows = 0, cursorRow = 0;        // rows of the text; the cursor's (0-based) while it has the keyboard
        int firstVisible = 0, lastVisible = 0;
        struct Mark {
            int line = 0;
            std::string kind;
            view::Rect gutter;
        };
        std::vector<Mark> marks;
        struct Row {  // a problem (clickable: jumps to its line) or a check
            int line = 0;
            std::string kind, text;
            bool ok = false;
            view::Rect rect;
        };
        std::vector<Row> problems, checks;
        std::vector<Row> grade;                // an exercise's checks (exercise mode)
        std::string exercise;                  // the exercise being worked on ("" none)
        double score = 0, maxScore = 0;        // its newest grade
        std::string gradeStatus;               // "pass", "fail", "error" ("" none yet)
        struct TreeMark {  // a finding drawn on the tree: its cell in its stage
            std::string kind;
            int stage = 0, cell = 0;
            view::Rect rect;
        };
        std::vector<TreeMark> treeMarks;
    };
    Workbench workbench;
    struct Course {  // the Exercises window
        bool open = false;
        std::string selected;
        int count = 0, hintsShown = 0, attempts = 0, statementBlocks = 0;
        bool solved = false, solutionShown = false;
        bool titlesFit = true;  // every exercise's title in the list, wrapped where it must be, within its row
        int wrappedTitles = 0;  // titles on more than one line
    };
    Course course;
    // The presenter view (app/gui/classroom/presenter_view.h): what its console shows, or (projector) that this is
    // the projector window's frame.
    struct Presenter {
        bool on = false, projector = false;
        int nowStep = -1, nextStep = -1;  // the steps of side A drawn as "now" and "next" (-1: none)
        std::string clock, elapsed, placement, lesson, words, question, answer, blank;
        std::string placementShown;  // the placement as the header shows it (cut with an ellipsis where it must be)
        view::Rect now, next, notes, controls, placementRect, stepRect;  // the last two: the header's texts
        int projectorWidth = 0, projectorHeight = 0;
    };
    Presenter presenter;
    void clear() { *this = FrameGeometry{}; }
};

struct UiContext {
    const view::Palette& palette;
    const render::Fonts& fonts;
    MessageLog& log;
    EngineWorker& worker;
    render::HeatmapRenderer& heatmap;
    FrameGeometry& geometry;
    float scale = 1;  // UI scale (content scale x user scale)
    double now = 0;   // seconds since start
    bool stateMarks = false;  // draw shape cues on the tree (classroom themes, app/view/state_marks.h)
};

}  // namespace rl::gui
