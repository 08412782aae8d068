#!/usr/bin/env python3
# The scan standing of one device from its runs: `reducelab bench --pattern scan --json` files (the ladder and the
# copy kernel) and bench/peer_scan.py's JSON files (cupy.cumsum with and without CUB, torch.cumsum), taken in the
# same runs. Prints, per element type, the median over the runs of each method's median time per size, and the
# ratios of ReduceLab's best scan (decoupled-look-back by default) to each peer: the median and the worst run's.
#   python3 bench/scan_summary.py bench/results/h200_scan-ladder_*_run*.json bench/results/h200_scan-peers_*_run*.json
import argparse
import json
import statistics
from collections import defaultdict


def size_name(n):
    if n & (n - 1) == 0:
        return f"2^{n.bit_length() - 1}"
    if n > 1 and (n - 1) & (n - 2) == 0:
        return f"2^{(n - 1).bit_length() - 1}+1"
    return str(n)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--best", default="decoupled-look-back")
    args = ap.parse_args()
    # times[(type, op)][method][n] = [median ms of each run]
    times = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    device = set()
    for path in sorted(args.files):
        d = json.load(open(path))
        device.add(d.get("device", "?"))
        if "sizes" in d:  # the ladder
            for s in d["sizes"]:
                case = (d["type"], d.get("op", "sum"))
                times[case]["copy kernel"][s["n"]].append(s["copy"]["time_ms"])
                for r in s["rows"]:
                    if r.get("correct"):
                        times[case][r["variant"]][r["n"]].append(r["time_ms"])
        else:  # the peers
            for r in d["rows"]:
                if "time_ms" in r:  # not a row saying the peer does not exist
                    times[(r["type"], r.get("op", "sum"))][r["method"]][r["n"]].append(r["time_ms"])
    print("device:", ", ".join(sorted(device)))
    for (t, op), methods in sorted(times.items()):
        best = methods.get(args.best, {})
        names = [m for m in methods if m != args.best and m != "torch copy"]
        print(f"\n{t} {op}, inclusive: median of the runs' medians, ms (runs per method: "
              f"{max(len(v) for m in methods.values() for v in m.values())})")
        head = ["n", args.best] + names + ["% of copy"] + [f"x {m}" for m in names if m != "copy kernel"]
        print(" | ".join(head))
        for n in sorted(best, key=lambda n: (n & (n - 1) != 0, n)):
            row = [size_name(n), f"{statistics.median(best[n]):.4f}"]
            for m in names:
                row.append(f"{statistics.median(methods[m][n]):.4f}" if n in methods[m] else "-")
            if n in methods.get("copy kernel", {}):
                row.append(f"{100 * statistics.median(methods['copy kernel'][n]) / statistics.median(best[n]):.0f}%")
            for m in names:
                if m == "copy kernel":
                    continue
                if n not in methods[m]:
                    row.append("-")
                    continue
                pairs = [b / p for b, p in zip(best[n], methods[m][n])]
                row.append(f"{statistics.median(pairs):.2f} (worst {max(pairs):.2f})")
            print(" | ".join(row))
    print(f"\nx PEER: {args.best}'s time over the peer's (below 1: ahead), run by run; "
          "% of copy: the copy kernel's time over its time")


if __name__ == "__main__":
    main()
