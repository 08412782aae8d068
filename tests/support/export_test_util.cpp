// Export test helpers.
#include "tests/support/export_test_util.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <unistd.h>

#include "app/cli/cmd_export.h"
#include "core/input.h"
#include "tests/support/device_fixture.h"

namespace rl::test {

exporter::StageFrames framesOf(const std::string& sessionPath) {
    Session s = loadSession(sessionPath);
    return exporter::StageFrames(s.trace, *findVariant(s.config.variant));
}

CliResult runExportCli(const std::vector<std::string>& args) {
    std::vector<std::string> all = {"reducelab", "export"};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : all) argv.push_back(a.data());
    testing::internal::CaptureStderr();
    CliResult r;
    r.code = cli::runExport(int(argv.size()), argv.data());
    r.err = testing::internal::GetCapturedStderr();
    // A failed export says why in the test's log, whatever the assertion that meets it prints.
    if (r.code != 0) std::cerr << "reducelab export exited with " << r.code << ": " << r.err;
    return r;
}

std::string savedSession(const VariantInfo& variant, const std::optional<SessionKernel>& kernel,
                         const std::string& name) {
    RunConfig c;
    c.n = 64;
    c.wg = 16;
    c.type = ElemType::Int;
    c.data = DataPattern::Iota;
    c.variant = variant.id;
    Engine& e = engine();
    Session s;
    s.device = e.device();
    s.config = c;
    s.trace = e.trace(variant, c, makeInput(c.type, c.data, c.n, c.seed));
    s.savedBy = "ReduceLab export test";
    s.kernel = kernel;
    const std::string path = testing::TempDir() + "rl_" + name + "_" + std::to_string(::getpid()) + ".reducelab.json";
    saveSession(s, path);
    return path;
}

std::string readAll(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string freshDir(const std::string& name) {
    const std::string dir = testing::TempDir() + "rl_export_" + std::to_string(::getpid()) + "_" + name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

bool haveRsvg() { return std::system("rsvg-convert --version > /dev/null 2>&1") == 0; }

exporter::RasterImage renderSvg(const std::string& svgPath) {
    const std::string png = svgPath + ".rsvg.png";
    const std::string command = "rsvg-convert '" + svgPath + "' -o '" + png + "' 2>&1";
    EXPECT_EQ(std::system(command.c_str()), 0) << "rsvg-convert could not render " << svgPath;
    return exporter::readPng(png);
}

Difference compare(const exporter::RasterImage& a, const exporter::RasterImage& b, int big) {
    Difference d;
    if (a.width != b.width || a.height != b.height || a.rgba.empty()) {
        d.mean = d.bigFraction = 1e9;
        return d;
    }
    double sum = 0;
    size_t bigCount = 0;
    const size_t n = size_t(a.width) * size_t(a.height);
    for (size_t i = 0; i < n; ++i) {
        int worst = 0;
        for (int c = 0; c < 3; ++c) {
            const int diff = std::abs(int(a.rgba[i * 4 + c]) - int(b.rgba[i * 4 + c]));
            sum += diff;
            worst = std::max(worst, diff);
        }
        bigCount += worst > big ? 1 : 0;
    }
    d.mean = sum / double(n * 3);
    d.bigFraction = double(bigCount) / double(n);
    return d;
}

int distance(const uint8_t* p, view::Rgba c) {
    return std::max({std::abs(int(p[0]) - c.r), std::abs(int(p[1]) - c.g), std::abs(int(p[2]) - c.b)});
}

}  // namespace rl::test
