#!/usr/bin/env python3
# Peers on an NVIDIA GPU through CUDA: torch.sum (PyTorch's reduction kernel) and, where CuPy is installed,
# cupy.sum (CUB's device reduce), plus torch's device-to-device copy as a reference for the copy ceiling. Device
# timing = CUDA events around each call (the GPU's own clock, as OpenCL's profiling events are for ReduceLab);
# wall timing = the host clock around the call and the read of its result.
import time

from bench_data import emit, load, parse_args, record, unavailable, warm_up


def time_calls(torch, fn, warmup, repeats, timing):
    warm_up(fn, warmup, torch.cuda.synchronize)
    times, results = [], []
    for _ in range(repeats):
        if timing == "device":
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            r = fn()
            end.record()
            end.synchronize()
            times.append(start.elapsed_time(end))
            results.append(r)
        else:
            t0 = time.perf_counter()
            r = fn()
            value = r.item() if r is not None else None
            times.append((time.perf_counter() - t0) * 1e3)
            results.append(value)
    return times, [float(r.item()) if hasattr(r, "item") else r for r in results]


def main():
    a = parse_args(__doc__)
    try:
        import numpy as np
        import torch
    except Exception as e:  # noqa: BLE001
        unavailable(f"torch not importable ({e})")
    if not torch.cuda.is_available():
        unavailable("torch sees no CUDA device")
    try:
        import cupy
    except Exception:  # noqa: BLE001
        cupy = None
    name = torch.cuda.get_device_name(0)
    for n, path in a.files:
        x = torch.from_numpy(load(np, n, path)).cuda()
        times, results = time_calls(torch, lambda: torch.sum(x), a.warmup, a.repeats, a.timing)
        record("torch.sum", "framework-peer", n, a.timing, times, results, n * 4, f"torch {torch.__version__} on {name}")
        y = torch.empty_like(x)

        def copy():
            y.copy_(x)

        times, _ = time_calls(torch, copy, a.warmup, a.repeats, "device")
        if not torch.equal(x, y):
            emit(method="torch copy_", role="reference", n=n, skipped="torch's copy differs from its source")
        else:
            record("torch copy_", "reference", n, "device", times, [], 2 * n * 4, "bytes read + written")
        del y
        if cupy is not None:
            with cupy.cuda.Device(0):
                cx = cupy.asarray(x)
                times, results = time_calls_cupy(cupy, lambda: cupy.sum(cx), a.warmup, a.repeats, a.timing)
                try:
                    accel = ",".join(str(x) for x in cupy._core.get_routine_accelerators())
                except Exception:  # noqa: BLE001 - a private helper that may move
                    accel = "unknown"
                record("cupy.sum", "framework-peer", n, a.timing, times, results, n * 4,
                       f"cupy {cupy.__version__}, routine accelerators: {accel or 'none'}")
                del cx
        del x
        torch.cuda.empty_cache()


def time_calls_cupy(cupy, fn, warmup, repeats, timing):
    warm_up(fn, warmup, cupy.cuda.Device().synchronize)
    times, results = [], []
    for _ in range(repeats):
        if timing == "device":
            start, end = cupy.cuda.Event(), cupy.cuda.Event()
            start.record()
            r = fn()
            end.record()
            end.synchronize()
            times.append(cupy.cuda.get_elapsed_time(start, end))
            results.append(float(r))
        else:
            t0 = time.perf_counter()
            value = float(fn())
            times.append((time.perf_counter() - t0) * 1e3)
            results.append(value)
    return times, results


if __name__ == "__main__":
    main()
