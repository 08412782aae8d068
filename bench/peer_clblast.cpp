// Peer: CLBlast's Xsum (a level-1 BLAS routine: two kernels, partial sums then an epilogue) on ReduceLab's own
// context, queue and buffer.
#include <memory>
#include <stdexcept>

#include "bench/peers.h"
#ifdef REDUCELAB_HAVE_CLBLAST
#include <clblast.h>
#endif

namespace rl::bench {

Method makeClblast(const OpenClHandles& h, size_t n, ElemType type, Op op) {
    Method m;
    m.label = "CLBlast Xsum";
    m.role = Role::OpenClPeer;
    m.bytes = double(n) * double(elemSize(type));
#ifndef REDUCELAB_HAVE_CLBLAST
    (void)h;
    (void)op;
    m.skipped = "built without CLBlast: install libclblast-dev";
#else
    if (type != ElemType::Float || op != Op::Sum) {
        m.skipped = "CLBlast sums floating-point vectors only (no integer routines, no min or max of values)";
        return m;
    }
    cl_int err = CL_SUCCESS;
    cl_mem raw = clCreateBuffer(h.context, CL_MEM_READ_WRITE, sizeof(float), nullptr, &err);
    if (err != CL_SUCCESS) {
        m.skipped = "clCreateBuffer failed: " + std::to_string(err);
        return m;
    }
    auto sum = std::shared_ptr<_cl_mem>(raw, clReleaseMemObject);
    m.note = "clblast::Sum<float>, default tuning for this device";
    m.once = [h, n, sum](double*) {
        cl_command_queue queue = h.queue;
        cl_event done = nullptr;
        const auto status = clblast::Sum<float>(n, sum.get(), 0, h.x, 0, 1, &queue, &done);
        if (status != clblast::StatusCode::kSuccess)
            throw std::runtime_error("clblast::Sum returned status " + std::to_string(int(status)));
        float value = 0;
        const cl_int rc = clEnqueueReadBuffer(queue, sum.get(), CL_TRUE, 0, sizeof value, &value, 1, &done, nullptr);
        clReleaseEvent(done);
        if (rc != CL_SUCCESS) throw std::runtime_error("reading CLBlast's sum failed: " + std::to_string(rc));
        return double(value);
    };
#endif
    return m;
}

}  // namespace rl::bench
