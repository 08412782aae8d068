// Predict mode's rules: the frontier of revealed steps, the entry, scoring and revealing.
#include "app/gui/state/predict_state.h"

#include <algorithm>

#include "app/gui/state/explorer_state.h"

namespace rl::gui {
namespace {

bool predictableStep(const Side& side, int step) {
    if (!side.loaded() || step < 0 || step >= int(side.timeline.size())) return false;
    const view::StepRef& r = side.timeline[size_t(step)];
    return predict::predictable(side.bundle->run, r.pass, r.group, r.stage);
}

}  // namespace

void PredictState::sync(const Side& side, const view::Playback& playback, bool fromHere) {
    if (side.bundle == shown_ && side.groupOfPass == groupOfPass_) return;
    shown_ = side.bundle;
    groupOfPass_ = side.groupOfPass;
    scores.clear();
    revealedBy.clear();
    picked.clear();
    asking = false;
    frontier_ = fromHere ? playback.step() : 0;  // a new trace is predicted from its load
}

void PredictState::setOn(bool value, const Side& side, view::Playback& playback) {
    if (value == on) return;
    on = value;
    shown_.reset();
    if (!on) return;
    tally = {};
    clearEntry();
    sync(side, playback, true);
    // At the end there is nothing left to predict: start from the load.
    if (side.loaded() && playback.step() + 1 >= int(side.timeline.size())) startOver(side, playback);
}

void PredictState::guard(const Side& side, view::Playback& playback) {
    if (!on || !side.loaded()) return;
    sync(side, playback);
    const int last = int(side.timeline.size()) - 1;
    frontier_ = std::clamp(frontier_, 0, std::max(0, last));
    // Loads (and steps past side A's end, when comparing with a longer side) have nothing to predict: stepping
    // onto them reveals them.
    while (playback.step() > frontier_ && !predictableStep(side, frontier_ + 1) && frontier_ < playback.steps() - 1)
        ++frontier_;
    if (playback.step() > frontier_) {
        playback.seek(frontier_);
        playback.pause();
    }
}

int PredictState::waitingStep(const Side& side, const view::Playback& playback) const {
    if (!on || !side.loaded() || side.bundle != shown_) return -1;
    if (playback.step() != frontier_ || !predictableStep(side, frontier_ + 1)) return -1;
    return frontier_ + 1;
}

bool PredictState::lectureAsking(const Side& side, const view::Playback& playback) const {
    const int step = waitingStep(side, playback);
    if (step < 0) return false;
    return asking || (!scoreAt(step - 1) && !revealedBy.count(step - 1));
}

std::optional<predict::Prediction> PredictState::prediction(std::string* why) const {
    predict::Prediction p;
    switch (kind) {
        case predict::Kind::Active: p.active = picked; break;
        case predict::Kind::Value: {
            const auto v = predict::parseNumber(valueText);
            if (!v) {
                if (why)
                    *why = valueText.empty() ? "type the value of cell " + std::to_string(cell)
                                             : "'" + valueText + "' is not a number";
                return std::nullopt;
            }
            p.cell = cell;
            p.value = *v;
            break;
        }
        case predict::Kind::Divergent: p.divergentWarps = divergent; break;
        case predict::Kind::Conflict: p.conflictDegree = conflict; break;
        case predict::Kind::Contention: p.contentionDegree = contention; break;
    }
    return p;
}

std::string PredictState::submit(const Side& side, view::Playback& playback) {
    const int step = waitingStep(side, playback);
    if (step < 0) return "no stage is waiting for a prediction";
    std::string why;
    const auto p = prediction(&why);
    if (!p) return why;
    const view::StepRef& r = side.timeline[size_t(step)];
    predict::PredictionScore s = predict::score(*p, side.bundle->run, r.pass, r.group, r.stage);
    if (!s.valid) return s.error;
    tally.add(s);
    scores[step] = std::move(s);
    frontier_ = step;
    asking = false;
    picked.clear();
    valueText.clear();
    playback.stepBy(1);  // animated: the stage appears with its differences
    return "";
}

std::string PredictState::reveal(const Side& side, view::Playback& playback, bool countSkip) {
    const int step = waitingStep(side, playback);
    if (step < 0) return "no stage is waiting for a prediction";
    if (countSkip) tally.skip();
    revealedBy[step] = true;
    frontier_ = step;
    asking = false;
    picked.clear();
    valueText.clear();
    playback.stepBy(1);
    return "";
}

void PredictState::startOver(const Side& side, view::Playback& playback) {
    sync(side, playback);
    scores.clear();
    revealedBy.clear();
    clearEntry();
    playback.home();
    frontier_ = 0;
    asking = false;
}

void PredictState::togglePick(int item) {
    const auto at = std::lower_bound(picked.begin(), picked.end(), item);
    if (at != picked.end() && *at == item) picked.erase(at);
    else picked.insert(at, item);
}

void PredictState::clearEntry() {
    picked.clear();
    valueText.clear();
}

const predict::PredictionScore* PredictState::scoreAt(int step) const {
    const auto it = scores.find(step);
    return it == scores.end() ? nullptr : &it->second;
}

}  // namespace rl::gui
