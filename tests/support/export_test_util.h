// Helpers for the export tests: running `reducelab export` in-process, rendering SVG with rsvg-convert, and
// comparing pictures.
#pragma once
#include <cstdlib>
#include <optional>
#include <string>
#include <vector>

#include "app/export/raster_image.h"
#include "app/export/stage_frames.h"
#include "app/view/palette.h"
#include "core/session/session.h"
#include "core/catalogue/variant.h"

namespace rl::test {

struct CliResult {
    int code = 0;
    std::string err;  // what it printed on stderr
};

// Skips a test that renders with OpenGL when there is no X server (scripts/test runs them under xvfb-run).
#define REQUIRE_DISPLAY() \
    if (!std::getenv("DISPLAY")) GTEST_SKIP() << "no X server (scripts/test runs these under xvfb-run)"

// The stage frames of a saved session (its trace and its variant).
exporter::StageFrames framesOf(const std::string& sessionPath);

// Runs rl::cli::runExport with these arguments (after "export"), capturing stderr.
CliResult runExportCli(const std::vector<std::string>& args);

// Traces `variant` (64 ints of iota in work-groups of 16) on the test device and saves it as a session, keeping
// `kernel` (a student's text) when given; returns the file.
std::string savedSession(const VariantInfo& variant, const std::optional<SessionKernel>& kernel,
                         const std::string& name);

// The text of a file ("" when it cannot be read).
std::string readAll(const std::string& path);

// A fresh empty directory under the test temp dir.
std::string freshDir(const std::string& name);

bool haveRsvg();
// Renders an SVG file to PNG with rsvg-convert and reads it; fails the test if it cannot.
exporter::RasterImage renderSvg(const std::string& svgPath);

// Mean absolute difference per channel (RGB) and the fraction of pixels where some channel differs by more than
// `big`. Both images must have the same size.
struct Difference {
    double mean = 0;
    double bigFraction = 0;
};
Difference compare(const exporter::RasterImage& a, const exporter::RasterImage& b, int big = 64);

// Largest channel difference between a pixel and a colour.
int distance(const uint8_t* pixel, view::Rgba color);

}  // namespace rl::test
