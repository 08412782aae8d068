// The plot specs of the Timings view: bars of GB/s per variant, time and GB/s against N, round-off against N.
#include <algorithm>
#include <cmath>

#include "core/pattern.h"
#include "app/gui/timings/timings_format.h"
#include "app/gui/timings/timings_views.h"
#include "app/view/timing/plot_math.h"

namespace rl::gui {
namespace {

using view::formatSig;

template <class F>
void forPoints(const view::SizeSeries& s, F f) {
    for (const auto& pt : s.points) f(pt);
}

double roundoffFloor(const TimingsData& d) {
    double lo = INFINITY;
    for (const auto& r : d.roundoff.rows) {
        if (r.hostSerial) {
            const double e = view::relativeError(*r.hostSerial, r.reference);
            if (e > 0) lo = std::min(lo, e);
        }
        for (const auto& v : r.device)
            if (v) {
                const double e = view::relativeError(*v, r.reference);
                if (e > 0) lo = std::min(lo, e);
            }
    }
    lo = std::min(lo, view::kFloatUnitRoundoff);
    return std::max(1e-12, lo / 4);
}

}  // namespace

std::string ladderProblem(const TimingsData& d) {
    RunConfig c;  // the sweep's points keep the run settings' defaults beyond their variant, size, type and op
    c.type = d.ladder.type;
    c.op = Op::Sum;
    return patternInfo(d.pattern).problemWords(c);
}

BarChart ladderBars(const TimingsData& d, const view::Palette& p) {
    BarChart c;
    c.id = "##timings-bars";
    c.title = "Effective bandwidth per variant";
    c.subtitle = sizeLabel(d.ladder.n) + " " + std::string(toString(d.ladder.type)) + "s on " + d.deviceName +
                 "  \xc2\xb7  GB/s = " + patternInfo(d.pattern).bandwidthNote + " / median time";
    c.valueLabel = "GB/s";
    double hi = 0;
    bool anyWrong = false, anyBest = false, anyG80 = false;
    for (const auto& r : d.ladder.rows) {
        if (r.status == view::RowStatus::Unavailable) continue;
        PlotBar b;
        b.label = rowName(r);
        b.color = statusColor(r.status, r.best, p);
        b.emphasis = r.best;
        b.tip = rowTip(d, r);
        if (r.measured()) {
            b.value = r.m.gbps;
            b.lo = r.m.gbpsAt(r.m.maxMs);
            b.hi = r.m.gbpsAt(r.m.minMs);
            b.valueText = formatSig(r.m.gbps, 3) + (d.ladder.copy.ok ? "  (" + formatSig(r.pctCopy, 2) + "%)" : "");
            hi = std::max({hi, *b.value, *b.hi});
            anyWrong = anyWrong || r.status == view::RowStatus::WrongByDesign || r.status == view::RowStatus::Wrong ||
                       r.status == view::RowStatus::CorrectNotByDesign;
            anyBest = anyBest || r.best;
        } else {
            b.valueText = r.status == view::RowStatus::Failed ? "failed (hover for why)"
                          : isMeasuring(d, r.variant.id)      ? "measuring\xe2\x80\xa6"
                                                              : "waiting\xe2\x80\xa6";
        }
        if (r.g80) {
            b.marker = r.g80->gbps;
            hi = std::max(hi, r.g80->gbps);
            anyG80 = true;
        }
        c.bars.push_back(std::move(b));
    }
    // The libraries scripts/bench measured on this device at this N, under the ladder: where a library gets.
    bool anyPeer = false;
    if (d.peers)
        for (const auto& s : d.peers->peers) {
            const auto it = s.gbps.find(d.ladder.n);
            if (it == s.gbps.end()) continue;
            PlotBar b;
            b.label = s.method;
            b.value = it->second;
            b.color = view::mix(p.textDim, p.panel, 0.25f);
            b.valueText = formatSig(it->second, 3) + (d.ladder.copy.ok ? "  (" + formatSig(100 * it->second / d.ladder.copy.gbps, 2) + "%)" : "");
            b.tip = s.method + ", measured by scripts/bench on " + d.peers->date + " (" + s.timing + " timing" +
                    (d.peers->problem.empty() ? "" : ", " + d.peers->problem) + ")\n" +
                    gbps(it->second) + " at N = " + sizeLabel(d.ladder.n) + "\nfrom " + d.peers->file;
            hi = std::max(hi, it->second);
            c.bars.push_back(std::move(b));
            anyPeer = true;
        }
    if (d.ladder.copy.ok) {
        c.refLines.push_back({d.ladder.copy.gbps, "copy ceiling " + formatSig(d.ladder.copy.gbps, 3) + " GB/s",
                              p.text.scaledAlpha(0.9f), true});
        hi = std::max(hi, d.ladder.copy.gbps);
    }
    if (d.peers) {  // the limit scripts/bench measured (the faster of its copy and read-only kernels), when higher
        const double limit = d.peers->limitAt(d.ladder.n);
        if (limit > 0 && (!d.ladder.copy.ok || limit > d.ladder.copy.gbps * 1.02)) {
            c.refLines.push_back({limit, "limit (scripts/bench) " + formatSig(limit, 3) + " GB/s", p.textFaint, true});
            hi = std::max(hi, limit);
        }
    }
    c.value = view::niceAxis(0, hi > 0 ? hi * 1.02 : 1, false, 10, true, 6);
    c.legend.push_back({"median GB/s, whisker: slowest to fastest run", p.accent, false, false});
    if (anyBest) c.legend.push_back({"best for this device", p.good, false, false});
    if (anyWrong) c.legend.push_back({"wrong by design", p.warn, false, false});
    if (anyG80)
        c.legend.push_back(
            {"Harris's G80 (2^22 ints; peak " + formatSig(kHarrisG80PeakGbps, 3) + " GB/s)", p.text, false, true});
    if (anyPeer)
        c.legend.push_back({"libraries, measured by scripts/bench (" + d.peers->date +
                                (d.peers->problem.empty() ? "" : ", " + d.peers->problem) + ")",
                            view::mix(p.textDim, p.panel, 0.25f), false, false});
    c.emptyText = "Measuring\xe2\x80\xa6";
    return c;
}

namespace {

LinePlot sizePlot(const TimingsData& d, const view::Palette& p, bool bandwidth) {
    LinePlot L;
    L.id = bandwidth ? "##timings-gbps" : "##timings-time";
    L.title = bandwidth ? "Bandwidth against N" : "Time against N";
    L.subtitle = std::string(toString(d.ladder.type)) + " " + patternInfo(d.pattern).kernelNoun + "s (" + ladderProblem(d) +
                 "), median (band: fastest to slowest run), log axes";
    L.xLabel = "N (elements)";
    L.yLabel = bandwidth ? "GB/s" : "ms";
    std::vector<double> ys;
    double xlo = INFINITY, xhi = 0;
    int colour = 0;
    for (const auto& s : d.sizes) {
        PlotSeries se;
        se.label = s.copy ? (bandwidth ? "copy kernel (read + write)" : "copy kernel") : s.id;
        se.color = s.copy ? p.textDim : seriesColor(colour++);
        se.dashed = s.copy;
        forPoints(s, [&](const view::SizePoint& pt) {
            const auto& m = pt.m;
            se.x.push_back(double(pt.n));
            xlo = std::min(xlo, double(pt.n));
            xhi = std::max(xhi, double(pt.n));
            if (bandwidth) {
                se.y.push_back(m.gbps);
                se.lo.push_back(m.gbpsAt(m.maxMs));
                se.hi.push_back(m.gbpsAt(m.minMs));
            } else {
                se.y.push_back(m.medianMs);
                se.lo.push_back(m.minMs);
                se.hi.push_back(m.maxMs);
            }
            ys.push_back(se.lo.back());
            ys.push_back(se.hi.back());
            se.tips.push_back("N = " + view::formatCount(double(pt.n)) + "\nmedian " + ms(m.medianMs) + " (fastest " +
                              formatSig(m.minMs, 4) + ", slowest " + formatSig(m.maxMs, 4) + ")\n" + gbps(m.gbps) +
                              " (" + formatSig(m.gbpsAt(m.maxMs), 3) + " to " + formatSig(m.gbpsAt(m.minMs), 3) + ")" +
                              (s.copy ? "\ncopy: bytes read + written" : (m.correct ? "" : "\nresult WRONG")));
        });
        if (!s.error.empty()) se.label += " (failed at some N)";
        L.series.push_back(std::move(se));
    }
    if (bandwidth && d.peers && xhi > 0) {  // the libraries' GB/s over the sizes measured here, dashed
        int k = 0;
        for (const auto& s : d.peers->peers) {
            PlotSeries se;
            se.label = s.method + " (scripts/bench)";
            se.color = view::mix(seriesColor(6 + k++), p.panel, 0.2f);
            se.dashed = true;
            se.width = 2;
            se.markerRadius = 3;
            for (const auto& [n, g] : s.gbps) {
                if (double(n) < xlo || double(n) > xhi) continue;
                se.x.push_back(double(n));
                se.y.push_back(g);
                ys.push_back(g);
                se.tips.push_back(s.method + " at N = " + view::formatCount(double(n)) + "\n" + gbps(g) +
                                  "\nscripts/bench, " + d.peers->date + " (" + s.timing + " timing)");
            }
            if (!se.x.empty()) L.series.push_back(std::move(se));
        }
    }
    if (xhi <= 0) xlo = xhi = double(d.ladder.n);
    L.x = view::niceAxis(xlo, xhi, true, 2);
    L.y = view::fitAxis(ys, true, 10);
    L.xFormat = [](double v) { return view::formatCount(v); };
    L.emptyText = d.measuring.empty() ? "No measurements" : "Measuring\xe2\x80\xa6";
    return L;
}

}  // namespace

LinePlot timePlot(const TimingsData& d, const view::Palette& p) {
    return sizePlot(d, p, false);
}
LinePlot gbpsPlot(const TimingsData& d, const view::Palette& p) {
    return sizePlot(d, p, true);
}

LinePlot roundoffPlot(const TimingsData& d, const view::Palette& p) {
    LinePlot L;
    L.id = "##timings-roundoff";
    L.title = "Round-off of float sums against N";
    L.subtitle = "|sum - reference| / reference, reference: Kahan-compensated double; values uniform in [0, 1)";
    L.xLabel = "N (elements)";
    L.yLabel = "relative error";
    const double floor = roundoffFloor(d);
    std::vector<double> ys = {view::kFloatUnitRoundoff};
    double xlo = INFINITY, xhi = 0;
    auto add = [&](PlotSeries& se, size_t n, double value, double ref) {
        const double e = view::relativeError(value, ref);
        se.x.push_back(double(n));
        se.y.push_back(std::max(e, floor));
        ys.push_back(se.y.back());
        xlo = std::min(xlo, double(n));
        xhi = std::max(xhi, double(n));
        se.tips.push_back("N = " + view::formatCount(double(n)) + "\nsum " + formatSig(value, 9) + "\nreference " +
                          formatSig(ref, 12) + "\nrelative error " + (e == 0 ? "0 (exact)" : formatSig(e, 3)));
    };
    PlotSeries host;
    host.label = "host: serial float loop";
    host.color = seriesColor(5);
    for (const auto& r : d.roundoff.rows)
        if (r.hostSerial) add(host, r.n, *r.hostSerial, r.reference);
    L.series.push_back(std::move(host));
    for (size_t i = 0; i < d.roundoff.variants.size(); ++i) {
        PlotSeries se;
        const std::string& id = d.roundoff.variants[i];
        se.label = "device: " + id + (id == d.bestId ? " (best here)" : "");
        se.color = seriesColor(int(i) + 1);
        // Device trees often agree to the last bit (their error is the final rounding): the earlier lines are
        // drawn wider, so each stays visible under the next.
        const float extra = float(d.roundoff.variants.size() - 1 - i);
        se.width = 3 + 3.5f * extra;
        se.markerRadius = 5 + 3 * extra;
        for (const auto& r : d.roundoff.rows)
            if (i < r.device.size() && r.device[i]) add(se, r.n, *r.device[i], r.reference);
        L.series.push_back(std::move(se));
    }
    L.refLines.push_back({view::kFloatUnitRoundoff, "float rounding unit u = 2^-24", p.textFaint, true});
    if (xhi <= 0) xlo = xhi = double(d.ladder.n);
    L.x = view::niceAxis(xlo, xhi, true, 2);
    L.y = view::fitAxis(ys, true, 10);
    L.xFormat = [](double v) { return view::formatCount(v); };
    L.emptyText = d.measuring.empty() ? "No measurements" : "Measuring\xe2\x80\xa6";
    return L;
}

}  // namespace rl::gui
