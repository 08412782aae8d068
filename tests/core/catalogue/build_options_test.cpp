// Build options that depend on the device: a single pass numbers its tiles by work-group only in timed runs on a
// device that starts work-groups in order (the kernels' rl_lb_tile), and the device description keeps that property
// through a saved session's JSON.
#include <gtest/gtest.h>

#include "core/catalogue/build_options.h"
#include "core/catalogue/pass_plan.h"
#include "core/files/json_io.h"

namespace rl {
namespace {

bool groupOrder(const std::string& options) {
    return options.find("-D RL_GROUP_ORDER") != std::string::npos;
}

TEST(BuildOptions, SinglePassesTakeTilesInGroupOrderOnlyWhenTimedOnADeviceThatStartsGroupsInOrder) {
    RunConfig c;
    c.type = ElemType::Float;
    DeviceInfo inOrder;
    inOrder.type = "GPU";
    inOrder.startsGroupsInOrder = true;
    DeviceInfo anyOrder;
    anyOrder.type = "CPU";
    for (const char* id : {"decoupled-look-back", "chunked-look-back"}) {
        SCOPED_TRACE(id);
        const VariantInfo& v = *findVariant(id);
        EXPECT_TRUE(groupOrder(buildOptions(v, c, false, inOrder)));
        EXPECT_FALSE(groupOrder(buildOptions(v, c, true, inOrder))) << "a trace shows the tickets";
        EXPECT_FALSE(groupOrder(buildOptions(v, c, false, anyOrder))) << "elsewhere the ticket keeps the wait finite";
    }
    for (const char* id : {"reduce-then-scan", "blelloch", "best-gpu"}) {  // no look-back: no tiles to number
        SCOPED_TRACE(id);
        EXPECT_FALSE(groupOrder(buildOptions(*findVariant(id), c, false, inOrder)));
    }
}

TEST(BuildOptions, TheDevicesGroupOrderSurvivesItsJson) {
    DeviceInfo d;
    d.name = "a GPU";
    d.startsGroupsInOrder = true;
    EXPECT_TRUE(json::readDevice(json::device(d)).startsGroupsInOrder);
    d.startsGroupsInOrder = false;
    EXPECT_FALSE(json::readDevice(json::device(d)).startsGroupsInOrder);
    nlohmann::json older = json::device(d);
    older.erase("starts_groups_in_order");  // a session saved before the field: tickets, which work everywhere
    EXPECT_FALSE(json::readDevice(older).startsGroupsInOrder);
}

}  // namespace
}  // namespace rl
