#!/usr/bin/env python3
# Scan peers on an NVIDIA GPU through CUDA: cupy.cumsum (CUB's DeviceScan when CUPY_ACCELERATORS names cub; CuPy's
# own scan kernels otherwise), torch.cumsum, and torch's device-to-device copy of the same bytes as the copy ceiling;
# with --op min or max, torch.cummin/cummax (which also write each element's index, 8 bytes more per element) and
# cupy.minimum/maximum.accumulate where this CuPy has it (a row says so where it has not).
# Each call is timed with CUDA events around it (the GPU's time from the call's first command to its last), median
# of --repeats calls after --warmup untimed ones, on random data (never zeros). GB/s counts the bytes a scan moves:
# n elements read and n written. Prints one table and writes the figures as JSON (--json FILE).
#   CUPY_ACCELERATORS=cub python3 bench/peer_scan.py --sizes 2^16,2^20,2^24,2^28 --type float --json out.json
import argparse
import json
import os
import statistics


def size_list(text):
    out = []
    for s in text.split(","):
        s = s.strip()
        out.append(2 ** int(s[2:]) if s.startswith("2^") else int(float(s)))
    return out


def timed(torch, fn, warmup, repeats):
    for _ in range(warmup):
        fn()
    torch.cuda.synchronize()
    times = []
    for _ in range(repeats):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times), min(times), max(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="2^16,2^18,2^20,2^22,2^24,2^26,2^28")
    ap.add_argument("--type", default="float", choices=["float", "int"])
    ap.add_argument("--op", default="sum", choices=["sum", "min", "max"])
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=30)
    ap.add_argument("--json")
    a = ap.parse_args()
    import torch
    try:
        import cupy
    except ImportError:
        cupy = None
    accel = os.environ.get("CUPY_ACCELERATORS", "")
    tdtype = torch.float32 if a.type == "float" else torch.int32
    rows = []
    for n in size_list(a.sizes):
        gen = torch.Generator(device="cuda").manual_seed(n)
        if a.type == "float":
            x = torch.rand(n, device="cuda", generator=gen, dtype=tdtype) * 2 - 1
        else:
            x = torch.randint(-1000, 1000, (n,), device="cuda", generator=gen, dtype=tdtype)
        y = torch.empty_like(x)
        moved = 2 * n * x.element_size()
        methods = {"torch copy": lambda: y.copy_(x)}
        idx = torch.empty(n, device="cuda", dtype=torch.int64)
        if a.op == "sum":
            methods["torch.cumsum"] = lambda: torch.cumsum(x, 0, out=y)
            ref = torch.cumsum(x.double(), 0)
        else:
            tfn = torch.cummin if a.op == "min" else torch.cummax
            methods[f"torch.cum{a.op} (values and indices)"] = lambda: tfn(x, 0, out=(y, idx))
            ref = tfn(x, 0).values.double()
        err = None
        unsupported = None
        if cupy is not None:
            cx = cupy.asarray(x)
            cy = cupy.empty_like(cx)
            if a.op == "sum":
                label = "cupy.cumsum (" + ("CUB" if "cub" in accel else "no CUB") + ")"
                cfn = lambda: cupy.cumsum(cx, out=cy)
            else:
                ufunc = cupy.minimum if a.op == "min" else cupy.maximum
                label = f"cupy.{ufunc.__name__}.accumulate"
                cfn = lambda: ufunc.accumulate(cx, out=cy)
            try:
                cfn()  # the result against the reference, so that a peer that scans wrongly is seen
                err = float((torch.as_tensor(cy, device="cuda").double() - ref).abs().max())
                methods[label] = cfn
            except Exception as e:  # this CuPy has no such scan: said in a row, not timed
                unsupported = {"method": label, "n": n, "type": a.type, "op": a.op, "unsupported": str(e)[:200]}
        for name, fn in methods.items():
            med, lo, hi = timed(torch, fn, a.warmup, a.repeats)
            row = {"method": name, "n": n, "type": a.type, "time_ms": med, "min_ms": lo, "max_ms": hi,
                   "gbps": moved / (med * 1e6), "timing": "device", "pattern": "scan", "op": a.op,
                   "data_type": a.type, "accelerators": accel}
            if name.startswith("cupy"):
                row["max_abs_error_vs_double"] = err
            rows.append(row)
        if unsupported:
            rows.append(unsupported)
    print(f"{'method':24} {'n':>10} {'ms':>10} {'GB/s':>9}")
    for r in rows:
        if "unsupported" in r:
            print(f"{r['method']:24} {r['n']:>10} not available: {r['unsupported']}")
        else:
            print(f"{r['method']:24} {r['n']:>10} {r['time_ms']:>10.4f} {r['gbps']:>9.1f}")
    print("GB/s = n elements read and n written / median of CUDA-event times;", torch.cuda.get_device_name(0))
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"device": torch.cuda.get_device_name(0), "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
