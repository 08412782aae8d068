// The timed part of grading, on the device in a child process of its own (a kernel that never ends costs the
// child): the attempt and the starter run in rounds on the same input, each round timing both (the one going first
// taking turns), the medians and each round's ratio kept, more rounds where they lie on both sides of the bar,
// with the copy kernel's bandwidth measured in the same process; and float sums over positive values whose errors
// are measured against the host's compensated sums of clean copies (the worst of kFloatErrorInputs inputs counts).
#pragma once
#include <cstdint>
#include <string>

#include "core/exercise/evaluate.h"

namespace rl::exercise {

inline constexpr int kFloatErrorInputs = 6;

struct TimingRequest {
    std::string text, file;     // the attempt
    std::string starter;        // the exercise's starter, timed beside it
    std::string device;
    Op op = Op::Sum;
    ElemType type = ElemType::Int;
    Pattern pattern = Pattern::Reduce;        // the contract the attempt and the starter keep
    DataPattern data = DataPattern::Random;  // the timed input ("data" of the timed checks)
    size_t wg = 256;
    uint64_t seed = 1;
    bool time = false;          // the speed checks: attempt, starter, copy
    size_t timedN = size_t(1) << 22;
    int rounds = 5;
    double speedupMin = 0;      // the speed check's bar: rounds on both sides of it call for more (up to 3x)
    size_t floatN = 0;          // 0: no float-error measurement
    double timeoutSeconds = 30;
};

// Fills *timings and *floatError (measured, or `why` not). Never throws for what the kernel does.
void runTimingStep(const TimingRequest& request, Timings* timings, FloatError* floatError);

}  // namespace rl::exercise
