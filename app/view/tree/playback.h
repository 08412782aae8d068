// Playback over a traced reduction: the timeline of steps (every stage of the chosen work-group of each pass, pass
// after pass) and the play / pause / step / scrub state with its smooth transitions. No drawing, no clock:
// the caller passes elapsed time to update().
#pragma once
#include <cstddef>
#include <vector>

#include "core/trace.h"

namespace rl::view {

struct StepRef {
    int pass = 0;
    int group = 0;  // index into PassTrace::traced
    int stage = 0;
};

// For each pass, the traced group to show: pass 0 uses `firstGroup` (an index into its traced groups); each later
// pass shows the traced group that received the chosen group's partial when it was traced, else its first one.
std::vector<int> followPartial(const TraceRun& run, int firstGroup);

std::vector<StepRef> buildTimeline(const TraceRun& run, const std::vector<int>& groupOfPass);

class Playback {
public:
    void reset(int steps);  // back to the first step, paused
    int steps() const { return steps_; }
    int step() const { return step_; }
    float transition() const { return t_; }  // 0..1 into the current step (1: settled)
    bool playing() const { return playing_; }
    bool moving() const { return playing_ || t_ < 1; }  // whether frames must keep coming
    float speed() const { return speed_; }                // steps per second while playing
    void setSpeed(float stepsPerSecond);

    void play();
    void pause() { playing_ = false; }
    void togglePlay();
    void stepBy(int delta);            // animated forward, instant backward; pauses playback
    void seek(int step);               // instant
    void home() { seek(0); }
    void end() { seek(steps_ - 1); }
    // Advances by dt seconds; returns whether anything moved.
    bool update(double dt);

    // How long the move into a step takes while playing at `stepsPerSecond` (a video export plays the same motion).
    static float playingTransitionSeconds(float stepsPerSecond);

private:
    float transitionSeconds() const;

    int steps_ = 1, step_ = 0;
    float t_ = 1;
    bool playing_ = false;
    float speed_ = 1.5f;
    double dwell_ = 0;  // time spent settled on the current step while playing
};

}  // namespace rl::view
