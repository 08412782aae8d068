// The Timings view's sweeps: which points the view wants on this device, starting one when some are missing
// (after a short debounce), cancelling, taking the measurements into the cache, and the data the view draws.
#include "app/gui/timings/timings_panel.h"

#include <algorithm>
#include <cstdio>

#include "core/pattern.h"
#include "core/catalogue/variant.h"
#include "core/catalogue/variant_support.h"

namespace rl::gui {
namespace {

// The variant the view marks best on this device: its pattern's choice (PatternInfo::bestVariant).
std::string bestIdFor(Pattern pattern, const DeviceInfo& device) {
    try {
        return patternInfo(pattern).bestVariant(device);
    } catch (const std::exception&) {
        return "";
    }
}

}  // namespace

namespace {

constexpr double kDebounce = 0.4;  // seconds after a change of parameters before a sweep starts

std::string paramsSignature(const view::TimingParams& p) {
    std::string s = std::to_string(p.n) + "|" + std::string(toString(p.type)) + "|" + std::to_string(p.wg) + "|" +
                    std::to_string(p.warmup) + "|" + std::to_string(p.repeats) + "|" + std::to_string(p.sizeMin) + "|" +
                    std::to_string(p.sizeMax) + "|" + std::to_string(p.sizeLog2Step) + "|" +
                    std::to_string(p.roundMin) + "|" + std::to_string(p.roundMax) + "|" +
                    std::to_string(p.roundLog2Step);
    for (const auto& v : p.sizeVariants) s += "|s:" + v;
    for (const auto& v : p.roundVariants) s += "|r:" + v;
    return s;
}

}  // namespace

bool TimingsPanel::sweepActive() const {
    if (!worker_) return false;
    const SweepStatus st = worker_->status();
    return st.running || st.id != sweep_.submitted;
}

bool TimingsPanel::needsFrames() const {
    return sweepActive() || sweep_.remeasureRequested || export_.requested || !export_.captures.empty() ||
           (open && sweep_.missing > 0 && !sweep_.autoBlocked && sweep_.changedAt >= 0);
}

bool TimingsPanel::settled() const {
    if (!worker_) return true;
    // sweep_.wasRunning: the end of the sweep has not been taken in yet (its note, the cache file).
    if (sweepActive() || sweep_.wasRunning || sweep_.remeasureRequested || export_.requested || !export_.captures.empty()) return false;
    if (open && !setup_.deviceListed) return false;  // the devices are still being listed
    return !(open && sweep_.missing > 0 && !sweep_.autoBlocked);
}

void TimingsPanel::takeMeasurements(MessageLog& log) {
    if (!worker_) return;
    for (auto& m : worker_->take()) cache_->put(m.device, m.point, m.m);
    const SweepStatus st = worker_->status();
    const bool active = st.running || st.id != sweep_.submitted;
    if (sweep_.wasRunning && !active) {  // the newest sweep just ended
        if (!st.error.empty()) {
            sweep_.lastError = st.error;
            log.error("Timings: " + st.error);
        }
        char buf[160];
        if (st.cancelled)
            std::snprintf(buf, sizeof buf, "Cancelled after %d of %d measurements (%.1f s)", st.done, st.total,
                          st.seconds);
        else
            std::snprintf(buf, sizeof buf, "Measured %d point%s in %.1f s", st.done, st.done == 1 ? "" : "s",
                          st.seconds);
        sweep_.note = buf;
        sweep_.autoBlocked = st.cancelled;
        std::string error;
        if (cache_->dirty() && !cache_->save(&error)) log.warning("Timings: " + error);
    }
    sweep_.wasRunning = active;
}

void TimingsPanel::setPattern(Pattern pattern) {
    if (pattern == setup_.pattern) return;
    setup_.pattern = pattern;
    setup_.userSizeVariants = setup_.userRoundVariants = false;  // each ladder's own plot variants
    setup_.chosenFor.clear();
    sweep_.signature.clear();  // what is missing is looked at again, and measured
    sweep_.openedWithMissing = -1;
    sweep_.autoBlocked = false;
}

bool TimingsPanel::hasRoundoff() const { return patternInfo(setup_.pattern).roundsFloats; }

std::map<std::string, std::string> TimingsPanel::unavailableOn(const DeviceInfo& device) const {
    std::map<std::string, std::string> out;
    for (const auto& v : patternVariants(setup_.pattern)) {
        std::string why = unavailableReason(v, device);
        if (why.empty()) why = typeUnsupportedReason(v, setup_.params.type, &device);  // best-gpu: no long, double
        if (!why.empty()) out[v.id] = why;
    }
    return out;
}

void TimingsPanel::chooseDefaults(const DeviceInfo& device) {
    if (setup_.chosenFor == setup_.deviceKey.text()) return;
    setup_.chosenFor = setup_.deviceKey.text();
    const auto unavailable = unavailableOn(device);
    const std::string best = bestIdFor(setup_.pattern, device);
    auto pick = [&](std::vector<std::string> ids) {
        std::vector<std::string> out;
        for (const auto& id : ids)
            if (!id.empty() && findVariant(id) && !unavailable.count(id) &&
                std::find(out.begin(), out.end(), id) == out.end())
                out.push_back(id);
        return out;
    };
    const PatternInfo& pattern = patternInfo(setup_.pattern);
    auto withBest = [&](std::vector<std::string> ids) {
        ids.push_back(best);
        return ids;
    };
    if (!setup_.userSizeVariants) setup_.params.sizeVariants = pick(withBest(pattern.plotSizeVariants));
    if (!setup_.userRoundVariants) setup_.params.roundVariants = pick(withBest(pattern.plotRoundVariants));
    // N at most what the device can allocate (Harris's 2^22 where it fits).
    while (setup_.params.n > 1024 && setup_.params.n * 4 > device.maxAllocBytes && device.maxAllocBytes > 0) setup_.params.n /= 2;
}

std::vector<view::PointKey> TimingsPanel::wantedPoints(const DeviceInfo& device) const {
    const auto unavailable = unavailableOn(device);
    std::vector<std::string> ladder;
    for (const auto& v : patternVariants(setup_.pattern))
        if (!unavailable.count(v.id)) ladder.push_back(v.id);
    // The student's kernel, under the ladder of its pattern.
    if (!setup_.kernelId.empty() && setup_.kernel && setup_.kernel->pattern == setup_.pattern)
        ladder.push_back(setup_.kernelId);
    view::TimingParams p = setup_.params;
    auto keep = [&](std::vector<std::string>& ids) {
        ids.erase(
            std::remove_if(ids.begin(), ids.end(), [&](const std::string& id) { return unavailable.count(id) > 0; }),
            ids.end());
    };
    keep(p.sizeVariants);
    keep(p.roundVariants);
    if (!hasRoundoff()) p.roundVariants.clear();  // its results are exact: no round-off to measure
    return view::sweepPoints(p, ladder);
}

void TimingsPanel::startSweep(const DeviceInfo& device, bool all) {
    SweepRequest r;
    r.id = ++sweep_.submitted;
    r.device = device;
    r.key = setup_.deviceKey;
    r.kernel = setup_.kernel;
    r.deviceIndex = setup_.deviceIndex;
    for (const auto& k : wantedPoints(device))
        if (all || !cache_->find(setup_.deviceKey, k)) r.points.push_back(k);
    sweep_.note.clear();
    sweep_.lastError.clear();
    sweep_.autoBlocked = false;
    sweep_.sweepSignature = sweep_.signature;
    worker_->start(std::move(r));
    sweep_.wasRunning = true;
}

void TimingsPanel::cancelSweep() {
    if (!worker_) return;
    sweep_.submitted = worker_->cancel();
    sweep_.autoBlocked = true;
}

void TimingsPanel::autoStart(const DeviceInfo& device, double now) {
    const std::string sig = setup_.deviceKey.text() + "#" + paramsSignature(setup_.params) + "|" + setup_.kernelId;
    if (sig != sweep_.signature) {
        sweep_.signature = sig;
        sweep_.changedAt = sweep_.firstLook ? -1 : now;  // opening the view starts at once; a change waits for the debounce
        sweep_.autoBlocked = false;
    }
    sweep_.firstLook = false;
    int missing = 0;
    for (const auto& k : wantedPoints(device))
        if (!cache_->find(setup_.deviceKey, k)) ++missing;
    sweep_.missing = missing;
    if (sweep_.openedWithMissing < 0) sweep_.openedWithMissing = missing;
    if (missing == 0 || sweep_.autoBlocked) return;
    if (sweep_.changedAt >= 0 && now - sweep_.changedAt < kDebounce) return;
    sweep_.changedAt = -1;
    if (sweepActive() && sweep_.sweepSignature == sweep_.signature) return;  // already measuring these
    startSweep(device, false);
}

TimingsData TimingsPanel::assemble(const DeviceInfo& device) const {
    TimingsData d;
    d.deviceName = device.name;
    d.deviceType = device.type;
    d.bestId = bestIdFor(setup_.pattern, device);
    if (!d.bestId.empty()) {
        try {
            d.bestReason = patternInfo(setup_.pattern).bestReason(device);
        } catch (const std::exception&) {
        }
    }
    std::vector<VariantInfo> rows = patternVariants(setup_.pattern);
    d.harris = patternInfo(setup_.pattern).harrisFigures;
    d.pattern = setup_.pattern;
    if (setup_.kernel && setup_.kernel->pattern == setup_.pattern) {
        // The student's kernel, under the first step of its pattern's ladder: its speedup is over that step.
        VariantInfo own;
        own.id = setup_.kernelId;
        own.title = "your kernel: " + setup_.kernel->file;
        own.lesson = "The kernel checked in the workbench, timed in a child process on this device.";
        rows.insert(rows.begin() + std::min<ptrdiff_t>(1, ptrdiff_t(rows.size())), own);
    }
    d.ladder = view::buildLadder(*cache_, setup_.deviceKey, setup_.params, rows, unavailableOn(device), d.bestId);
    d.sizes = view::buildSizeSeries(*cache_, setup_.deviceKey, setup_.params);
    // The peers' figures (scripts/bench, --pattern scan for the scans'): beside the ladder of the same pattern.
    if (const auto* f = view::figuresFor(setup_.peers, setup_.deviceKey, setup_.params.type, Op::Sum, setup_.pattern))
        d.peers = *f;
    d.roundoff = view::buildRoundoff(*cache_, setup_.deviceKey, setup_.params);
    if (worker_) {
        const SweepStatus st = worker_->status();
        if (st.running) d.measuring = st.activity;
    }
    return d;
}

}  // namespace rl::gui
