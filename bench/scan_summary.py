#!/usr/bin/env python3
# The scan standing of one device from its runs: `reducelab_bench --pattern scan --peers torch --json` files (the scans,
# the copy kernel and the CUDA peers of bench/peer_torch.py in one run each), or one file holding several runs under
# "runs" (as bench/results keeps some). Prints, per element type, operation and timing (with the cache cleared before
# each call, --cold-l2, or each method's calls in a row, --block, told apart), the median over the runs of each method's
# median time per size, and the ratios of ReduceLab's best scan (decoupled-look-back by default) to each peer: the
# median over the runs and the worst run's. "% of copy": the fastest copy kernel's time over the best scan's. A run
# whose method was wrong or skipped is left out of that method's cells, and said so below the table.
#   python3 bench/scan_summary.py bench/results/scan-h200/*-sum_device_run*.json
#   python3 bench/scan_summary.py --markdown FILES...    the same as markdown tables
import argparse
import statistics
from collections import defaultdict

from bench_data import runs_in

COPY = "copy kernel (kernels/copy.cl)"


def size_name(n):
    if n & (n - 1) == 0:
        return f"2^{n.bit_length() - 1}"
    if n > 1 and (n - 1) & (n - 2) == 0:
        return f"2^{(n - 1).bit_length() - 1}+1"
    return str(n)


def short(method):
    return {COPY: "copy", "torch copy_": "torch copy"}.get(method, method.removeprefix("ReduceLab "))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--best", default="decoupled-look-back")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    best_name = "ReduceLab " + args.best
    # runs[(type, op, timing)][method][n] = [(file, median ms)], one per run that measured it correctly
    runs = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    roles, devices, problems = {}, set(), []
    for path, d in ((path, d) for path in sorted(args.files) for d in runs_in(path)):
        if d.get("pattern") != "scan":
            raise SystemExit(f"{path}: not a reducelab_bench --pattern scan file")
        devices.add(f"{d.get('device', '?')} ({d.get('platform', '?')}, driver {d.get('driver', '?')})")
        timing = d.get("timing", "?") + (", cache cleared before each call" if d.get("cold_l2") else "")
        if d.get("block", 1) > 1:
            timing += f", {d['block']} calls of a method in a row"
        case = (d["data_type"], d.get("op", "sum"), timing)
        for m in d["measurements"]:
            if m.get("role") == "reference" and m["method"] != "torch copy_":
                continue  # CUPTI spans and the like: kept in the file, not in the standing
            if m.get("skipped") or (m.get("correct") is False):
                problems.append(f"{path}: {m['method']} at {size_name(m['n'])}: "
                                f"{m.get('skipped') or m.get('verdict', 'wrong')}")
                continue
            runs[case][m["method"]][m["n"]].append(m["median_ms"])
            roles[m["method"]] = m.get("role", "")
    print("device:", "; ".join(sorted(devices)))
    sep = " | "
    for (t, op, timing), methods in sorted(runs.items()):
        best = methods.get(best_name, {})
        peers = [m for m in methods if roles[m].endswith("-peer")]
        ceilings = [m for m in methods if roles[m] == "ceiling"]
        others = [m for m in methods if m != best_name]
        count = max(len(v) for m in methods.values() for v in m.values())
        print(f"\n{t} {op}, inclusive, {timing} timing: median of {count} runs' medians, ms; x PEER = "
              f"{args.best}'s time over the peer's, median run (worst run), below 1: ahead")
        head = ["n", args.best] + [short(m) for m in others] + ["% of copy"] + [f"x {short(m)}" for m in peers]
        if args.markdown:
            print("\n| " + sep.join(head) + " |\n|" + "---|" * len(head))
        else:
            print(sep.join(head))
        for n in sorted(best, key=lambda n: (n & (n - 1) != 0, n)):
            row = [size_name(n), f"{statistics.median(best[n]):.4f}"]
            row += [f"{statistics.median(methods[m][n]):.4f}" if n in methods[m] else "-" for m in others]
            copy = [statistics.median(methods[m][n]) for m in ceilings if n in methods[m]]
            row.append(f"{100 * min(copy) / statistics.median(best[n]):.0f}%" if copy else "-")
            for m in peers:
                if len(methods[m].get(n, [])) != len(best[n]):
                    row.append("-")  # not measured (rightly) in every run: no pairing
                    continue
                pairs = [b / p for b, p in zip(best[n], methods[m][n])]
                row.append(f"{statistics.median(pairs):.2f} ({max(pairs):.2f})")
            print(("| " + sep.join(row) + " |") if args.markdown else sep.join(row))
    if problems:
        print("\nleft out (wrong or skipped):")
        for p in problems:
            print("  " + p)


if __name__ == "__main__":
    main()
