# Shared by the Python peers: the command line every peer takes, the data files the bench program wrote (raw
# float32 or int32, the same values its own methods reduce), the statistics, and the JSON lines the bench reads back.
import argparse
import ctypes
import json
import math
import statistics
import sys
import time


def parse_args(description):
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--repeats", type=int, default=15)
    p.add_argument("--timing", choices=["device", "device-idle", "wall"], default="wall",
                   help="device: each call queued behind a busy device; device-idle: the device idle before each")
    p.add_argument("--dtype", choices=["float", "int"], default="float")
    p.add_argument("--op", choices=["sum", "min", "max"], default="sum")
    p.add_argument("--pattern", choices=["reduce", "scan", "histogram"], default="reduce",
                   help="scan: the peers' inclusive scans (each element checked), not their reductions; "
                        "histogram: their histograms of values in [0, bins) (each bin checked)")
    p.add_argument("--bins", type=int, default=256, help="histogram: the bins, over the range [0, bins]")
    p.add_argument("--platform", default="")
    p.add_argument("--device", default="")
    p.add_argument("--data", action="append", default=[], metavar="N=PATH",
                   help="a size and the raw float32 / int32 file holding its data")
    p.add_argument("--interleave", action="store_true",
                   help="wall timing: each round calls every method at every size once (as the bench's own)")
    p.add_argument("--passes", type=int, default=1,
                   help="wall timing: the sizes swept this many times, each pass timing its share of the calls")
    p.add_argument("--calls", action="store_true",
                   help="wall timing: each JSON line keeps every timed call's start (s, CLOCK_MONOTONIC) and time")
    p.add_argument("--warm-once", action="store_true",
                   help="the MIN_WARMUP_S warm-up floor once per size (its first method's warm-up), the other "
                        "methods' warm-ups their --warmup calls only, the GPU already busy")
    p.add_argument("--cold-l2", action="store_true",
                   help="device timing: before each call, write four times the GPU's L2 cache (at least 256 MiB), "
                        "so that no call finds what the last one left there")
    a = p.parse_args()
    if a.cold_l2 and a.timing != "device":
        p.error("--cold-l2 clears the cache before each call of device timing: give --timing device with it")
    _warm["once"] = a.warm_once
    a.files = []
    for item in a.data:
        n, path = item.split("=", 1)
        a.files.append((int(n), path))
    return a


def runs_in(path):
    """The runs of a reducelab_bench --json file: the file itself, or those it joins under "runs" (as bench/results
    keeps several runs in one file, each with its "file" name)."""
    with open(path) as f:
        d = json.load(f)
    return d["runs"] if "runs" in d else [d]


def load(np, n, path, dtype="float"):
    x = np.fromfile(path, dtype=np.int32 if dtype == "int" else np.float32)
    if x.size != n:
        raise SystemExit(f"{path} holds {x.size} {dtype}s, expected {n}")
    return x


_LIBC = ctypes.CDLL(None)  # sched_getcpu: which CPU a call returned on (--calls)

MIN_WARMUP_S = 0.2  # warm-up runs last at least this long (a GPU leaves its idle clocks), as in the C++ bench

# --warm-once (parse_args), and the size the last warm-up was at
_warm = {"once": False, "last": None}


def warm_up(fn, runs, sync, n=None):
    """Calls fn at least `runs` times and for at least MIN_WARMUP_S seconds, then sync(). With --warm-once, a
    warm-up at the same size `n` as the one before it (the next method at a size, the GPU still busy) gives only
    its `runs` calls, as the C++ bench's does."""
    floor = not (_warm["once"] and n is not None and n == _warm["last"])
    _warm["last"] = n
    start, i = time.perf_counter(), 0
    while i < runs or (floor and time.perf_counter() - start < MIN_WARMUP_S):
        fn()
        sync()
        i += 1


def wall_rounds(calls, repeats):
    """Wall timing in one round-robin: `calls` are functions that each make one whole call (its result read back)
    and return its value; each of `repeats` rounds calls every one once. Returns, per function, its times (ms),
    values, starts (s on CLOCK_MONOTONIC, the clock the C++ bench's steady_clock reads) and the CPUs the calls
    returned on."""
    out = [([], [], [], []) for _ in calls]
    for _ in range(repeats):
        for fn, (times, values, starts, cpus) in zip(calls, out):
            started = time.clock_gettime(time.CLOCK_MONOTONIC)
            t0 = time.perf_counter()
            value = fn()
            times.append((time.perf_counter() - t0) * 1e3)
            values.append(value)
            starts.append(started)
            cpus.append(_LIBC.sched_getcpu())  # after the clock: not timed
    return out


def wall_passes(calls, warm_ups, repeats, passes):
    """Wall timing with the sizes swept `passes` times: each pass warms each call up (warm_ups[i]()) and then times
    its share of the `repeats` calls in a row, in the order given (size by size); returns per call the pooled times,
    values, starts and CPUs, as wall_rounds does."""
    out = [([], [], [], []) for _ in calls]
    for p in range(passes):
        count = repeats * (p + 1) // passes - repeats * p // passes
        for call, warm, pooled in zip(calls, warm_ups, out):
            warm()
            [timed] = wall_rounds([call], count)
            for into, got in zip(pooled, timed):
                into.extend(got)
    return out


def wall_sizes(calls, warm_ups, repeats, passes, interleave):
    """Every size's calls set up first, then timed: in rounds over every size (interleave: each call warmed up once,
    then wall_rounds) or in `passes` sweeps over the sizes (wall_passes)."""
    if not interleave:
        return wall_passes(calls, warm_ups, repeats, passes)
    for warm in warm_ups:
        warm()
    return wall_rounds(calls, repeats)


def emit(**fields):
    print(json.dumps(fields), flush=True)


def unavailable(reason):
    emit(unavailable=reason)
    sys.exit(0)


def first_finite(results):
    """The first result as a JSON number, or None: JSON has no NaN or infinity (the bench's reader refuses the whole
    line), and an in-place scan timed over its own output grows its floats past the largest float."""
    if not results:
        return None
    first = float(results[0])
    return first if math.isfinite(first) else None


def record(method, role, n, timing, times_ms, results, nbytes, note, starts=None, cpus=None, check=None):
    """One JSON line: median/min/max of the timed runs; the first result (the bench checks it) and whether all agree;
    with `starts` and `cpus`, every call as [start, ms, cpu]; with `check` ((correct, verdict): a scan's output
    checked element by element here), the bench takes that verdict instead of checking the result itself."""
    fields = dict(method=method, role=role, n=n, timing=timing, median_ms=statistics.median(times_ms),
                  min_ms=min(times_ms), max_ms=max(times_ms), repeats=len(times_ms), bytes=nbytes,
                  result=first_finite(results), results_all_equal=len(set(results)) <= 1, note=note)
    if check is not None:
        fields["correct"], fields["verdict"] = bool(check[0]), check[1]
    if starts:
        fields["calls"] = [[s, t, c] for s, t, c in zip(starts, times_ms, cpus)]
    emit(**fields)
