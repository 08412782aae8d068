// Animated GIF of the stages (giflib, Debian's libgif-dev): one frame per picture, each with its own 256-colour
// palette, looping forever.
#pragma once
#include <string>
#include <vector>

#include "app/export/raster_image.h"

namespace rl::exporter {

// All frames must have the same size. `delaysCs`: per-frame delay in hundredths of a second (one value for all,
// or one per frame). Throws rl::Error (BadInput) naming the path when it cannot be written.
void writeGif(const std::string& path, const std::vector<RasterImage>& frames, const std::vector<int>& delaysCs);

// The number of images in a GIF file (giflib's reader), for the tests; throws rl::Error when it cannot be read.
int countGifFrames(const std::string& path, int* width = nullptr, int* height = nullptr);

}  // namespace rl::exporter
