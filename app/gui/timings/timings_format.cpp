// Row text and colours of the Timings view.
#include "app/gui/timings/timings_format.h"

#include "app/view/timing/plot_math.h"

namespace rl::gui {

std::string ms(double v) { return view::formatSig(v, 4) + " ms"; }

std::string gbps(double v) { return view::formatSig(v, 4) + " GB/s"; }

std::string times(double v) { return view::formatSig(v, 3) + "\xc3\x97"; }  // ×

view::Rgba statusColor(view::RowStatus s, bool best, const view::Palette& p) {
    switch (s) {
        case view::RowStatus::Correct:
            return best ? p.good : p.accent;
        case view::RowStatus::Wrong:
        case view::RowStatus::Failed:
            return p.bad;
        case view::RowStatus::WrongByDesign:
        case view::RowStatus::CorrectNotByDesign:
            return p.warn;
        default:
            return p.textFaint;
    }
}

std::string verdictText(view::RowStatus s) {
    switch (s) {
        case view::RowStatus::Correct:
            return "\xe2\x9c\x93 correct";
        case view::RowStatus::Wrong:
            return "\xe2\x9c\x97 WRONG";
        case view::RowStatus::WrongByDesign:
            return "\xe2\x9c\x97 wrong (by design)";
        case view::RowStatus::CorrectNotByDesign:
            return "\xe2\x9c\x93 correct this time";
        case view::RowStatus::Unavailable:
            return "unavailable";
        case view::RowStatus::Failed:
            return "\xe2\x9c\x97 failed";
        case view::RowStatus::Pending:
            return "\xe2\x80\xa6";
    }
    return "";
}

bool isMeasuring(const TimingsData& d, const std::string& id) {
    return !d.measuring.empty() && d.measuring.rfind(id + " at " + sizeLabel(d.ladder.n), 0) == 0;
}

std::string rowName(const view::LadderRow& r) {
    return view::isKernelPoint(r.variant.id) ? r.variant.title : r.variant.id;
}

std::string rowTip(const TimingsData& d, const view::LadderRow& r) {
    std::string tip = r.variant.title;
    if (view::isKernelPoint(r.variant.id)) tip += "\n" + r.variant.lesson;
    if (r.variant.harrisStep) tip += " (Harris step " + std::to_string(r.variant.harrisStep) + ")";
    if (r.measured()) {
        const auto& m = r.m;
        tip += "\nmedian " + ms(m.medianMs) + " (fastest " + view::formatSig(m.minMs, 4) + ", slowest " +
               view::formatSig(m.maxMs, 4) + ")\n" + gbps(m.gbps) + " = " + sizeLabel(d.ladder.n) + " \xc3\x97 4 bytes / " +
               ms(m.medianMs);
        if (d.ladder.copy.ok)
            tip += "\n" + view::formatSig(r.pctCopy, 3) + "% of the copy ceiling (" + gbps(d.ladder.copy.gbps) + ")";
        tip += "\nspeedup " + times(r.stepSpeedup) + " over the row above, " + times(r.cumulative) + " over the first (" +
               (d.ladder.rows.empty() ? std::string() : rowName(d.ladder.rows.front())) + ")";
        if (r.g80)
            tip += "\nHarris's G80, step " + std::to_string(r.variant.harrisStep) + ": " + ms(r.g80->timeMs) + ", " +
                   gbps(r.g80->gbps) + ", " + times(r.g80Cumulative) + " cumulative";
        if (!m.verdict.empty()) tip += "\n" + m.verdict;
    } else if (!r.reason.empty()) {
        tip += "\n" + r.reason;
    } else {
        tip += "\nnot measured yet";
    }
    if (r.best) tip += "\nThe best variant for this device.";
    return tip;
}

}  // namespace rl::gui
