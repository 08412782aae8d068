// The export job: validate, get a trace, pick steps, write SVG / PNG / GIF (with their words) or Markdown.
#include "app/export/export_job.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "app/export/gif_writer.h"
#include "app/export/svg_writer.h"
#include "app/export/text_metrics.h"
#include "app/export/tiles_frames.h"
#ifdef REDUCELAB_WITH_VIDEO
#include "app/export/video_export.h"
#endif
#include "app/view/narration.h"
#include "app/view/theme.h"
#include "core/cl/engine.h"
#include "core/input.h"
#include "core/session/session.h"
#include "core/catalogue/variant.h"

namespace rl::exporter {
namespace {

[[noreturn]] void bad(const std::string& what) { throw Error(ErrorKind::BadInput, what); }

constexpr const char* kNoTilesVideo = "a video animates the tree: --view tiles is exported as svg, png, gif or md";

std::string directoryOf(const std::string& path) {
    const size_t slash = path.find_last_of('/');
    if (slash == std::string::npos) return ".";
    return slash == 0 ? "/" : path.substr(0, slash);
}

}  // namespace

void checkRequest(const ExportRequest& r) {
    if (!(r.scale >= 1 && r.scale <= 4))
        bad("--scale " + std::to_string(r.scale) + " is out of range: use a scale from 1 to 4");
    if (!view::findTheme(r.theme)) bad("unknown theme '" + r.theme + "': use dark, projector or colorblind");
    if (r.out.empty()) bad("--out PATH is required");
    if (!(r.width == 0 || (r.width >= 320 && r.width <= 4096))) bad("--width must be from 320 to 4096 pixels");
    if (r.delayMs < 20 || r.delayMs > 60000) bad("--delay must be from 20 to 60000 milliseconds");
    if (r.fps < 1 || r.fps > 120) bad("--fps must be from 1 to 120 frames a second");
    if (isVideo(r.format) && r.view == ExportView::Tiles)
        bad(kNoTilesVideo);
    if (isVideo(r.format) && r.transparent)
        bad("a video has no transparency: leave out --transparent (PNG and SVG have it)");
    const std::string dir = directoryOf(r.out);
    struct stat st {};
    if (::stat(r.out.c_str(), &st) == 0 && S_ISDIR(st.st_mode))
        bad("cannot write '" + r.out + "': it is a directory (give a file name, e.g. " + r.out + "/tree.svg)");
    if (::stat(dir.c_str(), &st) != 0 || !S_ISDIR(st.st_mode))
        bad("cannot write '" + r.out + "': the directory '" + dir + "' does not exist");
    if (::access(dir.c_str(), W_OK) != 0)
        bad("cannot write '" + r.out + "': the directory '" + dir + "' is not writable (" + std::strerror(errno) + ")");
    if (r.session.empty()) {
        if (!findVariant(r.config.variant))
            bad("unknown variant '" + r.config.variant + "': `reducelab variants` lists them");
        if (r.config.n < 1) bad("--n must be at least 1");
    }
}

std::string sequencePath(const std::string& out, int step, int count) {
    if (count <= 1) return out;
    const int digits = count > 100 ? 3 : 2;
    char number[16];
    std::snprintf(number, sizeof number, "-%0*d", digits, step);
    const size_t slash = out.find_last_of('/');
    const size_t dot = out.find_last_of('.');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return out + number;
    return out.substr(0, dot) + number + out.substr(dot);
}

FrameStyle styleOf(const ExportRequest& r) {
    const view::ThemeInfo* theme = view::findTheme(r.theme);
    FrameStyle s;
    s.scale = r.scale;
    s.palette = theme ? theme->palette : nullptr;
    s.stateMarks = theme && theme->stateMarks;
    s.transparent = r.transparent;
    s.loadAtTop = r.loadAtTop;
    s.showValues = r.showValues;
    s.caption = r.caption;
    s.width = r.width;
    return s;
}

std::unique_ptr<FrameSource> framesOf(TraceRun run, const VariantInfo& variant, const RunConfig& config,
                                      ExportView view) {
    if (view == ExportView::Tiles) return std::make_unique<TilesFrames>(std::move(run), variant, config);
    return std::make_unique<StageFrames>(std::move(run), variant);
}

std::unique_ptr<FrameSource> loadFrames(const ExportRequest& r) {
    if (!r.session.empty()) {
        Session s = loadSession(r.session);
        const VariantInfo v = sessionVariant(s);  // a built-in, or the student's kernel the session keeps
        return framesOf(std::move(s.trace), v, s.config, r.view);
    }
    RunConfig c = r.config;
    const VariantInfo* v = findVariant(c.variant);
    if (!v) bad("unknown variant '" + c.variant + "': `reducelab variants` lists them");
    if (!r.wgGiven) c.wg = leastWorkGroup(*v, c.wg);  // the table's, raised to what the variant needs
    Engine engine(selectDevice(r.device));
    const HostArray input = makeInput(c);
    TraceRun run = engine.trace(c, input, TraceSelection::wholeUpToCells(c.wg));
    return framesOf(std::move(run), *v, c, r.view);
}

std::string altTextPath(const std::string& picture) { return picture + ".alt.txt"; }

const char* formatName(Format format) {
    switch (format) {
        case Format::Png: return "png";
        case Format::Gif: return "gif";
        case Format::Md: return "md";
        case Format::Mp4: return "mp4";
        case Format::Webm: return "webm";
        default: return "svg";
    }
}

bool parseFormat(const std::string& name, Format* format) {
    for (Format f : {Format::Png, Format::Svg, Format::Gif, Format::Md, Format::Mp4, Format::Webm})
        if (name == formatName(f)) {
            *format = f;
            return true;
        }
    return false;
}

bool isVideo(Format format) { return format == Format::Mp4 || format == Format::Webm; }
bool isRaster(Format format) { return format == Format::Png || format == Format::Gif || isVideo(format); }

std::vector<std::string> runExportJob(const ExportRequest& r, Rasterizer* rasterizer) {
    checkRequest(r);
    if (isRaster(r.format) && !rasterizer)
        bad("PNG, GIF and video export render with the explorer's OpenGL renderer, which this build does not have "
            "(configure with -DREDUCELAB_GUI=ON), or use --format svg");
    return writeExport(*loadFrames(r), r, styleOf(r), rasterizer);
}

std::vector<std::string> writeExport(const FrameSource& frames, const ExportRequest& r, const FrameStyle& style,
                                     Rasterizer* rasterizer) {
    const int steps = frames.steps();
    if (steps == 0) bad("the trace recorded no stage");
    if (r.format == Format::Md) {  // every stage, whatever --stage says: the words are read in order
        writeTextFile(r.out, frames.markdown());
        return {r.out};
    }
#ifdef REDUCELAB_WITH_VIDEO
    if (isVideo(r.format)) {
        const auto* stages = dynamic_cast<const StageFrames*>(&frames);
        if (!stages) bad(kNoTilesVideo);
        return writeVideo(*stages, r, style, *rasterizer);
    }
#else
    if (isVideo(r.format))
        bad("this build has no video export: it was built without FFmpeg's libraries (Debian: libavcodec-dev, "
            "libavformat-dev, libswscale-dev); --format gif animates the stages without them");
#endif
    std::vector<int> chosen;
    if (r.allStages || (r.format == Format::Gif && r.stage < 0)) {
        for (int k = 0; k < steps; ++k) chosen.push_back(k);
    } else {
        const int k = r.stage < 0 ? steps - 1 : r.stage;
        if (k >= steps)
            bad("--stage " + std::to_string(k) + " is out of range: this trace has " + frames.stepsPhrase() +
                ", 0 to " + std::to_string(steps - 1) + " (or use --stage all)");
        chosen.push_back(k);
    }
    std::vector<std::string> written;
    if (r.format == Format::Svg) {
        const TextMetrics metrics(style.scale);
        for (int k : chosen) {
            const Frame f = frames.frame(k, style, metrics.measure());
            const std::string path = sequencePath(r.out, k, chosen.size() > 1 ? steps : 1);
            writeTextFile(path, sceneToSvg(f.scene, f.width, f.height, "ReduceLab: " + frames.title(k), frames.narration(k)));
            written.push_back(path);
        }
    } else if (r.format == Format::Png) {
        for (int k : chosen) {
            const std::string path = sequencePath(r.out, k, chosen.size() > 1 ? steps : 1);
            writePng(path, rasterizer->render(frames, k, style), style.transparent);
            writeTextFile(altTextPath(path), frames.title(k) + "\n\n" + frames.narration(k) + "\n");
            written.push_back(path);
            written.push_back(altTextPath(path));
        }
    } else {
        std::vector<RasterImage> images;
        std::vector<int> delays;
        for (int k : chosen) {
            images.push_back(rasterizer->render(frames, k, style));
            delays.push_back(std::max(2, r.delayMs / 10) * (k == chosen.back() && chosen.size() > 1 ? 2 : 1));
        }
        writeGif(r.out, images, delays);
        std::string alt = "ReduceLab: " + frames.variant().title + ", one frame per stage.\n";
        for (size_t i = 0; i < chosen.size(); ++i)
            alt += "\nFrame " + std::to_string(i + 1) + " of " + std::to_string(chosen.size()) + ": " +
                   frames.title(chosen[i]) + "\n" + frames.narration(chosen[i]) + "\n";
        writeTextFile(altTextPath(r.out), alt);
        written.push_back(r.out);
        written.push_back(altTextPath(r.out));
    }
    return written;
}

}  // namespace rl::exporter
