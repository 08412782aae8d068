// The workbench's life: set-up and restore, New / Open / Edit, saving, checking, taking the check's result (its
// trace into side A), the file changed on disk, the autosave.
#include "app/gui/workbench/workbench.h"

#include <filesystem>
#include <functional>

#include "app/gui/workbench/student_bundle.h"
#include "app/view/tree/playback.h"
#include "core/catalogue/kernel_source.h"
#include "core/catalogue/pass_plan.h"
#include "core/workbench/diagnostics.h"
#include "core/workbench/kernel_signature.h"
#include "core/pattern.h"
#include "core/workbench/student_kernel.h"

namespace rl::gui {
namespace fs = std::filesystem;
Workbench::Workbench() = default;
Workbench::~Workbench() = default;

void Workbench::init(std::function<void()> wake, const std::string& dir, const std::string& self, MessageLog& log,
                     bool problemNamed) {
    wake_ = std::move(wake);
    dir_ = dir.empty() ? workbench::defaultWorkbenchDir() : dir;
    self_ = self.empty() ? rl::process::selfExecutable() : self;
    worker_ = std::make_unique<workbench::CheckWorker>(wake_, self_);
    watcher_ = std::make_unique<workbench::FileWatcher>(wake_);
    std::string warning;
    const auto restored = workbench::readAutosave(dir_, &warning);
    if (!warning.empty()) log.warning("Workbench: " + warning);
    if (!restored || (!restored->open && !restored->modified)) return;
    std::string disk;
    std::error_code ec;
    if (!restored->path.empty() && fs::exists(restored->path, ec)) {
        try {
            disk = workbench::readKernelText(restored->path);
        } catch (const std::exception& e) {
            log.warning("Workbench: " + std::string(e.what()));
        }
    }
    setBuffer(restored->path, restored->text, disk);
    entry_ = restored->entry;
    open_ = !problemNamed;
    reopenOffered_ = problemNamed;
    autosavedHash_ = std::hash<std::string>()(text_);
    if (reopenOffered_)
        log.info("Workbench: your kernel " +
                 (path_.empty() ? std::string("(never saved)") : fs::path(path_).filename().string()) +
                 " is kept behind \"Reopen your kernel\" while the command line's problem is shown");
    else if (modified())
        log.info("Workbench: restored your unsaved edits of " +
                 (path_.empty() ? std::string("a new kernel") : fs::path(path_).filename().string()) + " (autosaved " +
                 restored->savedAt + ")");
}

void Workbench::open(ExplorerState& state) {
    if (open_) return;
    open_ = true;
    savedCompare_ = state.compareVariant;  // one kernel at a time beside the tree
    if (!savedCompare_.empty()) {
        state.compareVariant.clear();
        state.dirty = true;
    }
}

void Workbench::close(ExplorerState& state) {
    if (!open_) return;
    autosave(now_, true);
    open_ = false;
    openDialog_ = {};
    if (state.studentShown) {  // back to the built-in variant the controls show
        state.studentShown = false;
        state.dirty = true;
        state.dirtySince = -1;
    }
    if (!savedCompare_.empty()) {
        state.compareVariant = savedCompare_;
        savedCompare_.clear();
        state.dirty = true;
    }
}

void Workbench::openExercise(const ExerciseAttempt& exercise, const std::string& path, const std::string& text,
                             ExplorerState& state, MessageLog& log) {
    keepCurrent(log);
    std::error_code ec;
    std::string disk = text;
    if (fs::exists(path, ec)) {
        try {
            disk = workbench::readKernelText(path);
        } catch (const std::exception& e) {
            log.warning("Workbench: " + std::string(e.what()) + "; starting again from the exercise's text");
            disk = text;
        }
    } else {
        fs::create_directories(fs::path(path).parent_path(), ec);
        if (const std::string error = workbench::saveKernelText(path, text); !error.empty()) {
            log.error("Workbench: " + error);
            return;
        }
    }
    setBuffer(path, disk, disk);
    exercise_ = exercise;
    open(state);
    log.info("Exercise " + std::to_string(exercise.order) + ", " + exercise.title + ": your attempt is " + path);
}

std::optional<GradedAttempt> Workbench::takeGrade() { return std::exchange(newGrade_, std::nullopt); }

void Workbench::setBuffer(const std::string& path, const std::string& text, const std::string& diskText) {
    exercise_.reset();  // another kernel: no longer an exercise's attempt (openExercise sets it again)
    grade_.reset();
    path_ = path;
    text_ = text;
    diskText_ = diskText;
    editor_.textReplaced();
    watcher_->watch(path_);
    report_.reset();  // the diagnostics belonged to the text before
    outcome_.reset();
    askReload_ = false;
}

void Workbench::keepCurrent(MessageLog& log) {
    if (!modified() || text_.empty()) return;
    const std::string before = path_;
    if (save(log))
        log.info("Workbench: saved your edits of " + fs::path(path_).filename().string() +
                 (before.empty() ? " (" + path_ + ")" : "") + " before switching kernels");
}

void Workbench::newKernel(ExplorerState& state, MessageLog& log) {
    keepCurrent(log);
    if (dir_.empty()) {
        log.error("Workbench: no folder to keep a new kernel in (set XDG_DATA_HOME or HOME)");
        return;
    }
    const std::string path = workbench::freshKernelPath(dir_, "mine");
    const VariantInfo* shown = findVariant(state.config.variant);
    const std::string text = workbench::newKernelTemplate(fs::path(path).filename().string(),
                                                          shown ? shown->pattern : Pattern::Reduce);
    if (const std::string error = workbench::saveKernelText(path, text); !error.empty()) {
        log.error("Workbench: " + error);
        return;
    }
    setBuffer(path, text, text);
    open(state);
    log.info("Workbench: a new kernel from the template, " + path);
}

void Workbench::editVariant(ExplorerState& state, MessageLog& log) {
    keepCurrent(log);
    const std::string id = state.config.variant;
    const VariantInfo* shown = findVariant(id);
    const std::string file = shown ? shown->kernelFile : "kernels/" + id + ".cl";
    std::string text;
    try {
        text = kernelFileText(file);
    } catch (const std::exception& e) {
        log.error("Workbench: no kernel source for '" + id + "': " + e.what());
        return;
    }
    if (dir_.empty()) {
        log.error("Workbench: no folder to keep the copy in (set XDG_DATA_HOME or HOME)");
        return;
    }
    const std::string path = workbench::freshKernelPath(dir_, "my-" + id);
    if (const std::string error = workbench::saveKernelText(path, text); !error.empty()) {
        log.error("Workbench: " + error);
        return;
    }
    setBuffer(path, text, text);
    open(state);
    log.info("Workbench: an editable copy of " + file + ", " + path);
}

bool Workbench::openFile(const std::string& path, ExplorerState& state, MessageLog& log) {
    std::string text;
    try {
        text = workbench::readKernelText(path);
    } catch (const std::exception& e) {
        log.error("Workbench: " + std::string(e.what()));
        return false;
    }
    keepCurrent(log);
    std::error_code ec;
    const fs::path absolute = fs::absolute(path, ec);
    setBuffer(ec ? path : absolute.string(), text, text);
    open(state);
    return true;
}

bool Workbench::save(MessageLog& log) {
    if (path_.empty()) {
        if (dir_.empty()) {
            log.error("Workbench: no file to save to (set XDG_DATA_HOME or HOME)");
            return false;
        }
        path_ = workbench::freshKernelPath(dir_, "mine");
        watcher_->watch(path_);
    }
    if (const std::string error = workbench::saveKernelText(path_, text_); !error.empty()) {
        log.error("Workbench: " + error);
        return false;
    }
    diskText_ = text_;
    watcher_->acknowledge();  // our own save is not a change from another editor
    autosave(now_, true);
    return true;
}

void Workbench::check(ExplorerState& state, MessageLog& log) {
    if (!save(log)) return;
    // A kernel written for one element type (`__global float *a`) is checked, and the tree shown, in that type.
    const VariantInfo* shown = findVariant(state.config.variant);
    const Pattern pattern = shown ? shown->pattern : Pattern::Reduce;  // the explorer's: its contract
    if (!exercise_) {
        const auto sig = rl::workbench::checkSignature(text_, entry_, pattern);
        if (sig.ok && sig.types.size() == 1 && sig.types.front() != state.config.type) {
            state.config.type = sig.types.front();
            log.info("Workbench: '" + sig.kernel.name + "' is written for " + std::string(toString(state.config.type)) +
                     " elements, so the explorer's type is now " + std::string(toString(state.config.type)));
        }
    }
    workbench::CheckRequest r;
    r.id = ++requested_;
    r.file = path_;
    r.entry = entry_;
    r.op = std::string(toString(state.config.op));
    r.type = std::string(toString(state.config.type));
    r.wg = state.config.wg;
    if (!exercise_) {
        r.pattern = patternInfo(pattern).name;
        r.exclusive = patternInfo(pattern).exclusiveForm && state.config.exclusive;
    }
    // The tree shows the explorer's data (0-9 unless chosen otherwise), so a student's cells read like the presets';
    // a data file is the explorer's own input and has no place in the check's sizes.
    if (state.config.data != DataPattern::File) r.data = std::string(toString(state.config.data));
    r.device = state.device;
    // A model chosen under another pattern's kernels is not one this kernel can be compared with.
    if (const VariantInfo* m = findVariant(model_); m && m->pattern != pattern) model_.clear();
    r.model = model_;
    if (exercise_) {
        r.exercise = exercise_->id;
        r.exercisesDir = exercise_->exercisesDir;
        r.exerciseTimeLimit = exercise_->timeLimit;
    }
    checkedText_ = text_;
    recheckWanted_ = false;
    worker_->submit(r);
}

void Workbench::problemChanged(double now) {
    if (!open_ || !report_) return;  // nothing checked yet: the controls trace the built-in variant as usual
    // An exercise is graded on its own ops, types and work-group sizes, and each grade counts as an attempt: only
    // the student's Ctrl+Enter grades it.
    if (exercise_) return;
    recheckWanted_ = true;
    recheckAt_ = now + 0.35;  // let typing finish
}

void Workbench::edited(double now) {
    lastEdit_ = now;
    autosavePending_ = true;
}

void Workbench::autosave(double now, bool force) {
    if (dir_.empty() || (path_.empty() && text_.empty())) return;
    const size_t hash = std::hash<std::string>()(text_);
    if (!force && (!autosavePending_ || now - lastEdit_ < 0.5)) return;
    autosavePending_ = false;
    if (!force && hash == autosavedHash_) return;
    workbench::Autosave a{path_, text_, modified(), open_ || reopenOffered_, entry_, ""};
    std::string error;
    if (workbench::writeAutosave(dir_, a, &error)) autosavedHash_ = hash;
}

void Workbench::saveOnExit() {
    if (!path_.empty() || !text_.empty()) autosave(now_, true);
}

bool Workbench::needsFrames() const {
    return (worker_ && worker_->busy()) || autosavePending_ || recheckWanted_ || checkRequested_;
}

bool Workbench::checkSettled() const {
    return !(worker_ && worker_->busy()) && !recheckWanted_ && !checkRequested_;
}

void Workbench::update(ExplorerState& state, MessageLog& log, double now) {
    now_ = now;
    if (state.kernelRequest != ExplorerState::KernelRequest::None) reopenOffered_ = false;  // the buffer is kept
    switch (state.kernelRequest) {
        case ExplorerState::KernelRequest::Reopen:
            open(state);
            log.info("Workbench: reopened " + (path_.empty() ? std::string("your kernel") :
                                                              fs::path(path_).filename().string()));
            break;
        case ExplorerState::KernelRequest::New: newKernel(state, log); break;
        case ExplorerState::KernelRequest::Edit: editVariant(state, log); break;
        case ExplorerState::KernelRequest::Open:
            open(state);
            openDialog_.show(path_.empty() ? "" : fs::path(path_).parent_path().string());
            break;
        case ExplorerState::KernelRequest::None: break;
    }
    state.kernelRequest = ExplorerState::KernelRequest::None;
    state.kernelToReopen = reopenOffered_ ? (path_.empty() ? std::string("never saved")
                                                           : fs::path(path_).filename().string())
                                          : std::string();
    if (!worker_) return;
    takeOutcome(state, log);
    takeDiskChange(state, log, now);
    if (checkRequested_) {
        checkRequested_ = false;
        check(state, log);
    }
    if (recheckWanted_ && now >= recheckAt_) check(state, log);
    if (seekStage_ >= 0 && holdsTrace(state) && state.a.loaded()) {  // a grade's check clicked: its stage
        for (size_t i = 0; i < state.a.timeline.size(); ++i)
            if (state.a.timeline[i].pass == 0 && state.a.timeline[i].stage == seekStage_) {
                state.playback.seek(int(i));
                break;
            }
    }
    seekStage_ = -1;
    autosave(now, false);
}

void Workbench::takeOutcome(ExplorerState& state, MessageLog& log) {
    auto outcome = worker_->take();
    if (!outcome || outcome->id != requested_) return;  // an older check's: a newer one is on its way
    ++checksDone_;
    outcome_ = std::move(outcome);
    const std::string file = fs::path(path_).filename().string();
    if (outcome_->grade && exercise_ && outcome_->grade->exercise == exercise_->id && !outcome_->cancelled) {
        grade_ = outcome_->grade;
        newGrade_ = GradedAttempt{*grade_, checkedText_};
        const auto& g = *grade_;
        char score[64];
        std::snprintf(score, sizeof score, "%g / %g", g.score(), g.maxScore());
        if (g.passed()) log.info("Exercise " + std::to_string(exercise_->order) + ": every check passes (" + score + ")");
        else if (g.status == "fail") log.warning("Exercise " + std::to_string(exercise_->order) + ": " + score + ", some checks fail");
    }
    if (!outcome_->report) {
        if (!outcome_->cancelled) log.error("Workbench: " + outcome_->problem, outcome_->stderrText);
        return;
    }
    report_ = outcome_->report;
    const auto& r = *report_;
    if (!r.builds) {
        const auto& d = r.diagnostics;
        const std::string first = d.empty()          ? r.contract
                                  : d[0].line > 0 ? "line " + std::to_string(d[0].line) + ": " + d[0].message
                                                  : d[0].message;
        log.error(file + " does not build" + (first.empty() ? "" : ": " + first), r.buildLog);
        return;  // the last good trace stays on screen
    }
    state.studentKernel = SessionKernel{file, r.entry, checkedText_, r.kernel ? r.kernel->pattern : Pattern::Reduce};
    if (r.trace && !r.trace->passes.empty() && open_) {
        if (!state.compareVariant.empty()) {  // one kernel at a time beside the tree
            savedCompare_ = state.compareVariant;
            state.compareVariant.clear();
        }
        state.a.bundle = studentBundle(r, checkedText_, ++serial_, outcome_->seconds * 1000);
        state.b.bundle.reset();
        state.a.groupOfPass = view::followPartial(state.a.bundle->run, 0);
        state.view.firstCell = state.view.visibleCells = 0;
        state.studentShown = true;
        state.lastError.clear();
        state.rebuildTimelines(true);
        tracedFile_ = file;
    }
    if (r.passed()) log.info(file + ": every check passes");
    else log.warning(file + ": some checks fail (the workbench lists them)");
}

void Workbench::takeDiskChange(ExplorerState& state, MessageLog& log, double now) {
    if (!watcher_->takeChange()) return;
    std::string disk;
    try {
        disk = workbench::readKernelText(path_);
    } catch (const std::exception& e) {
        log.warning("Workbench: " + std::string(e.what()));
        return;
    }
    if (disk == diskText_) return;  // touched, not changed
    if (!modified() || disk == text_) {
        text_ = diskText_ = disk;
        editor_.textReplaced();
        autosave(now, true);
        log.info("Workbench: " + fs::path(path_).filename().string() + " changed on disk: reloaded and checked again");
        checkRequested_ = true;
        (void)state;
        return;
    }
    askReload_ = true;  // unsaved edits here and a new text there: the student chooses
    diskChangedText_ = disk;
}

void Workbench::reloadFromDisk(ExplorerState& state, MessageLog& log) {
    text_ = diskText_ = diskChangedText_;
    editor_.textReplaced();
    askReload_ = false;
    autosave(now_, true);
    log.info("Workbench: reloaded " + fs::path(path_).filename().string() + " from disk");
    check(state, log);
}

std::vector<workbench::EditorMark> Workbench::marks() const {
    using Kind = workbench::EditorMark::Kind;
    std::vector<workbench::EditorMark> out;
    if (!report_) return out;
    for (const auto& d : report_->diagnostics) {
        if (d.line <= 0) continue;
        const Kind kind = d.severity == "warning" ? Kind::Warning : d.severity == "note" ? Kind::Note : Kind::Error;
        out.push_back({kind, d.line, d.column, d.severity, d.message, ""});
    }
    const std::pair<const std::vector<rl::workbench::Finding>*, const char*> findings[] = {
        {&report_->races, "data race"},
        {&report_->uninitialised, "uninitialised read"},
        {&report_->outOfBounds, "out-of-bounds access"},
        {&report_->barrierDivergence, "barrier divergence"}};
    for (const auto& [list, title] : findings)
        for (const auto& f : *list)
            for (int line : f.lines)
                if (line > 0) out.push_back({Kind::Finding, line, 0, title, f.message, f.advice});
    if (report_->firstMismatch && report_->firstMismatch->line > 0)
        out.push_back({Kind::Note, report_->firstMismatch->line, 0, "differs from " + report_->firstMismatch->model,
                       report_->firstMismatch->message, ""});
    return out;
}

}  // namespace rl::gui
