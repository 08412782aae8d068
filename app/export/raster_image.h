// An RGBA picture in memory (rows top-down, straight alpha) and its PNG file, for the PNG and GIF exports.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace rl::exporter {

struct RasterImage {
    int width = 0, height = 0;
    std::vector<uint8_t> rgba;  // width * height * 4

    const uint8_t* pixel(int x, int y) const { return &rgba[(size_t(y) * size_t(width) + size_t(x)) * 4]; }
};

// Writes a PNG (with alpha when `alpha`), through a temporary file; throws rl::Error (BadInput) naming the path.
void writePng(const std::string& path, const RasterImage& image, bool alpha);

// Reads a PNG into RGBA (for the tests and for checking exports); throws rl::Error when it cannot.
RasterImage readPng(const std::string& path);

}  // namespace rl::exporter
