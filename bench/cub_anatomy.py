#!/usr/bin/env python3
"""What cupy.sum (CUB's DeviceReduce) launches per size: each kernel's name, grid, block, registers,
occupancy and duration from torch.profiler (CUPTI, the GPU's own timestamps), the call's span (first kernel start to
last kernel end, the bench's device timing), and an empty CUDA kernel's duration on the same clock, the floor to set
beside OpenCL's empty-kernel event time. Usage: cub_anatomy.py --sizes 16,18,20 --repeats 30 --json FILE"""
import argparse
import json
import os
import statistics
import tempfile
import time


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default=",".join(str(k) for k in range(16, 29)))
    ap.add_argument("--repeats", type=int, default=30)
    ap.add_argument("--json", default="")
    a = ap.parse_args()
    import cupy
    import torch
    from torch.profiler import ProfilerActivity, profile

    nop = cupy.RawKernel(r'extern "C" __global__ void nop(float *p) {}', "nop")
    dummy = cupy.zeros(16, dtype=cupy.float32)
    out = {"device": torch.cuda.get_device_name(0), "cupy": cupy.__version__, "sizes": []}
    try:
        out["accelerators"] = [str(v) for v in cupy._core.get_routine_accelerators()]
    except Exception:  # noqa: BLE001
        out["accelerators"] = "unknown"

    def profiled(fn, repeats):
        for _ in range(20):
            fn()
        cupy.cuda.Device().synchronize()
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            for _ in range(repeats):
                fn()
                cupy.cuda.Device().synchronize()
                time.sleep(0.0003)
        path = os.path.join(tempfile.gettempdir(), "cub_anatomy_trace.json")
        prof.export_chrome_trace(path)
        with open(path) as f:
            ev = json.load(f)["traceEvents"]
        kern = sorted((e for e in ev if e.get("cat") == "kernel"), key=lambda e: e["ts"])
        k = len(kern) // repeats if repeats and len(kern) % repeats == 0 else 0
        if not k:
            return {"error": f"{len(kern)} kernels for {repeats} calls"}
        calls = [kern[i * k:(i + 1) * k] for i in range(repeats)]
        spans = [max(e["ts"] + e["dur"] for e in c) - min(e["ts"] for e in c) for c in calls]
        kinfo = []
        for j in range(k):
            e0 = calls[0][j]
            args = e0.get("args", {})
            kinfo.append({"name": e0["name"][:90], "grid": args.get("grid"), "block": args.get("block"),
                          "registers": args.get("registers per thread"), "shared": args.get("shared memory"),
                          "blocks_per_sm": args.get("blocks per SM"), "warps_per_sm": args.get("warps per SM"),
                          "occupancy": args.get("est. achieved occupancy %"),
                          "dur_us": statistics.median(c[j]["dur"] for c in calls)})
        gaps = [calls[i][j + 1]["ts"] - (calls[i][j]["ts"] + calls[i][j]["dur"]) for i in range(repeats)
                for j in range(k - 1)]
        return {"span_us": statistics.median(spans), "kernels": kinfo,
                "gap_us": statistics.median(gaps) if gaps else 0.0}

    floor = profiled(lambda: nop((1,), (32,), (dummy,)), a.repeats)
    floor528 = profiled(lambda: nop((528,), (256,), (dummy,)), a.repeats)
    out["empty_kernel"] = floor
    out["empty_kernel_528x256"] = floor528
    print(f"empty CUDA kernel, 1 x 32: {floor.get('span_us')} us; 528 x 256: {floor528.get('span_us')} us (CUPTI)")
    rng = cupy.random.default_rng(1)
    for k in (int(s) for s in a.sizes.split(",")):
        n = 1 << k
        x = rng.uniform(-1.0, 1.0, n, dtype=cupy.float32)
        r = profiled(lambda: cupy.sum(x), a.repeats)
        r.update({"n": n, "data_type": "float", "op": "sum", "method": "cupy.sum",
                  "gbps": n * 4 / (r["span_us"] * 1e3) if "span_us" in r else None})
        out["sizes"].append(r)
        ks = "; ".join(f"{kk['name'][:40]} grid {kk['grid']} block {kk['block']} regs {kk['registers']} "
                       f"occ {kk['occupancy']} {kk['dur_us']:.2f} us" for kk in r.get("kernels", []))
        print(f"2^{k}: cupy.sum span {r.get('span_us', 0):.2f} us = {r.get('gbps') or 0:.1f} GB/s, "
              f"gap {r.get('gap_us', 0):.2f} us: {ks}")
        del x
    if a.json:
        with open(a.json, "w") as f:
            json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
