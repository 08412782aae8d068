// What the host waits for one small launch and the read of one element behind it, on NVIDIA's OpenCL, by queue and
// by how the element is read: why wall timing runs its calls on a queue without profiling (Engine::profileCommands).
// A plain OpenCL program, apart from the rest of the bench:
//   g++ -O2 -o queue_latency bench/gpu/queue_latency.cpp -lOpenCL && ./queue_latency [N]
// (bench/gpu/compare.sh with REDUCELAB_QUEUE_LATENCY=1 does this at 2^16 and 2^22). Each of the 14 ways is warmed up
// with 300 calls, then timed in 20 rounds of 100 calls, the ways in turn, every other round in the opposite order;
// the figures are the median, 10th and 90th percentile of its 2000 calls, in microseconds.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

const char* kSource =
    "__kernel void k(__global const float* a, __global float* b, uint n) {"
    "    uint i = get_global_id(0); if (i < n) b[i] = a[i] + 1.0f; }";

void check(cl_int err, const char* what) {
    if (err == CL_SUCCESS) return;
    std::printf("%s failed with error %d\n", what, err);
    std::exit(1);
}
#define CHECK(call) check((call), #call)

const char* const kWays[] = {
    "kernel+blocking read (pageable)",
    "kernel+blocking read (pinned)",
    "kernel+read+finish (pinned)",
    "kernel+finish (no read)",
    "kernel+read, spin on event (pageable)",
    "kernel+read, spin on event (pinned)",
    "kernel+read, flush, wait event (pageable)",
    "PROFILING queue: kernel+blocking read",
    "PROFILING queue: kernel+finish",
    "PROFILING queue: kernel(event)+blocking read",
    "PROFILING: kernel+read(nb, pageable)+finish",
    "PROFILING: kernel+read(nb, pinned)+finish",
    "PROFILING: kernel+blocking read (pinned)",
    "PROFILING: kernel+finish+blocking read",
};
constexpr int kCount = sizeof kWays / sizeof kWays[0];

}  // namespace

int main(int argc, char** argv) {
    const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 65536;
    if (n == 0) {
        std::printf("N must be at least 1\n");
        return 1;
    }
    cl_platform_id platforms[8];
    cl_uint platformCount = 0;
    CHECK(clGetPlatformIDs(8, platforms, &platformCount));
    cl_device_id device = nullptr;
    for (cl_uint i = 0; i < platformCount && !device; ++i) {
        char name[256] = {};
        clGetPlatformInfo(platforms[i], CL_PLATFORM_NAME, sizeof name, name, nullptr);
        if (std::strstr(name, "NVIDIA")) clGetDeviceIDs(platforms[i], CL_DEVICE_TYPE_GPU, 1, &device, nullptr);
    }
    if (!device) {
        std::printf("no NVIDIA OpenCL device: this measures NVIDIA's driver\n");
        return 1;
    }
    cl_int err = CL_SUCCESS;
    cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
    check(err, "clCreateContext");
    cl_command_queue plain = clCreateCommandQueue(context, device, 0, &err);
    check(err, "clCreateCommandQueue");
    cl_command_queue profiling = clCreateCommandQueue(context, device, CL_QUEUE_PROFILING_ENABLE, &err);
    check(err, "clCreateCommandQueue (profiling)");
    cl_program program = clCreateProgramWithSource(context, 1, &kSource, nullptr, &err);
    check(err, "clCreateProgramWithSource");
    CHECK(clBuildProgram(program, 1, &device, "", nullptr, nullptr));
    cl_kernel kernel = clCreateKernel(program, "k", &err);
    check(err, "clCreateKernel");
    std::vector<float> ones(n, 1.0f);
    cl_mem in = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * 4, ones.data(), &err);
    check(err, "clCreateBuffer (in)");
    cl_mem out = clCreateBuffer(context, CL_MEM_READ_WRITE, n * 4, nullptr, &err);
    check(err, "clCreateBuffer (out)");
    // Pinned host memory: a small buffer the runtime allocates in host memory, mapped once.
    cl_mem pin = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, 64, nullptr, &err);
    check(err, "clCreateBuffer (pinned)");
    auto* pinned = static_cast<float*>(
        clEnqueueMapBuffer(plain, pin, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, 64, 0, nullptr, nullptr, &err));
    check(err, "clEnqueueMapBuffer");
    const cl_uint count = cl_uint(n);
    CHECK(clSetKernelArg(kernel, 0, sizeof in, &in));
    CHECK(clSetKernelArg(kernel, 1, sizeof out, &out));
    CHECK(clSetKernelArg(kernel, 2, sizeof count, &count));
    const size_t local = 256, global = (n + local - 1) / local * local;
    const size_t last = (n - 1) * 4;

    auto call = [&](int way) {
        cl_command_queue q = way >= 7 ? profiling : plain;
        float v = 0;
        cl_event kernelEvent = nullptr, readEvent = nullptr;
        const auto start = std::chrono::steady_clock::now();
        CHECK(clEnqueueNDRangeKernel(q, kernel, 1, nullptr, &global, &local, 0, nullptr,
                                     way == 9 ? &kernelEvent : nullptr));
        switch (way) {
            case 0:
            case 7:
            case 9:
                CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, last, 4, &v, 0, nullptr, nullptr));
                break;
            case 1:
            case 12:
                CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, last, 4, pinned, 0, nullptr, nullptr));
                v = *pinned;
                break;
            case 2:
            case 11:
                CHECK(clEnqueueReadBuffer(q, out, CL_FALSE, last, 4, pinned, 0, nullptr, nullptr));
                CHECK(clFinish(q));
                v = *pinned;
                break;
            case 3:
            case 8:
                CHECK(clFinish(q));
                v = 2;  // nothing read
                break;
            case 10:
                CHECK(clEnqueueReadBuffer(q, out, CL_FALSE, last, 4, &v, 0, nullptr, nullptr));
                CHECK(clFinish(q));
                break;
            case 13:
                CHECK(clFinish(q));
                CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, last, 4, &v, 0, nullptr, nullptr));
                break;
            default: {  // 4-6: a non-blocking read, then its event polled (4, 5) or waited for (6)
                float* to = way == 5 ? pinned : &v;
                CHECK(clEnqueueReadBuffer(q, out, CL_FALSE, last, 4, to, 0, nullptr, &readEvent));
                CHECK(clFlush(q));
                if (way == 6) {
                    CHECK(clWaitForEvents(1, &readEvent));
                } else {
                    cl_int status = CL_QUEUED;
                    do {
                        clGetEventInfo(readEvent, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr);
                    } while (status > CL_COMPLETE);
                }
                if (way == 5) v = *pinned;
            }
        }
        const auto end = std::chrono::steady_clock::now();
        if (kernelEvent) clReleaseEvent(kernelEvent);
        if (readEvent) clReleaseEvent(readEvent);
        if (v != 2.0f) {
            std::printf("way %d read %g, not 2\n", way, double(v));
            std::exit(1);
        }
        return std::chrono::duration<double, std::micro>(end - start).count();
    };

    std::vector<std::vector<double>> times(kCount);
    for (int way = 0; way < kCount; ++way)
        for (int i = 0; i < 300; ++i) call(way);
    for (int round = 0; round < 20; ++round)
        for (int k = 0; k < kCount; ++k) {
            const int way = round % 2 ? kCount - 1 - k : k;
            for (int i = 0; i < 100; ++i) times[way].push_back(call(way));
        }
    std::printf("n = %zu\n", n);
    for (int way = 0; way < kCount; ++way) {
        std::vector<double>& t = times[way];
        std::sort(t.begin(), t.end());
        std::printf("%-44s median %7.2f us  p10 %7.2f  p90 %7.2f\n", kWays[way], t[t.size() / 2], t[t.size() / 10],
                    t[t.size() * 9 / 10]);
    }
    return 0;
}
