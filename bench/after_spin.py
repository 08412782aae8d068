#!/usr/bin/env python3
"""What a wall-timed call of cupy.sum / torch.sum costs after different things ran (untimed) just before it.

The bench once had --busy-before (a 200 us spin on the GPU, waited for, before every wall-timed call, to keep the
GPU's clocks up); on an H100 it left best-gpu as it was but made cupy.sum take ~67 us at 2^16 instead of ~28, and
it was removed. This times each peer, 30 calls for the median, after: nothing; each spin kernel (cupy's %globaltimer RawKernel, torch.cuda._sleep) and a device synchronize; a
trivial cupy kernel and a synchronize; a host sleep of 0.2 ms alone. Usage: after_spin.py [--repeats 30] [--sizes 16,20]
"""
import argparse
import statistics
import time


def main():
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--repeats", type=int, default=30)
    p.add_argument("--sizes", default="16,20,22")
    a = p.parse_args()
    import cupy
    import torch
    from peer_torch import CupyClock, TorchClock

    cupy_clock, torch_clock = CupyClock(cupy), TorchClock(torch)
    dev_sync = cupy.cuda.Device().synchronize
    tiny = cupy.zeros(1, dtype=cupy.float32)
    befores = {
        "nothing": None,
        "cupy spin + sync": lambda: (cupy_clock.spin(), dev_sync()),
        "torch _sleep + sync": lambda: (torch_clock.spin(), torch.cuda.synchronize()),
        "cupy tiny kernel + sync": lambda: (tiny.__iadd__(1), dev_sync()),
        "host sleep 0.2 ms": lambda: time.sleep(0.0002),
        "cupy spin + sync + host sleep 0.2 ms": lambda: (cupy_clock.spin(), dev_sync(), time.sleep(0.0002)),
    }
    for log2 in (int(s) for s in a.sizes.split(",")):
        n = 1 << log2
        x = torch.rand(n, device="cuda")
        cx = cupy.asarray(x)
        calls = {"cupy.sum": lambda: cupy.sum(cx).item(), "torch.sum": lambda: torch.sum(x).item()}
        for name, call in calls.items():
            for _ in range(20):  # warm up with the timed call
                call()
            for what, before in befores.items():
                times = []
                for _ in range(a.repeats):
                    if before:
                        before()
                    t0 = time.perf_counter()
                    call()
                    times.append((time.perf_counter() - t0) * 1e6)
                print(f"2^{log2:<3} {name:10} after {what:38} median {statistics.median(times):7.1f} us"
                      f"  min {min(times):7.1f}", flush=True)


if __name__ == "__main__":
    main()
