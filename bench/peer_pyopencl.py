#!/usr/bin/env python3
# Peer: pyopencl's ReductionKernel (python3-pyopencl), a sum, min or max of floats or ints on the bench's OpenCL
# device and data. Wall clock around each call including .get() of the result (its two kernels give no single event
# to time).
from bench_data import load, parse_args, record, unavailable, wall_rounds, wall_sizes, warm_up


def main():
    a = parse_args(__doc__)
    try:
        import numpy as np
        import pyopencl as cl
        from pyopencl.reduction import ReductionKernel
        import pyopencl.array as cla
    except Exception as e:  # noqa: BLE001 - any import failure means this interpreter cannot run the peer
        unavailable(f"pyopencl or numpy not importable ({e}); install python3-pyopencl")
    device = None
    for platform in cl.get_platforms():
        if a.platform and platform.name.strip() != a.platform:
            continue
        for d in platform.get_devices():
            if not a.device or d.name.strip() == a.device:
                device = d
                break
        if device:
            break
    if device is None:
        unavailable(f"pyopencl sees no device named {a.device!r} on platform {a.platform!r}")
    ctx = cl.Context([device])
    queue = cl.CommandQueue(ctx)
    ctype, dtype = ("int", np.int32) if a.dtype == "int" else ("float", np.float32)
    neutral = {"sum": "0", "min": "INT_MAX" if a.dtype == "int" else "INFINITY",
               "max": "INT_MIN" if a.dtype == "int" else "-INFINITY"}[a.op]
    reduce_expr = {"sum": "a+b", "min": "min(a,b)", "max": "max(a,b)"}[a.op]
    krnl = ReductionKernel(ctx, dtype, neutral=neutral, reduce_expr=reduce_expr, map_expr="x[i]",
                           arguments=f"__global const {ctype} *x")
    # --interleave: every size set up first, then one round-robin with one call at every size per round; --passes:
    # every size set up first, then the sizes swept that many times
    note = f"pyopencl {cl.VERSION_TEXT}, {ctype} {a.op}"
    arrays = []
    for n, path in a.files:
        x = cla.to_device(queue, load(np, n, path, a.dtype))
        if a.interleave or a.passes > 1:
            arrays.append((n, x))
            continue
        warm_up(lambda: krnl(x).get(), a.warmup, queue.finish, n)
        [(times, results, starts, cpus)] = wall_rounds([lambda: float(krnl(x).get())], a.repeats)
        record("pyopencl ReductionKernel", "opencl-peer", n, "wall", times, results, n * 4, note,
               *((starts, cpus) if a.calls else ()))
        del x
    calls = [lambda x=x: float(krnl(x).get()) for _, x in arrays]
    warm_ups = [lambda x=x, n=n: warm_up(lambda: krnl(x).get(), a.warmup, queue.finish, n) for n, x in arrays]
    timed = wall_sizes(calls, warm_ups, a.repeats, a.passes, a.interleave)
    for (n, _), (times, results, starts, cpus) in zip(arrays, timed):
        record("pyopencl ReductionKernel", "opencl-peer", n, "wall", times, results, n * 4, note,
               *((starts, cpus) if a.calls else ()))


if __name__ == "__main__":
    main()
