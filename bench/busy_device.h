// Device timing with the device kept busy: before each timed call, a one-work-item kernel that spins for
// a while is enqueued on the same in-order queue, so the call's commands are queued before the device reaches them
// and its profiling interval counts no host time (an idle NVIDIA GPU stamps an OpenCL command's start about 1.8 us
// earlier against its work than a busy one: `reducelab_bench --floor`). The CUDA peers are timed the same way
// (bench/peer_torch.py: CUDA events around the call, queued behind a spinning kernel).
#pragma once
#include <CL/opencl.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace rl::bench {

class BusyDevice {
  public:
    // Builds the spin kernel (`source`: bench/busy_spin.cl) and sizes it to run for about `micros` on this device.
    BusyDevice(const cl::Context& context, const cl::Device& device, const cl::CommandQueue& queue,
               const std::string& source, double micros = 200.0);
    // Before each spin, write `bytes` of a scratch buffer (--cold-l2), so that a call finds none of its data in the
    // device's cache: what an in-place call left there (CUB's scan) no longer serves the next one. 0: off.
    void clearCacheFirst(const cl::Context& context, size_t bytes);
    size_t clearBytes() const { return clearBytes_; }
    void start();          // enqueues the spin (before the timed call's own commands)
    uint64_t lastEndNs();  // when the last spin ended (its profiling END), once the call has completed
    double spinMicros() const { return spinMicros_; }

  private:
    cl::CommandQueue queue_;
    cl::Kernel kernel_;
    cl::Buffer sink_, scratch_;
    size_t clearBytes_ = 0;
    cl::Event last_;
    double spinMicros_ = 0;
};

// Where a call's first command started after the spin before it ended (us): near 0 when the call was queued in
// time; the lead of an idle device when the host was too slow. Summarised in the method's note.
std::string queuedNote(const std::vector<double>& gapsMicros);

}  // namespace rl::bench
