// The sizes a student's kernel is checked on: each chosen to catch one usual mistake (a launch of no work-group, a
// missing bounds check, a tree that assumes a power of two, a second pass that is never launched).
#pragma once
#include <string>
#include <vector>

#include "core/catalogue/variant.h"
#include "core/input.h"

namespace rl::workbench {

struct SizeCase {
    size_t n = 0;
    std::string why;
    size_t bins = 0;                          // > 0: the bins it runs with (a histogram's case)
    DataPattern data = DataPattern::Random;  // its input's pattern
    void (*prepare)(RunConfig& config, const HostArray& input) = nullptr;  // CheckCase::prepare
    void (*reshape)(HostArray& input, Op op) = nullptr;                     // CheckCase::reshape
};

// For work-group size `wg`: 1, 2, 3, a prime past several work-groups, a non-power-of-two below one work-group's
// 4x, exactly one work-group, several whole work-groups, and a size that needs three passes (a scan: three levels
// of tiles). Sorted, no repeats. The reasons are in the pattern's words.
std::vector<SizeCase> checkSizes(size_t wg, Pattern pattern = Pattern::Reduce);

// The few of those that other operations and types are checked on: 1, the prime, and the three-pass size.
std::vector<SizeCase> quickSizes(size_t wg, Pattern pattern = Pattern::Reduce);

// The smallest prime >= n (the sizes above, and the exercises' hidden sizes).
size_t primeAtLeast(size_t n);

}  // namespace rl::workbench
