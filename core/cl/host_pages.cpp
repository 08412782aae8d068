// Input buffers of CPU devices on transparent huge pages (see host_pages.h).
#include "core/cl/host_pages.h"

#include <cstdint>
#include <cstdlib>
#include <cstring>

#ifdef __linux__
#include <sys/mman.h>
#endif

namespace rl {

bool hugePagesWanted() {
    const char* v = std::getenv("REDUCELAB_HUGE_PAGES");
    return !(v && std::strcmp(v, "0") == 0);
}

#ifdef __linux__
namespace {

constexpr size_t kHugePage = size_t(2) << 20;

struct Mapping {
    void* base = nullptr;  // what mmap returned
    size_t length = 0;     // what was mapped (the aligned span plus up to one huge page of slack)
};

// Called by the runtime once the buffer is released: the pages go back with it.
void CL_CALLBACK unmapWithBuffer(cl_mem, void* user) {
    auto* m = static_cast<Mapping*>(user);
    munmap(m->base, m->length);
    delete m;
}

}  // namespace

cl::Buffer hugePageBuffer(const cl::Context& context, const void* data, size_t bytes) {
    const size_t span = (bytes + kHugePage - 1) / kHugePage * kHugePage;
    const size_t length = span + kHugePage;  // room to start on a 2 MiB boundary
    void* base = mmap(nullptr, length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) return {};
    auto* aligned = reinterpret_cast<unsigned char*>(
        (reinterpret_cast<std::uintptr_t>(base) + kHugePage - 1) / kHugePage * kHugePage);
    // Advice refused (THP "never", an old kernel): 4 KiB pages, as the runtime's own allocation would have.
    madvise(aligned, span, MADV_HUGEPAGE);
    std::memcpy(aligned, data, bytes);
    auto* mapping = new Mapping{base, length};
    cl::Buffer buffer;
    try {
        buffer = cl::Buffer(context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes, aligned);
    } catch (...) {
        munmap(base, length);
        delete mapping;
        throw;
    }
    if (clSetMemObjectDestructorCallback(buffer(), unmapWithBuffer, mapping) != CL_SUCCESS) {
        // The mapping cannot follow the buffer: keep the runtime's own copy instead, and free ours now.
        buffer = cl::Buffer();
        munmap(base, length);
        delete mapping;
        return {};
    }
    return buffer;
}

#else

cl::Buffer hugePageBuffer(const cl::Context&, const void*, size_t) { return {}; }

#endif

}  // namespace rl
