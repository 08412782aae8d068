// The video formats of the export job: the animation of app/export/video.h rendered step by step and move by move,
// encoded, and its words beside it (an alt text file and WebVTT captions timed to the stages). A video takes
// seconds to minutes to encode, so it is a job that advances a little at a time: the explorer advances it between
// its frames (its window keeps drawing, with a progress bar and a Cancel button); the command line runs it through.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "app/export/export_job.h"
#include "app/export/video.h"

namespace rl::exporter {

class VideoExport {
public:
    // Opens the encoder on request.out (through a temporary file); throws rl::Error.
    VideoExport(StageFrames frames, const ExportRequest& request, const FrameStyle& style);
    ~VideoExport();  // an unfinished video leaves no file behind

    // Renders and encodes frames until `budgetSeconds` have passed (at least one frame) or the video is complete;
    // returns true once it is, its words written beside it. Throws rl::Error.
    bool advance(Rasterizer& rasterizer, double budgetSeconds);
    float progress() const { return timeline_.empty() ? 1 : float(next_) / float(timeline_.size()); }
    // The files written: the video, PATH.alt.txt and PATH.vtt (empty until advance() returned true).
    const std::vector<std::string>& files() const { return files_; }
    int stages() const { return frames_.steps(); }

private:
    void writeWords();

    StageFrames frames_;
    ExportRequest request_;
    FrameStyle style_;
    std::vector<AnimationFrame> timeline_;
    std::unique_ptr<VideoEncoder> encoder_;
    size_t next_ = 0;
    RasterImage image_;
    AnimationFrame drawn_{-1, 0};
    std::vector<std::string> files_;
};

// Runs a VideoExport through; returns its files.
std::vector<std::string> writeVideo(const StageFrames& frames, const ExportRequest& request, const FrameStyle& style,
                                    Rasterizer& rasterizer);

// The captions file of a video written at `video`: beside it, named VIDEO.vtt.
std::string captionsPath(const std::string& video);

}  // namespace rl::exporter
