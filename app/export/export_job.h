// `reducelab export`: where the trace comes from (the OpenCL device, or a saved session), which steps, which format,
// and where the files go. SVG and Markdown need nothing but this library; PNG and GIF need a Rasterizer (the screen's renderer
// off-screen, app/render/offscreen_renderer.h), which needs an X server or Xvfb.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/export/raster_image.h"
#include "app/export/stage_frames.h"
#include "core/run_config.h"

namespace rl::exporter {

// Md: every stage in words (view/narration.h) as Markdown, a heading and a paragraph per stage. Mp4 (H.264) and
// Webm (VP9): the explorer's animation, every move and rest (app/export/video.h).
enum class Format { Png, Svg, Gif, Md, Mp4, Webm };

// "png", "svg", "gif", "md", "mp4", "webm"; parseFormat returns false for any other name.
const char* formatName(Format format);
bool parseFormat(const std::string& name, Format* format);
// Whether the format is drawn by a Rasterizer (PNG, GIF and the videos).
bool isRaster(Format format);
bool isVideo(Format format);

// What is drawn: the stage tree (every stage of the followed work-group), or a multi-tile scan's tiles (the Tiles
// tab: each tile's total and offset, and for decoupled-look-back every entry of its log).
enum class ExportView { Tree, Tiles };

struct ExportRequest {
    // The trace: a session file, or a fresh trace on the device of this config.
    std::string session;
    RunConfig config;
    bool wgGiven = false;  // else the default, raised to the variant's least (minWorkGroup)
    std::string device;    // as `--device`: index or name substring; "" the default
    // What to draw.
    ExportView view = ExportView::Tree;
    int stage = -1;        // a step of the timeline (0 = the load); -1 with allStages false: the last step
    bool allStages = false;
    Format format = Format::Svg;
    float scale = 1;       // 1..4
    std::string theme = "dark";
    bool transparent = false;
    bool loadAtTop = true;
    bool showValues = true;
    bool caption = true;
    float width = 0;       // at scale 1; 0: from the number of cells
    int delayMs = 1200;    // GIF and video: time per stage (the last one stays twice as long)
    int fps = 30;          // video: frames a second (1..120)
    std::string out;       // file; for a numbered sequence NAME.EXT becomes NAME-00.EXT, NAME-01.EXT, ...
};

// Renders one step of a run at a style to pixels with the screen's renderer.
class Rasterizer {
public:
    virtual ~Rasterizer() = default;
    // `transition` < 1: the move into `step` that far along (StageFrames::frame).
    virtual RasterImage render(const FrameSource& frames, int step, const FrameStyle& style, float transition = 1) = 0;
};

// Checks what can be checked before any tracing: scale, theme, format, the output directory. Throws rl::Error.
void checkRequest(const ExportRequest& request);

// The output file of step `step` in a sequence of `count` (the request's path itself for a single picture).
std::string sequencePath(const std::string& out, int step, int count);

// The alt text of a picture written at `picture`: beside it, named PICTURE.alt.txt.
std::string altTextPath(const std::string& picture);

// Runs the export; returns the files written (PNG and GIF with their alt text files). `rasterizer` may be null for
// SVG and Markdown. Throws rl::Error.
std::vector<std::string> runExportJob(const ExportRequest& request, Rasterizer* rasterizer);

// Writes the request's pictures of `frames` (its format, stages, out; the drawing is `style`); returns the files
// written. The explorer's export panel calls this with its own style; runExportJob with styleOf(request).
std::vector<std::string> writeExport(const FrameSource& frames, const ExportRequest& request, const FrameStyle& style,
                                     Rasterizer* rasterizer);

// The pictures of a trace in a view: its tree (StageFrames) or its tiles (TilesFrames, which throws rl::Error where
// the variant has none). `config`: the run's parameters.
std::unique_ptr<FrameSource> framesOf(TraceRun run, const VariantInfo& variant, const RunConfig& config,
                                      ExportView view);

// The frames of the request's trace (tracing on the device or opening the session) in the view it asks for, for
// the job and the tests.
std::unique_ptr<FrameSource> loadFrames(const ExportRequest& request);

// The style the request asks for.
FrameStyle styleOf(const ExportRequest& request);

}  // namespace rl::exporter
