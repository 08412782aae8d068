#!/usr/bin/env python3
"""Where the slow calls of a reducelab_bench run lie in time (its JSON written with --calls).

A call is slow when it took more than SLOW x its row's median. Slow calls less than GAP_MS apart form a burst; for
each burst: when it began (seconds after the run's first timed call), how long it lasted, how many of the calls
that started in it were slow, and which rows they were in. Then, per row, how many of its calls were slow: a row
whose median moved has at least half of them slow. The C++ bench and the Python peers stamp their calls on the
same clock (CLOCK_MONOTONIC), so a burst that shows in both processes is the machine's, not a method's.
Then the GPU's own speed: the read-only kernel sits in the C++ bench's round-robin and reports its device time in
every mode, so a pass (or, in one pass, a size) where its median ran over 1.3x its usual shows the GPU slower while
the calls beside it were timed, with what those calls did there.
Last, per method, the CPUs its calls returned on by NUMA node (the run's numa_nodes): how many calls, how far
their times sat from their rows' medians, how many were slow, and how often the calling thread changed CPU.

With --clocks CSV (bench/gpu/compare.sh's REDUCELAB_CLOCKS=1: nvidia-smi's samples every 100 ms, UTC), each burst also
shows the GPU's lowest SM and memory clocks sampled while it lasted, and each method its median time in the calls
made while the SM clock sat below 90% of the run's highest against those made at full clock.

A file that joins several runs (bench/results) is read run by run.

usage: python3 bench/slow_calls.py FILE.json [--slow 1.5] [--gap-ms 5] [--clocks clocks.csv]
"""
import argparse
import bisect
import datetime
import json
import statistics

from bench_data import runs_in


def cpu_list(text):
    """'0-3,8' -> [0, 1, 2, 3, 8]"""
    cpus = []
    for part in text.split(","):
        if "-" in part:
            lo, hi = part.split("-")
            cpus.extend(range(int(lo), int(hi) + 1))
        elif part.strip():
            cpus.append(int(part))
    return cpus


def read_clocks(path, offset):
    """nvidia-smi's CSV samples as [(monotonic s, sm MHz, mem MHz, reasons)], sorted; `offset` = wall - monotonic."""
    samples = []
    with open(path) as f:
        header = [h.strip() for h in f.readline().split(",")]
        for line in f:
            cells = [c.strip() for c in line.split(",")]
            if len(cells) != len(header):
                continue
            row = dict(zip(header, cells))
            try:
                when = datetime.datetime.strptime(row["timestamp"], "%Y/%m/%d %H:%M:%S.%f")
                wall = when.replace(tzinfo=datetime.timezone.utc).timestamp()
                sm = mhz(next(v for k, v in row.items() if k.startswith("clocks.current.sm") or k == "clocks.sm"))
                mem = mhz(next(v for k, v in row.items() if k.startswith("clocks.current.memory")
                               or k.startswith("clocks.mem")))
            except (KeyError, StopIteration, ValueError):
                continue
            reasons = next((v for k, v in row.items() if "reasons" in k), "")
            samples.append((wall - offset, sm, mem, reasons))
    samples.sort()
    return samples


SAMPLE_GAP_S = 0.25  # nvidia-smi samples every 100 ms: a sample further than this from a window says nothing of it


def clocks_between(samples, begin, end):
    """The samples from the one before `begin` to the one after `end`, if they lie within SAMPLE_GAP_S of it."""
    times = [t for t, _, _, _ in samples]
    lo = max(0, bisect.bisect_left(times, begin) - 1)
    hi = min(len(samples), bisect.bisect_right(times, end) + 1)
    return [x for x in samples[lo:hi] if begin - SAMPLE_GAP_S <= x[0] <= end + SAMPLE_GAP_S]


def mhz(text):
    """'1980' or '1980 MHz' -> 1980.0; 'N/A' raises ValueError."""
    return float(text.split()[0])


def by_clock(samples, rows):
    full = max(sm for _, sm, _, _ in samples)
    low = sum(sm < 0.9 * full for _, sm, _, _ in samples)
    print(f"  GPU clocks: {len(samples)} samples, the SM clock below 90% of its highest ({full:.0f} MHz) in {low}")
    methods = {}
    for m in rows:
        median = statistics.median(c[1] for c in m["calls"])
        for start, ms, *_ in m["calls"]:
            near = clocks_between(samples, start, start + ms / 1e3)
            slow_clock = bool(near) and min(sm for _, sm, _, _ in near) < 0.9 * full
            methods.setdefault(m["method"], ([], []))[slow_clock].append(ms / median)
    for method, (fast, slow) in methods.items():
        if slow:
            print(f"    {method}: {len(slow)} calls near a low SM clock, {statistics.median(slow):.2f}x their rows' "
                  f"medians; {len(fast)} at full clock, {statistics.median(fast) if fast else 0:.2f}x")


def gpu_slower(run, rows, factor=1.3):
    """Passes (by size) where the read-only kernel's own device time ran over `factor` x its median at that size."""
    passes, repeats = max(1, int(run.get("passes", 1))), int(run.get("repeats", 0))
    reference = [m for m in rows if m["method"].startswith("read-only kernel, 16")]
    if not reference or repeats <= 0:
        return
    # the calls timed beside it: the C++ bench's round-robin (not the copy kernel, timed alone before it, nor the
    # Python peers, timed later in their own process)
    beside = ("read-only", "copy kernel", "torch", "cupy", "pyopencl")
    others = {(m["method"], m["n"]): m for m in rows if not m["method"].startswith(beside)}

    def pass_of(calls, p):
        return calls[repeats * p // passes:repeats * (p + 1) // passes]

    by_size = {}  # the reference's median per pass, at each size
    for m in reference:
        by_size[m["n"]] = [statistics.median(c[1] for c in pass_of(m["calls"], p)) for p in range(passes)]
    # A pass's reading against its size's usual one: the median over the passes, or with one pass, the geometric
    # mean of the two sizes beside it (the same time where a call is latency-bound, half and double where it streams)
    found = []
    sizes = sorted(by_size)
    for i, n in enumerate(sizes):
        medians = by_size[n]
        if passes > 1:
            base = statistics.median(medians)
        elif 0 < i < len(sizes) - 1:
            base = (by_size[sizes[i - 1]][0] * by_size[sizes[i + 1]][0]) ** 0.5
        else:
            continue
        for p, med in enumerate(medians):
            if med > factor * base:
                found.append((n, p, med, base))
    label = "pass" if passes > 1 else "run"
    print(f"  GPU slower (the read-only kernel over {factor}x its usual device time): {len(found)} "
          f"{label}{'es' if passes > 1 and len(found) != 1 else 's' if len(found) != 1 else ''}")
    for n, p, med, base in found:
        what = []
        for (method, size), m in others.items():
            if size != n:
                continue
            mine = pass_of(m["calls"], p) if passes > 1 else m["calls"]
            whole = statistics.median(c[1] for c in m["calls"])
            what.append(f"{method} {statistics.median(c[1] for c in mine) * 1e3:.1f} us"
                        + (f" (its median {whole * 1e3:.1f})" if passes > 1 else ""))
        where = f"pass {p + 1}" if passes > 1 else "the run"
        print(f"    2^{n.bit_length() - 1} {where}: read-only kernel {med * 1e3:.1f} us against {base * 1e3:.1f}; "
              + "; ".join(sorted(what)))


def by_node(run, rows, slow_factor):
    node_of = {cpu: node for node, text in run.get("numa_nodes", {}).items() for cpu in cpu_list(text)}
    methods = {}
    for m in rows:
        if any(len(c) < 3 for c in m["calls"]):
            return  # calls kept before CPUs were
        median = statistics.median(t for _, t, _ in m["calls"])
        methods.setdefault(m["method"], []).append((m["n"], median, m["calls"]))
    print("  by the NUMA node of the CPU each call returned on:")
    for method, sizes in methods.items():
        nodes, smallest, moves, cpus = {}, {}, 0, set()
        n_min = min(n for n, _, _ in sizes)
        for n, median, calls in sizes:
            for i, (_, t, cpu) in enumerate(calls):
                cpus.add(int(cpu))
                moves += i > 0 and cpu != calls[i - 1][2]
                node = node_of.get(int(cpu), "?")
                nodes.setdefault(node, []).append(t / median)
                if n == n_min:
                    smallest.setdefault(node, []).append(t)
        parts = [f"{node} {len(r)} calls, {statistics.median(r):.2f}x, {sum(x > slow_factor for x in r)} slow"
                 + (f", {statistics.median(smallest[node]) * 1e3:.1f} us at 2^{n_min.bit_length() - 1}"
                    if node in smallest else "")
                 for node, r in sorted(nodes.items())]
        print(f"    {method}: {'; '.join(parts)}; on {len(cpus)} CPUs, changed CPU {moves} times")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("json")
    p.add_argument("--slow", type=float, default=1.5, help="a call is slow past this many times its row's median")
    p.add_argument("--gap-ms", type=float, default=5.0, help="slow calls closer than this are one burst")
    p.add_argument("--clocks", help="nvidia-smi's clock samples of the same run (CSV, UTC timestamps)")
    a = p.parse_args()
    runs = runs_in(a.json)
    named = [(run, f"{a.json} ({run['file']})" if len(runs) > 1 else a.json) for run in runs]
    for run, name in named:
        if not any(m.get("calls") for m in run["measurements"]):
            raise SystemExit(f"{name} keeps no calls: run reducelab_bench with --calls")
    for run, name in named:
        if a.clocks and len(runs) > 1 and "wall_minus_monotonic_s" not in run:
            # a run of a joined file from before the bench recorded its clock's offset: its calls alone
            print(f"{name}: recorded no offset of its clock to the wall clock, so it is shown without {a.clocks}")
            report(run, name, argparse.Namespace(**{**vars(a), "clocks": None}))
            continue
        report(run, name, a)


def report(run, name, a):
    """Everything the module's docstring says, for one run (named `name`)."""
    rows = [m for m in run["measurements"] if m.get("calls")]
    calls, slow = [], []  # (start s, row label, ms)
    per_row = {}
    for m in rows:
        n = m["n"]
        label = f"{m['method']} @ " + (f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n))
        median = statistics.median(c[1] for c in m["calls"])
        count = 0
        for start, ms, *_ in m["calls"]:
            calls.append((start, label, ms))
            if ms > a.slow * median:
                slow.append((start, label, ms))
                count += 1
        per_row[label] = (count, len(m["calls"]), median)
    t0 = min(s for s, _, _ in calls)
    samples = []
    if a.clocks:
        if "wall_minus_monotonic_s" not in run:
            raise SystemExit(f"{name} does not say how its clock relates to the wall clock: run the bench again")
        samples = read_clocks(a.clocks, run["wall_minus_monotonic_s"])
        if not samples:
            print(f"  {a.clocks}: no sample could be read (its header and first lines show why)")
        else:  # only the samples taken while these calls ran (the CSV may span several runs and the build)
            samples = clocks_between(samples, t0, max(s + ms / 1e3 for s, _, ms in calls))
            if not samples:
                print(f"  {a.clocks} has no sample while these calls ran")
    slow.sort()
    bursts, current = [], []
    for c in slow:
        if current and (c[0] - (current[-1][0] + current[-1][2] / 1e3)) * 1e3 > a.gap_ms:
            bursts.append(current)
            current = []
        current.append(c)
    if current:
        bursts.append(current)
    span = max(s + ms / 1e3 for s, _, ms in calls) - t0
    print(f"{name}: {len(calls)} timed calls over {span:.1f} s, interleaved: {run.get('interleaved', False)}; "
          f"{len(slow)} slow (> {a.slow}x their row's median) in {len(bursts)} bursts (gap > {a.gap_ms} ms)")
    for b in bursts:
        begin, end = b[0][0], max(s + ms / 1e3 for s, _, ms in b)
        inside = sum(1 for s, _, _ in calls if begin <= s <= end)
        labels = sorted({label for _, label, _ in b})
        shown = ", ".join(labels[:4]) + (f" and {len(labels) - 4} more rows" if len(labels) > 4 else "")
        near = clocks_between(samples, begin, end) if samples else []
        lowest = min(near, key=lambda x: x[1]) if near else None
        clocks = (f"; SM {lowest[1]:.0f} MHz, memory {min(x[2] for x in near):.0f} MHz at lowest"
                  + (f" (clock event reasons {lowest[3]})" if lowest[3] else "")) if near else ""
        print(f"  at {begin - t0:8.3f} s for {(end - begin) * 1e3:8.2f} ms: {len(b)} of {inside} calls slow, "
              f"up to {max(ms for _, _, ms in b) * 1e3:.0f} us; {shown}{clocks}")
    moved = [(label, c, n, med) for label, (c, n, med) in per_row.items() if 2 * c >= n]
    most = max(per_row.items(), key=lambda kv: kv[1][0] / kv[1][1])
    print(f"  rows with at least half their calls slow (median moved): {len(moved)}"
          + "".join(f"\n    {label}: {c} of {n} (median {med * 1e3:.1f} us)" for label, c, n, med in moved))
    print(f"  most slow calls in one row: {most[0]}, {most[1][0]} of {most[1][1]}")
    gpu_slower(run, rows)
    by_node(run, rows, a.slow)
    if samples:
        by_clock(samples, rows)


if __name__ == "__main__":
    main()
