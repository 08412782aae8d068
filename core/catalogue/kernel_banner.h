// The banner a kernel file opens with, read as data: its title line and its Lesson, Cost and Requires paragraphs.
// A variant's lesson and requirements are written once, there, and the descriptor reads them.
#pragma once
#include <string>
#include <string_view>

namespace rl {

struct KernelBanner {
    std::string title;     // the first line after "<file>.cl: "
    std::string lesson;    // the "Lesson:" paragraph
    std::string cost;      // the "Cost:" paragraph (empty if none)
    std::string requires_;  // the "Requires:" paragraph, without its final full stop (empty if none)
};

// Reads the leading block of `//` comment lines. A paragraph starts at "Lesson:", "Cost:" or "Requires:" and runs
// until an empty comment line or the next of these; its lines are joined with single spaces.
KernelBanner parseKernelBanner(std::string_view source);

}  // namespace rl
