// The run settings' one set of rules: what each accepts, and the message for what it refuses.
#include <gtest/gtest.h>

#include "core/files/run_settings.h"
#include "core/types.h"

namespace rl {
namespace {

std::string refusal(std::string_view name, std::string_view text) {
    RunConfig c;
    try {
        setRunSetting(c, name, text, std::string("--") + std::string(name));
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::BadInput);
        return e.what();
    }
    return "";
}

TEST(RunSettings, SizesInEveryAcceptedSpelling) {
    EXPECT_EQ(parseSize("--n", "1048576"), size_t(1) << 20);
    EXPECT_EQ(parseSize("--n", "2^20"), size_t(1) << 20);
    EXPECT_EQ(parseSize("--n", "1M"), size_t(1) << 20);
    EXPECT_EQ(parseSize("--n", "64K"), size_t(64) << 10);
    EXPECT_EQ(parseSizeList("--n", "1,2^3,4k"), (std::vector<size_t>{1, 8, 4096}));
}

TEST(RunSettings, EverySettingSetsItsField) {
    RunConfig c;
    setRunSetting(c, "variant", "first-add", "--variant");
    setRunSetting(c, "n", "2^10", "--n");
    setRunSetting(c, "op", "max", "--op");
    setRunSetting(c, "type", "int", "--type");
    setRunSetting(c, "wg", "64", "--wg");
    setRunSetting(c, "data", "ones", "--data");
    setRunSetting(c, "seed", "42", "--seed");
    setRunSetting(c, "epi", "8", "--epi");
    setRunSetting(c, "simd", "64", "--simd");
    setRunSetting(c, "banks", "16", "--banks");
    setRunSetting(c, "bank-width", "8", "--bank-width");
    setRunSetting(c, "final", "host", "--final");
    setRunSetting(c, "groups", "12", "--groups");
    EXPECT_EQ(c.variant, "first-add");
    EXPECT_EQ(c.n, 1024u);
    EXPECT_EQ(c.op, Op::Max);
    EXPECT_EQ(c.type, ElemType::Int);
    EXPECT_EQ(c.wg, 64u);
    EXPECT_EQ(c.data, DataPattern::Ones);
    EXPECT_EQ(c.seed, 42u);
    EXPECT_EQ(c.elemsPerItem, 8);
    EXPECT_EQ(c.simdWidth, 64);
    EXPECT_EQ(c.banks, 16);
    EXPECT_EQ(c.bankWidthBytes, 8);
    EXPECT_TRUE(c.finalOnHost);
    EXPECT_EQ(c.groups, 12u);
}

TEST(RunSettings, RefusalsNameTheSettingTheValueAndWhatToGive) {
    EXPECT_EQ(refusal("wg", "abc"), "--wg: 'abc' is not a whole number; give one between 1 and 65536");
    EXPECT_EQ(refusal("wg", "0"), "--wg: 0 is out of range; give a number between 1 and 65536");
    EXPECT_EQ(refusal("wg", "99999999999999999999999"),
              "--wg: 99999999999999999999999 is out of range; give a number between 1 and 65536");
    EXPECT_EQ(refusal("n", "0"), "--n: the size must be at least 1; give a positive whole number such as 1048576, "
                                 "2^20 or 1M");
    EXPECT_EQ(refusal("n", "12q"), "--n: '12q' is not a size; give a positive whole number such as 1048576, 2^20 or "
                                   "1M");
    EXPECT_EQ(refusal("n", "2^41"), "--n: '2^41' is not a size; give a positive whole number such as 1048576, 2^20 or "
                                    "1M");
    EXPECT_NE(refusal("op", "mul").find("give sum, min or max"), std::string::npos);
    EXPECT_EQ(refusal("type", "half"), "--type: 'half' is not a type; give int, float, long or double");
    EXPECT_NE(refusal("variant", "nope").find("unknown variant 'nope'"), std::string::npos);
    EXPECT_NE(refusal("final", "gpu").find("give 'device'"), std::string::npos);
    EXPECT_NE(refusal("colour", "red").find("not a run setting"), std::string::npos);
}

TEST(RunSettings, EveryElementTypeByName) {
    for (ElemType t : kAllTypes) {
        RunConfig c;
        setRunSetting(c, "type", std::string(toString(t)), "--type");
        EXPECT_EQ(c.type, t) << toString(t);
    }
    EXPECT_EQ(std::string(toString(ElemType::Long)), "long");
    EXPECT_EQ(std::string(toString(ElemType::Double)), "double");
    EXPECT_FALSE(parseElemType("int64").has_value());
    EXPECT_FALSE(parseElemType("Long").has_value());
}

TEST(RunSettings, NumbersFromJsonUseTheSameRanges) {
    EXPECT_EQ(checkedSetting("wg", 256, "wg"), 256);
    EXPECT_THROW(checkedSetting("wg", 0, "wg"), Error);
    EXPECT_THROW(checkedSetting("bank-width", 65, "bank_width"), Error);
    EXPECT_EQ(settingRange("seed").hi, 1ll << 53);
    EXPECT_TRUE(isRunSetting("bank-width"));
    EXPECT_FALSE(isRunSetting("scale"));
}

}  // namespace
}  // namespace rl
