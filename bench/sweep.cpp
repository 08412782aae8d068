// The tuning sweep: one small table per variant and size, rows = work-group sizes, columns = groups per compute unit.
#include "bench/sweep.h"

#include <cstdio>
#include <iostream>

#include "bench/reducelab_methods.h"
#include "bench/report.h"

namespace rl::bench {

int runSweep(Engine& engine, const std::vector<size_t>& sizes, const BenchOptions& o) {
    const DeviceInfo& dev = engine.device();
    const Timing timing =
        o.timing == "wall" || (o.timing == "auto" && dev.type == "CPU") ? Timing::Wall : Timing::Device;
    const std::vector<int> perUnit = {1, 2, 4, 8, 16, 32};
    std::vector<size_t> wgs;
    for (size_t wg = dev.type == "CPU" ? 16 : 64; wg <= std::min<size_t>(1024, dev.maxWorkGroup); wg *= 2)
        wgs.push_back(wg);
    for (size_t n : sizes) {
        const HostArray input = makeInput(ElemType::Float, DataPattern::Random, n, o.seed);
        const Reference ref = computeReference(input, Op::Sum);
        DeviceData data{input, ref, engine.upload(input)};
        const Measurement copy = measureCopyCeiling(engine, n, o.warmup, o.repeats);
        for (const auto& id : o.variants) {
            const VariantInfo* v = findVariant(id);
            if (!v || v->groupsPerComputeUnit == 0) continue;
            std::cout << "\n"
                      << id << " at " << sizeLabel(n) << " floats, " << toString(timing)
                      << " timing, GB/s (copy kernel " << copy.gbps() << " GB/s read + written); columns = groups per "
                      << "compute unit (" << dev.computeUnits << " units)\n";
            std::printf("%8s", "wg");
            for (int g : perUnit) std::printf("%10d", g);
            std::printf("\n");
            // Every configuration in one round-robin, so that the machine's load hits them all alike.
            std::vector<Method> all;
            for (size_t wg : wgs)
                for (int g : perUnit)
                    all.push_back(makeVariant(engine, id, {wg, size_t(g) * size_t(dev.computeUnits), 0}, data));
            const auto results = timeMethods(all, timing, o.warmup, o.repeats, ref, dev.type == "CPU");
            for (size_t w = 0; w < wgs.size(); ++w) {
                std::printf("%8zu", wgs[w]);
                for (size_t g = 0; g < perUnit.size(); ++g) {
                    const Measurement& m = results[w * perUnit.size() + g];
                    if (m.skipped)
                        std::printf("%10s", "skip");
                    else if (!m.correct)
                        std::printf("%10s", "WRONG");
                    else
                        std::printf("%10.1f", m.gbps());
                }
                std::printf("\n");
            }
            std::fflush(stdout);
        }
    }
    return 0;
}

}  // namespace rl::bench
