// The video formats of the export job: the animation of app/export/video.h rendered step by step and move by move,
// encoded, and its words beside it (an alt text file and WebVTT captions timed to the stages).
#pragma once
#include <string>
#include <vector>

#include "app/export/export_job.h"

namespace rl::exporter {

// Writes request.out (MP4 or WebM), PATH.alt.txt and PATH.vtt; returns the three paths. Throws rl::Error.
std::vector<std::string> writeVideo(const StageFrames& frames, const ExportRequest& request, const FrameStyle& style,
                                    Rasterizer& rasterizer);

// The captions file of a video written at `video`: beside it, named VIDEO.vtt.
std::string captionsPath(const std::string& video);

}  // namespace rl::exporter
