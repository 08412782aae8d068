#!/usr/bin/env python3
# Peers on an NVIDIA GPU through CUDA: torch.sum/min/max (PyTorch's reductions) and, where CuPy is installed,
# cupy.sum/min/max (CUB's DeviceReduce), plus torch's device-to-device copy as a reference for the copy ceiling.
# --pattern scan: the inclusive scans instead (scan_main below): torch.cumsum, cupy.cumsum through CUB and through
# CuPy's own kernels, CUB's DeviceScan itself, or torch.cummin/cummax; every element of each output checked here.
# --pattern histogram: the histograms (histogram_main below): torch.bincount, torch.histc, cupy.histogram through
# CUB and through CuPy's own kernel, cupy.bincount; every bin of each output checked here.
# Device timing (--timing device) = CUDA events recorded around the call while a spinning kernel keeps the GPU busy,
# so that the call's kernels are queued before the GPU reaches them: the GPU's time from the call's first command to
# its last, with no host time inside, the quantity OpenCL's profiling events give for ReduceLab's kernels timed the
# same way (reducelab_bench --floor shows both clocks around a kernel's own work). CUPTI's kernel span (first
# kernel's start to last kernel's end, the GPU idle before the call) is reported beside it as a reference row: it
# leaves out the command processing that both events count, and counts the host's launch of CUB's second kernel.
# --timing device-idle makes CUPTI's span the main figure (the bench's earlier device timing, kept to compare).
# Wall timing = the host clock around the call and the read of its result.
import sys
import time

STARTED = time.perf_counter()


def took(since):
    """A line for the bench's log (stderr): where a run's time goes, "1.23 s" since `since`."""
    return f"{time.perf_counter() - since:.2f} s"

from bench_data import emit, load, parse_args, record, unavailable, wall_rounds, wall_sizes, warm_up


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


def event_times(fn, repeats, clock, busy):
    """CUDA events of `clock` around each call (ms). With busy, each call and its events queue behind a kernel that
    spins for clock.spin_us; returns also how many calls the host took longer to queue than the spin lasted."""
    times, results, late = [], [], 0
    for _ in range(repeats):
        start, end = clock.event(), clock.event()
        t0 = time.perf_counter()
        if busy:
            clock.spin()
        start.record()
        r = fn()
        end.record()
        if busy and (time.perf_counter() - t0) * 1e6 > 0.8 * clock.spin_us:
            late += 1
        end.synchronize()
        times.append(clock.elapsed_ms(start, end))
        results.append(r)
    return times, results, late


class TorchClock:
    """torch's events, and torch.cuda._sleep sized by them to spin about spin_us on torch's current stream."""

    def __init__(self, torch, spin_us=200.0):
        self.torch, self.cycles, self.spin_us, self.scratch = torch, 100_000, spin_us, None
        for _ in range(3):
            start, end = self.event(), self.event()
            start.record()
            torch.cuda._sleep(self.cycles)
            end.record()
            end.synchronize()
            self.cycles = max(1000, int(self.cycles * spin_us / max(self.elapsed_ms(start, end) * 1e3, 1.0)))

    def event(self):
        return self.torch.cuda.Event(enable_timing=True)

    @staticmethod
    def elapsed_ms(start, end):
        return start.elapsed_time(end)

    def spin(self):
        if self.scratch is not None:
            self.scratch.fill_(0x5A)
        self.torch.cuda._sleep(self.cycles)


class CupyClock:
    """cupy's events, and a kernel that spins on the GPU's %globaltimer for spin_us on cupy's current stream (the
    stream cupy.sum runs on)."""

    def __init__(self, cupy, spin_us=200.0):
        self.cupy, self.spin_us, self.scratch = cupy, spin_us, None
        self.kernel = cupy.RawKernel(r'''extern "C" __global__ void spin(unsigned long long ns) {
            unsigned long long t0, t; asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
            do { asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t)); } while (t - t0 < ns); }''', "spin")
        self.ns = cupy.uint64(int(spin_us * 1e3))

    def event(self):
        return self.cupy.cuda.Event()

    def elapsed_ms(self, start, end):
        return self.cupy.cuda.get_elapsed_time(start, end)

    def spin(self):
        if self.scratch is not None:
            self.scratch.fill(0x5A)
        self.kernel((1,), (1,), (self.ns,))


def whole_call(fn, sync):
    """What wall timing times: fn's call and the read of its result (a copy returns nothing: waiting for it)."""
    def call():
        r = fn()
        return r.item() if r is not None else sync()
    return call


def values(results):
    return [float(r.item()) if hasattr(r, "item") else float(r) for r in results if r is not None]


def measure(torch, label, role, n, nbytes, fn, sync, a, note, clock, check=None):
    """The rows of one method at one size: its main figure in the asked timing, and the other clock beside it.
    check: called once the calls are timed, (correct, verdict) for the main row (a scan's output, element by
    element)."""
    verdict = (lambda: check()) if check else (lambda: None)
    t0 = time.perf_counter()
    try:
        measure_rows(torch, label, role, n, nbytes, fn, sync, a, note, clock, verdict)
    finally:
        print(f"{label} @ {n}: warmed up, timed and checked in {took(t0)}", file=sys.stderr)


def measure_rows(torch, label, role, n, nbytes, fn, sync, a, note, clock, verdict):
    if a.timing == "wall":
        # Warmed up with the very call that is timed, its result read back: warmed with fn and sync alone, the
        # first timed call (its first read of a result) took 65-160 us, the second up to 60, against 27-30 after
        # (cupy.sum and torch.sum at 2^20 on an H100), as the C++ bench warms up with the timed call.
        call = whole_call(fn, sync)
        warm_up(call, a.warmup, sync, n)
        [(times, results, starts, cpus)] = wall_rounds([call], a.repeats)
        record(label, role, n, "wall", times, values(results), nbytes, note, *((starts, cpus) if a.calls else ()),
               check=verdict())
        return
    warm_up(fn, a.warmup, sync, n)
    # CUDA events first: once a profiler has run in the process, events around a call read longer.
    busy = a.timing == "device"
    event_ms, event_results, late = event_times(fn, a.repeats, clock, busy)
    cold = f", the cache cleared first ({clock.scratch.nbytes >> 20} MiB written)" if clock.scratch is not None else ""
    events_note = (f"CUDA events around the call, queued behind a {clock.spin_us:.0f} us spin{cold}"
                   + (f" (the host took longer than the spin to queue {late} of {a.repeats} calls)" if late else "")
                   if busy else "CUDA events around the call, the GPU idle before it")
    times = None
    # A scan's or a histogram's events are its whole figure: the profiler's rows (unchecked, and a second or more per
    # method and size to set up) are kept for the reductions, and for device-idle timing, where they are the figure.
    if a.pattern == "reduce" or a.timing == "device-idle":
        try:
            times, counts, results = kernel_spans(torch, fn, a.repeats)
            ops = sorted(set(counts))
            cupti_note = f"GPU kernel span from torch.profiler (CUPTI), {'/'.join(map(str, ops))} GPU ops per call"
        except Exception as e:  # noqa: BLE001 - say so; events alone remain
            print(f"kernel timestamps unavailable for {label}: {e}")
    if a.timing == "device":
        record(label, role, n, "device", event_ms, values(event_results), nbytes, f"{note}; {events_note}",
               check=verdict())
        if times:
            record(label + " (CUPTI kernel span)", "reference", n, "device", times, values(results), nbytes,
                   f"{note}; {cupti_note}, the GPU idle before each call")
    elif times:
        record(label, role, n, "device", times, values(results), nbytes, f"{note}; {cupti_note}", check=verdict())
        record(label + " (CUDA events)", "reference", n, "device", event_ms, values(event_results), nbytes,
               f"{note}; {events_note}")
    else:
        record(label, role, n, "device", event_ms, values(event_results), nbytes,
               f"{note}; {events_note} (the profiler's kernel timestamps were unavailable)", check=verdict())


def time_pending(a, pending, passes, interleave, pooled_note=""):
    """Wall timing of every size's calls, set up first: `pending` holds (label, role, n, nbytes, fn, sync, note,
    check) per method and size (check: None, or the peer's own check of the output); the sizes go round-robin
    (interleave) or are swept `passes` times (bench_data.wall_sizes), each row's note followed by `pooled_note`."""
    t0 = time.perf_counter()
    calls = [whole_call(fn, sync) for _, _, _, _, fn, sync, _, _ in pending]
    warm_ups = [lambda call=call, sync=p[5], n=p[2]: warm_up(call, a.warmup, sync, n) for call, p in zip(calls, pending)]
    timed = wall_sizes(calls, warm_ups, a.repeats, passes, interleave)
    print(f"every size's calls timed {'in one round-robin' if interleave else f'in {passes} passes'} in {took(t0)}",
          file=sys.stderr)
    for (label, role, n, nbytes, _, _, note, check), (times, results, starts, cpus) in zip(pending, timed):
        record(label, role, n, "wall", times, values(results), nbytes, note + pooled_note,
               *((starts, cpus) if a.calls else ()), check=check() if check else None)


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
    torch_clock = TorchClock(torch) if a.timing != "wall" else None
    cupy_clock = CupyClock(cupy) if a.timing != "wall" and cupy is not None else None
    print(f"torch and cupy imported, the GPU's clocks set up in {took(STARTED)}", file=sys.stderr)
    if a.cold_l2:  # four times the L2 (at least 256 MiB), written before each spin: as the C++ bench's --cold-l2
        clear = 4 * max(torch.cuda.get_device_properties(0).L2_cache_size, 64 << 20)
        torch_clock.scratch = torch.empty(clear, dtype=torch.uint8, device="cuda")
        if cupy_clock is not None:
            cupy_clock.scratch = cupy.empty(clear, dtype=cupy.uint8)
        print(f"cold cache: {clear >> 20} MiB written before each call", file=sys.stderr)
    if a.pattern == "scan":
        scan_main(a, np, torch, cupy, name, torch_clock, cupy_clock)
        return
    if a.pattern == "histogram":
        histogram_main(a, np, torch, cupy, name, torch_clock, cupy_clock)
        return
    reduce_torch = {"sum": torch.sum, "min": torch.min, "max": torch.max}[a.op]
    # --interleave and --passes (wall timing): every size's methods are set up first, then timed in one round-robin
    # whose rounds call every method at every size once (--interleave, as the C++ bench's), or with the sizes swept
    # `passes` times, each pass timing its share of each method's calls at a size back to back, as one pass always
    # timed them here (the C++ bench's passes go round-robin over its methods at a size).
    interleave = a.interleave and a.timing == "wall"
    passes = a.passes if a.timing == "wall" else 1
    all_sizes_first = interleave or passes > 1
    pending, copies = [], []

    def run(label, role, n, nbytes, fn, sync, note, clock, alone=False):
        if all_sizes_first and not alone:
            pending.append((label, role, n, nbytes, fn, sync, note, None))
        else:
            measure(torch, label, role, n, nbytes, fn, sync, a, note, clock)

    for n, path in a.files:
        x = torch.from_numpy(load(np, n, path, a.dtype)).cuda()
        run(f"torch.{a.op}", "framework-peer", n, n * 4, lambda x=x: reduce_torch(x), torch.cuda.synchronize,
            f"torch {torch.__version__} on {name}, {a.dtype}", torch_clock)
        if a.dtype == "float" and a.op == "sum":  # the copy is a reference for the ceiling: once, with float sums
            y = torch.empty_like(x)

            def copy(x=x, y=y):
                y.copy_(x)

            # Timed alone, never in the rounds: the lines it writes, still dirty in the L2 cache, slow whichever
            # call follows it (cupy.sum at the same size took 3-13 us longer behind it on an H200), as the C++
            # bench times its copy kernel alone.
            run("torch copy_", "reference", n, 2 * n * 4, copy, torch.cuda.synchronize, "bytes read + written",
                torch_clock, alone=True)
            copies.append((n, x, y))
        if cupy is not None:
            cx = cupy.asarray(x)
            try:
                accel = ",".join(str(v) for v in cupy._core.get_routine_accelerators())
            except Exception:  # noqa: BLE001 - a private helper that may move
                accel = "unknown"
            reduce_cupy = {"sum": cupy.sum, "min": cupy.min, "max": cupy.max}[a.op]
            run(f"cupy.{a.op}", "framework-peer", n, n * 4, lambda cx=cx: reduce_cupy(cx),
                cupy.cuda.Device().synchronize, f"cupy {cupy.__version__}, routine accelerators: {accel}, {a.dtype}",
                cupy_clock)
        if not all_sizes_first:  # measured size by size: free this size before the next
            check_copies(torch, copies)
            copies, copy, cx, x, y = [], None, None, None, None
            torch.cuda.empty_cache()
    if pending:
        time_pending(a, pending, passes, interleave)
        check_copies(torch, copies)


def scan_reference(np, x, op, dtype):
    """The exact answer on the host (numpy): ints and min/max as they must be (an int sum wraps at 32 bits as
    ReduceLab's and the peers' do), float sums in double with the prefix of |x| that bounds their error."""
    if op != "sum":
        return (np.minimum if op == "min" else np.maximum).accumulate(x), None
    if dtype == "int":
        return np.cumsum(x, dtype=np.int64).astype(np.int32), None
    return np.cumsum(x, dtype=np.float64), np.cumsum(np.abs(x), dtype=np.float64)


def scan_checker(torch, ref, abs_prefix):
    """check(y) -> (correct, verdict) for a peer's output y (a torch tensor on the GPU). Exact where the answer is
    exact. Float sums: element i within gamma(k) * (|x_0| + ... + |x_i|) of the double-precision sum, k = i + 1
    capped where gamma(k) = k u / (1 - k u) reaches 1: the bound of any order of additions (a chain of i roundings
    at most), since the order inside a library's scan is not ours to state; the verdict also says how far inside
    it the worst element lies, in units of u (0.5 ulp) times its prefix of |x|."""
    ref_gpu = torch.from_numpy(ref).cuda()
    if abs_prefix is None:
        def exact(y):
            wrong = (y != ref_gpu).nonzero()
            if wrong.numel() == 0:
                return True, "every element exact"
            i = int(wrong[0])
            return False, f"element {i} is {y[i].item()}, expected {ref_gpu[i].item()} ({wrong.numel()} wrong)"
        return exact
    u = 2.0 ** -24
    abs_gpu = torch.from_numpy(abs_prefix).cuda()
    k = torch.arange(1, ref.size + 1, device="cuda", dtype=torch.float64).clamp_(max=0.5 / u)
    bound = k * u / (1 - k * u) * abs_gpu
    del k

    def bounded(y):
        err = (y.double() - ref_gpu).abs()
        over = (err > bound).nonzero()
        scaled = err / (u * abs_gpu.clamp(min=1e-300))
        worst = int(scaled.argmax())
        if over.numel() == 0:
            return True, (f"every element within its bound; worst {scaled[worst].item():.1f} u x prefix of |x| "
                          f"at element {worst}")
        i = int(over[0])
        return False, (f"element {i} is {y[i].item()!r}, the double-precision sum {ref_gpu[i].item()!r}: off by "
                       f"{err[i].item():.3g}, bound {bound[i].item():.3g} ({over.numel()} elements over)")
    return bounded


def scan_main(a, np, torch, cupy, name, torch_clock, cupy_clock):
    """--pattern scan: per size, torch's scan, cupy.cumsum with CUB and without (sums; CuPy 14 has no min or max
    accumulate on the GPU, said in a skipped row where that holds) and torch's copy as a reference, each timed
    as the reductions are (wall: the call and the read of its last element), its output checked afterwards."""
    for n, path in a.files:
        t0 = time.perf_counter()
        host = load(np, n, path, a.dtype)
        ref, abs_prefix = scan_reference(np, host, a.op, a.dtype)
        check = scan_checker(torch, ref, abs_prefix)
        del ref, abs_prefix
        x = torch.from_numpy(host).cuda()
        y = torch.empty_like(x)
        print(f"{n}: read, scanned on the host and uploaded in {took(t0)}", file=sys.stderr)
        nbytes = 2 * n * x.element_size()  # a scan reads and writes every element
        sync = torch.cuda.synchronize
        if a.op == "sum":
            label, note = "torch.cumsum", f"torch {torch.__version__} on {name}, {a.dtype}"
            fn = lambda: torch.cumsum(x, 0, out=y)[-1]  # noqa: E731
        else:
            idx = torch.empty(n, device="cuda", dtype=torch.int64)
            scan = torch.cummin if a.op == "min" else torch.cummax
            label = f"torch.cum{a.op}"
            note = (f"torch {torch.__version__} on {name}, {a.dtype}; also writes each element's index (8 bytes), "
                    "not counted in GB/s")
            fn = lambda: scan(x, 0, out=(y, idx))[0][-1]  # noqa: E731
        measure(torch, label, "framework-peer", n, nbytes, fn, sync, a, note, torch_clock, check=lambda: check(y))
        if a.dtype == "float" and a.op == "sum":
            z = torch.empty_like(x)

            def copy(x=x, z=z):  # returns nothing: wall timing then waits for the copy instead of reading a value
                z.copy_(x)

            measure(torch, "torch copy_", "reference", n, nbytes, copy, sync, a, "bytes read + written", torch_clock)
            del z, copy
        if cupy is not None:
            cupy_scans(a, np, torch, cupy, n, x, nbytes, check, cupy_clock)
            cupy.get_default_memory_pool().free_all_blocks()
        del x, y, check, fn
        torch.cuda.empty_cache()


def cupy_scans(a, np, torch, cupy, n, x, nbytes, check, clock):
    cx = cupy.asarray(x)
    cy = cupy.empty_like(cx)
    sync = cupy.cuda.Device().synchronize
    out = torch.as_tensor(cy, device="cuda")
    if a.op != "sum":
        ufunc = cupy.minimum if a.op == "min" else cupy.maximum
        label = f"cupy.{ufunc.__name__}.accumulate"
        try:
            ufunc.accumulate(cx, out=cy)
        except Exception as e:  # noqa: BLE001 - this CuPy has no such scan: a row says so
            emit(method=label, role="framework-peer", n=n, skipped=f"cupy {cupy.__version__}: {str(e)[:160]}")
            return
        measure(torch, label, "framework-peer", n, nbytes, lambda: ufunc.accumulate(cx, out=cy)[-1], sync, a,
                f"cupy {cupy.__version__}, {a.dtype}", clock, check=lambda: check(out))
        return
    # The accelerators are CuPy's process-wide setting, read at each call: set in the call itself, since the
    # calls of both paths may alternate (a list assignment, well under a microsecond of host time).
    # dtype given: without it cupy.cumsum accumulates 32-bit integers in 64 bits (NumPy's rule) and casts back.
    set_accelerators = cupy._core.set_routine_accelerators
    for accelerators, path in ((["cub"], "CUB"), ([], "no CUB")):
        def call(accelerators=accelerators):
            set_accelerators(accelerators)
            return cupy.cumsum(cx, dtype=cx.dtype, out=cy)[-1]

        note = (f"cupy {cupy.__version__}, routine accelerators {accelerators or 'none'}"
                + (" (CUB's DeviceScan::InclusiveSum)" if accelerators else " (CuPy's own scan kernels)"))
        measure(torch, f"cupy.cumsum ({path})", "framework-peer", n, nbytes, call, sync, a,
                f"{note}, {a.dtype}", clock, check=lambda: check(out))
    cub_device_scan(a, torch, cupy, n, cx, cy, out, nbytes, sync, check, clock)


def cub_device_scan(a, torch, cupy, n, cx, cy, out, nbytes, sync, check, clock):
    """CUB's DeviceScan::InclusiveSum itself, through CuPy's binding (cupy.cumsum first copies its input into its
    output, then scans that in place: a copy's traffic more than the scan's). The binding scans in place, reading and
    writing every element as an out-of-place scan does; each timed call scans the previous call's output (CUB's time
    does not depend on the values), and the check scans a fresh copy of the input."""
    label = "CUB DeviceScan (in place)"
    try:
        from cupy.cuda import cub
        device_scan, op = cub.device_scan, cub.CUPY_CUB_CUMSUM
    except (ImportError, AttributeError) as e:
        emit(method=label, role="framework-peer", n=n, skipped=f"cupy {cupy.__version__} has no CUB binding: {e}")
        return

    def call():
        return device_scan(cy, op)[-1]

    def fresh_check():
        cy[...] = cx
        call()
        sync()
        return check(out)

    try:
        call()
    except Exception as e:  # noqa: BLE001 - a binding that differs from the one expected: a row says so
        emit(method=label, role="framework-peer", n=n, skipped=f"cupy {cupy.__version__}: {str(e)[:160]}")
        return
    measure(torch, label, "framework-peer", n, nbytes, call, sync, a,
            f"cupy {cupy.__version__}'s cupy.cuda.cub.device_scan, in place, {a.dtype}", clock, check=fresh_check)


def histogram_main(a, np, torch, cupy, name, torch_clock, cupy_clock):
    """--pattern histogram: per size, the counts of values in [0, bins) over `bins` equal bins of [0, bins] by
    torch.bincount and cupy.bincount (ints), torch.histc (on floats: the int data's float copy is made before the
    timing) and cupy.histogram with CUB and without, each timed as the reductions are (wall: the call and the read
    of its first bin), its counts then checked bin by bin against numpy's on the host. With --passes (wall timing),
    every size is set up first and the sizes are swept `passes` times, as the reductions' are."""
    bins = a.bins
    passes = a.passes if a.timing == "wall" else 1
    pending = []

    def run(label, role, n, nbytes, fn, sync, note, clock, check):
        if passes > 1:
            pending.append((label, role, n, nbytes, fn, sync, note, check))
        else:
            measure(torch, label, role, n, nbytes, fn, sync, a, note, clock, check=check)

    for n, path in a.files:
        t0 = time.perf_counter()
        host = load(np, n, path, a.dtype)
        # The bench's values lie inside their bins (ints are the bin; floats 0.1 to 0.9 past it): numpy's rule
        # over [0, bins] is the whole number below each value.
        ref = np.bincount(host if a.dtype == "int" else np.floor(host).astype(np.int64), minlength=bins)

        def checker(holder, ref=ref):
            def check():
                got = holder[0]
                got = got.get() if hasattr(got, "get") else got.cpu().numpy()
                got = np.asarray(got).astype(np.int64)
                if got.shape != ref.shape:
                    return False, f"{got.size} bins, {ref.size} expected"
                wrong = np.nonzero(got != ref)[0]
                if wrong.size == 0:
                    return True, f"every one of the {bins} bins equals numpy's count"
                b = int(wrong[0])
                return False, f"{wrong.size} bins differ; bin {b} holds {got[b]}, numpy counted {ref[b]}"
            return check

        x = torch.from_numpy(host).cuda()
        print(f"{n}: read, counted on the host and uploaded in {took(t0)}", file=sys.stderr)
        nbytes = n * x.element_size()  # a histogram reads every element once
        sync = torch.cuda.synchronize
        if a.dtype == "int":
            held = [None]

            def bincount(held=held, x=x):
                held[0] = torch.bincount(x, minlength=bins)
                return held[0][0]

            run("torch.bincount", "framework-peer", n, nbytes, bincount, sync,
                f"torch {torch.__version__} on {name}, int32", torch_clock, checker(held))
        xf = x if a.dtype == "float" else x.float()
        held = [None]

        def histc(held=held, xf=xf):
            held[0] = torch.histc(xf, bins=bins, min=0, max=bins)
            return held[0][0]

        run("torch.histc", "framework-peer", n, nbytes, histc, sync,
            f"torch {torch.__version__} on {name}, float32"
            + ("" if a.dtype == "float" else " (the ints' float copy, made before the timing)"), torch_clock,
            checker(held))
        if cupy is not None:
            cupy_histograms(a, cupy, n, x, nbytes, bins, checker, run, cupy_clock)
        if passes == 1:  # with passes, the pending calls hold every size's arrays until the last pass
            del xf, x
            if cupy is not None:
                cupy.get_default_memory_pool().free_all_blocks()
            torch.cuda.empty_cache()
    if pending:
        time_pending(a, pending, passes, False, f"; the sizes swept {passes} times, the calls pooled")


def cupy_histograms(a, cupy, n, x, nbytes, bins, checker, run, clock):
    import inspect

    cx = cupy.asarray(x)
    sync = cupy.cuda.Device().synchronize
    try:  # which CUB entry cupy.histogram calls, from its module's source (a private detail that may move)
        src = inspect.getsource(inspect.getmodule(cupy.histogram))
        entry = ("CUB's DeviceHistogram, through cupy.cuda.cub.device_histogram (in cupy.histogram's module)"
                 if "device_histogram" in src else "no CUB call found in cupy.histogram's module")
    except (OSError, TypeError):
        entry = "cupy.histogram's module source was not readable"
    set_accelerators = cupy._core.set_routine_accelerators
    for accelerators, path in ((["cub"], "CUB"), ([], "no CUB")):
        held = [None]

        def call(accelerators=accelerators, held=held, cx=cx):
            set_accelerators(accelerators)
            held[0] = cupy.histogram(cx, bins=bins, range=(0, bins))[0]
            return held[0][0]

        note = (f"cupy {cupy.__version__}, routine accelerators {accelerators or 'none'}"
                + (f": {entry}" if accelerators else " (CuPy's own histogram kernel)") + f", {a.dtype}")
        run(f"cupy.histogram ({path})", "framework-peer", n, nbytes, call, sync, note, clock, checker(held))
    set_accelerators(["cub"])
    if a.dtype == "int":
        held = [None]

        def bincount(held=held, cx=cx):  # CuPy's own kernel, whichever accelerators the last call left
            held[0] = cupy.bincount(cx, minlength=bins)
            return held[0][0]

        run("cupy.bincount", "framework-peer", n, nbytes, bincount, sync, f"cupy {cupy.__version__}, int32", clock,
            checker(held))


def check_copies(torch, copies):
    for n, x, y in copies:
        if not torch.equal(x, y):
            emit(method="torch copy_ check", role="reference", n=n, skipped="torch's copy differs from its source")


if __name__ == "__main__":
    main()
