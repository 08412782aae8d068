// Peer: Boost.Compute's reduce and inclusive_scan (header-only, kernels assembled at run time) on ReduceLab's own
// context, queue and buffer.
#include <algorithm>
#include <functional>
#include <memory>

#include "bench/peers.h"
#ifdef REDUCELAB_HAVE_BOOST_COMPUTE
#include <boost/compute/algorithm/inclusive_scan.hpp>
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

// One call: the inclusive scan with `fn` of the buffer's n elements of T into `out` (on the device); returns 0 (the
// output is checked after the runs).
template <typename T, typename Fn>
std::function<double(double*)> scanWith(std::shared_ptr<compute::command_queue> queue,
                                        std::shared_ptr<compute::buffer> buffer, std::shared_ptr<compute::buffer> out,
                                        size_t n, Fn fn) {
    return [queue, buffer, out, n, fn](double*) {
        compute::inclusive_scan(compute::make_buffer_iterator<T>(*buffer, 0),
                                compute::make_buffer_iterator<T>(*buffer, n), compute::make_buffer_iterator<T>(*out, 0),
                                fn, *queue);
        queue->finish();
        return 0.0;
    };
}

template <typename T>
std::function<double(double*)> scanOf(std::shared_ptr<compute::command_queue> queue,
                                      std::shared_ptr<compute::buffer> buffer, std::shared_ptr<compute::buffer> out,
                                      size_t n, Op op) {
    switch (op) {
        case Op::Min: return scanWith<T>(queue, buffer, out, n, compute::min<T>());
        case Op::Max: return scanWith<T>(queue, buffer, out, n, compute::max<T>());
        default: return scanWith<T>(queue, buffer, out, n, compute::plus<T>());
    }
}

}  // namespace
#endif

Method makeBoostComputeScan(const OpenClHandles& h, size_t n, ElemType type, Op op, const ScanSpec& spec) {
    Method m;
    m.label = "Boost.Compute inclusive_scan";
    m.role = Role::OpenClPeer;
    m.bytes = 2.0 * double(n) * double(elemSize(type));  // read and written
#ifndef REDUCELAB_HAVE_BOOST_COMPUTE
    (void)h;
    (void)op;
    (void)spec;
    m.skipped = "built without Boost.Compute: install libboost-dev";
#else
    auto queue = std::make_shared<compute::command_queue>(h.queue);
    auto buffer = std::make_shared<compute::buffer>(h.x);
    auto out = std::make_shared<compute::buffer>(queue->get_context(), n * elemSize(type));
    const char* fn = op == Op::Min ? "min" : op == Op::Max ? "max" : "plus";
    m.note = std::string("boost::compute::inclusive_scan(") + fn + "<" + std::string(toString(type)) +
             ">), device to device";
    m.once = type == ElemType::Int ? scanOf<int>(queue, buffer, out, n, op) : scanOf<float>(queue, buffer, out, n, op);
    m.verify = [queue, out, type, &spec](std::string* verdict) {
        return spec.check(
            [&](size_t first, size_t count, std::vector<double>* piece) {
                piece->resize(count);
                if (type == ElemType::Int) {
                    std::vector<int> back(count);
                    queue->enqueue_read_buffer(*out, first * sizeof(int), count * sizeof(int), back.data());
                    std::copy(back.begin(), back.end(), piece->begin());
                } else {
                    std::vector<float> back(count);
                    queue->enqueue_read_buffer(*out, first * sizeof(float), count * sizeof(float), back.data());
                    std::copy(back.begin(), back.end(), piece->begin());
                }
                return true;
            },
            verdict);
    };
#endif
    return m;
}

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
