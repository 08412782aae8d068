// The classroom palettes: the states a lecture must tell apart stay apart for viewers with protanopia and
// deuteranopia (Machado, Oliveira & Fernandes 2009, severity 1.0) and in greyscale, by lightness as well as hue.
#include <gtest/gtest.h>

#include <cmath>

#include "app/view/theme.h"

namespace rl {
namespace {

struct Linear {
    double r, g, b;
};

double toLinear(uint8_t c) {
    const double v = c / 255.0;
    return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
}

Linear linear(view::Rgba c) { return {toLinear(c.r), toLinear(c.g), toLinear(c.b)}; }

// Machado et al. 2009 simulation matrices (severity 1.0), applied in linear RGB.
Linear simulate(Linear c, const double m[9]) {
    auto clamp = [](double v) { return std::min(1.0, std::max(0.0, v)); };
    return {clamp(m[0] * c.r + m[1] * c.g + m[2] * c.b), clamp(m[3] * c.r + m[4] * c.g + m[5] * c.b),
            clamp(m[6] * c.r + m[7] * c.g + m[8] * c.b)};
}
constexpr double kProtan[9] = {0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998};
constexpr double kDeutan[9] = {0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.011820, 0.042940, 0.968881};
constexpr double kNormal[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};

double luminance(Linear c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; }
// WCAG contrast ratio of two luminances.
double contrast(double a, double b) { return (std::max(a, b) + 0.05) / (std::min(a, b) + 0.05); }

struct Pair {
    const char* what;
    view::Rgba a, b;
};

void expectApart(const view::Palette& p, const char* name) {
    const std::vector<Pair> pairs = {
        {"written / written earlier", p.cellWritten, p.cellWrittenPast},
        {"written / still needed", p.cellWritten, p.cellLive},
        {"written earlier / still needed", p.cellWrittenPast, p.cellLive},
        {"still needed / done", p.cellLive, p.cellDead},
        {"written / done", p.cellWritten, p.cellDead},
        {"active lane / idle lane", p.laneActive, p.laneIdle},
        {"active SIMD group / divergent", p.warpActive, p.warpDivergent},
        {"divergent SIMD group / idle", p.warpDivergent, p.warpIdle},
        {"active SIMD group / idle", p.warpActive, p.warpIdle},
    };
    for (const double* m : {kNormal, kProtan, kDeutan})
        for (const Pair& pair : pairs) {
            const double la = luminance(simulate(linear(pair.a), m)), lb = luminance(simulate(linear(pair.b), m));
            // Lightness alone (what a greyscale projector or a colour-blind eye keeps) separates them.
            EXPECT_GE(contrast(la, lb), 1.35) << name << ": " << pair.what
                                              << (m == kNormal ? "" : m == kProtan ? " (protanopia)" : " (deuteranopia)");
        }
}

TEST(ClassroomPalettes, StatesDifferInLightnessUnderColourBlindness) {
    expectApart(view::projectorPalette(), "projector");
    expectApart(view::colorBlindPalette(), "colour-blind");
}

TEST(ClassroomPalettes, ThemesAreListedAndTheirsMarkShapes) {
    ASSERT_EQ(view::themes().size(), 3u);
    EXPECT_FALSE(view::findTheme("dark")->stateMarks);
    EXPECT_TRUE(view::findTheme("projector")->stateMarks);
    EXPECT_TRUE(view::findTheme("colorblind")->stateMarks);
    EXPECT_EQ(view::findTheme("neon"), nullptr);
    // The projector theme is high contrast: text on the background far above WCAG AAA (7:1).
    const auto& p = view::projectorPalette();
    EXPECT_GE(contrast(luminance(linear(p.text)), luminance(linear(p.background))), 15.0);
    EXPECT_GE(contrast(luminance(linear(p.textOnWritten)), luminance(linear(p.cellWritten))), 7.0);
}

}  // namespace
}  // namespace rl
