// Dispatch of reducelab's subcommands, their options and help (parsed by parser.h, CLI11), and the mapping of errors
// to one line and an exit code.
#include "app/cli/cli.h"

#include <cstring>
#include <iostream>

#include "app/cli/cmd_exercise.h"
#include "app/cli/commands.h"
#ifdef REDUCELAB_WITH_EXPORT
#include "app/cli/cmd_export.h"
#endif
#include "core/pattern.h"
#include "core/cl/devices.h"
#include "core/files/run_settings.h"
#include "core/types.h"

namespace rl::cli {
namespace {

// --json, --device and every run setting of core/files/run_settings.h (--groups: a fixed grid's work-groups; trace
// chooses the work-groups it records with --trace-group and --trace-groups).
std::vector<std::string> commonOptions() {
    std::vector<std::string> v = {"json!", "device"};
    for (const RunSettingSpec& s : runSettings())  // a flag (--exclusive) takes no value
        v.emplace_back(std::string(s.name) + (s.kind == SettingKind::Flag ? "!" : ""));
    return v;
}

struct Command {
    const char* name;
    const char* summary;
    int (*fn)(const Options&);
    std::vector<std::string> extra;
    const char* help;
};

const std::vector<Command>& commands() {
    static const std::vector<Command> list = {
        {"devices", "list OpenCL platforms and devices with their limits", cmdDevices, {},
         "reducelab devices [--json]\n  Every OpenCL device with compute units, work-group and memory limits, cache, "
         "SIMD width."},
        {"variants", "list the kernels of every pattern and what each teaches", cmdVariants, {},
         "reducelab variants [--device D] [--json]\n  Every kernel: Harris step, title, lesson, requirements, "
         "whether it is correct by design and whether the device can run it."},
        {"run", "run one kernel (any pattern's), time it, check it", cmdRun, {"repeats", "warmup", "kernel", "entry"},
         "reducelab run [--variant ID | --kernel FILE [--entry NAME]] [--n N] [--op sum|min|max] [--type int|float|long|double]\n"
         "              [--wg SIZE] [--data 0-9|0-99|random|ones|iota|floats|file:PATH] [--seed S] [--epi K]\n"
         "              [--final device|host]\n"
         "              [--repeats R] [--warmup W] [--device D] [--json]\n"
         "  --kernel FILE runs your own kernel, __kernel void NAME(__global const T *in, __global T *out,\n"
         "  const uint n, __local T *scratch), launched like the built-in trees (one partial per work-group,\n"
         "  then one work-group reduces the partials); --entry NAME picks it when the file has several.\n"
         "  Runs the clean kernel (W warm-up runs, then R timed runs; median/min/max from OpenCL event profiling),\n"
         "  and checks the result against the CPU reference (exact for int; Kahan-compensated for float).\n"
         "  Exit code 1 if a correct-by-design kernel returns a wrong result; wrong-by-design kernels report it."},
        {"trace", "record what local memory holds after every stage", cmdTrace, {"trace-group", "trace-groups", "kernel", "entry"},
         "reducelab trace [--variant ID | --kernel FILE [--entry NAME]] [--n N] [--op ..] [--type ..] [--wg SIZE]\n"
         "                [--simd W] [--banks B] [--bank-width BYTES] [--trace-group G] [--trace-groups C] [--device D] [--json]\n"
         "  --kernel FILE traces your own kernel where it records its stages with the macros of docs/kernels.md.\n"
         "  Runs the instrumented build of the same kernel source; the kernel writes local memory and each\n"
         "  work-item's reads and writes after every stage. Small inputs are recorded whole; larger ones for groups\n"
         "  [G, G+C) of the first pass. Prints per stage: active work-items, full/idle/divergent SIMD groups and the\n"
         "  bank-conflict degree (a model of the hardware, not counters)."},
        {"bench", "the Harris-style table: time, GB/s, speedups, % of copy", cmdBench,
         {"repeats", "warmup", "kernel", "entry", "timeout", "kernel-only!"},
         "reducelab bench [--variant all|ID,ID,..] [--kernel FILE [--entry NAME] [--timeout S] [--kernel-only]]\n"
         "                [--n N,N,..] [--type int|float|long|double] [--op ..] [--wg SIZE] [--repeats R] [--warmup W]\n"
         "                [--device D] [--json]\n"
         "  Defaults: every variant, N = 2^22 ints (Harris's table), R = 10, W = 2. Measures a copy kernel on the\n"
         "  same device and size as the ceiling. --kernel FILE adds your kernel as a row, after the variants given\n"
         "  (default with --kernel: the first step of the pattern's ladder, interleaved-divergent or hillis-steele,\n"
         "  which speedups are over). With --pattern scan, FILE is a scan kernel (docs/kernels.md).\n"
         "  Your kernel is timed in a child process stopped after --timeout seconds (default 120), so a kernel\n"
         "  that never ends or crashes the driver costs its row only. --kernel-only: your kernel's row alone\n"
         "  (no other variant, no copy kernel)."},
        {"check", "check your kernel: builds, right on every size, races, bounds, stages", cmdCheck,
         {"kernel", "entry", "model", "timeout", "no-sim!", "require-all!"},
         "reducelab check --kernel FILE [--entry NAME] [--op sum|min|max] [--type int|float|long|double] [--wg SIZE] [--n N]\n"
         "                [--model VARIANT] [--timeout SECONDS] [--no-sim] [--require-all] [--device D] [--json]\n"
         "  Builds the kernel on the device (compiler messages on your lines), runs it on sizes chosen to catch\n"
         "  the usual mistakes (1, 2, 3, a prime, a non-power-of-two, one work-group, several, three passes) for\n"
         "  every op and type it supports, against the CPU reference; runs it on Oclgrind, the OpenCL simulator,\n"
         "  which records its stages (no macros needed) and finds data races, reads of uninitialised memory,\n"
         "  out-of-bounds accesses and barrier divergence, each on a line of your file; prints each stage's\n"
         "  active work-items, divergent warps and bank conflicts; with --model VARIANT, the first stage and cell\n"
         "  where your trace differs from that built-in kernel's model. --n N: the size traced (default four\n"
         "  work-groups). The kernel runs in child processes stopped after --timeout seconds (default 30).\n"
         "  Where Oclgrind cannot run (not installed, --no-sim), its checks say `not checked` with why and how to\n"
         "  get them; --json gives every check's state (passed, failed, not_checked).\n"
         "  With --pattern scan, FILE is a scan kernel: each work-group scans its tile into `out` and writes the\n"
         "  tile's total to `sums` (docs/kernels.md); every element is checked, and --exclusive asks for the\n"
         "  exclusive scan.\n"
         "  Exit status: 0 every check that ran passed, 1 some failed (--require-all: or did not run), 2 bad\n"
         "  arguments or the kernel does not build."},
    };
    return list;
}

void printUsage(std::ostream& out) {
    std::string names;
    for (const PatternInfo& p : allPatterns()) names += (names.empty() ? "" : ", ") + p.name;
    out << "ReduceLab: parallel patterns (" << names << ") on real OpenCL devices, traced and timed.\n\n"
        << "usage: reducelab                 open the explorer (when built with the GUI)\n"
        << "       reducelab FILE            open a saved session (*.reducelab.json) in the explorer\n"
        << "       reducelab <command> [options]\n\ncommands:\n";
    for (const auto& c : commands()) out << "  " << c.name << std::string(10 - std::strlen(c.name), ' ') << c.summary << "\n";
    out << "  gui       open the explorer with options (see reducelab gui --help)\n"
        << "  export    export the tree as PNG, SVG, GIF or video, or in words (see reducelab export --help)\n"
        << "  exercise  the course: list, show, check your attempt, validate, grade (reducelab exercise --help)\n"
        << "\nreducelab <command> --help shows a command's options. Exit codes: 0 ok, 1 failure, 2 bad arguments.\n";
}

}  // namespace

CommandSpec commandSpec(const std::string& name) {
    for (const auto& c : commands())
        if (name == c.name) {
            CommandSpec spec{c.name, c.summary, c.help, commonOptions()};
            spec.options.insert(spec.options.end(), c.extra.begin(), c.extra.end());
            return spec;
        }
    throw UsageError("unknown command '" + name + "'; run reducelab --help");
}

bool isGuiRequest(int argc, char** argv) { return argc > 1 && std::strcmp(argv[1], "gui") == 0; }

int run(int argc, char** argv) {
    if (argc < 2 || !std::strcmp(argv[1], "help") || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h")) {
        printUsage(std::cout);
        return argc < 2 ? 2 : 0;
    }
    if (!std::strcmp(argv[1], "export")) {
#ifdef REDUCELAB_WITH_EXPORT
        return runExport(argc, argv);
#else
        std::cerr << "reducelab: this build has no export (it was configured with REDUCELAB_GUI=OFF and without "
                     "FreeType, giflib and stb); install libfreetype-dev, libgif-dev and libstb-dev for SVG, or "
                     "rebuild with the GUI (scripts/run or scripts/test) for PNG, SVG and GIF\n";
        return 1;
#endif
    }
    if (!std::strcmp(argv[1], "exercise")) return runExercise(argc, argv);
    const Command* command = nullptr;
    for (const auto& c : commands())
        if (!std::strcmp(argv[1], c.name)) command = &c;
    try {
        if (!command) throw UsageError(std::string("unknown command '") + argv[1] + "'; run reducelab --help");
        const Options o = parseOptions(commandSpec(command->name), argc, argv);
        if (o.help) {
            std::cout << o.helpText;
            return 0;
        }
        return command->fn(o);
    } catch (const UsageError& e) {
        std::cerr << "reducelab: " << e.what() << "\n";
        return 2;
    } catch (const Error& e) {
        std::cerr << "reducelab: " << e.what() << "\n";
        return e.kind() == ErrorKind::BadInput ? 2 : 1;
    } catch (const cl::Error& e) {
        std::cerr << "reducelab: OpenCL call " << e.what() << " failed with error " << e.err() << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "reducelab: " << e.what() << "\n";
        return 1;
    }
}

}  // namespace rl::cli
