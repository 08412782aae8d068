// Replays the loader's regression corpus (tests/data/session-corpus: hand-made hostile files and inputs the fuzzer
// found): every file is either accepted or refused with rl::Error, never anything else. Files named valid_* must
// be accepted, bad_* refused with a message; fuzz_* may go either way.
#include <gtest/gtest.h>

#include "core/session/session.h"
#include "tests/support/session_test_util.h"

namespace rl {
namespace {

TEST(SessionCorpus, EveryFileIsAcceptedOrRefusedCleanly) {
    const auto files = test::corpusFiles();
    ASSERT_GE(files.size(), 20u) << "the corpus in " << RL_SESSION_CORPUS << " is missing";
    int accepted = 0, refused = 0;
    for (const std::string& name : files) {
        SCOPED_TRACE(name);
        const std::string text = test::readFile(test::corpusPath(name));
        bool ok = false;
        std::string message;
        try {
            const Session s = parseSession(text);
            ok = true;
            // An accepted session must survive being saved again unchanged.
            EXPECT_NO_THROW(serializeSession(s));
        } catch (const Error& e) {
            message = e.what();
        } catch (const std::exception& e) {
            ADD_FAILURE() << "refused with something other than rl::Error: " << e.what();
            continue;
        }
        if (name.rfind("valid_", 0) == 0) EXPECT_TRUE(ok) << message;
        if (name.rfind("bad_", 0) == 0) {
            EXPECT_FALSE(ok);
            EXPECT_NE(message.find("not a usable session"), std::string::npos) << message;
        }
        (ok ? accepted : refused)++;
    }
    EXPECT_GT(accepted, 0);
    EXPECT_GT(refused, 0);
}

TEST(SessionCorpus, LoadingFromDiskAgreesWithParsing) {
    for (const std::string& name : test::corpusFiles()) {
        bool parsed = true, loaded = true;
        try {
            parseSession(test::readFile(test::corpusPath(name)));
        } catch (const Error&) {
            parsed = false;
        }
        try {
            loadSession(test::corpusPath(name));
        } catch (const Error& e) {
            loaded = false;
            EXPECT_NE(std::string(e.what()).find(name), std::string::npos) << "the message names the file: " << e.what();
        }
        EXPECT_EQ(parsed, loaded) << name;
    }
}

}  // namespace
}  // namespace rl
