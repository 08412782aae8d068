// Input data: each generated pattern's facts (range, determinism, type), data files (numbers, separators, comments,
// and every way a file can be bad, refused with the path, the line and what to do), and the `data` run setting.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <set>

#include "core/input.h"
#include "core/files/run_settings.h"

namespace rl {
namespace {

std::string writeTemp(const std::string& name, const std::string& text) {
    const std::string path = ::testing::TempDir() + "reducelab-input-" + std::to_string(getpid()) + "-" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
}

void expectBad(const std::function<void()>& f, const std::string& expected) {
    try {
        f();
        ADD_FAILURE() << "accepted; expected an error mentioning \"" << expected << "\"";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::BadInput);
        EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
    }
}

TEST(InputPatterns, EachPatternHasItsRangeAndIsDeterministic) {
    const size_t n = 4096;
    for (ElemType type : {ElemType::Int, ElemType::Float}) {
        const HostArray digits = makeInput(type, DataPattern::Digits, n, 7);
        const HostArray small = makeInput(type, DataPattern::Small, n, 7);
        const HostArray random = makeInput(type, DataPattern::Random, n, 7);
        const HostArray floats = makeInput(type, DataPattern::Floats, n, 7);
        std::set<double> seenDigits, seenSmall;
        for (size_t i = 0; i < n; ++i) {
            const double d = digits.at(i), s = small.at(i), r = random.at(i), f = floats.at(i);
            EXPECT_TRUE(d >= 0 && d <= 9 && d == std::trunc(d)) << d;
            EXPECT_TRUE(s >= 0 && s <= 99 && s == std::trunc(s)) << s;
            seenDigits.insert(d);
            seenSmall.insert(s);
            if (type == ElemType::Int) {
                EXPECT_TRUE(r >= -1000 && r <= 1000) << r;
                EXPECT_TRUE(f >= -8 && f <= 8 && f == std::trunc(f)) << f;
            } else {
                EXPECT_TRUE(r >= -1 && r < 1) << r;
                EXPECT_TRUE(f >= -8 && f <= 8 && f * 4 == std::trunc(f * 4)) << f;  // quarters, exact in float
            }
        }
        EXPECT_EQ(seenDigits.size(), 10u);  // every digit occurs in 4096 draws
        EXPECT_GT(seenSmall.size(), 90u);
        const HostArray again = makeInput(type, DataPattern::Digits, n, 7), other = makeInput(type, DataPattern::Digits, n, 8);
        EXPECT_EQ(again.ints, digits.ints);
        EXPECT_EQ(again.floats, digits.floats);
        EXPECT_TRUE(other.ints != digits.ints || other.floats != digits.floats);
        const HostArray ones = makeInput(type, DataPattern::Ones, 5, 1), iota = makeInput(type, DataPattern::Iota, 5, 1);
        for (size_t i = 0; i < 5; ++i) {
            EXPECT_EQ(ones.at(i), 1);
            EXPECT_EQ(iota.at(i), double(i));
        }
    }
    // The random ints are what they were before the new patterns (sessions and tests depend on the seed's values).
    const HostArray r = makeInput(ElemType::Int, DataPattern::Random, 3, 1);
    uint64_t state = 1;
    for (size_t i = 0; i < 3; ++i) {
        uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        z ^= z >> 31;
        EXPECT_EQ(r.ints[i], int32_t(z % 2001) - 1000);
    }
    // A 32-element preset's sum of 0-9 fits three digits: the largest possible is 288.
    const HostArray preset = makeInput(ElemType::Int, DataPattern::Digits, 32, 2024);
    long sum = 0;
    for (int32_t v : preset.ints) sum += v;
    EXPECT_LE(sum, 288);
}

// long takes the int patterns' values and double the float ones (the same seed gives the same numbers), held in
// 8-byte elements.
TEST(InputPatterns, LongAndDoubleFollowIntAndFloat) {
    const size_t n = 1000;
    for (DataPattern d : {DataPattern::Random, DataPattern::Iota, DataPattern::Ones, DataPattern::Digits,
                          DataPattern::Small, DataPattern::Floats}) {
        const HostArray ints = makeInput(ElemType::Int, d, n, 5), longs = makeInput(ElemType::Long, d, n, 5);
        const HostArray floats = makeInput(ElemType::Float, d, n, 5), doubles = makeInput(ElemType::Double, d, n, 5);
        ASSERT_EQ(longs.longs.size(), n);
        ASSERT_EQ(doubles.doubles.size(), n);
        EXPECT_TRUE(longs.ints.empty() && longs.floats.empty() && doubles.floats.empty());
        EXPECT_EQ(longs.bytes(), 8 * n);
        EXPECT_EQ(doubles.bytes(), 8 * n);
        EXPECT_EQ(longs.data(), static_cast<const void*>(longs.longs.data()));
        for (size_t i = 0; i < n; ++i) {
            EXPECT_EQ(longs.at(i), ints.at(i)) << toString(d) << " " << i;
            EXPECT_EQ(doubles.at(i), floats.at(i)) << toString(d) << " " << i;
        }
    }
    // Iota past 2^24 stays exact in double (float rounds it).
    EXPECT_EQ(arrayOf(ElemType::Double, {16777217.0}).at(0), 16777217.0);
    EXPECT_EQ(arrayOf(ElemType::Long, {-9007199254740992.0}).at(0), -9007199254740992.0);
}

TEST(ElementTypes, SizesIdentitiesAndTheDevicesArithmetic) {
    EXPECT_EQ(elemSize(ElemType::Int), 4u);
    EXPECT_EQ(elemSize(ElemType::Float), 4u);
    EXPECT_EQ(elemSize(ElemType::Long), 8u);
    EXPECT_EQ(elemSize(ElemType::Double), 8u);
    EXPECT_EQ(identity(Op::Min, ElemType::Long), 9223372036854775807.0);
    EXPECT_EQ(identity(Op::Max, ElemType::Long), -9223372036854775808.0);
    EXPECT_TRUE(std::isinf(identity(Op::Min, ElemType::Double)));
    // long sums past int's range stay exact; int wraps.
    EXPECT_EQ(apply(Op::Sum, ElemType::Long, 2147483647.0, 1.0), 2147483648.0);
    EXPECT_EQ(apply(Op::Sum, ElemType::Int, 2147483647.0, 1.0), -2147483648.0);
    // The identity of min (LONG_MAX, 2^63 as a double) keeps every long.
    EXPECT_EQ(apply(Op::Min, ElemType::Long, identity(Op::Min, ElemType::Long), -5.0), -5.0);
    EXPECT_EQ(apply(Op::Min, ElemType::Long, identity(Op::Min, ElemType::Long), identity(Op::Min, ElemType::Long)),
              identity(Op::Min, ElemType::Long));
    // double keeps what float rounds away.
    EXPECT_EQ(apply(Op::Sum, ElemType::Double, 1.0, 0x1p-30), 1.0 + 0x1p-30);
    EXPECT_EQ(apply(Op::Sum, ElemType::Float, 1.0, 0x1p-30), 1.0);
    const int64_t big = -1234567890123LL;
    EXPECT_EQ(valueFromBytes(&big, ElemType::Long), -1234567890123.0);
    const double d = 0.1;
    EXPECT_EQ(valueFromBytes(&d, ElemType::Double), 0.1);
}

TEST(InputFile, LongValuesPastTwoToThe53AreRefused) {
    EXPECT_EQ(parseDataText("3000000000 -9007199254740992 9007199254740992", ElemType::Long, "f.txt"),
              (std::vector<double>{3000000000.0, -9007199254740992.0, 9007199254740992.0}));
    expectBad([] { parseDataText("1 9007199254740993", ElemType::Long, "f.txt"); }, "line 1: 9007199254740993 is past 2^53");
    expectBad([] { parseDataText("-1e17", ElemType::Long, "f.txt"); }, "is past 2^53");
    expectBad([] { parseDataText("2.5", ElemType::Long, "f.txt"); }, "not a whole number; the type is long");
    EXPECT_EQ(parseDataText("1e300 0.1", ElemType::Double, "f.txt"), (std::vector<double>{1e300, 0.1}));
    expectBad([] { parseDataText("inf", ElemType::Double, "f.txt"); }, "not a finite number");
}

TEST(InputPatterns, NamesRoundTrip) {
    for (DataPattern d : {DataPattern::Random, DataPattern::Iota, DataPattern::Ones, DataPattern::Digits,
                          DataPattern::Small, DataPattern::Floats, DataPattern::File})
        EXPECT_EQ(parseDataPattern(toString(d)), d) << toString(d);
    EXPECT_EQ(toString(DataPattern::Digits), "0-9");
    EXPECT_EQ(toString(DataPattern::Small), "0-99");
    EXPECT_EQ(parseDataPattern("digits"), DataPattern::Digits);
    EXPECT_FALSE(parseDataPattern("0-999").has_value());
    expectBad([] { makeInput(ElemType::Int, DataPattern::File, 4, 1); }, "file:PATH");
}

TEST(InputFile, NumbersSeparatedBySpacesCommasAndLinesWithComments) {
    const std::string path = writeTemp("good.txt", "# marks of the quiz\n3, 4 ,5\n\t6;7 # the last two\r\n8 9\n");
    const std::vector<double> ints = readDataFile(path, ElemType::Int);
    EXPECT_EQ(ints, (std::vector<double>{3, 4, 5, 6, 7, 8, 9}));
    EXPECT_EQ(parseDataText("0.25 -1.5e1 2", ElemType::Float, "x"), (std::vector<double>{0.25, -15, 2}));
    RunConfig c;
    c.type = ElemType::Int;
    c.n = 1000;
    setRunSetting(c, "data", "file:" + path, "--data");
    EXPECT_EQ(c.data, DataPattern::File);
    EXPECT_EQ(c.dataFile, path);
    EXPECT_EQ(c.n, 7u);  // N becomes the file's count
    const HostArray a = makeInput(c);
    EXPECT_EQ(a.ints, (std::vector<int32_t>{3, 4, 5, 6, 7, 8, 9}));
    // Choosing a pattern again forgets the file.
    setRunSetting(c, "data", "0-9", "--data");
    EXPECT_EQ(c.data, DataPattern::Digits);
    EXPECT_TRUE(c.dataFile.empty());
    std::remove(path.c_str());
}

TEST(InputFile, BadFilesAreRefusedWithTheLineAndWhatToDo) {
    expectBad([] { readDataFile("/nonexistent/values.txt", ElemType::Int); }, "cannot read the data file /nonexistent");
    expectBad([] { readDataFile(::testing::TempDir(), ElemType::Int); }, "cannot read the data file");  // a directory
    expectBad([] { readDataFile("", ElemType::Int); }, "no data file chosen");
    // A FIFO would block the open until something writes to it: refused before opening, so this returns at once.
    const std::string fifo = ::testing::TempDir() + "reducelab-input-" + std::to_string(getpid()) + "-fifo";
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    expectBad([&] { readDataFile(fifo, ElemType::Int); }, "is not a regular file");
    std::remove(fifo.c_str());
    const std::string empty = writeTemp("empty.txt", "# nothing but a comment\n\n");
    expectBad([&] { readDataFile(empty, ElemType::Int); }, "holds no numbers");
    expectBad([] { parseDataText("1 2\n3 x4 5", ElemType::Int, "f.txt"); }, "f.txt line 2: 'x4' is not a number");
    expectBad([] { parseDataText("1\n2.5", ElemType::Int, "f.txt"); }, "line 2: 2.5 is not a whole number");
    expectBad([] { parseDataText("3000000000", ElemType::Int, "f.txt"); }, "does not fit a 32-bit int");
    expectBad([] { parseDataText("1e39", ElemType::Float, "f.txt"); }, "past the largest float");
    expectBad([] { parseDataText("nan", ElemType::Float, "f.txt"); }, "not a finite number");
    expectBad([] { parseDataText("1e999", ElemType::Float, "f.txt"); }, "not a finite number");
    expectBad([] { parseDataText(std::string("1 \0 2", 5), ElemType::Int, "f.txt"); }, "is not a number");
    expectBad([] { parseDataText("\xff\xfe" "1", ElemType::Int, "f.txt"); }, "'??1' is not a number");
    RunConfig c;
    expectBad([&] { setRunSetting(c, "data", "file:", "--data"); }, "give the file after file:");
    expectBad([&] { setRunSetting(c, "data", "file", "--data"); }, "give 0-9, 0-99, random");
    expectBad([&] { setRunSetting(c, "data", "many", "--data"); }, "'many' is not a pattern");
    // A file that changed after it was chosen: the count no longer agrees.
    const std::string path = writeTemp("changes.txt", "1 2 3");
    c.type = ElemType::Int;
    setRunSetting(c, "data", "file:" + path, "--data");
    std::ofstream(path) << "1 2";
    expectBad([&] { makeInput(c); }, "now holds 2 values, not the 3 chosen");
    std::remove(path.c_str());
    std::remove(empty.c_str());
}

}  // namespace
}  // namespace rl
