// Video export: one rendering per distinct frame of the animation (a stage at rest is drawn once and encoded as
// often as it lasts), the encoder of app/export/video.h, and the stage's words timed beside it.
#include "app/export/video_export.h"

#include <chrono>
#include <cstdio>

#include "app/export/svg_writer.h"

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

VideoExport::VideoExport(StageFrames frames, const ExportRequest& request, const FrameStyle& style)
    : frames_(std::move(frames)), request_(request), style_(style) {
    if (style.transparent)
        throw Error(ErrorKind::BadInput, "a video has no transparency: leave out --transparent (PNG and SVG have it)");
    timeline_ = animationFrames(frames_.steps(), request.delayMs / 1000.0, request.fps);
    int width = 0, height = 0;
    frames_.size(style, &width, &height);
    encoder_ = std::make_unique<VideoEncoder>(
        request.out, request.format == Format::Mp4 ? VideoCodec::H264Mp4 : VideoCodec::Vp9Webm, width, height,
        request.fps);
}

VideoExport::~VideoExport() = default;

bool VideoExport::advance(Rasterizer& rasterizer, double budgetSeconds) {
    if (!files_.empty()) return true;
    const auto start = std::chrono::steady_clock::now();
    do {
        if (next_ == timeline_.size()) {
            encoder_->finish();
            writeWords();
            return true;
        }
        const AnimationFrame& f = timeline_[next_++];
        if (f.step != drawn_.step || f.transition != drawn_.transition) {  // a stage at rest is drawn once
            image_ = rasterizer.render(frames_, f.step, style_, f.transition);
            drawn_ = f;
        }
        encoder_->add(image_);
    } while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < budgetSeconds);
    return false;
}

// The words, timed: each stage from the frame its move begins to the frame the next one's begins.
void VideoExport::writeWords() {
    const int fps = request_.fps;
    std::vector<double> starts(size_t(frames_.steps()) + 1, double(timeline_.size()) / fps);
    for (size_t i = timeline_.size(); i-- > 0;) starts[size_t(timeline_[i].step)] = double(i) / fps;
    std::string alt = "ReduceLab: " + frames_.variant().title + ", the animation of every stage (" +
                      std::to_string(frames_.steps()) + " stages, " + vttTime(starts.back()).substr(3) + ").\n";
    std::string vtt = "WEBVTT\n";
    for (int k = 0; k < frames_.steps(); ++k) {
        const std::string words = frames_.title(k) + "\n" + frames_.narration(k) + "\n";
        alt += "\nAt " + vttTime(starts[size_t(k)]).substr(3) + ": " + words;
        vtt += "\n" + std::to_string(k + 1) + "\n" + vttTime(starts[size_t(k)]) + " --> " +
               vttTime(starts[size_t(k) + 1]) + "\n" + words;
    }
    const std::string& out = request_.out;
    writeTextFile(altTextPath(out), alt);
    writeTextFile(captionsPath(out), vtt);
    files_ = {out, altTextPath(out), captionsPath(out)};
}

std::vector<std::string> writeVideo(const StageFrames& frames, const ExportRequest& request, const FrameStyle& style,
                                    Rasterizer& rasterizer) {
    VideoExport job(StageFrames(frames.run(), frames.variant()), request, style);
    while (!job.advance(rasterizer, 1e9)) {
    }
    return job.files();
}

}  // namespace rl::exporter
