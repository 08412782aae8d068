// PNG files through stb_image_write / stb_image (Debian's libstb).
#include "app/export/raster_image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/types.h"

namespace rl::exporter {

void writePng(const std::string& path, const RasterImage& image, bool alpha) {
    if (image.width <= 0 || image.height <= 0) throw Error(ErrorKind::BadInput, "nothing to write to '" + path + "'");
    std::vector<uint8_t> rgb;
    const uint8_t* data = image.rgba.data();
    int channels = 4;
    if (!alpha) {
        rgb.resize(size_t(image.width) * size_t(image.height) * 3);
        for (size_t i = 0, n = size_t(image.width) * size_t(image.height); i < n; ++i)
            std::memcpy(&rgb[i * 3], &image.rgba[i * 4], 3);
        data = rgb.data();
        channels = 3;
    }
    const std::string tmp = path + ".writing.png";
    if (!stbi_write_png(tmp.c_str(), image.width, image.height, channels, data, image.width * channels)) {
        const int e = errno;
        std::remove(tmp.c_str());
        throw Error(ErrorKind::BadInput, "cannot write '" + path + "': " + (e ? std::strerror(e) : "PNG encoder failed"));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        const int e = errno;
        std::remove(tmp.c_str());
        throw Error(ErrorKind::BadInput, "cannot write '" + path + "': " + std::strerror(e));
    }
}

RasterImage readPng(const std::string& path) {
    int w = 0, h = 0, n = 0;
    unsigned char* data = stbi_load(path.c_str(), &w, &h, &n, 4);
    if (!data) throw Error(ErrorKind::BadInput, "cannot read the image '" + path + "': " + stbi_failure_reason());
    RasterImage img;
    img.width = w;
    img.height = h;
    img.rgba.assign(data, data + size_t(w) * size_t(h) * 4);
    stbi_image_free(data);
    return img;
}

}  // namespace rl::exporter
