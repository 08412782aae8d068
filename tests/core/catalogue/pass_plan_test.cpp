// Pass plans that must end: a work-group size that cannot shrink the input is refused with what to give instead
// (a work-group of one work-item with one element each leaves one partial per input, for ever).
#include <gtest/gtest.h>

#include "core/catalogue/pass_plan.h"
#include "core/types.h"

namespace rl {
namespace {

TEST(PassPlan, AWorkGroupOfOneThatCannotShrinkTheInputIsRefused) {
    RunConfig c;
    c.n = 64;
    c.wg = 1;
    for (const char* id : {"sequential", "interleaved-divergent", "interleaved-strided"}) {
        SCOPED_TRACE(id);
        try {
            planPasses(*findVariant(id), c);
            FAIL() << "a plan that never ends was made";
        } catch (const Error& e) {
            EXPECT_EQ(e.kind(), ErrorKind::BadInput);
            EXPECT_NE(std::string(e.what()).find("give --wg 2 or more"), std::string::npos) << e.what();
        }
    }
}

TEST(PassPlan, AWorkGroupOfOneStillWorksWhereItShrinksTheInput) {
    RunConfig c;
    c.n = 64;
    c.wg = 1;
    const auto firstAdd = planPasses(*findVariant("first-add"), c);  // two elements per work-item: halves each pass
    EXPECT_EQ(firstAdd.back().groups, 1u);
    c.n = 1;
    EXPECT_EQ(planPasses(*findVariant("sequential"), c).size(), 1u);  // one element: one pass
    c.n = 64;
    c.wg = 2;
    EXPECT_EQ(planPasses(*findVariant("sequential"), c).size(), 6u);
}

}  // namespace
}  // namespace rl
