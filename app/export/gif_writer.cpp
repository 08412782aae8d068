// Animated GIF through giflib: a global screen, the NETSCAPE2.0 loop extension, and per frame a graphics control
// block (delay) and a local colour map made by giflib's median-cut quantiser.
#include "app/export/gif_writer.h"

#include <gif_lib.h>

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/types.h"

namespace rl::exporter {
namespace {

[[noreturn]] void fail(const std::string& path, int code, GifFileType* gif) {
    int ignored = 0;
    if (gif) EGifCloseFile(gif, &ignored);
    std::remove((path + ".writing.gif").c_str());
    const char* why = GifErrorString(code);
    throw Error(ErrorKind::BadInput, "cannot write '" + path + "': " + (why ? why : "giflib error"));
}

}  // namespace

void writeGif(const std::string& path, const std::vector<RasterImage>& frames, const std::vector<int>& delaysCs) {
    if (frames.empty()) throw Error(ErrorKind::BadInput, "no frame to write to '" + path + "'");
    const int w = frames[0].width, h = frames[0].height;
    for (const auto& f : frames)
        if (f.width != w || f.height != h) throw Error(ErrorKind::BadInput, "GIF frames differ in size");
    if (w > 65535 || h > 65535) throw Error(ErrorKind::BadInput, "a GIF cannot be larger than 65535 pixels a side");
    const std::string tmp = path + ".writing.gif";
    int error = 0;
    const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0666);  // the umask decides, as for any file
    if (fd < 0) throw Error(ErrorKind::BadInput, "cannot write '" + path + "': " + std::strerror(errno));
    GifFileType* gif = EGifOpenFileHandle(fd, &error);  // giflib closes fd
    if (!gif) {
        ::close(fd);
        fail(path, error, nullptr);
    }
    EGifSetGifVersion(gif, true);
    if (EGifPutScreenDesc(gif, w, h, 8, 0, nullptr) == GIF_ERROR) fail(path, gif->Error, gif);
    // Loop forever: NETSCAPE2.0 application extension, sub-block {1, loop count 0}.
    const unsigned char app[] = "NETSCAPE2.0";
    const unsigned char loop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 11, app) == GIF_ERROR || EGifPutExtensionBlock(gif, 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif) == GIF_ERROR)
        fail(path, gif->Error, gif);

    const size_t n = size_t(w) * size_t(h);
    std::vector<GifByteType> r(n), g(n), b(n), indices(n);
    for (size_t k = 0; k < frames.size(); ++k) {
        const RasterImage& f = frames[k];
        for (size_t i = 0; i < n; ++i) {
            r[i] = f.rgba[i * 4];
            g[i] = f.rgba[i * 4 + 1];
            b[i] = f.rgba[i * 4 + 2];
        }
        int colors = 256;
        GifColorType palette[256];
        if (GifQuantizeBuffer(unsigned(w), unsigned(h), &colors, r.data(), g.data(), b.data(), indices.data(),
                              palette) == GIF_ERROR)
            fail(path, E_GIF_ERR_NOT_ENOUGH_MEM, gif);
        ColorMapObject* map = GifMakeMapObject(256, palette);
        if (!map) fail(path, E_GIF_ERR_NOT_ENOUGH_MEM, gif);

        GraphicsControlBlock gcb{};
        gcb.DisposalMode = DISPOSE_DO_NOT;
        gcb.DelayTime = delaysCs.empty() ? 100 : delaysCs[std::min(k, delaysCs.size() - 1)];
        gcb.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType ext[4];
        const size_t len = EGifGCBToExtension(&gcb, ext);
        bool ok = EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(len), ext) != GIF_ERROR &&
                  EGifPutImageDesc(gif, 0, 0, w, h, false, map) != GIF_ERROR;
        for (int y = 0; ok && y < h; ++y) ok = EGifPutLine(gif, &indices[size_t(y) * size_t(w)], w) != GIF_ERROR;
        GifFreeMapObject(map);
        if (!ok) fail(path, gif->Error, gif);
    }
    if (EGifCloseFile(gif, &error) == GIF_ERROR) {
        std::remove(tmp.c_str());
        throw Error(ErrorKind::BadInput, "cannot write '" + path + "': " + GifErrorString(error));
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0) {
        std::remove(tmp.c_str());
        throw Error(ErrorKind::BadInput, "cannot write '" + path + "'");
    }
}

int countGifFrames(const std::string& path, int* width, int* height) {
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
    if (!gif) throw Error(ErrorKind::BadInput, "cannot read the GIF '" + path + "': " + GifErrorString(error));
    if (DGifSlurp(gif) == GIF_ERROR) {
        const int code = gif->Error;
        DGifCloseFile(gif, &error);
        throw Error(ErrorKind::BadInput, "cannot read the GIF '" + path + "': " + GifErrorString(code));
    }
    const int count = gif->ImageCount;
    if (width) *width = gif->SWidth;
    if (height) *height = gif->SHeight;
    DGifCloseFile(gif, &error);
    return count;
}

}  // namespace rl::exporter
