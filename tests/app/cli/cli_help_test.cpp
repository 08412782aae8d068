// The command line's parser (app/cli/parser.cpp, CLI11): --help for every subcommand lists its options, and the
// parser's own rules (the last of a repeated option wins, --name=value, words that are not options refused).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/support/cli_run.h"

namespace {

using rl::test::Outcome;
using rl::test::runCli;

struct HelpCase {
    const char* command;
    std::vector<const char*> options;
};

TEST(CliHelp, EverySubcommandListsItsOptions) {
    const std::vector<HelpCase> cases = {
        {"devices", {"--json"}},
        {"variants", {"--device D", "--json"}},
        {"run", {"--variant ID", "--kernel FILE", "--entry NAME", "--n N", "--op sum|min|max", "--type int|float",
                 "--wg SIZE", "--data PATTERN", "--seed S", "--epi K", "--final device|host", "--repeats R",
                 "--warmup W", "--device D", "--json"}},
        {"trace", {"--variant ID", "--kernel FILE", "--simd W", "--banks B", "--bank-width BYTES", "--trace-group G",
                   "--trace-groups C", "--groups G"}},
        {"bench", {"--variant ID", "--kernel FILE", "--timeout SECONDS", "--kernel-only", "--repeats R"}},
        {"check", {"--kernel FILE", "--model VARIANT", "--timeout SECONDS", "--no-sim"}},
        {"exercise", {"--exercises DIR", "--starter", "--hint K", "--solution", "--format-only", "--record",
                      "--reveal", "--gradescope FILE", "--classroom FILE", "--csv FILE", "--kernel FILE"}},
#ifdef REDUCELAB_WITH_EXPORT
        {"export", {"--session FILE", "--stage K|all", "--format png|svg|gif", "--scale S", "--out PATH",
                    "--theme NAME", "--transparent", "--load-at-bottom", "--no-values", "--no-caption", "--delay MS"}},
#endif
    };
    for (const auto& c : cases)
        for (const char* flag : {"--help", "-h"}) {
            const Outcome o = runCli({c.command, flag});
            EXPECT_EQ(o.rc, 0) << c.command << " " << flag << ": " << o.err;
            EXPECT_EQ(o.err, "") << c.command;
            EXPECT_NE(o.out.find(std::string("Usage: reducelab ") + c.command), std::string::npos) << o.out;
            for (const char* option : c.options)
                EXPECT_NE(o.out.find(option), std::string::npos) << c.command << " --help lacks " << option;
            // The synopsis and the explanation follow the options.
            EXPECT_NE(o.out.find(std::string("reducelab ") + c.command + " ["), std::string::npos) << o.out;
        }
    // An option a subcommand does not take is not in its help.
    EXPECT_EQ(runCli({"devices", "--help"}).out.find("--repeats"), std::string::npos);
}

TEST(CliParser, TheLastOfARepeatedOptionWins) {
    const Outcome o = runCli({"run", "--n", "1024", "--n", "0"});
    EXPECT_EQ(o.rc, 2);
    EXPECT_NE(o.err.find("--n: the size must be at least 1"), std::string::npos) << o.err;
}

TEST(CliParser, NameEqualsValueIsOneOption) {
    const Outcome o = runCli({"run", "--op=mean"});
    EXPECT_EQ(o.rc, 2);
    EXPECT_NE(o.err.find("--op: 'mean' is not an operation; give sum, min or max"), std::string::npos) << o.err;
    const Outcome unknown = runCli({"trace", "--frobnicate=3"});
    EXPECT_EQ(unknown.rc, 2);
    EXPECT_NE(unknown.err.find("unknown option --frobnicate for 'reducelab trace'"), std::string::npos) << unknown.err;
}

TEST(CliParser, WordsThatAreNotOptionsAreRefused) {
    for (const char* word : {"foo", "-x"}) {
        const Outcome o = runCli({"run", word});
        EXPECT_EQ(o.rc, 2) << word;
        EXPECT_NE(o.err.find(std::string("unexpected argument '") + word + "': options start with --"),
                  std::string::npos)
            << o.err;
        EXPECT_EQ(o.out, "");
    }
}

TEST(CliParser, ExerciseFlagsAndValuesKeepTheirMessages) {
    Outcome o = runCli({"exercise", "list", "--json=yes"});
    EXPECT_EQ(o.rc, 2);
    EXPECT_NE(o.err.find("--json takes no value"), std::string::npos) << o.err;
    o = runCli({"exercise", "show", "--hint"});
    EXPECT_EQ(o.rc, 2);
    EXPECT_NE(o.err.find("--hint needs a value"), std::string::npos) << o.err;
    o = runCli({"exercise", "list", "--frobnicate"});
    EXPECT_EQ(o.rc, 2);
    EXPECT_NE(o.err.find("unknown option --frobnicate for 'reducelab exercise'"), std::string::npos) << o.err;
}

}  // namespace
