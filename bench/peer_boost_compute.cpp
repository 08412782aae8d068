// Peer: Boost.Compute's reduce (header-only, kernels assembled at run time) on ReduceLab's own context, queue and
// buffer.
#include <functional>
#include <memory>

#include "bench/peers.h"
#ifdef REDUCELAB_HAVE_BOOST_COMPUTE
#include <boost/compute/algorithm/reduce.hpp>
#include <boost/compute/core.hpp>
#include <boost/compute/iterator/buffer_iterator.hpp>
#endif

namespace rl::bench {

#ifdef REDUCELAB_HAVE_BOOST_COMPUTE
namespace {

namespace compute = boost::compute;

// One call: reduce with `fn` over the buffer's n elements of T into a host value.
template <typename T, typename Fn>
std::function<double(double*)> reduceWith(std::shared_ptr<compute::command_queue> queue,
                                          std::shared_ptr<compute::buffer> buffer, size_t n, Fn fn) {
    return [queue, buffer, n, fn](double*) {
        T value = 0;
        compute::reduce(compute::make_buffer_iterator<T>(*buffer, 0), compute::make_buffer_iterator<T>(*buffer, n),
                        &value, fn, *queue);
        return double(value);
    };
}

template <typename T>
std::function<double(double*)> reduceOf(std::shared_ptr<compute::command_queue> queue,
                                        std::shared_ptr<compute::buffer> buffer, size_t n, Op op) {
    switch (op) {
        case Op::Min: return reduceWith<T>(queue, buffer, n, compute::min<T>());
        case Op::Max: return reduceWith<T>(queue, buffer, n, compute::max<T>());
        default: return reduceWith<T>(queue, buffer, n, compute::plus<T>());
    }
}

}  // namespace
#endif

Method makeBoostCompute(const OpenClHandles& h, size_t n, ElemType type, Op op) {
    Method m;
    m.label = "Boost.Compute reduce";
    m.role = Role::OpenClPeer;
    m.bytes = double(n) * double(elemSize(type));
#ifndef REDUCELAB_HAVE_BOOST_COMPUTE
    (void)h;
    (void)op;
    m.skipped = "built without Boost.Compute: install libboost-dev";
#else
    auto queue = std::make_shared<compute::command_queue>(h.queue);  // retains the handle
    auto buffer = std::make_shared<compute::buffer>(h.x);
    const char* fn = op == Op::Min ? "min" : op == Op::Max ? "max" : "plus";
    m.note = std::string("boost::compute::reduce(") + fn + "<" + std::string(toString(type)) + ">), result to a host pointer";
    m.once = type == ElemType::Int ? reduceOf<int>(queue, buffer, n, op) : reduceOf<float>(queue, buffer, n, op);
#endif
    return m;
}

}  // namespace rl::bench
