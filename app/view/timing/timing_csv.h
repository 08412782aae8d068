// The Timings view's data as CSV (one header line, comma-separated, numbers in full precision, text quoted when it
// holds a comma or a quote), for a spreadsheet or a plotting script beside the exported PNGs.
#pragma once
#include <string>

#include "app/view/timing/timing_series.h"
#include "app/view/timing/timing_table.h"

namespace rl::view {

// variant,harris_step,n,type,status,median_ms,min_ms,max_ms,gbps,step_speedup,cumulative_speedup,copy_gbps,
// pct_of_copy,g80_ms,g80_gbps,best,note. Unmeasured figures are empty.
std::string ladderCsv(const LadderTable& table, const std::string& deviceName);

// series,n,median_ms,min_ms,max_ms,gbps,gbps_min,gbps_max,correct ("copy" rows: gbps counts bytes read + written).
std::string sizesCsv(const std::vector<SizeSeries>& series);

// n,method,value,reference,abs_error,rel_error ("host serial float" and each device variant).
std::string roundoffCsv(const RoundoffTable& table);

// One CSV field, quoted when needed.
std::string csvField(const std::string& text);
std::string csvNumber(double v);  // shortest text that reads back to the same double ("%.17g" trimmed)

}  // namespace rl::view
