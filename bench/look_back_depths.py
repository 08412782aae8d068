#!/usr/bin/env python3
"""How far decoupled-look-back's tiles looked back, and how long they waited, from a traced run's log:

    reducelab trace --pattern scan --variant decoupled-look-back --n 2^22 --wg 256 --epi 32 --groups 1 --json \\
        | python3 bench/look_back_depths.py [--window 32]

The log's order is the order in which one counter numbered the entries (every ticket, publication and read), so a
tile's place in it is a clock. Per tile: its depth (predecessors combined, newest first, down to the first P), the
windows it read (a window is up to --window predecessors read at once, one round trip to memory), its reads of X (a
predecessor that had published nothing yet), and how many entries passed between its aggregate and its prefix.
Printed for all tiles and for each quarter of the tickets (the first tiles of a launch start together and find few
prefixes published; later ones find their predecessors done)."""
import argparse
import json
import statistics
import sys


def summary(values):
    if not values:
        return "-"
    s = sorted(values)
    return "mean %7.1f  median %5d  p90 %5d  max %5d" % (
        statistics.fmean(s), s[len(s) // 2], s[min(len(s) - 1, int(len(s) * 0.9))], s[-1])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("trace", nargs="?", help="the trace's JSON (default: standard input)")
    ap.add_argument("--window", type=int, default=32, help="predecessors read at once (the kernel's LB_WINDOW)")
    args = ap.parse_args()
    trace = json.load(open(args.trace) if args.trace else sys.stdin)
    log = trace.get("look_back") or []
    if not log:
        sys.exit("no look-back log in this trace: trace decoupled-look-back (or chunked-look-back) with --json")
    tiles = {}
    for at, (what, tile, other, polls, value) in enumerate(log):
        t = tiles.setdefault(tile, {"reads": [], "aggregate": None, "prefix": None, "ticket": None})
        if what == "ticket":
            t["ticket"] = at
        elif what == "aggregate":
            t["aggregate"] = at
        elif what == "prefix":
            t["prefix"] = at
        else:
            t["reads"].append((other, what == "read_p", polls))
    rows = []
    for tile in sorted(tiles):
        t = tiles[tile]
        depth = 0
        for pred, is_p, _ in sorted(t["reads"], key=lambda r: -r[0]):
            depth += 1
            if is_p:
                break
        reads = len(t["reads"])
        windows = (reads + args.window - 1) // args.window
        polls = sum(r[2] for r in t["reads"])
        wait = t["prefix"] - t["aggregate"] if t["prefix"] is not None and t["aggregate"] is not None else 0
        rows.append((tile, depth, windows, polls, wait))
    dropped = trace.get("look_back_dropped", 0)
    print("%s, n %d, %d tiles, %d log entries%s" % (trace.get("variant"), trace.get("n", 0), len(rows), len(log),
          ", %d dropped (the log was cut short)" % dropped if dropped else ""))
    print("device: %s" % trace.get("device", "?"))

    def block(name, part):
        print("%s (%d tiles)" % (name, len(part)))
        print("  depth    " + summary([r[1] for r in part]))
        print("  windows  " + summary([r[2] for r in part]))
        print("  X reads  " + summary([r[3] for r in part]))
        print("  A to P   " + summary([r[4] for r in part]) + "  (log entries)")

    block("all tiles", rows)
    q = max(1, len(rows) // 4)
    for k in range(4):
        part = rows[k * q:(k + 1) * q] if k < 3 else rows[3 * q:]
        if part:
            block("tickets %d-%d" % (part[0][0], part[-1][0]), part)


if __name__ == "__main__":
    main()
