// Predict mode's state and rules, with no drawing: while it is on, playback stops before each stage of the tree
// that has not been revealed; the student's prediction for it (work-items picked on the tree, a typed value, a
// count) is scored against the trace (core/predict) when submitted, and then the stage is revealed. It predicts
// whatever side A shows: a built-in variant's trace or the student's kernel's from the workbench.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/view/tree/playback.h"
#include "app/view/tree/trace_bundle.h"
#include "core/predict/predict.h"

namespace rl::gui {

struct Side;

struct PredictState {
    bool on = false;
    predict::Kind kind = predict::Kind::Active;

    // What the student has entered for the waiting stage.
    std::vector<int> picked;  // work-items picked as active (kept sorted)
    int cell = 0;             // the cell whose value is asked
    std::string valueText;    // the typed value (checked with predict::parseNumber)
    int divergent = 0;
    int conflict = 1;
    int contention = 1;
    // Lecture mode: the question for the waiting stage is put to the room (after the answer of the stage before
    // has been shown); the next clicker press reveals.
    bool asking = false;

    predict::Tally tally;                            // over every stage predicted since predict mode was turned on
    std::map<int, predict::PredictionScore> scores;  // by step of side A's timeline, for the shown trace
    std::map<int, bool> revealedBy;                  // steps revealed without a prediction (skipped or shown)

    void setOn(bool value, const Side& side, view::Playback& playback);
    // Keeps playback on the steps already revealed (call after anything may have moved it). A new trace on side A
    // (another variant, the student's kernel checked again) is predicted from its load; the tally is kept.
    void guard(const Side& side, view::Playback& playback);
    // The step hidden and waiting for a prediction, or -1 (off, nothing loaded, at the end, reviewing earlier
    // stages, the next step a load).
    int waitingStep(const Side& side, const view::Playback& playback) const;
    int frontier() const { return frontier_; }
    // Lecture mode: whether the question is on screen (asked, or nothing was revealed at the current step yet).
    bool lectureAsking(const Side& side, const view::Playback& playback) const;

    // The prediction as entered, for the current kind; nullopt with *why when it cannot be scored (a value that
    // is not a number).
    std::optional<predict::Prediction> prediction(std::string* why) const;
    // Scores the entered prediction for the waiting step and reveals it. Returns "" or why nothing happened.
    std::string submit(const Side& side, view::Playback& playback);
    // Reveals the waiting step with no prediction (counted as skipped when `countSkip`).
    std::string reveal(const Side& side, view::Playback& playback, bool countSkip = true);
    // Back to the first step, every stage hidden again, the tally kept.
    void startOver(const Side& side, view::Playback& playback);
    void togglePick(int item);
    void clearEntry();

    // The score of a step, if it was predicted.
    const predict::PredictionScore* scoreAt(int step) const;

private:
    // Follows side A's trace: a new one (another variant, group or kernel) starts with every stage hidden again,
    // or from the current step when `fromHere` (predict mode just turned on).
    void sync(const Side& side, const view::Playback& playback, bool fromHere = false);

    std::shared_ptr<const view::TraceBundle> shown_;  // the trace the frontier refers to
    std::vector<int> groupOfPass_;
    int frontier_ = 0;  // the last step revealed
};

}  // namespace rl::gui
