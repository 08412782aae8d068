#!/usr/bin/env python3
"""One line per size from reducelab_bench --json files: the best variant against cupy.<op> and torch.<op> (ratio of
GB/s, so > 1 is faster), its share of the limit (the fastest ceiling row: copy, bytes read + written, or read-only),
and whether every row was correct. A ratio marked "?" is not counted in the lowest: the peer's calls mostly
reached the GPU after the spin that should have held them had ended (the host stalled).
Usage: versus_summary.py FILE.json [FILE.json ...]
       versus_summary.py --markdown PEER FILE.json [...]   a markdown table, a row per file: best / PEER per size
                                                           (PEER: cupy or torch; "?" as above)"""
import json
import re
import sys


def size_label(n):
    return f"2^{n.bit_length() - 1}" if n & (n - 1) == 0 else str(n)


def ratio(r):
    """Two decimals, or three where two would round a ratio under 1 up to 1.00x (a target is >= 1.0x)."""
    return f"{r:.3f}x" if 0.995 <= r < 1.0 else f"{r:.2f}x"


def late_calls(peer_row):
    """True when most of a peer's calls reached the GPU after the spin meant to hold them had ended."""
    late = re.search(r"to queue (\d+) of (\d+) calls", peer_row.get("note", ""))
    return bool(late and int(late.group(1)) * 2 > int(late.group(2)))


def markdown(peer_name, paths):
    tables = []
    for path in paths:
        j = json.load(open(path))
        op, best = j.get("op", "sum"), "ReduceLab " + j.get("best_variant", "best-gpu")
        by = {}
        for m in j["measurements"]:
            if not m.get("skipped"):
                by.setdefault(m["n"], {})[m["method"]] = m
        cells = {}
        for n, col in by.items():
            ours, peer = col.get(best), col.get(f"{peer_name}.{op}")
            if ours and peer:
                r = ours["gbps"] / peer["gbps"]
                cells[n] = ratio(r) + ("?" if late_calls(peer) else "")
        tables.append((path.split("/")[-1].removesuffix(".json"), cells))
    sizes = sorted({n for _, c in tables for n in c})
    print("| file | " + " | ".join(size_label(n) for n in sizes) + " |")
    print("|---|" + "---:|" * len(sizes))
    for name, cells in tables:
        print(f"| {name} | " + " | ".join(cells.get(n, "") for n in sizes) + " |")


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--markdown":
        markdown(sys.argv[2], sys.argv[3:])
        return
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
                    unreliable = late_calls(p)
                    if not unreliable and r < worst.get(peer, (9e9, 0))[0]:
                        worst[peer] = (r, n)
                    cells.append(f"{peer} {ratio(r):>6}" + ("?" if unreliable else " "))
            wrong = [m["method"] for m in col.values() if m.get("correct") is False]
            print(f"  {size_label(n):>5}  {ours['median_ms'] * 1e3:8.2f} us  {ours['gbps']:7.1f} GB/s  "
                  f"{100 * ours['gbps'] / limit if limit else 0:4.0f}% of limit  " + "  ".join(cells)
                  + (f"  WRONG: {', '.join(wrong)}" if wrong else ""))
        print("  lowest: " + ", ".join(f"{k} {ratio(r)} at {size_label(n)}" for k, (r, n) in worst.items()))


if __name__ == "__main__":
    main()
