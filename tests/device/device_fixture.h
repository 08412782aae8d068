// Shared fixture for device tests: one Engine on the default device (REDUCELAB_DEVICE selects another).
#pragma once
#include <gtest/gtest.h>

#include <memory>

#include "core/cl/engine.h"

namespace rl::test {

inline Engine& engine() {
    static std::unique_ptr<Engine> e = std::make_unique<Engine>(selectDevice(""));
    return *e;
}

}  // namespace rl::test
