#!/usr/bin/env python3
# The histogram standing of one device from its runs: `reducelab_bench --pattern histogram --json` files, or one file
# holding several runs under "runs" (as bench/results keeps them). Prints, per element type, distribution, bin count
# and timing, per size: ReduceLab's fastest correct histogram (the median over the runs of its median time), the
# fastest correct peer's (CUDA's on a GPU, the host's on a CPU device), the peer's time over ours (above 1: ahead;
# median run, and the worst run's), and "% of limit": the time the fastest ceiling (the read-only or the copy kernel,
# at the rate it moved bytes) would take to read the input, over ours. Wrong or skipped rows are left out, and said.
#   python3 bench/histogram_summary.py bench/results/histogram-h100/versus.json
#   python3 bench/histogram_summary.py --markdown FILES...
import argparse
import statistics
from collections import defaultdict

from bench_data import runs_in


def size_name(n):
    if n & (n - 1) == 0:
        return f"2^{n.bit_length() - 1}"
    return str(n)


def short(method):
    return method.removeprefix("ReduceLab ")


def runs_of(path):
    for r in runs_in(path):
        if r.get("pattern") != "histogram":
            raise SystemExit(f"{path}: not a reducelab_bench --pattern histogram run")
        yield r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    # cases[case][n] = list per run of {method: (median ms, gbps, role)}
    cases = defaultdict(lambda: defaultdict(list))
    devices, problems = set(), []
    for path in sorted(args.files):
        for d in runs_of(path):
            devices.add(f"{d.get('device', '?')} ({d.get('platform', '?')}, driver {d.get('driver', '?')})")
            case = (d["data_type"], d["distribution"], d["bins"], d.get("timing", "?"))
            per_n = defaultdict(dict)
            for m in d["measurements"]:
                if m.get("role") == "reference":
                    continue
                if m.get("skipped") or m.get("correct") is False:
                    problems.append(f"{' '.join(map(str, case))} {size_name(m['n'])}: {m['method']}: "
                                    f"{m.get('skipped') or m.get('verdict', 'wrong')}")
                    continue
                per_n[m["n"]][m["method"]] = (m["median_ms"], m["gbps"], m.get("role", ""))
            for n, methods in per_n.items():
                cases[case][n].append(methods)
    print("device:", "; ".join(sorted(devices)))
    head = ["n", "best ReduceLab", "ms", "fastest peer", "ms", "x ahead (worst run)", "% of limit"]
    for (t, dist, bins, timing), sizes in sorted(cases.items()):
        count = max(len(v) for v in sizes.values())
        print(f"\n{dist} {t}s, {bins} bins, {timing} timing: median of {count} runs' medians")
        if args.markdown:
            print("\n| " + " | ".join(head) + " |\n|" + "---|" * len(head))
        else:
            print(" | ".join(head))
        for n in sorted(sizes, key=lambda n: n):
            runs = sizes[n]
            ours = {m for r in runs for m, v in r.items() if v[2] == "reducelab"}
            peers = {m for r in runs for m, v in r.items() if v[2].endswith("-peer")}

            def med(m):
                got = [r[m][0] for r in runs if m in r]
                return statistics.median(got) if len(got) == len(runs) else None

            def best_of(names):
                timed = [(med(m), m) for m in names if med(m) is not None]
                return min(timed) if timed else (None, None)

            best_ms, best = best_of(ours)
            peer_ms, peer = best_of(peers)
            row = [size_name(n), short(best or "-"), f"{best_ms:.4f}" if best else "-", peer or "-",
                   f"{peer_ms:.4f}" if peer else "-"]
            if best and peer:
                ratios = [r[peer][0] / r[best][0] for r in runs if peer in r and best in r]
                row.append(f"{statistics.median(ratios):.2f} ({min(ratios):.2f})")
            else:
                row.append("-")
            ceiling = [max(v[1] for m, v in r.items() if v[2] == "ceiling") for r in runs
                       if any(v[2] == "ceiling" for v in r.values())]
            gbps = [r[best][1] for r in runs if best in r] if best else []
            row.append(f"{100 * statistics.median(gbps) / statistics.median(ceiling):.0f}%" if ceiling and gbps
                       else "-")
            print(("| " + " | ".join(row) + " |") if args.markdown else " | ".join(row))
    if problems:
        print("\nleft out (wrong or skipped):")
        for p in problems:
            print("  " + p)


if __name__ == "__main__":
    main()
