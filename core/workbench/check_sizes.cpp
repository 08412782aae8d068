// The check's size set.
#include "core/workbench/check_sizes.h"

#include <algorithm>

#include "core/pattern.h"

namespace rl::workbench {
namespace {

bool isPrime(size_t n) {
    if (n < 2) return false;
    for (size_t d = 2; d * d <= n; ++d)
        if (n % d == 0) return false;
    return true;
}

void add(std::vector<SizeCase>& list, size_t n, std::string why) {
    for (SizeCase& c : list)
        if (c.n == n) {
            c.why += ", " + why;
            return;
        }
    list.push_back({n, std::move(why)});
}


}  // namespace

size_t primeAtLeast(size_t n) {
    while (!isPrime(n)) ++n;
    return n;
}

std::vector<SizeCase> checkSizes(size_t wg, Pattern pattern) {
    const size_t w = std::max<size_t>(wg, 1);
    std::vector<SizeCase> list;
    add(list, 1, "one element");
    add(list, 2, "two elements");
    add(list, 3, "three elements");
    add(list, w, "exactly one work-group");
    add(list, primeAtLeast(3 * w + 1), "a prime: the last work-group is partly empty");
    add(list, 1000, "a non-power-of-two");
    add(list, 8 * w, "several whole work-groups");
    add(list, w * w * 2 + 7, patternInfo(pattern).threeLevels);
    std::sort(list.begin(), list.end(), [](const SizeCase& a, const SizeCase& b) { return a.n < b.n; });
    if (const auto own = patternInfo(pattern).checkCases)  // after the sizes, in the pattern's order
        for (const CheckCase& c : own(w)) list.push_back({c.n, c.why, c.bins, c.data, c.prepare, c.reshape});
    return list;
}

std::vector<SizeCase> quickSizes(size_t wg, Pattern pattern) {
    const size_t w = std::max<size_t>(wg, 1);
    return {{1, "one element"},
            {primeAtLeast(3 * w + 1), "a prime: the last work-group is partly empty"},
            {w * w * 2 + 7, patternInfo(pattern).threeLevelsShort}};
}

}  // namespace rl::workbench
