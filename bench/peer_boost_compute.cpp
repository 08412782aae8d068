// Peer: Boost.Compute's reduce (header-only, kernels assembled at run time) on ReduceLab's own context, queue and
// buffer.
#include <stdexcept>

#include "bench/peers.h"
#ifdef REDUCELAB_HAVE_BOOST_COMPUTE
#include <boost/compute/algorithm/reduce.hpp>
#include <boost/compute/core.hpp>
#include <boost/compute/iterator/buffer_iterator.hpp>
#endif

namespace rl::bench {

Measurement measureBoostCompute(const OpenClHandles& h, const Reference& ref, int warmup, int repeats) {
    const std::string label = "Boost.Compute reduce";
#ifndef REDUCELAB_HAVE_BOOST_COMPUTE
    (void)h, (void)warmup, (void)repeats;
    return skippedMeasurement(label, Role::OpenClPeer, ref.n, "built without Boost.Compute: install libboost-dev");
#else
    namespace compute = boost::compute;
    try {
        compute::command_queue queue(h.queue);  // retains the handle
        compute::buffer buffer(h.x);
        const auto first = compute::make_buffer_iterator<float>(buffer, 0);
        const auto last = compute::make_buffer_iterator<float>(buffer, ref.n);
        Measurement m = timeMethod(Timing::Wall, warmup, repeats, ref, [&](double*) {
            float value = 0;
            compute::reduce(first, last, &value, compute::plus<float>(), queue);
            return double(value);
        });
        m.method = label;
        m.role = Role::OpenClPeer;
        m.bytes = double(ref.n) * 4;
        m.note = "boost::compute::reduce(plus<float>), result to a host pointer";
        return m;
    } catch (const std::exception& e) {
        return skippedMeasurement(label, Role::OpenClPeer, ref.n, e.what());
    }
#endif
}

}  // namespace rl::bench
