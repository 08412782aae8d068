#!/usr/bin/env python3
"""Markdown tables from reducelab_bench --json output, for BENCHMARKS.md: rows = methods, columns = sizes, each
cell GB/s, the ratio to a chosen row (default: the fastest correct peer in the column) and % of the copy ceiling. A file
that joins several runs (its "runs", as bench/results keeps them) gives a table per run.

    python3 bench/tables.py bench/results/reduce-pocl/float-sum_wall_run1.json
    python3 bench/tables.py bench/results/reduce-h200/float-sum_device_run1.json --ratio-to cupy.sum
    python3 bench/tables.py bench/results/histogram-h100/sub-group.json --ratio-to "ReduceLab coarsened"
"""
import argparse

from bench_data import runs_in

ROLE_ORDER = ["reducelab", "opencl-peer", "host-peer", "framework-peer", "ceiling", "reference"]
PEERS = {"opencl-peer", "host-peer", "framework-peer"}


def size_label(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("json")
    p.add_argument("--ratio-to", default="", help="method whose GB/s the ratio column divides by")
    a = p.parse_args()
    for i, doc in enumerate(runs_in(a.json)):
        if i:
            print()
        table(doc, a.ratio_to)


def table(doc, ratio_to):
    ms = doc["measurements"]
    sizes = sorted({m["n"] for m in ms})
    methods = []
    for role in ROLE_ORDER:
        for m in ms:
            if m["role"] == role and m["method"] not in methods:
                methods.append(m["method"])
    cell = {(m["method"], m["n"]): m for m in ms}

    def good(m):
        return m is not None and "gbps" in m and m.get("correct", True)

    def ceiling(n):
        c = [m for m in ms if m["n"] == n and m["role"] == "ceiling" and good(m)]
        return max((m["gbps"] for m in c), default=0)

    def reference(n):
        if ratio_to:
            m = cell.get((ratio_to, n))
            return m["gbps"] if good(m) else 0
        return max((m["gbps"] for m in ms if m["n"] == n and m["role"] in PEERS and good(m)), default=0)

    what = ratio_to or "the fastest peer"
    case = f", {doc['distribution']} data, {doc['bins']} bins" if doc.get("pattern") == "histogram" else ""
    named = f"{doc['file']}: " if doc.get("file") else ""
    print(f"{named}{doc['platform']} / {doc['device']}, {doc['date']}, {doc['timing']} timing{case}, median of "
          f"{doc['repeats']} runs. Cells: GB/s, x {what}, % of the copy ceiling.\n")
    print("| method | " + " | ".join(size_label(n) for n in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for name in methods:
        row = []
        for n in sizes:
            m = cell.get((name, n))
            if m is None:
                row.append("")
            elif "skipped" in m:
                row.append("skipped")
            else:
                text = f"{m['gbps']:.1f}"
                if not m.get("correct", True):
                    text += " WRONG"
                elif m["role"] not in ("ceiling", "reference"):
                    ref, cap = reference(n), ceiling(n)
                    text += f" ({m['gbps'] / ref:.2f}x" if ref else " (-"
                    text += f", {100 * m['gbps'] / cap:.0f}%)" if cap else ")"
                row.append(text)
        print(f"| {name} | " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
