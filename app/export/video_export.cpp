// Video export: one rendering per distinct frame of the animation (a stage at rest is drawn once and encoded as
// often as it lasts), the encoder of app/export/video.h, and the stage's words timed beside it.
#include "app/export/video_export.h"

#include <cstdio>

#include "app/export/svg_writer.h"
#include "app/export/video.h"

namespace rl::exporter {
namespace {

// WebVTT's time stamp, hh:mm:ss.ttt.
std::string vttTime(double seconds) {
    const long ms = long(seconds * 1000 + 0.5);
    char text[32];
    std::snprintf(text, sizeof text, "%02ld:%02ld:%02ld.%03ld", ms / 3600000, ms / 60000 % 60, ms / 1000 % 60,
                  ms % 1000);
    return text;
}

}  // namespace

std::string captionsPath(const std::string& video) { return video + ".vtt"; }

std::vector<std::string> writeVideo(const StageFrames& frames, const ExportRequest& r, const FrameStyle& style,
                                    Rasterizer& rasterizer) {
    if (style.transparent)
        throw Error(ErrorKind::BadInput, "a video has no transparency: leave out --transparent (PNG and SVG have it)");
    const double stepSeconds = r.delayMs / 1000.0;
    const std::vector<AnimationFrame> timeline = animationFrames(frames.steps(), stepSeconds, r.fps);
    int width = 0, height = 0;
    frames.size(style, &width, &height);
    {
        VideoEncoder encoder(r.out, r.format == Format::Mp4 ? VideoCodec::H264Mp4 : VideoCodec::Vp9Webm, width, height,
                             r.fps);
        RasterImage image;
        AnimationFrame drawn{-1, 0};
        for (const AnimationFrame& f : timeline) {
            if (f.step != drawn.step || f.transition != drawn.transition) {
                image = rasterizer.render(frames, f.step, style, f.transition);
                drawn = f;
            }
            encoder.add(image);
        }
        encoder.finish();
    }
    // The words, timed: each stage from the frame its move begins to the frame the next one's begins.
    std::vector<double> starts(size_t(frames.steps()) + 1, double(timeline.size()) / r.fps);
    for (size_t i = timeline.size(); i-- > 0;) starts[size_t(timeline[i].step)] = double(i) / r.fps;
    std::string alt = "ReduceLab: " + frames.variant().title + ", the animation of every stage (" +
                      std::to_string(frames.steps()) + " stages, " + vttTime(starts.back()).substr(3) + ").\n";
    std::string vtt = "WEBVTT\n";
    for (int k = 0; k < frames.steps(); ++k) {
        const std::string words = frames.title(k) + "\n" + frames.narration(k) + "\n";
        alt += "\nAt " + vttTime(starts[size_t(k)]).substr(3) + ": " + words;
        vtt += "\n" + std::to_string(k + 1) + "\n" + vttTime(starts[size_t(k)]) + " --> " +
               vttTime(starts[size_t(k) + 1]) + "\n" + words;
    }
    writeTextFile(altTextPath(r.out), alt);
    writeTextFile(captionsPath(r.out), vtt);
    return {r.out, altTextPath(r.out), captionsPath(r.out)};
}

}  // namespace rl::exporter
