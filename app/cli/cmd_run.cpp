// reducelab run: one full reduction on the device, per-pass timings, and the verdict against the CPU reference.
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/table.h"
#include "core/cl/engine.h"
#include "core/files/json_io.h"
#include "core/pattern.h"

namespace rl::cli {

int cmdRun(const Options& o) {
    const RunConfig& c = o.config;
    const VariantInfo v = chosenVariant(o);  // --variant ID, or --kernel FILE: a student's kernel
    Engine engine(selectDevice(o.device));
    engine.fits(c.n, c.type);  // before allocating the input
    engine.validate(v, c, Engine::Purpose::Run);
    const HostArray input = makeInput(c);
    const RunResult r = engine.run(v, c, input, o.warmup < 0 ? 1 : o.warmup, o.repeats < 0 ? 5 : o.repeats);
    if (o.json) {
        auto j = json::runResult(r);
        j["correct_by_design"] = v.correctByDesign;
        std::cout << j.dump(2) << "\n";
    } else {
        std::cout << "variant   " << v.id << " (" << v.title << ")\n"
                  << "device    " << engine.device().platform << " / " << r.device << "\n"
                  << "input     N = " << c.n << " " << toString(c.type) << ", " << toString(c.data) << " (seed "
                  << c.seed << "), " << patternInfo(r.pattern).problemWords(c) << ", work-group " << c.wg << "\n\n";
        Table t({"pass", "n", "groups", "global", "local", "median ms", "min ms", "max ms"});
        for (size_t p = 0; p < r.passes.size(); ++p) {
            const auto& pt = r.passes[p];
            if (pt.plan.inPreviousLaunch)  // no launch, no event of its own
                t.add({std::to_string(p), std::to_string(pt.plan.n), std::to_string(pt.plan.groups),
                       std::to_string(pt.plan.global), std::to_string(pt.plan.local), "in pass 0",
                       "(last group", "to start)"});
            else
                t.add({pt.role.empty() ? std::to_string(p) : pt.role, std::to_string(pt.plan.n), std::to_string(pt.plan.groups),
                       std::to_string(pt.plan.global), std::to_string(pt.plan.local), fixed(pt.medianMs, 4),
                       fixed(pt.minMs, 4), fixed(pt.maxMs, 4)});
        }
        t.print(std::cout);
        std::cout << "\ntotal     " << fixed(r.medianMs, 4) << " ms median of " << r.repeats << " (min "
                  << fixed(r.minMs, 4) << ", max " << fixed(r.maxMs, 4) << "), " << fixed(r.gbps(), 2)
                  << " GB/s effective\n";
        if (c.finalOnHost) std::cout << "host      " << fixed(r.hostFinalMs, 4) << " ms to reduce the last partials\n";
        const std::string noun = patternInfo(r.pattern).resultNoun;
        std::cout << noun << std::string(noun.size() < 10 ? 10 - noun.size() : 1, ' ') << number(r.result)
                  << "   reference " << number(r.reference) << "\n"
                  << "verdict   " << (r.correct ? "CORRECT" : "WRONG") << ": " << r.verdict << "\n";
    }
    // A wrong result from a correct-by-design kernel is a failure; a wrong-by-design kernel is expected to show it.
    return (r.correct || !v.correctByDesign) ? 0 : 1;
}

}  // namespace rl::cli
