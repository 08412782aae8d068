// Shared by the simulator tests: a host array as doubles (the model's input), and a simulated run's stages
// compared with a model's, pass by pass and group by group.
#pragma once
#include <gtest/gtest.h>

#include <vector>

#include "core/input.h"
#include "core/sim/simulator.h"

namespace rl::test {

inline std::vector<double> doubles(const HostArray& a) {
    std::vector<double> v(a.size());
    for (size_t i = 0; i < a.size(); ++i) v[i] = a.at(i);
    return v;
}

// Labels and values of every stage; with `groupsAndFirstOps`, also each group's index and the first pass's
// operations (which equal the model's wherever every work-group is full).
inline void expectStagesEqualModel(const sim::SimRun& run, const std::vector<PassTrace>& model, bool groupsAndFirstOps) {
    ASSERT_EQ(run.passes.size(), model.size());
    for (size_t p = 0; p < model.size(); ++p) {
        ASSERT_EQ(run.passes[p].traced.size(), model[p].traced.size()) << "pass " << p;
        for (size_t g = 0; g < model[p].traced.size(); ++g) {
            const auto& got = run.passes[p].traced[g];
            const auto& want = model[p].traced[g];
            if (groupsAndFirstOps) EXPECT_EQ(got.group, want.group);
            ASSERT_EQ(got.stages.size(), want.stages.size()) << "pass " << p << " group " << g;
            for (size_t s = 0; s < want.stages.size(); ++s) {
                EXPECT_EQ(got.stages[s].label, want.stages[s].label) << "pass " << p << " group " << g << " stage " << s;
                EXPECT_EQ(got.stages[s].values, want.stages[s].values) << "pass " << p << " group " << g << " stage " << s;
                if (groupsAndFirstOps && p == 0)
                    EXPECT_EQ(got.stages[s].ops, want.stages[s].ops) << "pass " << p << " stage " << s;
            }
        }
    }
}

}  // namespace rl::test
