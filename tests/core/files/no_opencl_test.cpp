// A session opens on a machine with no OpenCL device at all: ctest runs this with the ICD loader pointed at an
// empty vendor directory, so no platform exists, and the loader must still open every valid session.
#include <gtest/gtest.h>

#include "core/cl/devices.h"
#include "core/session/session.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

TEST(SessionWithoutOpenCL, NoDeviceIsVisible) {
    bool sawDevice = false;
    try {
        sawDevice = !listDevices().empty();
    } catch (const std::exception&) {
        sawDevice = false;  // no platform: what this test wants
    }
    EXPECT_FALSE(sawDevice) << "this test must run without an OpenCL device (OCL_ICD_VENDORS is set by ctest)";
}

TEST(SessionWithoutOpenCL, ValidSessionsOpenAndShowTheirTrace) {
    int opened = 0;
    for (const std::string& name : test::corpusFiles()) {
        if (name.rfind("valid_", 0) != 0) continue;
        const Session s = loadSession(test::corpusPath(name));
        EXPECT_FALSE(s.trace.passes.empty()) << name;
        EXPECT_FALSE(s.trace.passes[0].traced[0].stages.empty()) << name;
        EXPECT_FALSE(s.device.name.empty()) << name;
        ++opened;
    }
    EXPECT_GE(opened, 2);
}

}  // namespace
}  // namespace rl
