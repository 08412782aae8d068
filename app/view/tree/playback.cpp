// Timeline construction and playback state.
#include "app/view/tree/playback.h"

#include <algorithm>

namespace rl::view {

std::vector<int> followPartial(const TraceRun& run, int firstGroup) {
    std::vector<int> out;
    size_t group = 0;  // the actual work-group id being followed
    for (size_t p = 0; p < run.passes.size(); ++p) {
        const PassTrace& pass = run.passes[p];
        int index = 0;
        if (p == 0) {
            index = std::clamp(firstGroup, 0, std::max(0, int(pass.traced.size()) - 1));
            if (!pass.traced.empty()) group = size_t(pass.traced[size_t(index)].group);
        } else {
            // The partial of `group` is element `group` of this pass; each work-group reduces ceil(n / groups) of them.
            const size_t per = std::max<size_t>(1, (pass.n + pass.groups - 1) / std::max<size_t>(1, pass.groups));
            const size_t next = group / per;
            for (size_t i = 0; i < pass.traced.size(); ++i)
                if (size_t(pass.traced[i].group) == next) index = int(i);
            group = pass.traced.empty() ? 0 : size_t(pass.traced[size_t(index)].group);
        }
        out.push_back(index);
    }
    return out;
}

std::vector<StepRef> buildTimeline(const TraceRun& run, const std::vector<int>& groupOfPass) {
    std::vector<StepRef> steps;
    for (size_t p = 0; p < run.passes.size(); ++p) {
        const auto& traced = run.passes[p].traced;
        if (traced.empty()) continue;
        const int g = p < groupOfPass.size() ? std::clamp(groupOfPass[p], 0, int(traced.size()) - 1) : 0;
        for (size_t s = 0; s < traced[size_t(g)].stages.size(); ++s) steps.push_back({int(p), g, int(s)});
    }
    return steps;
}

void Playback::reset(int steps) {
    steps_ = std::max(1, steps);
    step_ = 0;
    t_ = 1;
    playing_ = false;
    dwell_ = 0;
}

void Playback::setSpeed(float s) { speed_ = std::clamp(s, 0.1f, 20.0f); }

void Playback::play() {
    if (step_ >= steps_ - 1 && t_ >= 1) seek(0);  // playing from the end starts over
    playing_ = true;
    dwell_ = 1e9;  // the first step moves at once
}

void Playback::togglePlay() {
    if (playing_)
        pause();
    else
        play();
}

void Playback::stepBy(int delta) {
    playing_ = false;
    const int target = std::clamp(step_ + delta, 0, steps_ - 1);
    if (target == step_) {
        t_ = 1;
        return;
    }
    t_ = (delta == 1) ? 0.0f : 1.0f;
    step_ = target;
}

void Playback::seek(int step) {
    step_ = std::clamp(step, 0, steps_ - 1);
    t_ = 1;
    dwell_ = 0;
}

float Playback::playingTransitionSeconds(float stepsPerSecond) {
    return std::min(0.8f, 0.6f / stepsPerSecond);  // 60% of a step's period, at most 0.8 s
}

float Playback::transitionSeconds() const {
    // While playing, the move takes 60% of a step's period; a manual step always moves in at most 0.45 s.
    return playing_ ? playingTransitionSeconds(speed_) : std::min(0.45f, 0.8f / speed_);
}

bool Playback::update(double dt) {
    bool moved = false;
    if (t_ < 1) {
        t_ = std::min(1.0f, t_ + float(dt / transitionSeconds()));
        moved = true;
    }
    if (playing_ && t_ >= 1) {
        dwell_ += dt;
        const double settle = std::max(0.0, 1.0 / speed_ - transitionSeconds());
        if (dwell_ >= settle) {
            if (step_ >= steps_ - 1) {
                playing_ = false;  // stop on the result
            } else {
                ++step_;
                t_ = 0;
                dwell_ = 0;
            }
            moved = true;
        }
    }
    return moved;
}

}  // namespace rl::view
