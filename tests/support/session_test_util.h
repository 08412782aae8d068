// Helpers shared by the session tests: reading files, the corpus, and a bit-for-bit comparison of sessions.
#pragma once
#include <string>
#include <vector>

#include "core/session/session.h"

namespace rl::test {

std::string readFile(const std::string& path);
std::vector<std::string> corpusFiles();  // every file of tests/data/session-corpus, sorted
std::string corpusPath(const std::string& name);

// Whether two doubles have the same bits (so -0.0 differs from 0.0; NaN equals NaN only with the same payload).
bool sameBits(double a, double b);

// Adds a gtest failure for every field in which the two sessions differ (values compared bit for bit).
void expectSameSession(const Session& a, const Session& b);
void expectSameTrace(const TraceRun& a, const TraceRun& b);

}  // namespace rl::test
