// Peer: CLBlast's Xsum (a level-1 BLAS routine: two kernels, partial sums then an epilogue) on ReduceLab's own
// context, queue and buffer.
#include <stdexcept>

#include "bench/peers.h"
#ifdef REDUCELAB_HAVE_CLBLAST
#include <clblast.h>
#endif

namespace rl::bench {

Measurement measureClblast(const OpenClHandles& h, const Reference& ref, int warmup, int repeats) {
    const std::string label = "CLBlast Xsum";
#ifndef REDUCELAB_HAVE_CLBLAST
    (void)h, (void)warmup, (void)repeats;
    return skippedMeasurement(label, Role::OpenClPeer, ref.n, "built without CLBlast: install libclblast-dev");
#else
    cl_int err = CL_SUCCESS;
    cl_mem sum = clCreateBuffer(h.context, CL_MEM_READ_WRITE, sizeof(float), nullptr, &err);
    if (err != CL_SUCCESS) return skippedMeasurement(label, Role::OpenClPeer, ref.n, "clCreateBuffer failed");
    try {
        Measurement m = timeMethod(Timing::Wall, warmup, repeats, ref, [&](double*) {
            cl_command_queue queue = h.queue;
            cl_event done = nullptr;
            const auto status = clblast::Sum<float>(ref.n, sum, 0, h.x, 0, 1, &queue, &done);
            if (status != clblast::StatusCode::kSuccess)
                throw std::runtime_error("clblast::Sum returned status " + std::to_string(int(status)));
            float value = 0;
            const cl_int rc = clEnqueueReadBuffer(queue, sum, CL_TRUE, 0, sizeof value, &value, 1, &done, nullptr);
            clReleaseEvent(done);
            if (rc != CL_SUCCESS) throw std::runtime_error("reading CLBlast's sum failed: " + std::to_string(rc));
            return double(value);
        });
        clReleaseMemObject(sum);
        m.method = label;
        m.role = Role::OpenClPeer;
        m.bytes = double(ref.n) * 4;
        m.note = "clblast::Sum<float>, default tuning for this device";
        return m;
    } catch (const std::exception& e) {
        clReleaseMemObject(sum);
        return skippedMeasurement(label, Role::OpenClPeer, ref.n, e.what());
    }
#endif
}

}  // namespace rl::bench
