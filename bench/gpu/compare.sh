#!/usr/bin/env bash
# best-gpu against cupy and torch on a Linux machine with an NVIDIA GPU and NVIDIA's OpenCL driver: sets OpenCL up
# where needed (bench/gpu/setup.sh), builds reducelab_bench (Release, GUI off) and runs what the environment asks
# for. Everything lands in $OUT (default out/ in the repository); log.txt says what ran on which GPU and driver.
# BENCHMARKS.md ("Reproducing") gives the commands behind its tables.
#
#   REDUCELAB_VERSUS      1 (default): best-gpu against cupy.<op> and torch.<op>, one round-robin per case and run:
#                         each TYPE:OP[:TIMING] of REDUCELAB_CASES (default float:sum), in each timing of
#                         REDUCELAB_TIMINGS (default device) where the case names none, REDUCELAB_RUNS times (1);
#                         REDUCELAB_REPEATS calls per median (30), REDUCELAB_SIZES (2^16..2^28), REDUCELAB_PEERS
#                         (torch: cupy and torch; clblast,boost,torch adds the OpenCL peers), REDUCELAB_BLOCK calls
#                         of one method per turn (1); in wall timing REDUCELAB_PASSES passes over the sizes (the
#                         bench's default: 3 on a GPU) or REDUCELAB_INTERLEAVE=1 rounds over every size instead.
#                         Writes versus_TYPE_OP_TIMING_runN.{json,txt} and versus_summary.txt. 0 skips it.
#   REDUCELAB_CALLS=1     every timed call in the JSON (--calls) and bench/slow_calls.py's report on it
#   REDUCELAB_COLD_L2=1   device timing with the L2 cache written over before each call (--cold-l2), the CUDA peers
#                         too: no call finds its data where the last call left it (the scans' files get _cold)
#   REDUCELAB_CLOCKS=1    the GPU's clocks sampled every 100 ms during the comparison (clocks.csv, UTC timestamps,
#                         for bench/slow_calls.py FILE --clocks clocks.csv; REDUCELAB_GPU_INDEX picks the GPU, 0)
#   REDUCELAB_DEVICE_TESTS=1  first the device tests of the best kernels on this GPU (REDUCELAB_TEST_FILTER; they
#                         need GoogleTest: without it the rest still runs)
#   REDUCELAB_ANATOMY=1   best-gpu per size (bench --anatomy: its grid and others, the finish, the ceilings;
#                         REDUCELAB_ANATOMY_SIZES), the registers ptxas gives its PTX where ptxas is found
#                         (REDUCELAB_PTXAS_ARCH, sm_90), and cupy.sum's kernels through CUPTI (bench/cub_anatomy.py;
#                         REDUCELAB_CUB_ANATOMY=0 skips it); REDUCELAB_TRIALS=a.cl,b.cl times edited copies of
#                         kernels/reduce/best-gpu.cl beside the shipped kernel
#   REDUCELAB_FLOOR=1     where OpenCL's event interval and CUDA's clocks lie around a kernel's work (bench --floor,
#                         bench/cuda_floor.py)
#   REDUCELAB_LAYOUTS=1   grid-stride against per-group tiles (bench --layouts) at REDUCELAB_LAYOUT_SIZES
#   REDUCELAB_PROBE=1     where a small reduction's and a small scan's time goes (bench --probe; REDUCELAB_PROBE_SIZES)
#   REDUCELAB_SWEEP=1     best-gpu and grid-stride over work-group sizes and groups per compute unit (bench --sweep)
#   REDUCELAB_LADDER=1    the app's ladder, `reducelab bench --variant all`, at 2^22 and 2^28 ints
#   REDUCELAB_SCAN=1      the scans: `reducelab_bench --pattern scan` (REDUCELAB_SCAN_VARIANTS, default
#                         decoupled-look-back,reduce-then-scan, and the copy kernel) with the CUDA peers of
#                         bench/peer_torch.py (torch.cumsum, cupy.cumsum with CUB and without, CUB's DeviceScan
#                         in place, beside it the scans that can scan in place timed so, torch's copy;
#                         REDUCELAB_SCAN_PEERS=none skips them) at REDUCELAB_SCAN_SIZES (2^22,2^28),
#                         for each of REDUCELAB_SCAN_TYPES (int float) and REDUCELAB_SCAN_TIMINGS (device wall),
#                         runs REDUCELAB_RUN_FROM (1) to REDUCELAB_RUNS (scan_TYPE-OP_TIMING_runN.{json,txt},
#                         scan_summary.txt); REDUCELAB_SCAN_OP=min|max scans with that operation (against
#                         torch.cummin/cummax); REDUCELAB_SCAN_TRIALS=a.cl,b.cl times edited copies of the first
#                         variant's kernel beside it (--trials); then `reducelab run` of other work-group sizes and
#                         elements per work-item (REDUCELAB_SCAN_SHAPES, variant:wg:epi,...; empty: none) at
#                         REDUCELAB_SCAN_SHAPE_SIZES (default REDUCELAB_SCAN_SIZES). REDUCELAB_BLOCK=20 times each
#                         method's calls back to back, as bench/peer_torch.py times the CUDA peers' (files _block20)
#   REDUCELAB_LOOK_BACK=1 decoupled-look-back traced at REDUCELAB_LOOK_BACK_SIZES (2^20,2^22,2^24), float sum, wg 256,
#                         32 per work-item: each tile's look-back depth, windows, reads of X and wait, by quarter of
#                         the launch (bench/look_back_depths.py; look_back_depths.txt)
#   REDUCELAB_ARCHIVE=1   also packs $OUT into results.tar.gz after every step (a run cut short keeps what it
#                         finished, in one file)
# REDUCELAB_DEVICE names the OpenCL device (default NVIDIA: index or part of its name), REDUCELAB_BENCH_BUILD_DIR the
# build folder (default build-bench/, as scripts/bench).
set -uo pipefail
if [ -n "${OUT:-}" ]; then mkdir -p "$OUT" && out="$(cd "$OUT" && pwd)"; fi
cd "$(dirname "${BASH_SOURCE[0]}")/../.." || exit 1
out="${out:-$PWD/out}"
mkdir -p "$out"
log="$out/log.txt"
pack() {
    [ "${REDUCELAB_ARCHIVE:-0}" = 1 ] || return 0
    # GNU tar exits 1 when a file grew while it was read (log.txt, clocks.csv): the archive is still good.
    tar czf "$out/.results.tar.gz" --warning=no-file-changed --exclude=./results.tar.gz --exclude=./.results.tar.gz \
        -C "$out" .
    if [ $? -le 1 ]; then mv "$out/.results.tar.gz" "$out/results.tar.gz"; fi
    return 0
}
source bench/gpu/setup.sh
source bench/gpu/clocks.sh
export REDUCELAB_DEVICE="${REDUCELAB_DEVICE:-NVIDIA}"
dev=(--device "$REDUCELAB_DEVICE")
{
    date -u
    git log -1 --oneline 2>/dev/null
    nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv
    nvidia-smi topo -m
    nproc
    clinfo -l
    python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name(0))'
    python3 -c 'import cupy; print("cupy", cupy.__version__)'
} >>"$log" 2>&1
build="${REDUCELAB_BENCH_BUILD_DIR:-build-bench}"
tests=OFF
targets="reducelab_bench"
if [ "${REDUCELAB_LADDER:-0}" = 1 ] || [ "${REDUCELAB_SCAN:-0}" = 1 ] || [ "${REDUCELAB_LOOK_BACK:-0}" = 1 ]; then
    targets="$targets reducelab"
fi
if [ "${REDUCELAB_DEVICE_TESTS:-0}" = 1 ]; then tests=ON; fi
prefix=()
if [ -d /opt/benchdeps/usr ]; then prefix=(-DCMAKE_PREFIX_PATH=/opt/benchdeps/usr); fi  # from setup.sh
gen=()
if command -v ninja >/dev/null 2>&1 && [ ! -f "$build/Makefile" ]; then gen=(-G Ninja); fi
configure() {
    cmake -S . -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DREDUCELAB_GUI=OFF -DREDUCELAB_TESTS="$1" \
        -DREDUCELAB_BENCH=ON "${prefix[@]}" >>"$log" 2>&1
}
t0=$(date +%s)
if ! configure $tests; then  # no GoogleTest: the measurements still run
    echo "configure with the tests failed (log.txt says why); building without them"
    tests=OFF
    configure OFF || { tail -40 "$log"; exit 1; }
fi
if [ "$tests" = ON ]; then targets="$targets kernel_tests"; fi
cmake --build "$build" -j "$(nproc)" --target $targets >>"$log" 2>&1 || { tail -40 "$log"; exit 1; }
echo "build took $(( $(date +%s) - t0 )) s"
bench="$build/bench/reducelab_bench"
sizes=2^16,2^17,2^18,2^19,2^20,2^21,2^22,2^23,2^24,2^25,2^26,2^27,2^28

if [ "$tests" = ON ]; then
    "$build/tests/kernels/kernel_tests" \
        --gtest_filter="${REDUCELAB_TEST_FILTER:-BestVariants.*:*best_gpu*:TraceMatchesModel.*best*:*LadderResults*}" \
        >"$out/device_tests.txt" 2>&1
    grep -E "^\[  (PASSED|FAILED) |^\[  FAILED" "$out/device_tests.txt" >"$out/device_tests_summary.txt"
    tail -3 "$out/device_tests.txt"
    pack
fi
if [ "${REDUCELAB_ANATOMY:-0}" = 1 ]; then
    REDUCELAB_ANATOMY_BINARIES="$out" "$bench" "${dev[@]}" --anatomy --sizes "${REDUCELAB_ANATOMY_SIZES:-${REDUCELAB_SIZES:-$sizes}}" \
        --repeats "${REDUCELAB_REPEATS:-30}" ${REDUCELAB_TRIALS:+--trials "$REDUCELAB_TRIALS"} \
        --json "$out/anatomy.json" >"$out/anatomy.txt" 2>>"$log"
    ptxas=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
    if [ -n "$ptxas" ]; then  # the registers of best-gpu and of each trial
        for ptx in "$out"/*.ptx; do
            [ -f "$ptx" ] || continue
            tr -d "\\000" <"$ptx" >"$out/.ptxas_input.ptx"
            { echo "== $(basename "$ptx")"
              "$ptxas" -v -arch="${REDUCELAB_PTXAS_ARCH:-sm_90}" "$out/.ptxas_input.ptx" -o "$out/.ptxas_output.cubin" 2>&1; } >>"$out/ptxas.txt"
        done
        rm -f "$out/.ptxas_input.ptx" "$out/.ptxas_output.cubin"
    fi
    if [ "${REDUCELAB_CUB_ANATOMY:-1}" = 1 ]; then
        PYTHONUNBUFFERED=1 python3 bench/cub_anatomy.py --repeats "${REDUCELAB_REPEATS:-30}" \
            --json "$out/cub_anatomy.json" >"$out/cub_anatomy.txt" 2>&1
    fi
    pack
fi
if [ "${REDUCELAB_LAYOUTS:-0}" = 1 ]; then
    "$bench" "${dev[@]}" --layouts --sizes "${REDUCELAB_LAYOUT_SIZES:-2^24,2^26,2^28}" --repeats 30 >"$out/layouts.txt" 2>>"$log"
    pack
fi
if [ "${REDUCELAB_FLOOR:-0}" = 1 ]; then
    "$bench" "${dev[@]}" --floor --sizes 2^16,2^20,2^22,2^23,2^24,2^26,2^28 --repeats 200 >"$out/floor.txt" 2>>"$log"
    PYTHONUNBUFFERED=1 python3 bench/cuda_floor.py --repeats 100 --json "$out/cuda_floor.json" >"$out/cuda_floor.txt" 2>&1
    pack
fi
if [ "${REDUCELAB_PROBE:-0}" = 1 ]; then
    "$bench" "${dev[@]}" --probe --sizes "${REDUCELAB_PROBE_SIZES:-2^20,2^22,2^24}" >"$out/probe.txt" 2>>"$log"
    pack
fi
if [ "${REDUCELAB_SWEEP:-0}" = 1 ]; then
    "$bench" "${dev[@]}" --sweep --variants best-gpu,grid-stride --sizes "${REDUCELAB_SWEEP_SIZES:-2^20,2^24,2^28}" \
        >"$out/sweep.txt" 2>>"$log"
    pack
fi
if [ "${REDUCELAB_LADDER:-0}" = 1 ]; then
    for n in 4194304 268435456; do
        "$build/app/reducelab" bench "${dev[@]}" --variant all --n $n --type int >>"$out/ladder.txt" 2>&1
        "$build/app/reducelab" bench "${dev[@]}" --variant all --n $n --type int --json >"$out/ladder_$n.json" 2>>"$log"
    done
    pack
fi
if [ "${REDUCELAB_SCAN:-0}" = 1 ]; then
    sop="${REDUCELAB_SCAN_OP:-sum}"
    calls=()
    if [ "${REDUCELAB_CALLS:-0}" = 1 ]; then calls=(--calls); fi
    for run in $(seq "${REDUCELAB_RUN_FROM:-1}" "${REDUCELAB_RUNS:-1}"); do
        for t in ${REDUCELAB_SCAN_TYPES:-int float}; do
            for timing in ${REDUCELAB_SCAN_TIMINGS:-device wall}; do
                name="scan_${t}-${sop}_${timing}_run$run"
                cold=()
                block=()
                trials=()
                [ -n "${REDUCELAB_SCAN_TRIALS:-}" ] && trials=(--trials "$REDUCELAB_SCAN_TRIALS")
                if [ "${REDUCELAB_COLD_L2:-0}" = 1 ] && [ "$timing" = device ]; then
                    cold=(--cold-l2); name="scan_${t}-${sop}_${timing}_cold_run$run"
                fi
                if [ "${REDUCELAB_BLOCK:-1}" != 1 ]; then  # each method's calls in a row, as the CUDA peers time theirs
                    block=(--block "$REDUCELAB_BLOCK"); name="${name%_run$run}_block${REDUCELAB_BLOCK}_run$run"
                fi
                "$bench" "${dev[@]}" --pattern scan --type $t --op "$sop" --timing "$timing" \
                    --sizes "${REDUCELAB_SCAN_SIZES:-2^22,2^28}" --repeats "${REDUCELAB_REPEATS:-30}" \
                    --variants "${REDUCELAB_SCAN_VARIANTS:-decoupled-look-back,reduce-then-scan}" \
                    --peers "${REDUCELAB_SCAN_PEERS:-torch}" "${calls[@]}" "${cold[@]}" "${block[@]}" "${trials[@]}" \
                    --python python3 \
                    --json "$out/$name.json" >"$out/$name.txt" 2>>"$log"
                if [ ! -s "$out/$name.json" ]; then
                    echo "$name: the bench wrote no JSON (log.txt says why)"; tail -3 "$log"
                fi
                pack
            done
        done
    done
    python3 bench/scan_summary.py "$out"/scan_*_run*.json >"$out/scan_summary.txt" 2>&1
    # VARIANT:WG:EPI
    for shape in $(echo "${REDUCELAB_SCAN_SHAPES-decoupled-look-back:128:32,reduce-then-scan:256:8}" | tr , ' '); do
        IFS=: read -r sv sw se <<<"$shape"
        for n in $(echo "${REDUCELAB_SCAN_SHAPE_SIZES:-${REDUCELAB_SCAN_SIZES:-2^22,2^28}}" | tr , ' '); do
            echo "== $sv wg $sw epi $se n $n float" >>"$out/scan_shapes.txt"
            "$build/app/reducelab" run "${dev[@]}" --variant "$sv" --wg "$sw" --epi "$se" \
                --n "$n" --type float --warmup 3 --repeats "${REDUCELAB_REPEATS:-30}" >>"$out/scan_shapes.txt" 2>&1
        done
    done
    pack
fi
if [ "${REDUCELAB_LOOK_BACK:-0}" = 1 ]; then  # how far decoupled-look-back's tiles looked back, from traced runs
    for n in $(echo "${REDUCELAB_LOOK_BACK_SIZES:-2^20,2^22,2^24}" | tr , ' '); do
        echo "== n $n, float sum, wg 256, 32 per work-item, traced" >>"$out/look_back_depths.txt"
        "$build/app/reducelab" trace "${dev[@]}" --pattern scan --variant decoupled-look-back --n "$n" --wg 256 \
            --epi 32 --type float --trace-groups 1 --json 2>>"$log" |
            python3 bench/look_back_depths.py >>"$out/look_back_depths.txt" 2>&1
    done
    pack
fi
if [ "${REDUCELAB_VERSUS:-1}" = 1 ]; then
    sampler=
    # what the GPU's clocks did while the calls were timed
    if [ "${REDUCELAB_CLOCKS:-0}" = 1 ]; then start_clocks "$out/clocks.csv"; fi
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
                "$bench" "${dev[@]}" --repeats "${REDUCELAB_REPEATS:-30}" --sizes "${REDUCELAB_SIZES:-$sizes}" \
                    --type "$type" --op "$op" --timing "$timing" --variants best-gpu --peers "${REDUCELAB_PEERS:-torch}" \
                    --block "${REDUCELAB_BLOCK:-1}" "${extra[@]}" --python python3 --json "$out/$name.json" \
                    >"$out/$name.txt" 2>>"$log"
                if [ ! -s "$out/$name.json" ]; then
                    echo "$name: the bench wrote no JSON (log.txt says why)"; tail -3 "$log"; continue
                fi
                python3 bench/versus_summary.py "$out/$name.json" | tee -a "$out/versus_summary.txt"
                if [ "${REDUCELAB_CALLS:-0}" = 1 ]; then
                    python3 bench/slow_calls.py "$out/$name.json" ${sampler:+--clocks "$out/clocks.csv"} \
                        >>"$out/versus_summary.txt"
                fi
                pack
            done
        done
    done
    stop_clocks
fi
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv >>"$log" 2>&1
date -u >>"$log"
for f in device_tests_summary.txt scan_summary.txt scan_shapes.txt look_back_depths.txt anatomy.txt ptxas.txt layouts.txt floor.txt cuda_floor.txt probe.txt sweep.txt \
         ladder.txt; do
    if [ -f "$out/$f" ]; then echo "== $f"; grep -v "^Best variant" "$out/$f"; fi
done
pack
