#!/usr/bin/env bash
# Issue 14 on a lent NVIDIA GPU (the `run` tool, carry as ../shared/GPU.md and bench/run_h200.sh say): builds
# reducelab_bench (and, with REDUCELAB_DEVICE_TESTS=1, the device tests of best-gpu), then
#   REDUCELAB_ANATOMY=1  best-gpu's anatomy per size (bench --anatomy) and cupy.sum's kernels (bench/cub_anatomy.py);
#                        REDUCELAB_TRIALS=FILES (comma-separated edited copies of kernels/best-gpu.cl) adds them
#   REDUCELAB_VERSUS=1   best-gpu against cupy and torch, REDUCELAB_REPEATS (30) round-robin, for each TYPE:OP of
#                        REDUCELAB_CASES (float:sum; TYPE:OP:TIMING names one mode) and each mode of REDUCELAB_TIMINGS
#                        (device), REDUCELAB_RUNS times; REDUCELAB_PEERS (torch: cupy and torch) names the peers,
#                        REDUCELAB_BLOCK (1) the calls of one method in a row per turn, REDUCELAB_PASSES (the
#                        bench's default) wall timing's passes over the sizes, REDUCELAB_INTERLEAVE=1 its rounds over
#                        every size instead, REDUCELAB_CALLS=1 every call in the JSON
#   REDUCELAB_CLOCKS=1   samples the GPU's clocks every 100 ms during the versus runs (clocks.csv, UTC), for
#                        bench/slow_calls.py --clocks
#   REDUCELAB_LAYOUTS=1  grid-stride against per-group tiles (bench --layouts) at REDUCELAB_LAYOUT_SIZES
#   REDUCELAB_FLOOR=1    where OpenCL's event interval and CUDA's clocks lie around a kernel's work (bench --floor,
#                        bench/cuda_floor.py)
# Everything lands in $OUT as one archive, packed again after every step and every versus case (a call that runs
# past the device tool's limit still brings back what it finished; at most 8 files come back), with the short
# tables beside it; the short tables are printed last.
set -uo pipefail
dest="${OUT:-/tmp/out}"
out=/tmp/issue14_work
rm -rf "$out"
mkdir -p "$out" "$dest"
log="$out/log.txt"
pack() {
    (cd "$out" && tar czf "$dest/issue14_results.tar.gz" .)
    for f in versus_summary.txt anatomy.txt ptxas.txt layouts.txt cub_anatomy.txt device_tests_summary.txt floor.txt cuda_floor.txt; do
        if [ -f "$out/$f" ]; then cp "$out/$f" "$dest/"; fi
    done
}
source "$(dirname "$0")/device_setup.sh"
{ date -u; cat .perf14_head 2>/dev/null || git log -1 --oneline; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv; nvidia-smi topo -m; nproc; } >>"$log" 2>&1
build=/tmp/build-i14
tests=OFF; targets="reducelab_bench"
if [ "${REDUCELAB_DEVICE_TESTS:-0}" = 1 ]; then tests=ON; targets="$targets device_tests"; fi
t0=$(date +%s)
configure() {
    cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_GUI=OFF -DREDUCELAB_TESTS=$1 \
        -DREDUCELAB_BENCH=ON -DCMAKE_PREFIX_PATH=/opt/benchdeps/usr >>"$log" 2>&1
}
if ! configure $tests; then  # no GTest there: the measurements still run
    echo "configure with tests failed; building without them"; tests=OFF; targets=reducelab_bench; rm -rf "$build"
    configure OFF || { tail -40 "$log"; exit 1; }
fi
cmake --build "$build" -j 16 --target $targets >>"$log" 2>&1 || { tail -40 "$log"; exit 1; }
echo "build took $(( $(date +%s) - t0 )) s"
bench="$build/bench/reducelab_bench"
sizes=2^16,2^17,2^18,2^19,2^20,2^21,2^22,2^23,2^24,2^25,2^26,2^27,2^28
if [ "$tests" = ON ]; then
    REDUCELAB_DEVICE=NVIDIA "$build/tests/device/device_tests" \
        --gtest_filter="${REDUCELAB_TEST_FILTER:-BestVariants.*:TraceMatchesModel.*best*:*LadderResults*}" >"$out/device_tests.txt" 2>&1
    grep -E "^\[  (PASSED|FAILED) |^\[  FAILED" "$out/device_tests.txt" >"$out/device_tests_summary.txt"; tail -3 "$out/device_tests.txt"
    pack
fi
if [ "${REDUCELAB_ANATOMY:-0}" = 1 ]; then
    REDUCELAB_ANATOMY_BINARIES="$out" "$bench" --device NVIDIA --anatomy --sizes "${REDUCELAB_ANATOMY_SIZES:-${REDUCELAB_SIZES:-$sizes}}" \
        --repeats "${REDUCELAB_REPEATS:-30}" ${REDUCELAB_TRIALS:+--trials "$REDUCELAB_TRIALS"} \
        --json "$out/anatomy.json" >"$out/anatomy.txt" 2>>"$log"
    ptxas=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
    if [ -n "$ptxas" ]; then  # registers of best-gpu and of each trial
        for ptx in "$out"/*.ptx; do
            [ -f "$ptx" ] || continue
            tr -d "\\000" <"$ptx" >/tmp/bg.ptx
            { echo "== $(basename "$ptx")"; "$ptxas" -v -arch=sm_90 /tmp/bg.ptx -o /tmp/bg.cubin 2>&1; } >>"$out/ptxas.txt"
        done
    fi
    [ "${REDUCELAB_CUB_ANATOMY:-1}" = 1 ] && PYTHONUNBUFFERED=1 python3 bench/cub_anatomy.py --repeats "${REDUCELAB_REPEATS:-30}" --json "$out/cub_anatomy.json" >"$out/cub_anatomy.txt" 2>&1
    pack
fi
if [ "${REDUCELAB_LAYOUTS:-0}" = 1 ]; then
    "$bench" --device NVIDIA --layouts --sizes "${REDUCELAB_LAYOUT_SIZES:-2^24,2^26,2^28}" --repeats 30 >"$out/layouts.txt" 2>>"$log"
    pack
fi
if [ "${REDUCELAB_FLOOR:-0}" = 1 ]; then
    "$bench" --device NVIDIA --floor --sizes 2^16,2^20,2^22,2^23,2^24,2^26,2^28 --repeats 200 >"$out/floor.txt" 2>>"$log"
    PYTHONUNBUFFERED=1 python3 bench/cuda_floor.py --repeats 100 --json "$out/cuda_floor.json" >"$out/cuda_floor.txt" 2>&1
    pack
fi
if [ "${REDUCELAB_VERSUS:-0}" = 1 ]; then
    sampler=
    if [ "${REDUCELAB_CLOCKS:-0}" = 1 ]; then  # what the GPU's clocks did while the calls were timed
        for fields in timestamp,clocks.sm,clocks.mem,pstate,clocks_event_reasons.active,utilization.gpu,power.draw \
                      timestamp,clocks.sm,clocks.mem,pstate,utilization.gpu,power.draw; do
            TZ=UTC nvidia-smi -i "${REDUCELAB_GPU_INDEX:-0}" --query-gpu=$fields --format=csv,nounits -lms 100 \
                >"$out/clocks.csv" 2>&1 &
            sampler=$!
            sleep 1
            if kill -0 "$sampler" 2>/dev/null; then break; fi
            sampler=
        done
    fi
    # best-gpu against cupy.<op> and torch.<op>, one round-robin per case (TYPE:OP) and timing mode, RUNS times.
    for run in $(seq 1 "${REDUCELAB_RUNS:-1}"); do
        for case in ${REDUCELAB_CASES:-float:sum}; do
            IFS=: read -r type op only <<<"$case"
            for timing in ${only:-${REDUCELAB_TIMINGS:-device}}; do
                name="versus_${type}_${op}_${timing}_run${run}"
                extra=()  # the wall-timing options go to wall runs only (the bench refuses them in device timing)
                if [ "$timing" = wall ]; then
                    if [ -n "${REDUCELAB_PASSES:-}" ]; then extra+=(--passes "$REDUCELAB_PASSES"); fi
                    if [ "${REDUCELAB_INTERLEAVE:-0}" = 1 ]; then extra+=(--interleave); fi
                fi
                if [ "${REDUCELAB_CALLS:-0}" = 1 ]; then extra+=(--calls); fi
                "$bench" --device NVIDIA --repeats "${REDUCELAB_REPEATS:-30}" --sizes "${REDUCELAB_SIZES:-$sizes}" \
                    --type "$type" --op "$op" --timing "$timing" --variants best-gpu --peers "${REDUCELAB_PEERS:-torch}" --block "${REDUCELAB_BLOCK:-1}" \
                    "${extra[@]}" --python python3 --json "$out/$name.json" >"$out/$name.txt" 2>>"$log"
                if [ ! -s "$out/$name.json" ]; then echo "$name: the bench wrote no JSON (log.txt says why)"; tail -3 "$log"; continue; fi
                python3 bench/versus_summary.py "$out/$name.json" | tee -a "$out/versus_summary.txt"
                if [ "${REDUCELAB_CALLS:-0}" = 1 ]; then
                    python3 bench/slow_calls.py "$out/$name.json" ${sampler:+--clocks "$out/clocks.csv"} >>"$out/versus_summary.txt"
                fi
                pack
            done
        done
    done
fi
if [ -n "${sampler:-}" ]; then kill "$sampler" 2>/dev/null; fi
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv >>"$log" 2>&1
for f in device_tests_summary.txt anatomy.txt ptxas.txt floor.txt cuda_floor.txt; do
    if [ -f "$out/$f" ]; then echo "== $f"; grep -v "^Best variant" "$out/$f"; fi
done
pack
