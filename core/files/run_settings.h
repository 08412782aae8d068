// One rule for each run setting (pattern, variant, n, op, type, wg, data, seed, epi, simd, banks, bank-width, final,
// groups, exclusive, bins, range),
// shared by every reader: the command line, the explorer's options and script verbs, the bench, the settings file
// and sessions. A bad value throws rl::Error (BadInput) naming the setting as the user wrote it, what was wrong and
// what to give instead.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/run_config.h"

namespace rl {

// The range of an integer setting ("wg" 1..65536, "seed" 0..2^53, ...), for readers of JSON numbers.
struct SettingRange {
    long long lo, hi;
};

enum class SettingKind {
    Word,     // a name from a list, or a file (pattern, variant, op, type, data, final)
    Size,     // n: 1048576, 2^20, 1M
    Integer,  // a whole number in its range
    Flag,     // on or off: a bare option on the command line (--exclusive), "on"/"off" in files and scripts
};

// One run setting, declared once: every front end (the command line's options and --help, the explorer's options,
// the script's set:, the bench, the settings file, sessions) takes its name, value name, help and range from here.
struct RunSettingSpec {
    std::string_view name;   // the option (--bank-width), the script's key (set:bank-width), the settings file's key
    std::string_view value;  // how --help names the value ("SIZE", "sum|min|max")
    std::string_view help;   // what it sets, one line
    std::string_view zero;   // an integer whose 0 means something: what ("the device's"); empty: none
    SettingKind kind;
    SettingRange range;        // Integer and Size
    std::string_view byDefault;  // the one default, as the user would give it: what every front end starts from
    std::string_view choices = {};  // where the explorer offers a list: its values, '|'-separated ("8|16|32|64")
};

// Every run setting, in the order the help lists them.
const std::vector<RunSettingSpec>& runSettings();
// Every setting at its default (RunSettingSpec::byDefault): what the command line, export, the explorer, its settings
// file and sessions start from, so that a setting left out means the same everywhere. The defaults are the explorer's
// first screen: 64 small integers (0-9) summed by sequential addressing in work-groups of 16, the values a room can
// read and check; a histogram of them takes numpy's default of 10 bins over the data's range.
const RunConfig& defaultRunConfig();
// The setting called `name`, or nullptr.
const RunSettingSpec* findRunSetting(std::string_view name);
SettingRange settingRange(std::string_view name);
// The values a front end offers for a setting as a list: its choices, else the words of its value name
// ("sum|min|max"); empty for a free value (n, wg, seed, ...).
std::vector<std::string> settingChoices(std::string_view name);
// Whether `name` is one of the run settings above.
bool isRunSetting(std::string_view name);
// "n, op, type, wg, ...": the names, for messages that list them.
std::string runSettingNames();
// The help line of a setting with what its 0 means and, when `withDefault`, its default.
std::string settingHelp(const RunSettingSpec& s, bool withDefault);
// A setting's value in `config` as the user would give it ("2^20" is given back as 1048576, "file:PATH" as such):
// setRunSetting(c, name, settingText(c, name), ...) changes nothing.
std::string settingText(const RunConfig& config, std::string_view name);

// Sets one setting of `config` from text. `shown` is how the user named it, for the message ("--wg", "set:wg").
// "data" takes a pattern name or file:PATH; a file is read at once (with config.type) and sets config.n to its count.
void setRunSetting(RunConfig& config, std::string_view name, std::string_view text, std::string_view shown);

// A histogram's range as --range takes it: "0,256", "-1.5,2.25" (each number as short as reads back the same).
std::string formatRange(double lo, double hi);
// A whole number in [lo, hi].
long long parseInteger(std::string_view shown, std::string_view text, long long lo, long long hi);
// A size of at least 1: 1048576, 2^20, 1M (K, M, G are powers of two), at most 2^40.
size_t parseSize(std::string_view shown, std::string_view text);
// A comma-separated list of sizes.
std::vector<size_t> parseSizeList(std::string_view shown, std::string_view text);
// An integer setting's value checked against settingRange(name); for values that arrive as numbers (JSON).
long long checkedSetting(std::string_view name, long long value, std::string_view shown);

}  // namespace rl
