// The engine's answers to what cannot run: a kernel that fails to build (its build log reaches the user), an unknown
// variant, an input that does not match the request, a type the variant cannot hold.
#include <gtest/gtest.h>

#include "core/input.h"
#include "tests/support/device_fixture.h"

namespace rl {
namespace {

TEST(EngineErrors, KernelThatFailsToBuildCarriesItsBuildLog) {
    const std::string broken = "__kernel void broken(__global int *out) { out[0] = undeclared_name; }\n";
    try {
        test::engine().programs().program("broken-kernel", broken, "");
        FAIL() << "a kernel using an undeclared name built";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::BuildFailed);
        const std::string what = e.what();
        EXPECT_NE(what.find("'broken-kernel' failed to build"), std::string::npos) << what;
        EXPECT_NE(what.find("Build log"), std::string::npos) << what;
        EXPECT_NE(what.find("undeclared_name"), std::string::npos) << "the compiler's own words: " << what;
    }
}

TEST(EngineErrors, UnknownVariantIsBadInput) {
    RunConfig c;
    c.variant = "no-such-variant";
    c.n = 16;
    try {
        test::engine().run(c, makeInput(c.type, c.data, c.n, 1));
        FAIL() << "an unknown variant ran";
    } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::BadInput);
        EXPECT_NE(std::string(e.what()).find("reducelab variants"), std::string::npos) << e.what();
    }
}

TEST(EngineErrors, InputThatDoesNotMatchTheRequestIsRefused) {
    RunConfig c;
    c.n = 100;
    c.type = ElemType::Float;
    EXPECT_THROW(test::engine().run(c, makeInput(ElemType::Float, c.data, 99, 1)), Error);
    EXPECT_THROW(test::engine().trace(c, makeInput(ElemType::Int, c.data, 100, 1)), Error);
}

// best-gpu's atomic word holds an epoch and a 32-bit value: long and double are refused before any build, with why.
TEST(EngineErrors, AVariantWithoutRoomForSixtyFourBitElementsSaysSo) {
    if (!test::engine().device().int64Atomics) GTEST_SKIP() << "best-gpu needs cl_khr_int64_base_atomics";
    for (ElemType type : {ElemType::Long, ElemType::Double}) {
        RunConfig c;
        c.variant = "best-gpu";
        c.n = 100;
        c.type = type;
        try {
            test::engine().run(c, makeInput(type, DataPattern::Digits, c.n, 1));
            FAIL() << "best-gpu ran " << toString(type);
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::Unsupported);
            const std::string what = e.what();
            EXPECT_NE(what.find("'best-gpu' cannot reduce " + std::string(toString(type))), std::string::npos) << what;
            EXPECT_NE(what.find("no room for the epoch"), std::string::npos) << what;
        }
        EXPECT_THROW(test::engine().trace(c, makeInput(type, DataPattern::Digits, c.n, 1)), Error);
    }
}

}  // namespace
}  // namespace rl
