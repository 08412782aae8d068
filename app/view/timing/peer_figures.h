// The peers' figures that `scripts/bench` measured on a device (its --json, and the copy it keeps in
// $XDG_DATA_HOME/reducelab/bench/): the libraries a student can compare the ladder with (CUB through cupy.sum and
// torch.sum on NVIDIA, host std::reduce and the OpenCL libraries on a CPU; with --pattern scan, the host's
// std::inclusive_scan and Boost.Compute's) and the limit lines, GB/s per N. The Timings view overlays them on the
// device they were measured on, for the pattern, data type and operation they computed.
#pragma once
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/view/timing/timing_data.h"
#include "core/catalogue/variant.h"

namespace rl::view {

struct PeerSeries {
    std::string method;  // "cupy.sum", "host std::reduce par_unseq (TBB)", "copy kernel (kernels/copy.cl)"
    std::string role;    // "framework-peer", "opencl-peer", "host-peer", "ceiling"
    std::string timing;  // "device" or "wall"
    std::map<size_t, double> gbps;  // by N: bytes read once (a ceiling: read + written) / median time
};

struct PeerFigures {
    std::string file;  // where they were read from
    std::string device, driver, date, timing;
    std::string problem;  // what a histogram's figures counted ("uniform data, 256 bins"); empty for the others
    ElemType type = ElemType::Float;
    Op op = Op::Sum;
    Pattern pattern = Pattern::Reduce;  // "pattern" in the file (absent: a reduction): a scan's GB/s count the
                                        // bytes read and written, as the scan ladder's do
    std::vector<PeerSeries> peers;     // libraries, fastest first at the largest N they share
    std::vector<PeerSeries> ceilings;  // the limit lines (the copy kernels, a read-only kernel)

    // The highest ceiling measured at n (0: none).
    double limitAt(size_t n) const;
};

// Reads a scripts/bench JSON. Throws rl::Error (BadInput) naming what is missing or malformed. Measurements that
// were skipped, wrong, or are ReduceLab's own rows are left out (the view measures those itself).
PeerFigures parsePeerFigures(const nlohmann::json& j, const std::string& file);
PeerFigures readPeerFigures(const std::string& path);

// Every *.json in `dir` that reads as peer figures; files that do not are listed in *problems (when given).
std::vector<PeerFigures> peerFiguresIn(const std::string& dir, std::vector<std::string>* problems = nullptr);

// The newest figures for this device (same name and driver), type, operation and pattern; nullptr when none.
const PeerFigures* figuresFor(const std::vector<PeerFigures>& all, const DeviceKey& device, ElemType type, Op op,
                              Pattern pattern = Pattern::Reduce);

// $XDG_DATA_HOME/reducelab/bench, else ~/.local/share/reducelab/bench, else "".
std::string defaultPeerDir();

}  // namespace rl::view
