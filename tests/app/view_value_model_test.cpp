// Value formatting and the comparison of a trace with the CPU model.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "app/view/tree/model_check.h"
#include "app/view/theme.h"
#include "app/view/value_format.h"
#include "core/input.h"
#include "core/model/model.h"

namespace rl::view {
namespace {

TEST(ValueFormat, ExactAndCompact) {
    EXPECT_EQ(formatExact(130816, ElemType::Int), "130816");
    EXPECT_EQ(formatExact(-7, ElemType::Int), "-7");
    EXPECT_EQ(formatExact(0.1f, ElemType::Float), "0.100000001");
    EXPECT_EQ(formatExact(std::numeric_limits<double>::infinity(), ElemType::Float), "\xe2\x88\x9e");
    EXPECT_EQ(formatCompact(496, ElemType::Int, 4), "496");
    EXPECT_EQ(formatCompact(130816, ElemType::Int, 5), "131k");
    EXPECT_EQ(formatCompact(12345, ElemType::Int, 5), "12345");
    EXPECT_EQ(formatCompact(1234567, ElemType::Int, 4), "1.2M");
    EXPECT_EQ(formatCompact(0.123456, ElemType::Float, 5), "0.123");
    EXPECT_EQ(formatCompact(0, ElemType::Float, 5), "0");
    EXPECT_LE(formatCompact(-98765.4321, ElemType::Float, 6).size(), 6u);
    // A rounded form never reads as zero: -432 in three characters has no honest compact form.
    EXPECT_EQ(formatCompact(-432, ElemType::Int, 3).find("0k"), std::string::npos);
    EXPECT_EQ(formatCompact(-432, ElemType::Int, 4), "-432");
    EXPECT_EQ(formatCompact(-1014, ElemType::Int, 5), "-1014");
}

TEST(Palette, HeatRampRunsDarkToLightAndStatesAreDistinct) {
    auto luma = [](Rgba c) { return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b; };
    EXPECT_LT(luma(heatColor(0)), luma(heatColor(0.5f)));
    EXPECT_LT(luma(heatColor(0.5f)), luma(heatColor(1)));
    const Palette& p = darkPalette();
    EXPECT_FALSE(p.cellWritten == p.cellLive);
    EXPECT_FALSE(p.cellWritten == p.cellWrittenPast);
    EXPECT_FALSE(p.warpActive == p.warpDivergent);
    EXPECT_GT(luma(p.text) - luma(p.panel), 150);  // light text on a dark panel
}

struct ModelledRun {
    VariantInfo variant;
    RunConfig config;
    HostArray input;
    TraceRun trace;
};

ModelledRun modelledRun(size_t n, size_t wg) {
    ModelledRun r;
    r.variant = *findVariant("sequential");
    r.config.variant = "sequential";
    r.config.n = n;
    r.config.wg = wg;
    r.config.type = ElemType::Int;
    r.config.data = DataPattern::Random;
    r.input = makeInput(ElemType::Int, DataPattern::Random, n, 7);
    std::vector<double> values(n);
    for (size_t i = 0; i < n; ++i) values[i] = r.input.at(i);
    double result = 0;
    r.trace.passes = modelRun(r.variant, r.config, values, &result);
    r.trace.result = result;
    return r;
}

TEST(ModelCheck, AFaithfulTraceMatchesEveryStage) {
    const ModelledRun r = modelledRun(256, 32);
    const ModelDeparture d = compareWithModel(r.variant, r.config, r.input, r.trace);
    EXPECT_TRUE(d.checked);
    EXPECT_FALSE(d.departs);
    EXPECT_NE(d.note.find("9 traced group"), std::string::npos) << d.note;  // 8 groups + the final one
}

TEST(ModelCheck, FindsTheFirstStageThatDiffers) {
    ModelledRun r = modelledRun(256, 32);
    // Corrupt group 3 of pass 0 at stage 2, cell 5, and a later stage too: the first one is reported.
    r.trace.passes[0].traced[3].stages[2].values[5] += 1;
    r.trace.passes[0].traced[3].stages[4].values[0] += 1;
    const ModelDeparture d = compareWithModel(r.variant, r.config, r.input, r.trace);
    ASSERT_TRUE(d.departs);
    EXPECT_EQ(d.pass, 0);
    EXPECT_EQ(d.group, 3);
    EXPECT_EQ(d.stage, 2);
    EXPECT_EQ(d.cell, 5);
    EXPECT_EQ(d.device, d.model + 1);
}

TEST(ModelCheck, LaterPassesNeedEveryGroupOfThePreviousOne) {
    ModelledRun r = modelledRun(256, 32);
    r.trace.passes[0].traced.resize(1);  // only group 0 recorded: pass 1's input is unknown
    r.trace.passes[1].traced[0].stages[1].values[0] += 5;
    const ModelDeparture d = compareWithModel(r.variant, r.config, r.input, r.trace);
    EXPECT_TRUE(d.checked);
    EXPECT_FALSE(d.departs);
}

}  // namespace
}  // namespace rl::view
