#!/usr/bin/env python3
"""The CUDA side of reducelab_bench --floor: how CUPTI's kernel clock, which times cupy.sum in the bench,
and CUDA events bound a kernel's own work (%globaltimer read inside it), so that OpenCL's profiling events can be
set beside the right one. Per kernel: CUPTI's span, the work inside, and CUDA events recorded around the call while
a spinning kernel keeps the GPU busy (so the events, like OpenCL's, count no host time). Then cupy.sum per size on
both clocks. Usage: cuda_floor.py --sizes 16,20,24,28 --repeats 100"""
import argparse
import json
import statistics
import time

SOURCE = r'''
__device__ __forceinline__ unsigned long long now_ns() {
    unsigned long long t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); return t; }
extern "C" __global__ void nop(unsigned long long *s) {}
extern "C" __global__ void stamp_empty(unsigned long long *s) {
    unsigned long long t0 = now_ns(); __syncthreads(); unsigned long long t1 = now_ns();
    if (threadIdx.x == 0) { atomicMin(&s[0], t0); atomicMax(&s[1], t1); } }
extern "C" __global__ void spin(unsigned long long ns) {
    unsigned long long t0 = now_ns(); while (now_ns() - t0 < ns) {} }
'''


def med(v):
    return statistics.median(v) if v else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default="16,18,20,22,23,24,26,28")
    ap.add_argument("--repeats", type=int, default=100)
    ap.add_argument("--json", default="")
    a = ap.parse_args()
    import cupy
    import torch
    from torch.profiler import ProfilerActivity, profile

    mod = cupy.RawModule(code=SOURCE)
    nop, stamp_empty, spin = (mod.get_function(k) for k in ("nop", "stamp_empty", "spin"))
    stamps = cupy.zeros(2, dtype=cupy.uint64)
    dev = cupy.cuda.Device()
    out = {"device": torch.cuda.get_device_name(0), "cupy": cupy.__version__}

    def cupti_spans(fn, repeats):
        """Per call: CUPTI's span of the call's kernels (us) and the number of kernels."""
        for _ in range(20):
            fn()
        dev.synchronize()
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(repeats):
                fn()
                dev.synchronize()
                time.sleep(0.0003)
        ks = sorted((e.time_range.start, e.time_range.end) for e in prof.events()
                    if e.device_type == torch.autograd.DeviceType.CUDA)
        k = len(ks) // repeats
        calls = [ks[i * k:(i + 1) * k] for i in range(repeats)]
        return [max(e for _, e in c) - min(s for s, _ in c) for c in calls], k

    def events_behind_spin(fn, repeats, spin_ns=300_000):
        """CUDA events around fn while the GPU is still busy with a spinning kernel: GPU time only, in us."""
        for _ in range(10):
            fn()
        times = []
        for _ in range(repeats):
            e0, e1 = cupy.cuda.Event(), cupy.cuda.Event()
            spin((1,), (1,), (cupy.uint64(spin_ns),))
            e0.record()
            fn()
            e1.record()
            e1.synchronize()
            times.append(cupy.cuda.get_elapsed_time(e0, e1) * 1e3)
        return times

    def work_inside(repeats, grid, block):
        works = []
        for _ in range(repeats):
            stamps[0] = cupy.uint64(2**64 - 1)
            stamps[1] = 0
            stamp_empty((grid,), (block,), (stamps,))
            s = stamps.get()
            works.append((int(s[1]) - int(s[0])) / 1e3)
        return works

    rows = []
    for grid, block in ((1, 32), (512, 256)):
        fn = lambda: stamp_empty((grid,), (block,), (stamps,))  # noqa: E731
        cupti, _ = cupti_spans(fn, a.repeats)
        ev = events_behind_spin(fn, a.repeats)
        work = work_inside(a.repeats, grid, block)
        rows.append({"what": f"empty kernel {grid} x {block}", "cupti_us": med(cupti), "events_us": med(ev),
                     "work_us": med(work)})
    nothing = events_behind_spin(lambda: None, a.repeats)
    rows.append({"what": "two events, nothing between", "events_us": med(nothing)})
    # A chain of empty kernels on CUPTI's clock: what each launch costs back to back.
    chain, _ = cupti_spans(lambda: [nop((1,), (32,), (stamps,)) for _ in range(100)], 10)
    rows.append({"what": "chain of 100 empty kernels, per kernel", "cupti_us": med(chain) / 100})
    out["kernels"] = rows
    for r in rows:
        print(f"  {r['what']:<42} CUPTI {r.get('cupti_us', float('nan')):7.2f} us   events behind a spinner "
              f"{r.get('events_us', float('nan')):7.2f} us   work inside {r.get('work_us', float('nan')):7.2f} us")
    rng = cupy.random.default_rng(1)
    out["sizes"] = []
    for k in (int(s) for s in a.sizes.split(",")):
        n = 1 << k
        x = rng.uniform(-1.0, 1.0, n, dtype=cupy.float32)
        cupti, kernels = cupti_spans(lambda: cupy.sum(x), a.repeats)
        ev = events_behind_spin(lambda: cupy.sum(x), a.repeats)
        r = {"n": n, "method": "cupy.sum", "data_type": "float", "op": "sum", "kernels": kernels,
             "cupti_us": med(cupti), "events_us": med(ev)}
        out["sizes"].append(r)
        print(f"  cupy.sum 2^{k}: CUPTI span {r['cupti_us']:8.2f} us ({kernels} kernels), events behind a spinner "
              f"{r['events_us']:8.2f} us")
        del x
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
