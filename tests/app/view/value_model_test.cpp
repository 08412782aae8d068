// Value formatting and the comparison of a trace with the CPU model.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

#include "app/view/tree/model_check.h"
#include "app/view/tree/tree_scene.h"
#include "core/catalogue/pass_plan.h"
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

TEST(ValueFormat, CellTextIsExactNeverRounded) {
    EXPECT_EQ(formatCell(130816, ElemType::Int), "130816");
    EXPECT_EQ(formatCell(-2147483648.0, ElemType::Int), "-2147483648");
    EXPECT_EQ(formatCell(0.25, ElemType::Float), "0.25");
    EXPECT_EQ(formatCell(-3.5, ElemType::Float), "-3.5");
    EXPECT_EQ(formatCell(double(0.1f), ElemType::Float), "0.1");  // the shortest text that reads back as 0.1f
    EXPECT_EQ(formatCell(std::nan(""), ElemType::Float), "NaN");
    EXPECT_EQ(formatCell(-std::numeric_limits<double>::infinity(), ElemType::Float), "\xe2\x88\x92\xe2\x88\x9e");
    // Every float reads back exactly from its cell text; every int is all its digits.
    uint32_t bits = 0x12345678;
    for (int i = 0; i < 20000; ++i) {
        bits = bits * 1664525u + 1013904223u;
        float f;
        std::memcpy(&f, &bits, sizeof f);
        if (!std::isfinite(f)) continue;
        const std::string t = formatCell(double(f), ElemType::Float);
        EXPECT_EQ(float(std::strtod(t.c_str(), nullptr)), f) << t;
        const double v = double(int32_t(bits));
        EXPECT_EQ(std::strtod(formatCell(v, ElemType::Int).c_str(), nullptr), v);
    }
}

// A group of the sequential tree over `input` (ints or floats), for scenes with values of every width.
GroupTrace groupOver(const std::vector<double>& input, ElemType type) {
    const VariantInfo* v = findVariant("sequential");
    RunConfig c;
    c.variant = "sequential";
    c.n = input.size();
    c.wg = input.size();
    c.type = type;
    const auto plan = planPasses(*v, c);
    return modelGroup(ModelInput{*v, plan[0], input, 0, Op::Sum, type});
}

// In every tree scene, a value in a cell is written exactly (the cell's own value, every digit) or not at all
// (an ellipsis, counted as hidden), and what is written fits its cell.
// long: every digit (LONG_MAX, the identity of min, as itself, not as 2^63); double: the shortest text that reads
// back as the same double, never cut to float's digits.
TEST(ValueFormat, LongAndDoubleAreExact) {
    EXPECT_EQ(formatCell(9007196999999995.0, ElemType::Long), "9007196999999995");
    EXPECT_EQ(formatExact(-4000000000.0, ElemType::Long), "-4000000000");
    EXPECT_EQ(formatCell(identity(Op::Min, ElemType::Long), ElemType::Long), "9223372036854775807");
    EXPECT_EQ(formatExact(identity(Op::Max, ElemType::Long), ElemType::Long), "-9223372036854775808");
    EXPECT_EQ(formatCell(0.1, ElemType::Double), "0.1");
    EXPECT_EQ(formatCell(1.0 + 0x1p-40, ElemType::Double), "1.0000000000009095");
    EXPECT_EQ(formatExact(0.1, ElemType::Double), "0.1");
    EXPECT_EQ(formatCell(16777217.0, ElemType::Double), "16777217");
    EXPECT_EQ(formatCompact(12345678, ElemType::Long, 5), "12.3M");
}

TEST(TreeValues, AValueIsShownExactlyOrNotAtAll) {
    const std::vector<std::pair<DataPattern, ElemType>> data = {
        {DataPattern::Digits, ElemType::Int}, {DataPattern::Random, ElemType::Int}, {DataPattern::Floats, ElemType::Float},
        {DataPattern::Random, ElemType::Float}, {DataPattern::Iota, ElemType::Int}};
    int written = 0, hiddenSeen = 0;
    for (const auto& [pattern, type] : data)
        for (size_t n : {size_t(8), size_t(16), size_t(32), size_t(64)}) {
            const HostArray in = makeInput(type, pattern, n, 3);
            std::vector<double> values(n);
            for (size_t i = 0; i < n; ++i) values[i] = in.at(i) * (pattern == DataPattern::Iota ? 100003 : 1);
            const GroupTrace g = groupOver(values, type);
            const TreeFacts f(g);
            for (float width : {300.0f, 700.0f, 1400.0f, 1900.0f}) {
                TreeLayoutParams p;
                p.canvas = {0, 0, width, 900};
                p.stages = f.stages();
                p.cells = f.cells();
                p.maxCellHeight = 110;
                const TreeLayout L(p);
                TreeSceneOptions o;
                o.stage = f.stages() - 1;
                o.type = type;
                o.valueSize = L.cellHeight() * 0.62f;
                const Scene scene = buildTreeScene(f, L, darkPalette(), o, estimateTextWidth);
                int ellipses = 0;
                for (const Prim& prim : scene.prims) {
                    if (prim.kind != Prim::Kind::Text || prim.font != FontRole::Bold) continue;
                    int stage = -1, cell = -1;
                    if (!L.hit(prim.rect.center(), &stage, &cell)) continue;  // a stage label
                    if (prim.text == "\xe2\x80\xa6") {
                        ++ellipses;
                        continue;
                    }
                    const double v = f.value(stage, cell);
                    char* end = nullptr;
                    const double read = std::strtod(prim.text.c_str(), &end);
                    EXPECT_EQ(*end, '\0') << "not a plain number: " << prim.text;
                    if (type == ElemType::Int) EXPECT_EQ(read, v) << prim.text;
                    else EXPECT_EQ(float(read), float(v)) << prim.text;
                    EXPECT_EQ(prim.text, formatCell(v, type));
                    EXPECT_EQ(prim.size, scene.valueSize);  // one size for every value
                    EXPECT_GE(prim.squeeze, 0.8f);
                    EXPECT_LE(estimateTextWidth(prim.text, prim.size, prim.font) * prim.squeeze, prim.rect.w);
                    ++written;
                }
                EXPECT_EQ(ellipses, scene.hiddenValues);
                hiddenSeen += ellipses;
            }
        }
    EXPECT_GT(written, 1000);
    EXPECT_GT(hiddenSeen, 0);  // the narrow canvases do hide some (and say so)
}

// In a lecture-sized tree (1872 x 936 px, labels 108 px) with 0-9 data, values are large: at 16 cells the size
// is at least 44 px (DejaVu's digits are 0.73 em: 32 px), at 32 cells at least 28 px (20 px digits); none hidden.
TEST(TreeValues, LectureSizedCellsGetLargeValues) {
    for (size_t n : {size_t(16), size_t(32)}) {
        const HostArray in = makeInput(ElemType::Int, DataPattern::Digits, n, 2024);
        std::vector<double> values(n);
        for (size_t i = 0; i < n; ++i) values[i] = in.at(i);
        const GroupTrace g = groupOver(values, ElemType::Int);
        const TreeFacts f(g);
        TreeLayoutParams p;
        p.canvas = {24, 130, 1872, 900};
        p.stages = f.stages();
        p.cells = f.cells();
        p.labelWidth = 108;
        p.laneHeight = 8;
        p.maxCellHeight = 110;
        const TreeLayout L(p);
        TreeSceneOptions o;
        o.stage = f.stages() - 1;
        o.type = ElemType::Int;
        o.valueSize = L.cellHeight() * 0.62f;
        const Scene scene = buildTreeScene(f, L, darkPalette(), o, estimateTextWidth);
        EXPECT_EQ(scene.hiddenValues, 0);
        EXPECT_GE(scene.valueSize, n == 16 ? 44.0f : 28.0f) << n;
    }
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
    const ModelDeparture d = compareWithModel(r.variant, r.config, planPasses(r.variant, r.config), r.input, r.trace);
    EXPECT_TRUE(d.checked);
    EXPECT_FALSE(d.departs);
    EXPECT_NE(d.note.find("9 traced group"), std::string::npos) << d.note;  // 8 groups + the final one
}

TEST(ModelCheck, FindsTheFirstStageThatDiffers) {
    ModelledRun r = modelledRun(256, 32);
    // Corrupt group 3 of pass 0 at stage 2, cell 5, and a later stage too: the first one is reported.
    r.trace.passes[0].traced[3].stages[2].values[5] += 1;
    r.trace.passes[0].traced[3].stages[4].values[0] += 1;
    const ModelDeparture d = compareWithModel(r.variant, r.config, planPasses(r.variant, r.config), r.input, r.trace);
    ASSERT_TRUE(d.departs);
    EXPECT_EQ(d.pass, 0);
    EXPECT_EQ(d.group, 3);
    EXPECT_EQ(d.stage, 2);
    EXPECT_EQ(d.cell, 5);
    EXPECT_EQ(d.device, d.model + 1);
    EXPECT_TRUE(d.cellValues);
}

TEST(ModelCheck, AMissingStageIsSaidInWordsNotAsCellValues) {
    ModelledRun r = modelledRun(256, 32);
    r.trace.passes[0].traced[2].stages.pop_back();  // group 2 of pass 0 recorded one stage fewer than the model
    const ModelDeparture d = compareWithModel(r.variant, r.config, planPasses(r.variant, r.config), r.input, r.trace);
    ASSERT_TRUE(d.departs);
    EXPECT_FALSE(d.cellValues);  // no cell's values to set side by side
    EXPECT_EQ(d.group, 2);
    const size_t modelled = r.trace.passes[0].traced[2].stages.size() + 1;
    EXPECT_NE(d.note.find("pass 0, group 2: the device recorded " + std::to_string(modelled - 1) +
                          " stages, the model has " + std::to_string(modelled)),
              std::string::npos)
        << d.note;
}

TEST(ModelCheck, LaterPassesNeedEveryGroupOfThePreviousOne) {
    ModelledRun r = modelledRun(256, 32);
    r.trace.passes[0].traced.resize(1);  // only group 0 recorded: pass 1's input is unknown
    r.trace.passes[1].traced[0].stages[1].values[0] += 5;
    const ModelDeparture d = compareWithModel(r.variant, r.config, planPasses(r.variant, r.config), r.input, r.trace);
    EXPECT_TRUE(d.checked);
    EXPECT_FALSE(d.departs);
}

// A scan of several tiles: its second pass scans the tiles' totals (the model's levels, core/model/model_scan.h),
// which a faithful trace matches; a change in the second pass is found there.
TEST(ModelCheck, AScansLaterPassesAreComparedWithTheModelsOwnLevels) {
    const VariantInfo& v = *findVariant("blelloch");
    RunConfig c;
    c.variant = v.id;
    c.n = 64;
    c.wg = 16;
    c.type = ElemType::Int;
    c.data = DataPattern::Random;
    const HostArray input = makeInput(ElemType::Int, DataPattern::Random, c.n, 3);
    std::vector<double> values(c.n);
    for (size_t i = 0; i < c.n; ++i) values[i] = input.at(i);
    double result = 0;
    TraceRun trace;
    trace.passes = modelRun(v, c, values, &result);
    ASSERT_GE(trace.passes.size(), 2u);
    ASSERT_FALSE(trace.passes[1].traced.empty());
    const ModelDeparture faithful = compareWithModel(v, c, planPasses(v, c), input, trace);
    EXPECT_TRUE(faithful.checked);
    EXPECT_FALSE(faithful.departs) << faithful.note;
    EXPECT_NE(faithful.note.find("in 2 pass(es) matches"), std::string::npos) << faithful.note;

    trace.passes[1].traced[0].stages[1].values[2] += 1;
    const ModelDeparture changed = compareWithModel(v, c, planPasses(v, c), input, trace);
    ASSERT_TRUE(changed.departs) << changed.note;
    EXPECT_EQ(changed.pass, 1);
    EXPECT_EQ(changed.stage, 1);
    EXPECT_EQ(changed.cell, 2);
}

}  // namespace
}  // namespace rl::view
