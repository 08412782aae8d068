// A model of the hardware applied to recorded stages: SIMD-group (warp/wavefront) activity and local-memory bank
// conflicts, computed from the indices the kernel recorded. These are a model, not hardware counters.
#pragma once
#include <vector>

#include "core/trace.h"

namespace rl {

struct HardwareModel {
    int simdWidth = 32;      // lanes per SIMD group
    int banks = 32;          // local-memory banks
    int bankWidthBytes = 4;  // bytes per bank word
    int elemBytes = 4;       // bytes per element
    int padShift = 0;        // > 0: recorded cell i sits at element i + (i >> padShift) (a padded array)
};

enum class WarpState { Idle, Active, Divergent };

// Per SIMD group of one stage: its state and, per access (read a, read b, write w), its conflict degree.
struct WarpDetail {
    WarpState state = WarpState::Idle;
    int activeLanes = 0;
    int conflictDegree = 1;  // worst over the three accesses: distinct words in the busiest bank (1 = none)
    int contention = 1;      // the most lanes that wrote one cell (a histogram's atomics queued on one counter)
};

// The most entries of `writes` (cells written by the lanes of one SIMD group; -1: none) that name one cell; 1 where
// none repeats.
int contentionDegree(const std::vector<int>& writes);

// The bank of a cell's first byte (cell * elemBytes / bankWidthBytes, modulo banks; a padded array's cell at its
// padded place).
int bankOf(int cell, const HardwareModel& hw);

// The bank words a cell's bytes cover: one for a 4-byte element in 4-byte banks, two for an 8-byte one (a long or
// double at cell c spans banks 2c and 2c+1 mod banks).
std::vector<long long> wordsOf(int cell, const HardwareModel& hw);

// The conflict degree of one access by one SIMD group: the largest number of distinct words that fall in the
// same bank, every word of every element counted. The model serves a whole SIMD group's access as one request: 32
// consecutive doubles cover 64 words, every 4-byte bank twice, degree 2 (the two passes 256 bytes need through 32
// four-byte banks; hardware that splits 64-bit accesses into half-warps pays the same two). Lanes reading the same
// word are a broadcast and count once. Inactive lanes are given as -1.
int conflictDegree(const std::vector<int>& cells, const HardwareModel& hw);

std::vector<WarpDetail> analyzeWarps(const Stage& stage, const HardwareModel& hw);
StageAnalysis analyzeStage(const Stage& stage, const HardwareModel& hw);

// The hardware model a trace is read with: its SIMD width, banks and element size, and its variant's padding.
HardwareModel hardwareOf(const TraceRun& run);
// Fills every stage's analysis in a trace.
void analyzeTrace(TraceRun& run);

}  // namespace rl
