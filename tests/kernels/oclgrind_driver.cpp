// The program tests/kernels/oclgrind_test.cpp runs under `oclgrind --data-races --uninitialized`: one variant, one
// small size, on whatever platform the ICD loader shows it (under oclgrind, only Oclgrind's simulator). It prints
// the platform so the test can check oclgrind really intercepted it.
//   oclgrind_driver --list-correct            ids of the correct-by-design variants, one per line (no OpenCL)
//   oclgrind_driver --variant ID [--n N] [--wg WG] [--groups G] [--epi K] [--data PATTERN] [--bins B] [--trace]
// It runs the timed build, or with --trace the traced build, never both: Oclgrind 21.10's uninitialized-value
// checker keeps stale state across buffers freed and allocated again, so a trace after a run in one process
// reports values that are initialized.
// Exit codes: 0 ran, 3 the device cannot run the variant ("unavailable: <reason>"), 2 bad arguments, 1 failure.
#include <cstdlib>
#include <iostream>
#include <string>

#include "core/cl/engine.h"
#include "core/input.h"
#include "core/pattern.h"
#include "core/catalogue/variant_support.h"

namespace {

int drive(int argc, char** argv) {
    rl::RunConfig config;
    config.n = 256;
    config.wg = 64;
    config.type = rl::ElemType::Int;
    config.data = rl::DataPattern::Random;
    bool trace = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if (arg == "--list-correct") {
            for (const rl::PatternInfo& p : rl::allPatterns())
                for (const auto& v : p.variants())
                    if (v.correctByDesign) std::cout << v.id << "\n";
            return 0;
        } else if (arg == "--variant" && hasValue) {
            config.variant = argv[++i];
        } else if (arg == "--n" && hasValue) {
            config.n = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--wg" && hasValue) {
            config.wg = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--groups" && hasValue) {
            config.groups = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--epi" && hasValue) {
            config.elemsPerItem = std::atoi(argv[++i]);
        } else if (arg == "--data" && hasValue) {
            config.data = rl::parseDataPattern(argv[++i]).value_or(rl::DataPattern::Random);
        } else if (arg == "--bins" && hasValue) {
            config.bins = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--trace") {
            trace = true;
        } else {
            std::cerr << "oclgrind_driver: unknown argument '" << arg << "'\n";
            return 2;
        }
    }
    const rl::VariantInfo* v = rl::findVariant(config.variant);
    if (!v) {
        std::cerr << "oclgrind_driver: unknown variant '" << config.variant << "'\n";
        return 2;
    }
    const rl::DeviceInfo device = rl::selectDevice("0");
    std::cout << "platform: " << device.platform << "\ndevice: " << device.name << std::endl;
    if (const std::string why = rl::unavailableReason(*v, device); !why.empty()) {
        std::cout << "unavailable: " << why << std::endl;
        return 3;
    }
    rl::Engine engine(device);
    const rl::HostArray input = rl::makeInput(config.type, config.data, config.n, config.seed);
    if (trace) {
        const rl::TraceRun t = engine.trace(config, input);
        std::cout << "trace " << v->id << " n=" << config.n << " wg=" << config.wg << ": " << t.passes.size()
                  << " passes, result " << t.result << (t.correct ? " correct" : " WRONG") << std::endl;
    } else {
        const rl::RunResult r = engine.run(config, input, 0, 1);
        std::cout << "run " << v->id << " n=" << config.n << " wg=" << config.wg << ": result " << r.result
                  << " reference " << r.reference << (r.correct ? " correct" : " WRONG") << std::endl;
    }
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    try {
        return drive(argc, argv);
    } catch (const rl::Error& e) {
        std::cerr << "oclgrind_driver: " << e.what() << "\n";
        return 1;
    } catch (const std::exception& e) {
        std::cerr << "oclgrind_driver: " << e.what() << "\n";
        return 1;
    }
}
