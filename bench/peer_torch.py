#!/usr/bin/env python3
# Peers on an NVIDIA GPU through CUDA: torch.sum (PyTorch's reduction) and, where CuPy is installed, cupy.sum,
# plus torch's device-to-device copy as a reference for the copy ceiling.
# Device timing = the GPU's own timestamps of the kernels a call launches, first start to last end, read through
# torch.profiler (CUPTI): the same quantity OpenCL's profiling events give for ReduceLab's passes. CUDA events
# around each call are reported beside it ("(CUDA events)" rows: they also count the events' own overhead).
# Wall timing = the host clock around the call and the read of its result.
import time

from bench_data import emit, load, parse_args, record, unavailable, warm_up


def kernel_spans(torch, fn, repeats):
    """Runs fn `repeats` times under the profiler; per call, the span of its GPU activity (ms), how many GPU
    operations it launched, and its result."""
    from torch.profiler import ProfilerActivity, profile

    results = []
    torch.cuda.synchronize()
    with profile(activities=[ProfilerActivity.CUDA]) as prof:  # no CPU tracing: it would slow the launches
        for _ in range(repeats):
            results.append(fn())
            torch.cuda.synchronize()
            time.sleep(0.0003)  # a clear gap on the GPU's timeline between calls
    spans = sorted((e.time_range.start, e.time_range.end) for e in prof.events()
                   if e.device_type == torch.autograd.DeviceType.CUDA)
    if spans and len(spans) % repeats == 0:  # the same number of GPU operations per call: take them in order
        k = len(spans) // repeats
        calls = [spans[i * k:(i + 1) * k] for i in range(repeats)]
        ms = [(max(e for _, e in c) - min(s for s, _ in c)) / 1e3 for c in calls]
        return ms, [k] * repeats, results
    calls, current, current_end = [], [], 0.0
    for start, end in spans:  # microseconds; a call's GPU work ends well before the next call's starts
        if current and start - current_end > 100:
            calls.append(current)
            current = []
        current_end = max(current_end, end) if current else end
        current.append((start, end))
    if current:
        calls.append(current)
    if len(calls) != repeats:
        raise RuntimeError(f"the profiler showed {len(calls)} bursts of GPU work for {repeats} calls")
    ms = [(max(e for _, e in c) - min(s for s, _ in c)) / 1e3 for c in calls]
    return ms, [len(c) for c in calls], results


def event_times(torch, fn, repeats):
    times, results = [], []
    for _ in range(repeats):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        r = fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
        results.append(r)
    return times, results


def wall_times(fn, sync, repeats):
    times, results = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        r = fn()
        value = r.item() if r is not None else sync()  # a copy returns nothing: wait for it
        times.append((time.perf_counter() - t0) * 1e3)
        results.append(value)
    return times, results


def values(results):
    return [float(r.item()) if hasattr(r, "item") else float(r) for r in results if r is not None]


def measure(torch, label, role, n, nbytes, fn, sync, a, note):
    """The rows of one method at one size: its main figure in the asked timing, and CUDA events beside it."""
    warm_up(fn, a.warmup, sync)
    if a.timing == "wall":
        times, results = wall_times(fn, sync, a.repeats)
        record(label, role, n, "wall", times, values(results), nbytes, note)
        return
    # CUDA events first: once a profiler has run in the process, events around a call read longer.
    event_ms, event_results = event_times(torch, fn, a.repeats)
    try:
        times, counts, results = kernel_spans(torch, fn, a.repeats)
        ops = sorted(set(counts))
        record(label, role, n, "device", times, values(results), nbytes,
               f"{note}; GPU kernel span from torch.profiler (CUPTI), {'/'.join(map(str, ops))} GPU ops per call")
        record(label + " (CUDA events)", "reference", n, "device", event_ms, values(event_results), nbytes,
               note + "; CUDA events around the call")
    except Exception as e:  # noqa: BLE001 - fall back to CUDA events, and say so
        print(f"kernel timestamps unavailable for {label}: {e}")
        record(label, role, n, "device", event_ms, values(event_results), nbytes,
               note + "; CUDA events around the call (the profiler's kernel timestamps were unavailable)")


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
        measure(torch, "torch.sum", "framework-peer", n, n * 4, lambda: torch.sum(x), torch.cuda.synchronize, a,
                f"torch {torch.__version__} on {name}")
        y = torch.empty_like(x)

        def copy():
            y.copy_(x)

        measure(torch, "torch copy_", "reference", n, 2 * n * 4, copy, torch.cuda.synchronize, a,
                "bytes read + written")
        if not torch.equal(x, y):
            emit(method="torch copy_ check", role="reference", n=n, skipped="torch's copy differs from its source")
        del y
        if cupy is not None:
            cx = cupy.asarray(x)
            try:
                accel = ",".join(str(v) for v in cupy._core.get_routine_accelerators())
            except Exception:  # noqa: BLE001 - a private helper that may move
                accel = "unknown"
            measure(torch, "cupy.sum", "framework-peer", n, n * 4, lambda: cupy.sum(cx),
                    cupy.cuda.Device().synchronize, a, f"cupy {cupy.__version__}, routine accelerators: {accel}")
            del cx
        del x
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
