// Shared fixture for device tests: one Engine on the default device (REDUCELAB_DEVICE selects another).
#pragma once
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>

#include "core/cl/engine.h"

namespace rl::test {

// Says once, on stderr, which device the tests run on: a machine with two platforms (a CPU's PoCL beside a GPU's
// driver) runs them on the first unless REDUCELAB_DEVICE names the other.
inline Engine& engine() {
    static std::unique_ptr<Engine> e = [] {
        auto made = std::make_unique<Engine>(selectDevice(""));
        std::fprintf(stderr, "[ device   ] %s (%s): REDUCELAB_DEVICE selects another\n", made->device().name.c_str(),
                     made->device().platform.c_str());
        return made;
    }();
    return *e;
}

// Whether the device accepts a traced launch of `variant` with work-groups of `wg` (NVIDIA's traced builds stop at
// 256 work-items); when not, *why holds the engine's refusal. Tests of larger work-groups skip those sizes.
inline bool tracedAccepts(const std::string& variant, size_t wg, std::string* why) {
    RunConfig c;
    c.variant = variant;
    c.wg = wg;
    c.n = wg;
    try {
        engine().validate(c, Engine::Purpose::Trace);
        return true;
    } catch (const Error& e) {
        if (e.kind() != ErrorKind::BadInput) throw;
        if (why) *why = e.what();
        return false;
    }
}

}  // namespace rl::test
