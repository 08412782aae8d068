// What Compare puts beside the shown variant, and what it and the workbench offer: the variants of the shown
// variant's own pattern, for every pattern (a histogram's Compare opened on reductions before).
#include <gtest/gtest.h>

#include "app/gui/state/explorer_state.h"
#include "core/pattern.h"

namespace rl::gui {
namespace {

TEST(ComparePartner, IsThePatternsNaiveStartOrBesideThatItsDefault) {
    EXPECT_EQ(comparePartner("sequential"), "interleaved-divergent");
    EXPECT_EQ(comparePartner("interleaved-divergent"), "sequential");
    EXPECT_EQ(comparePartner("privatized"), "global-atomics") << "the histogram's lecture: contention, then privatized";
    EXPECT_EQ(comparePartner("global-atomics"), "privatized");
    EXPECT_EQ(comparePartner("coarsened-vector"), "global-atomics");
    EXPECT_EQ(comparePartner("blelloch"), "hillis-steele");
    EXPECT_EQ(comparePartner("hillis-steele"), "blelloch");
}

TEST(ComparePartner, TheListBesideAVariantIsItsOwnPatterns) {
    for (const PatternInfo& p : allPatterns())
        for (const VariantInfo& v : p.variants()) {
            EXPECT_EQ(findVariant(comparePartner(v.id))->pattern, v.pattern) << v.id;
            EXPECT_NE(comparePartner(v.id), v.id) << v.id;
            for (const VariantInfo& beside : variantsBeside(v.id)) EXPECT_EQ(beside.pattern, v.pattern) << v.id;
        }
}

}  // namespace
}  // namespace rl::gui
