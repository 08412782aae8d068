// Input buffers of CPU devices on transparent huge pages.
//
// A CPU OpenCL device (PoCL) reads its buffers from host memory through the same TLB and hardware prefetchers as any
// host loop. On 4 KiB pages a 256 MiB stream crosses 65536 page boundaries, and the prefetchers stop at each; on 2 MiB
// pages the same stream crosses 128 and reads faster (BENCHMARKS.md). Linux gives a mapping huge pages when it is
// 2 MiB-aligned and advised (MADV_HUGEPAGE), the only way in its default "madvise" mode; numpy does the same for its
// large arrays. PoCL's own allocations are not advised.
#pragma once
#include <CL/opencl.hpp>

#include <cstddef>

namespace rl {

// Inputs smaller than this stay in the runtime's own allocation (a huge page would mostly be empty).
inline constexpr size_t kHugePageInputBytes = size_t(4) << 20;

// Whether inputs go on huge pages: yes unless REDUCELAB_HUGE_PAGES=0 (to measure what they change).
bool hugePagesWanted();

// A read-only buffer holding a copy of `bytes` bytes at `data`, in a 2 MiB-aligned anonymous mapping advised for
// transparent huge pages and used in place (CL_MEM_USE_HOST_PTR); the mapping is released with the buffer (its
// destructor callback). Returns a null buffer where the system or the runtime refuses, so the caller falls back to
// CL_MEM_COPY_HOST_PTR; throws cl::Error only from the buffer's creation.
cl::Buffer hugePageBuffer(const cl::Context& context, const void* data, size_t bytes);

}  // namespace rl
