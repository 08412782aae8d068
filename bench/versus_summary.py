#!/usr/bin/env python3
"""One line per size from reducelab_bench --json files: the best variant against cupy.<op> and torch.<op> (ratio of
GB/s, so > 1 is faster), its share of the limit (the fastest ceiling row: copy, bytes read + written, or read-only),
and whether every row was correct. A ratio marked "?" is not counted in the lowest: the peer's calls mostly
reached the GPU after the spin that should have held them had ended (the host stalled).  Usage: versus_summary.py FILE.json [FILE.json ...]"""
import json
import re
import sys


def size_label(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def main():
    for path in sys.argv[1:]:
        j = json.load(open(path))
        op, best = j.get("op", "sum"), "ReduceLab " + j.get("best_variant", "best-gpu")
        rows = [m for m in j["measurements"] if not m.get("skipped")]
        by = {}
        for m in rows:
            by.setdefault(m["n"], {})[m["method"]] = m
        print(f"{path}: {j['device']}, {j.get('data_type', 'float')} {op}, {j.get('timing_mode', j['timing'])} "
              f"timing, median of {j['repeats']}")
        worst = {}
        for n in sorted(by):
            col = by[n]
            ours = col.get(best)
            if not ours:
                continue
            limit = max((m["gbps"] for m in col.values() if m["role"] == "ceiling"), default=0)
            cells = []
            for peer in (f"cupy.{op}", f"torch.{op}"):
                p = col.get(peer)
                if p:
                    r = ours["gbps"] / p["gbps"]
                    # A peer whose calls mostly reached the GPU after the spin ended was timed with host time in it.
                    late = re.search(r"to queue (\d+) of (\d+) calls", p.get("note", ""))
                    unreliable = late and int(late.group(1)) * 2 > int(late.group(2))
                    if not unreliable:
                        worst[peer] = min(worst.get(peer, 9e9), r)
                    cells.append(f"{peer} {r:5.2f}x" + ("?" if unreliable else " "))
            wrong = [m["method"] for m in col.values() if m.get("correct") is False]
            print(f"  {size_label(n):>5}  {ours['median_ms'] * 1e3:8.2f} us  {ours['gbps']:7.1f} GB/s  "
                  f"{100 * ours['gbps'] / limit if limit else 0:4.0f}% of limit  " + "  ".join(cells)
                  + (f"  WRONG: {', '.join(wrong)}" if wrong else ""))
        print("  lowest: " + ", ".join(f"{k} {v:.2f}x" for k, v in worst.items()))


if __name__ == "__main__":
    main()
