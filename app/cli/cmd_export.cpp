// `reducelab export`: parses the options into an exporter::ExportRequest and runs it (PNG and GIF through the
// off-screen OpenGL renderer when the build has the GUI).
#include "app/cli/cmd_export.h"

#include <cstdlib>
#include <iostream>
#include <memory>

#include "app/cli/options.h"
#include "app/export/export_job.h"
#ifdef REDUCELAB_WITH_RASTER
#include "app/render/offscreen_renderer.h"
#endif
#include "core/files/run_settings.h"

namespace rl::cli {
namespace {

// The run settings of core/files/run_settings.h (but final, which a trace does not use), then export's own.
std::vector<std::string> exportOptions() {
    std::vector<std::string> v = {"device"};
    for (const RunSettingSpec& s : runSettings())
        if (s.name != "final") v.emplace_back(std::string(s.name) + (s.kind == SettingKind::Flag ? "!" : ""));
    for (const char* o : {"session", "view", "stage", "format", "scale", "out", "theme", "width", "delay", "fps", "transparent!",
                          "load-at-bottom!", "no-values!", "no-caption!"})
        v.emplace_back(o);
    return v;
}

exporter::ExportRequest toRequest(const Options& o) {
    exporter::ExportRequest r;
    auto has = [&](const char* k) { return o.raw.count(k) != 0; };
    auto get = [&](const char* k) { return o.raw.at(k); };
    if (!has("format")) throw UsageError("--format is required: png, svg, gif, md, mp4 or webm");
    const std::string format = get("format");
    if (!exporter::parseFormat(format, &r.format))
        throw UsageError("--format: '" + format + "' is not a format; give png, svg, gif, md, mp4 or webm");
    if (!has("out")) throw UsageError("--out PATH is required");
    r.out = get("out");
    r.session = has("session") ? get("session") : "";
    if (r.session.empty() && (!has("variant") || !has("n")))
        throw UsageError("give --variant ID and --n N to trace on the device, or --session FILE to export a saved run");
    if (!r.session.empty() && (has("variant") || has("n") || has("wg")))
        throw UsageError("--session exports the run saved in the file: leave out --variant, --n and --wg");
    r.config = o.config;
    r.wgGiven = has("wg");
    r.device = o.device;
    if (has("view")) {
        const std::string v = get("view");
        if (v != "tree" && v != "tiles") throw UsageError("--view: '" + v + "' is not a view; give tree or tiles");
        r.view = v == "tiles" ? exporter::ExportView::Tiles : exporter::ExportView::Tree;
    }
    if (has("stage")) {
        const std::string s = get("stage");
        if (s == "all") r.allStages = true;
        else r.stage = int(parseInteger("--stage", s, 0, 1 << 20));
    }
    if (has("scale")) {
        const std::string s = get("scale");
        char* end = nullptr;
        const double v = std::strtod(s.c_str(), &end);
        if (s.empty() || *end != '\0') throw UsageError("--scale: '" + s + "' is not a number; give 1 to 4");
        if (!(v >= 1 && v <= 4)) throw UsageError("--scale: " + s + " is out of range; give a scale from 1 to 4");
        r.scale = float(v);
    }
    if (has("theme")) r.theme = get("theme");
    if (has("width")) r.width = float(parseInteger("--width", get("width"), 320, 4096));
    if (has("delay")) r.delayMs = int(parseInteger("--delay", get("delay"), 20, 60000));
    if (has("fps")) r.fps = int(parseInteger("--fps", get("fps"), 1, 120));
    r.transparent = has("transparent");
    r.loadAtTop = !has("load-at-bottom");
    r.showValues = !has("no-values");
    r.caption = !has("no-caption");
    return r;
}

}  // namespace

const char* exportHelp() {
    return "reducelab export --variant ID --n N [--stage K|all] --format png|svg|gif|md|mp4|webm [--scale S]\n"
           "                 --out PATH [--wg SIZE] [--op ..] [--type ..] [--data ..] [--seed S] [--device D]\n"
           "                 [--theme dark|projector|colorblind] [--transparent] [--width PIXELS]\n"
           "                 [--load-at-bottom] [--no-values] [--no-caption] [--delay MS] [--fps F]\n"
           "                 [--view tree|tiles]\n"
           "reducelab export --session FILE ... (the same, from a saved session: no OpenCL device needed)\n"
           "  The reduction tree as the explorer draws it, traced on the device. --stage K is a step of the\n"
           "  timeline (0 = the load; later passes follow), default the last; `all` writes a numbered sequence\n"
           "  (PATH tree.svg gives tree-00.svg, tree-01.svg, ...). GIF: one frame per stage. --scale 1..4 re-renders\n"
           "  at that size (fonts rasterised at the target size, not stretched). SVG needs no display; PNG, GIF\n"
           "  and video render with OpenGL and need an X server (run under `xvfb-run -a` on a headless machine).\n"
           "  mp4 (H.264) and webm (VP9): the explorer's animation, every move into a stage and its rest, one stage\n"
           "  every --delay MS (default 1200, the last held twice as long) at --fps F frames a second (default 30);\n"
           "  PowerPoint, Keynote and Google Slides play MP4. Every picture carries its stage in words, for screen\n"
           "  readers and slides: SVG in its <title>, <desc> and a title per cell; PNG, GIF and video in a file\n"
           "  beside them (tree.png.alt.txt), a video also as timed captions (tree.mp4.vtt). md writes every stage\n"
           "  in words as Markdown, a heading and a paragraph per stage (--stage and the picture options do not\n"
           "  apply).\n"
           "  --view tiles: a multi-tile scan's tiles as the Tiles tab draws them (--pattern scan; each tile's total\n"
           "  and offset). decoupled-look-back adds its log: a picture per entry, every tile's status X, A or P at\n"
           "  that moment and the tile that acted with its reads; --stage K is entry K (default the last), and a\n"
           "  GIF steps through the log. svg, png, gif and md.";
}

int runExport(int argc, char** argv) {
    try {
        const Options o = parseOptions(
            {"export", "export the tree as PNG, SVG, GIF or video, or in words as Markdown", exportHelp(),
             exportOptions()},
            argc, argv);
        if (o.help) {
            std::cout << o.helpText;
            return 0;
        }
        const exporter::ExportRequest request = toRequest(o);
        exporter::checkRequest(request);  // before opening a display or tracing
        const bool raster = exporter::isRaster(request.format);
        std::unique_ptr<exporter::Rasterizer> rasterizer;
#ifdef REDUCELAB_WITH_RASTER
        if (raster) rasterizer = std::make_unique<render::OffscreenRenderer>();
#else
        if (raster)
            throw UsageError("this build has no OpenGL renderer (it was configured with REDUCELAB_GUI=OFF): --format "
                             "svg works here; rebuild with the GUI (scripts/run or scripts/test) for PNG, GIF and video");
#endif
        const auto files = exporter::runExportJob(request, rasterizer.get());
        for (const auto& f : files) std::cout << "wrote " << f << "\n";
        return 0;
    } catch (const UsageError& e) {
        std::cerr << "reducelab export: " << e.what() << "\n";
        return 2;
    } catch (const Error& e) {
        std::cerr << "reducelab export: " << e.what() << "\n";
        return e.kind() == ErrorKind::BadInput ? 2 : 1;
    } catch (const std::exception& e) {
        std::cerr << "reducelab export: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace rl::cli
