// The TTF fonts embedded at build time (see app/render/CMakeLists.txt); empty when none was found when building.
#pragma once
#include <cstddef>
#include <vector>

namespace rl::render {

struct EmbeddedFont {
    const char* file;  // e.g. "DejaVuSans.ttf"
    const unsigned char* data;
    size_t size;
};

const std::vector<EmbeddedFont>& embeddedFonts();

}  // namespace rl::render
