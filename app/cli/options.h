// Command-line options shared by the subcommands, parsed strictly: an unknown option or a malformed value is an
// error that names the option and what to give instead.
#pragma once
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/cli/parser.h"
#include "core/run_config.h"
#include "core/catalogue/variant.h"
#include "core/workbench/kernel_signature.h"

namespace rl::cli {

// A bad command line: exit code 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct Options {
    std::string command;
    bool json = false;
    bool help = false;
    std::string helpText;                // when help: the subcommand's --help
    std::string device;                  // --device INDEX|NAME-SUBSTRING
    Pattern pattern = Pattern::Reduce;   // --pattern, or the pattern of --variant
    RunConfig config;                    // --variant --n --op --type --wg --data --seed --epi --final --simd --banks --bank-width
    std::vector<std::string> variants;   // bench: --variant a,b,c or all
    std::vector<size_t> sizes;           // bench: --n 2^20,2^22
    int repeats = -1, warmup = -1;       // -1: the subcommand's default
    size_t traceGroup = 0, traceGroups = 1;
    std::map<std::string, std::string> raw;  // every option as given, for subcommands with extra ones
    std::string kernelText;                   // --kernel FILE's text, read once
    std::optional<workbench::SignatureCheck> kernel;  // what was found in it (absent: the file could not be read)
};

// Parses argv[2..], the options of subcommand argv[1] described by `spec` (parser.h), then reads their values with
// the rules of core/files/run_settings.h.
Options parseOptions(const CommandSpec& spec, int argc, char** argv);

// The variant a command runs: --kernel FILE [--entry NAME] (a student's kernel, core/workbench/student_kernel.h)
// or --variant ID. Throws rl::Error (BadInput) for a bad file or signature.
VariantInfo chosenVariant(const Options& o);

// Values of run settings and other numbers are read with core/files/run_settings.h (rl::Error BadInput: exit status 2).

}  // namespace rl::cli
