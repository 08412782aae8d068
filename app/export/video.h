// Video export: the explorer's own animation (each move into a stage as the explorer plays it, then the stage at
// rest) encoded as MP4 (H.264) or WebM (VP9) with FFmpeg's libraries (libavcodec, libavformat, libswscale), and a
// reader of such files for checking them. Slides play both: PowerPoint, Keynote and Google Slides take MP4, browsers
// and most slide tools built on them take WebM.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "app/export/raster_image.h"

namespace rl::exporter {

enum class VideoCodec { H264Mp4, Vp9Webm };

// One frame of the animation: the step shown and how far the move into it has come (1: at rest).
struct AnimationFrame {
    int step = 0;
    float transition = 1;
};

// The explorer's playback of `steps` steps at one step every `stepSeconds`, sampled `fps` times a second: the first
// step at rest for one period; each later one moving in for view::Playback::playingTransitionSeconds (the explorer's
// own motion at that speed) and then at rest until its period ends; the last held for a second period, as the GIF
// holds its last frame twice as long. A period is round(stepSeconds * fps) frames, at least one.
std::vector<AnimationFrame> animationFrames(int steps, double stepSeconds, int fps);

// Writes frames of one size into a video file: through a temporary file beside it, renamed into place by finish()
// (a video left unfinished leaves nothing behind). An odd width or height is padded by one pixel (H.264 and VP9 in
// 4:2:0 need even sizes) with the picture's last column or row. Throws rl::Error naming the file and the problem.
class VideoEncoder {
public:
    VideoEncoder(const std::string& path, VideoCodec codec, int width, int height, int fps);
    ~VideoEncoder();
    VideoEncoder(const VideoEncoder&) = delete;
    VideoEncoder& operator=(const VideoEncoder&) = delete;

    void add(const RasterImage& image);  // width x height, as given to the constructor
    void finish();

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// A video file as FFmpeg reads it back: its first video stream's codec ("h264", "vp9"), size, the number of frames
// decoded, its duration in seconds (the container's) and frame rate.
struct VideoInfo {
    std::string codec;
    int width = 0, height = 0;
    int frames = 0;
    double seconds = 0, fps = 0;
};

// Reads and decodes the whole file; with `frames`, every decoded frame as RGBA. Throws rl::Error when it cannot.
VideoInfo readVideo(const std::string& path, std::vector<RasterImage>* frames = nullptr);

}  // namespace rl::exporter
