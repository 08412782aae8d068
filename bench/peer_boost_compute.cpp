// Peer: Boost.Compute's reduce (header-only, kernels assembled at run time) on ReduceLab's own context, queue and
// buffer.
#include <memory>

#include "bench/peers.h"
#ifdef REDUCELAB_HAVE_BOOST_COMPUTE
#include <boost/compute/algorithm/reduce.hpp>
#include <boost/compute/core.hpp>
#include <boost/compute/iterator/buffer_iterator.hpp>
#endif

namespace rl::bench {

Method makeBoostCompute(const OpenClHandles& h, size_t n) {
    Method m;
    m.label = "Boost.Compute reduce";
    m.role = Role::OpenClPeer;
    m.bytes = double(n) * 4;
#ifndef REDUCELAB_HAVE_BOOST_COMPUTE
    (void)h;
    m.skipped = "built without Boost.Compute: install libboost-dev";
#else
    namespace compute = boost::compute;
    auto queue = std::make_shared<compute::command_queue>(h.queue);  // retains the handle
    auto buffer = std::make_shared<compute::buffer>(h.x);
    m.note = "boost::compute::reduce(plus<float>), result to a host pointer";
    m.once = [queue, buffer, n](double*) {
        float value = 0;
        compute::reduce(compute::make_buffer_iterator<float>(*buffer, 0),
                        compute::make_buffer_iterator<float>(*buffer, n), &value, compute::plus<float>(), *queue);
        return double(value);
    };
#endif
    return m;
}

}  // namespace rl::bench
