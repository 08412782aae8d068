// reducelab trace: the traced build of the kernel, what each stage did, and the hardware model's reading of it.
#include <algorithm>
#include <chrono>
#include <iostream>

#include "app/cli/commands.h"
#include "app/cli/table.h"
#include "core/pattern.h"
#include "core/model/analysis.h"
#include "core/model/look_back.h"
#include "core/check/simulator_process.h"
#include "core/cl/engine.h"
#include "core/files/json_io.h"
#include "core/catalogue/pass_plan.h"
#include "core/workbench/diagnostics.h"
#include "core/workbench/student_kernel.h"

namespace rl::cli {
namespace {

// A student's kernel without the recording macros: its stages recorded on Oclgrind by reducelab-sim.
TraceRun traceOnSimulator(const Options& o, const VariantInfo& v) {
    const RunConfig& c = o.config;
    if (c.n > 65536)
        throw Error(ErrorKind::BadInput, "--n " + std::to_string(c.n) + ": a kernel without the recording macros is "
                                         "traced on Oclgrind, the simulator, up to 65536 elements; give a smaller "
                                         "--n, or record the stages with the macros (docs/kernels.md)");
    workbench::CheckRequest request;
    request.file = o.raw.at("kernel");
    request.text = workbench::readKernelFile(request.file);
    request.file = workbench::displayName(request.file);
    request.entry = o.raw.count("entry") ? o.raw.at("entry") : "";
    request.pattern = v.pattern;
    request.kernel = o.kernel;  // as the options read it: the simulator does not read the text again
    request.config = c;
    request.allOpsAndTypes = false;
    const std::string simulator = check::simulatorPath();
    if (simulator.empty())
        throw Error(ErrorKind::Unsupported, "'" + v.kernelName + "' records no stages of its own, and reducelab-sim "
                                            "(which records them on Oclgrind) is not beside this binary");
    const check::SimulatorOutcome sim = check::runSimulator(simulator, request);
    for (const auto& e : sim.events)
        if (e.value("event", "") == "sim" && e.contains("trace")) {
            TraceRun t = json::readTrace(e.at("trace"));
            t.simdWidth = c.simdWidth > 0 ? c.simdWidth : 32;
            t.banks = c.banks;
            t.bankWidthBytes = c.bankWidthBytes;
            analyzeTrace(t);
            return t;
        }
    throw Error(ErrorKind::DeviceFailure, "tracing '" + v.kernelName + "' on Oclgrind failed: the simulator " +
                                              sim.child.describe() + (sim.child.err.empty() ? "" : ": " + sim.child.err) +
                                              " (`reducelab check --kernel` says more)");
}

// decoupled-look-back's log: when each tile published A and P, what it read (newest first: the predecessor and the
// status it saw; in brackets the reads of a window past the first P, not combined) and how long it waited.
void printLookBack(const TraceRun& t) {
    const LookBackTimeline tl = lookBackTimeline(t.lookBack, t.passes.front().groups, t.lookBackDropped, t.op, t.type);
    std::cout << "\nlook-back: " << tl.length << " entries in the log, numbered in the order the work-groups drew "
              << "from one counter (times below are places in it)\n";
    Table table({"tile", "work-group", "ticket", "A at", "P at", "read (newest first)", "depth", "X polls",
                 "aggregate", "offset"});
    const size_t shown = std::min<size_t>(tl.tiles.size(), 32);
    for (size_t i = 0; i < shown; ++i) {
        const TileLookBack& tile = tl.tiles[i];
        std::vector<const TileRead*> reads;
        for (const auto& r : tile.reads) reads.push_back(&r);
        std::sort(reads.begin(), reads.end(), [](auto a, auto b) { return a->predecessor > b->predecessor; });
        std::string read;
        for (const TileRead* r : reads) {
            const std::string one = std::to_string(r->predecessor) + statusLetter(r->seen);
            read += (read.empty() ? "" : " ") + (r->combined ? one : "(" + one + ")");
        }
        auto at = [](int a) { return a < 0 ? std::string("-") : std::to_string(a); };
        table.add({std::to_string(tile.tile), std::to_string(tile.group), at(tile.ticketAt), at(tile.aggregateAt),
                   at(tile.prefixAt), read.empty() ? "-" : read, std::to_string(tile.depth),
                   std::to_string(tile.polls), number(tile.aggregate), number(tile.exclusive)});
    }
    table.print(std::cout);
    if (shown < tl.tiles.size()) std::cout << "(" << tl.tiles.size() - shown << " more tiles in --json's look_back)\n";
    const auto problems = lookBackProblems(tl, t.op, t.type);
    std::cout << "protocol  " << (problems.empty() ? "kept: every tile published A then P, read only what its "
                                                      "predecessors had published, and combined it in order"
                                                    : problems.front())
              << "\n";
}

}  // namespace

int cmdTrace(const Options& o) {
    const RunConfig& c = o.config;
    const VariantInfo v = chosenVariant(o);  // --variant ID, or --kernel FILE: a student's kernel
    TraceRun t;
    double recordMs = 0;
    if (!v.recordsStages) {
        const auto start = std::chrono::steady_clock::now();
        t = traceOnSimulator(o, v);
        recordMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    } else {
        Engine engine(selectDevice(o.device));
        engine.fits(c.n, c.type);  // before allocating the input (a size past the device memory)
        engine.validate(v, c, Engine::Purpose::Trace);
        const HostArray input = makeInput(c);
        TraceSelection sel;
        sel.firstGroup = o.traceGroup;
        sel.groupCount = o.traceGroups;
        const auto start = std::chrono::steady_clock::now();  // kernels were built by validate(): not timed here
        t = engine.trace(v, c, input, sel);
        recordMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    }
    size_t stages = 0, groups = 0;
    for (const auto& p : t.passes) {
        groups += p.traced.size();
        for (const auto& g : p.traced) stages += g.stages.size();
    }
    if (o.json) {
        auto j = json::trace(t);
        j["record_ms"] = recordMs;
        std::cout << j.dump() << "\n";
        return (t.correct || !v.correctByDesign) ? 0 : 1;
    }
    std::cout << "variant   " << v.id << " (" << v.title << ")\n"
              << "device    " << t.device << ", SIMD width " << t.simdWidth << ", " << t.banks << " banks x "
              << t.bankWidthBytes << " bytes\n"
              << "input     N = " << t.n << " " << toString(t.type) << ", " << patternInfo(v.pattern).problemWords(c)
              << ", work-group " << t.wg << "\n";
    const PatternInfo& info = patternInfo(v.pattern);
    auto heading = [](const std::string& word) { return word + std::string(word.size() < 10 ? 10 - word.size() : 1, ' '); };
    if (info.exclusiveForm) std::cout << heading(info.name) << (t.exclusive ? "exclusive" : "inclusive") << "\n";
    bool fusedSeen = false;  // some stage shown had work-items doing two operations
    for (const auto& p : t.passes) {
        // A tiled scan's passes are its levels: the input's tiles, then the tiles' totals, ...; other scans' are
        // their launches.
        std::cout << "\n" << (v.kind == VariantKind::ScanTiles ? "level" : info.launchNoun) << " " << p.pass << ": " << p.n << " elements, " << p.groups << " work-groups, "
                  << p.traced.size() << " recorded";
        if (v.kind == VariantKind::LastGroup && p.pass > 0)
            std::cout << " (inside pass 0's launch: " << finishingRole(size_t(p.pass), t.passes.size(), p.local) << ")";
        if (p.traced.empty()) {
            std::cout << "\n";
            continue;
        }
        const GroupTrace& g = p.traced.front();
        int levelOps = 0;
        std::cout << "; group " << g.group << " shown\n";
        // The ops column, where the pattern counts them (a scan's: Hillis-Steele's n log n against Blelloch's 2n).
        // ... and the contention column, where the pattern's writes may queue on one cell (a histogram's atomics).
        auto columns = [&info](std::vector<std::string> r) {
            if (!info.showsContention) r.erase(r.begin() + 8);
            if (!info.countsOperations) r.erase(r.begin() + 3);
            return r;
        };
        Table table(columns({"stage", "label", "active", "ops", "full warps", "idle warps", "divergent", "conflict",
                             "same " + info.words.cell,
                             v.sortsTileKeys ? std::string("first keys") : "first " + info.words.cell + "s"}));
        for (size_t s = 0; s < g.stages.size(); ++s) {
            const Stage& st = g.stages[s];
            std::string cells;
            for (size_t i = 0; i < std::min<size_t>(8, st.values.size()); ++i) cells += (i ? " " : "") + number(st.values[i]);
            if (st.values.size() > 8) cells += " ...";
            // A fused stage: every active work-item did two operations before the next barrier.
            const bool twice = info.marksFusedStages && isFused(st);
            fusedSeen = fusedSeen || twice;
            int ops = 0;  // a scan's operations of the stage: the operator applied, by any work-item
            forEachOperation(st.ops, [&](const CellOp& op) { ops += combines(op.a, op.b) ? 1 : 0; });
            levelOps += ops;
            table.add(columns({std::to_string(s), st.label, std::to_string(st.analysis.activeItems) + (twice ? " x2" : ""),
                       std::to_string(ops),
                       std::to_string(st.analysis.activeWarps), std::to_string(st.analysis.idleWarps),
                       std::to_string(st.analysis.divergentWarps), std::to_string(st.analysis.bankConflictDegree) + "-way",
                       std::to_string(st.analysis.contentionDegree), cells}));
        }
        table.print(std::cout);
        if (info.countsOperations) std::cout << "operations in group " << g.group << ": " << levelOps << "\n";
    }
    if (fusedSeen)
        std::cout << "\nx2: each active work-item did two operations in that stage, which shares one barrier with the "
                     "next (best-gpu's fused stages).";
    std::cout << "\nWarps and bank conflicts are a model of the hardware (SIMD width " << t.simdWidth << ", "
              << t.banks << " banks), computed from the indices the kernel recorded, not hardware counters.\n"
              << (info.countsOperations
                      ? "ops: the times a stage applies the operator (moves, clears and loads are not counted).\n"
                      : "")
              << (info.showsContention
                      ? "same " + info.words.cell + ": the most work-items of one SIMD group that incremented one " +
                            info.words.cell + " in the stage; their atomics are served one after another.\n"
                      : "")
              << (v.sortsTileKeys ? "first keys: the tile's keys (each element's " + info.words.cell +
                                        ") after the stage; its local memory holds the counts the group added after "
                                        "them.\n"
                                  : "");
    if (!info.resultIsOneValue) {  // its elements, the first of them
        std::string first;
        for (size_t i = 0; i < std::min<size_t>(16, t.output.size()); ++i) first += (i ? " " : "") + number(t.output[i]);
        if (t.output.size() > 16) first += " ...";
        std::cout << heading(info.name) << first << "\n";
    }
    if (!t.lookBack.empty()) printLookBack(t);
    std::cout << heading(info.traceResultNoun) << number(t.result) << "   reference " << number(t.reference)
              << "\n"
              << "verdict   " << (t.correct ? "CORRECT" : "WRONG") << ": " << t.verdict << "\n"
              << "recorded  " << groups << " work-groups, " << stages << " stages in " << fixed(recordMs, 1)
              << " ms (traced launches, read-back, decoding and analysis; kernel builds excluded)\n";
    return (t.correct || !v.correctByDesign) ? 0 : 1;
}

}  // namespace rl::cli
