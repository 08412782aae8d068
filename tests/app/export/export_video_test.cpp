// Video export (MP4 with H.264, WebM with VP9) read back with FFmpeg's own libraries: the codec, the size, the
// number of frames and the duration the options ask for; the frame at each stage's rest is the PNG export of that
// stage; the frames between two rests move (the explorer's animation, not one frame per stage); the words beside it
// are timed to the stages. Needs an X server (the off-screen renderer), as the PNG tests do.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>

#include "app/export/export_job.h"
#include "app/export/video.h"
#include "core/session/session.h"
#include "tests/support/export_test_util.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

const std::string kSession = test::corpusPath("valid_sequential_int16.json");

exporter::StageFrames frames() { return test::framesOf(kSession); }

// The top-left width x height of a picture (a video's frame is padded to even sizes).
exporter::RasterImage crop(const exporter::RasterImage& from, int width, int height) {
    exporter::RasterImage out;
    out.width = width;
    out.height = height;
    for (int y = 0; y < height; ++y)
        out.rgba.insert(out.rgba.end(), from.pixel(0, y), from.pixel(0, y) + size_t(width) * 4);
    return out;
}

// 500 ms a stage at 20 frames a second: 10 frames a stage, the last stage 20.
const std::vector<std::string> kTiming = {"--delay", "500", "--fps", "20"};

void expectVideo(const char* format, const char* codec) {
    const std::string out = test::freshDir(std::string("video_") + format) + "/tree." + format;
    std::vector<std::string> args = {"--session", kSession, "--format", format, "--out", out};
    args.insert(args.end(), kTiming.begin(), kTiming.end());
    const auto r = test::runExportCli(args);
    ASSERT_EQ(r.code, 0) << r.err;
    const auto f = frames();
    int w = 0, h = 0;
    f.size(exporter::FrameStyle{}, &w, &h);
    const exporter::VideoInfo info = exporter::readVideo(out);
    EXPECT_EQ(info.codec, codec);
    EXPECT_EQ(info.width, w + w % 2);
    EXPECT_EQ(info.height, h + h % 2);
    EXPECT_EQ(info.frames, 10 * (f.steps() + 1));
    EXPECT_NEAR(info.fps, 20, 1e-6);
    EXPECT_NEAR(info.seconds, 0.5 * (f.steps() + 1), 0.051) << format;
    EXPECT_FALSE(std::filesystem::exists(out + ".part"));
}

TEST(ExportVideo, Mp4IsH264WithTheFramesAndLengthAskedFor) {
    REQUIRE_DISPLAY();
    expectVideo("mp4", "h264");
}

TEST(ExportVideo, WebmIsVp9WithTheFramesAndLengthAskedFor) {
    REQUIRE_DISPLAY();
    expectVideo("webm", "vp9");
}

TEST(ExportVideo, EachStageAtRestIsItsPngAndTheFramesBetweenMove) {
    REQUIRE_DISPLAY();
    const std::string dir = test::freshDir("video_frames");
    std::vector<std::string> args = {"--session", kSession, "--format", "mp4", "--out", dir + "/tree.mp4"};
    args.insert(args.end(), kTiming.begin(), kTiming.end());
    const auto mp4 = test::runExportCli(args);
    ASSERT_EQ(mp4.code, 0) << mp4.err;
    const auto png =
        test::runExportCli({"--session", kSession, "--format", "png", "--stage", "all", "--out", dir + "/tree.png"});
    ASSERT_EQ(png.code, 0) << png.err;
    std::vector<exporter::RasterImage> video;
    exporter::readVideo(dir + "/tree.mp4", &video);
    const auto f = frames();
    ASSERT_EQ(int(video.size()), 10 * (f.steps() + 1));
    std::vector<exporter::RasterImage> pngs;
    for (int k = 0; k < f.steps(); ++k)
        pngs.push_back(exporter::readPng(exporter::sequencePath(dir + "/tree.png", k, f.steps())));
    const int w = pngs[0].width, h = pngs[0].height;
    for (int k = 0; k < f.steps(); ++k) {
        // The last frame of stage k; 4:2:0 colour and the codec leave about 2 levels of mean difference.
        const exporter::RasterImage rest = crop(video[size_t(10 * k + 9)], w, h);
        const test::Difference same = test::compare(rest, pngs[size_t(k)], 48);
        EXPECT_LT(same.mean, 3.0) << "stage " << k;
        EXPECT_LT(same.bigFraction, 0.004) << "stage " << k;
        if (k == 0) continue;
        // The stage before looks different enough for this comparison to fail on the wrong frame.
        const test::Difference before = test::compare(rest, pngs[size_t(k - 1)], 48);
        EXPECT_GT(before.bigFraction, 10 * std::max(same.bigFraction, 1e-4)) << "stage " << k;
        // Two frames into the move the picture is neither the stage before nor this one at rest.
        const exporter::RasterImage moving = crop(video[size_t(10 * k + 1)], w, h);
        EXPECT_GT(test::compare(moving, rest, 48).bigFraction, 2 * same.bigFraction + 1e-4) << "stage " << k;
        EXPECT_GT(test::compare(moving, pngs[size_t(k - 1)], 48).bigFraction, 2 * same.bigFraction + 1e-4)
            << "stage " << k;
    }
}

TEST(ExportVideo, ItsWordsAreTimedToTheStages) {
    REQUIRE_DISPLAY();
    const std::string out = test::freshDir("video_words") + "/tree.webm";
    std::vector<std::string> args = {"--session", kSession, "--format", "webm", "--out", out};
    args.insert(args.end(), kTiming.begin(), kTiming.end());
    ASSERT_EQ(test::runExportCli(args).code, 0);
    const std::string vtt = test::readAll(out + ".vtt"), alt = test::readAll(out + ".alt.txt");
    const auto f = frames();
    EXPECT_EQ(vtt.rfind("WEBVTT\n", 0), 0u);
    // Stage k is captioned from k * 0.5 s; the last one until the end, a second later.
    EXPECT_NE(vtt.find("\n1\n00:00:00.000 --> 00:00:00.500\n" + f.title(0) + "\n" + f.narration(0)), std::string::npos)
        << vtt;
    EXPECT_NE(vtt.find("\n2\n00:00:00.500 --> 00:00:01.000\n" + f.title(1)), std::string::npos) << vtt;
    const int last = f.steps() - 1;
    char cue[64];
    std::snprintf(cue, sizeof cue, "00:00:%02d.%03d --> 00:00:%02d.%03d", last / 2, 500 * (last % 2),
                  (last + 2) / 2, 500 * (last % 2));
    EXPECT_NE(vtt.find(std::string(cue) + "\n" + f.title(last) + "\n" + f.narration(last)), std::string::npos)
        << cue << "\n" << vtt;
    EXPECT_NE(alt.find("At 00:00.500: " + f.title(1)), std::string::npos) << alt;
}

TEST(ExportVideo, RefusesWhatAVideoCannotBe) {
    const std::string out = test::freshDir("video_refusals") + "/tree.mp4";
    const auto transparent =
        test::runExportCli({"--session", kSession, "--format", "mp4", "--transparent", "--out", out});
    EXPECT_EQ(transparent.code, 2);
    EXPECT_NE(transparent.err.find("a video has no transparency"), std::string::npos) << transparent.err;
    const auto fps = test::runExportCli({"--session", kSession, "--format", "webm", "--fps", "0", "--out", out});
    EXPECT_EQ(fps.code, 2);
    EXPECT_NE(fps.err.find("--fps"), std::string::npos) << fps.err;
    EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace rl
