#!/usr/bin/env bash
# The exercises graded on a lent NVIDIA GPU (the `run` tool; carry .cl/ as ../shared/GPU.md says, with
# nlohmann-json3-dev beside the OpenCL packages): the CLI built with the GUI off, then each named exercise's solution
# and starter graded there (no Oclgrind on that machine: the simulator checks report that they did not run).
set -u
for f in .cl/*.deb; do dpkg -x $f /; done; ldconfig
mkdir -p /etc/OpenCL/vendors; echo /usr/local/nvidia/lib64/libnvidia-opencl.so.1 > /etc/OpenCL/vendors/nvidia.icd
t0=$(date +%s)
cmake -S . -B /tmp/b -G Ninja -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_GUI=OFF -DREDUCELAB_TESTS=OFF > $OUT/configure.txt 2>&1 || { tail -30 $OUT/configure.txt; exit 1; }
cmake --build /tmp/b -j 16 --target reducelab > $OUT/build.txt 2>&1 || { tail -30 $OUT/build.txt; exit 1; }
echo "build $(( $(date +%s) - t0 )) s"
R=/tmp/b/app/reducelab
$R devices | head -20
for ex in 09-many-elements 02-divergent-branch 04-first-add; do
  for k in solution starter; do
    timeout 240 $R exercise check $ex --kernel assets/exercises/$ex/$k.cl --device NVIDIA --json --reveal > $OUT/${ex}_$k.json 2> $OUT/${ex}_$k.err
    echo "$ex $k rc=$?"
    python3 - "$OUT/${ex}_$k.json" <<'PY'
import json,sys
try:
    j=json.load(open(sys.argv[1]))
except Exception as e:
    print("  no json:", e); sys.exit()
print("  status", j.get("status"), "score", j.get("score"), "/", j.get("max_score"), "device", j.get("device"))
for c in j.get("checks",[]):
    print("   ", "ok  " if c.get("passed") else "FAIL", c.get("kind"), "-", (c.get("message") or "")[:200])
PY
  done
done
