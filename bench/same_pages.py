#!/usr/bin/env python3
"""best-cpu on a CPU OpenCL device against host std::reduce, in one process and over the same pages.

reducelab_bench gives the host peer its own copy of the input; on a shared VM the pages a buffer gets can move its
bandwidth by 10% (BENCHMARKS.md, "On a CPU device"), and processes land in different bandwidth regimes. This harness
removes both: it maps best-cpu's OpenCL buffer (zero-copy on PoCL) and runs host std::reduce(par_unseq) over those
very pages, timing every method in turns (one call each per round, the order rotated every round), so each ratio
compares calls made seconds apart on the same bytes. Methods: `host` (TBB), `loop` (one host thread), and best-cpu
(kernels/reduce/best-cpu.cl) over each GROUPSxWG of --grids; wall time of a launch and the read of the partials.

  python3 bench/same_pages.py --n 2^26 --grids 64x256,256x256 --rounds 20
  POCL_MAX_PTHREAD_COUNT=1 python3 bench/same_pages.py --n 2^26 --grids 1x1 --reference loop

Needs python3-pyopencl, python3-numpy, libtbb-dev and g++ (the host side is built into --build-dir).
"""
import argparse
import ctypes
import os
import subprocess
import sys
import time

import numpy as np
import pyopencl as cl

HERE = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.path.join(HERE, "..", "kernels")


def size(text):
    return int(eval(text.replace("^", "**"), {"__builtins__": {}}))


def host_library(build_dir):
    src = os.path.join(HERE, "same_pages_host.cpp")
    lib = os.path.join(build_dir, "libsame_pages_host.so")
    if not os.path.exists(lib) or os.path.getmtime(lib) < os.path.getmtime(src):
        os.makedirs(build_dir, exist_ok=True)
        subprocess.run(["g++", "-std=c++17", "-O3", "-march=native", "-fopenmp-simd", "-shared", "-fPIC", src,
                        "-o", lib, "-ltbb"], check=True)
    h = ctypes.CDLL(lib)
    for name in ("rl_host_reduce", "rl_host_loop"):
        f = getattr(h, name)
        f.restype = ctypes.c_float
        f.argtypes = [ctypes.c_void_p, ctypes.c_size_t]
    return h


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=size, default=1 << 26, help="floats (default 2^26)")
    ap.add_argument("--grids", default="64x256,256x256", help="best-cpu grids, GROUPSxWG,...")
    ap.add_argument("--rounds", type=int, default=20, help="timed rounds (3 more untimed first)")
    ap.add_argument("--reference", choices=("host", "loop"), default="host")
    ap.add_argument("--device", default="", help="part of the OpenCL device name (default: the first CPU device)")
    ap.add_argument("--huge", action="store_true",
                    help="the pages: a 2 MiB-aligned host array advised for transparent huge pages, used by the "
                         "OpenCL buffer in place (CL_MEM_USE_HOST_PTR), instead of the runtime's own allocation")
    ap.add_argument("--build-dir", default="/tmp/reducelab_same_pages")
    a = ap.parse_args()

    devices = [d for p in cl.get_platforms() for d in p.get_devices()]
    devices = [d for d in devices if (a.device.lower() in d.name.lower() if a.device else d.type & cl.device_type.CPU)]
    if not devices:
        sys.exit("no such OpenCL device (install pocl-opencl-icd for the CPU)")
    ctx = cl.Context([devices[0]])
    queue = cl.CommandQueue(ctx)
    # The prelude every kernel is built after (kernels/common.cl, kernels/record.cl), then the kernel.
    source = ""
    for name in ("common.cl", "record.cl", os.path.join("reduce", "best-cpu.cl")):
        with open(os.path.join(KERNELS, name)) as f:
            source += f.read() + "\n"
    program = cl.Program(ctx, source).build()
    host = host_library(a.build_dir)

    data = np.random.default_rng(1).random(a.n, dtype=np.float32)
    exact = float(data.sum(dtype=np.float64))
    mf = cl.mem_flags
    if a.huge:
        raw = np.empty(a.n * 4 + (2 << 20), np.uint8)
        start = -raw.ctypes.data % (2 << 20)
        array = raw[start:start + a.n * 4].view(np.float32)
        libc = ctypes.CDLL(None)
        libc.madvise(ctypes.c_void_p(array.ctypes.data), ctypes.c_size_t(a.n * 4), 14)  # MADV_HUGEPAGE
        array[:] = data
        buf = cl.Buffer(ctx, mf.READ_ONLY | mf.USE_HOST_PTR, hostbuf=array)
    else:
        buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=data)
    pages, _ = cl.enqueue_map_buffer(queue, buf, cl.map_flags.READ, 0, (a.n,), np.float32)  # kernels only read it
    queue.finish()
    ptr = pages.ctypes.data
    if a.huge and ptr != array.ctypes.data:
        print("note: the runtime copied the host array; the pages are its own")

    methods = {"host": lambda: host.rl_host_reduce(ptr, a.n), "loop": lambda: host.rl_host_loop(ptr, a.n)}
    methods = {a.reference: methods[a.reference]}
    for grid in a.grids.split(","):
        groups, wg = (int(x) for x in grid.split("x"))
        kernel = cl.Kernel(program, "best_cpu")
        out = cl.Buffer(ctx, mf.READ_WRITE, groups * 4)
        partials = np.empty(groups, np.float32)
        kernel.set_args(buf, out, np.uint32(a.n), cl.LocalMemory(wg * 4))

        def call(kernel=kernel, groups=groups, wg=wg, out=out, partials=partials):
            cl.enqueue_nd_range_kernel(queue, kernel, (groups * wg,), (wg,))
            cl.enqueue_copy(queue, partials, out)  # blocking
            return float(partials.sum(dtype=np.float64))
        methods[f"best-cpu {grid}"] = call

    names = list(methods)
    times = {m: [] for m in names}
    for r in range(a.rounds + 3):
        for i in range(len(names)):
            m = names[(i + r) % len(names)]
            t0 = time.perf_counter()
            value = methods[m]()
            dt = time.perf_counter() - t0
            if r == 0 and abs(value - exact) > 1e-4 * a.n:
                sys.exit(f"{m}: {value} where the sum is {exact}")
            if r >= 3:
                times[m].append(dt)
    median = {m: sorted(t)[len(t) // 2] for m, t in times.items()}
    ref = median[names[0]]
    pages_kind = "huge pages, CL_MEM_USE_HOST_PTR" if a.huge else "the runtime's pages"
    print(f"{devices[0].name}, {a.n} floats, median of {a.rounds} rounds in turns, same pages ({pages_kind}):")
    for m in names:
        print(f"  {m:<22} {a.n * 4 / median[m] / 1e9:7.1f} GB/s  {ref / median[m]:.2f}x {names[0]}")


if __name__ == "__main__":
    main()
