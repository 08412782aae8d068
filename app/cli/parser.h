// The command line's one parser (CLI11): a subcommand's options as text, its --help built from the same table, and
// CLI11's errors as one line that says what to do. What a value means is read afterwards, with the rules of
// core/files/run_settings.h (options.cpp), so the messages for bad values are those of every other reader.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace rl::cli {

// A subcommand as the parser sees it. `options` are names without "--"; a flag ends in '!' ("json!").
// `positionals`: how many bare words it takes (exercise show ID: the verb and an ID); 0 refuses any.
struct CommandSpec {
    std::string path;     // "run", "exercise": what follows `reducelab` in messages and the help
    std::string summary;  // one line, first in --help
    std::string details;  // the synopsis and explanation, last in --help
    std::vector<std::string> options;
    size_t positionals = 0;
};

struct ParsedArgs {
    bool help = false;
    std::string helpText;                    // when help: CLI11's help for the subcommand
    std::map<std::string, std::string> raw;  // option name -> value as given ("1" for a flag); the last one wins
    std::vector<std::string> positionals;
};

// Parses args (what follows the subcommand's name). Throws UsageError (options.h) for an unknown option, a missing
// value, a value given to a flag or an unexpected word.
ParsedArgs parseArgs(const CommandSpec& spec, const std::vector<std::string>& args);

// The value shown in --help for an option ("N", "ID") and its one-line description.
struct OptionDoc {
    std::string name;
    std::string value;  // empty for a flag
    std::string help;
};
const OptionDoc& optionDoc(const std::string& name);

}  // namespace rl::cli
