#!/usr/bin/env python3
# The explorer's speed (BENCHMARKS.md, "The explorer"): runs `reducelab gui` under Xvfb with scripted sessions and
# prints the four figures from its --frame-stats output: the first frame shown with a warm cache, a variant switch
# with the ladder built, a trace of 2^16 elements, and the frame rate while 1024 work-items animate.
#   python3 bench/app_speed.py [--binary build/app/reducelab] [--runs 5]
# Caches, settings and data live in a temporary XDG tree (never the user's): the first run starts cold.
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

LADDER = ["interleaved-divergent", "interleaved-strided", "sequential", "first-add", "unroll-last-warp",
          "complete-unroll", "multi-element", "unroll-last-warp-safe", "vector4", "grid-stride", "best-gpu",
          "best-cpu", "global-bottom-up", "global-top-down"]


def gui(binary, args, env):
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1920x1080x24", binary, "gui", "--no-save", "--frame-stats",
           "--size", "1600x1000"] + args
    out = subprocess.run(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    if out.returncode != 0:
        sys.exit("reducelab gui exited with %d:\n%s" % (out.returncode, out.stdout[-3000:]))
    return out.stdout


def first_frame(text):
    m = re.search(r"first frame shown: (\d+) ms after the process started \(processor time by then: (\d+) ms in "
                  r"the window's thread, (\d+) ms", text)
    return tuple(float(x) for x in m.groups())


def traces(text):
    return [(m.group(1), int(m.group(2)), float(m.group(3)), float(m.group(4))) for m in re.finditer(
        r"trace \d+: (\S+), N = (\d+): ([\d.]+) ms from request to the frame that shows it \(engine thread ([\d.]+)",
        text)]


def summary(values):
    return "median %.0f ms, max %.0f ms (%d)" % (statistics.median(values), max(values), len(values))


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--binary", default=os.path.join(root, "build", "app", "reducelab"))
    parser.add_argument("--runs", type=int, default=5)
    opts = parser.parse_args()
    tmp = tempfile.mkdtemp(prefix="reducelab-app-speed-")
    env = dict(os.environ)
    for name in ("REDUCELAB_CACHE_DIR", "REDUCELAB_NO_BINARY_CACHE", "REDUCELAB_NO_WARM_UP", "POCL_CACHE_DIR"):
        env.pop(name, None)
    env.update(XDG_CACHE_HOME=tmp + "/cache", XDG_CONFIG_HOME=tmp + "/config", XDG_DATA_HOME=tmp + "/data")
    try:
        load = open("/proc/loadavg").read().split()[:3]
        print("machine: %d cores, load average %s at the start" % (os.cpu_count(), " ".join(load)))

        cold = gui(opts.binary, ["--script", "wait-trace;wait-warm;quit"], env)
        wall, thread, cpu = first_frame(cold)
        t = traces(cold)[0]
        print("cold cache: first frame %.0f ms (window thread %.0f ms processor time); first trace %.0f ms" %
              (wall, thread, t[2]))
        print("  " + re.search(r"ladder built in the background: .*", cold).group(0))

        runs = [first_frame(gui(opts.binary, ["--script", "wait-trace;quit"], env)) for _ in range(opts.runs)]
        print("1. window shown, warm cache: %s; processor time of the window thread %s" %
              (summary([r[0] for r in runs]), summary([r[1] for r in runs])))

        script = ";".join(["wait-trace", "wait-warm"] + ["variant:%s;wait-trace" % v for v in LADDER] + ["quit"])
        switches = traces(gui(opts.binary, ["--script", script], env))[1:]
        print("2. variant switch, warm: %s (engine thread %s)" %
              (summary([s[2] for s in switches]), summary([s[3] for s in switches])))

        script = ";".join(["wait-trace", "wait-warm"] + ["variant:%s;wait-trace" % v for v in LADDER[:8]] + ["quit"])
        big = traces(gui(opts.binary, ["--n", "65536", "--wg", "256", "--script", script], env))[1:]
        print("3. trace of 2^16 elements: %s (engine thread %s)" %
              (summary([s[2] for s in big]), summary([s[3] for s in big])))

        anim = gui(opts.binary, ["--n", "1024", "--wg", "1024", "--speed", "1",
                                 "--script", "wait-trace;wait-warm;key:space;sleep:8;quit"], env)
        shown = re.search(r"frame interval .*\(=> ([\d.]+) fps shown\)", anim)
        possible = re.search(r"work per frame .*median ([\d.]+) ms .*\(=> (\d+) fps possible\)", anim)
        print("4. animating 1024 work-items: %s fps shown (paced at 60), %s fps possible (median work per frame "
              "%s ms)" % (shown.group(1), possible.group(2), possible.group(1)))
        print("machine: load average %s at the end" % " ".join(open("/proc/loadavg").read().split()[:3]))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
