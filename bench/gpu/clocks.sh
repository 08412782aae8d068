# Sourced by bench/gpu/compare.sh and bench/gpu/histogram.sh: nvidia-smi's samples of the GPU's clocks every 100 ms
# (UTC timestamps) while the calls are timed, for `bench/slow_calls.py FILE.json --clocks clocks.csv`.
#   start_clocks FILE   starts sampling into FILE where nvidia-smi can (REDUCELAB_GPU_INDEX picks the GPU, 0); sets
#                       $sampler to its process, empty where it could not start
#   stop_clocks         stops it
start_clocks() {
    sampler=
    # Older drivers lack clocks_event_reasons.active: then the same without it.
    for fields in timestamp,clocks.sm,clocks.mem,pstate,clocks_event_reasons.active,utilization.gpu,power.draw \
                  timestamp,clocks.sm,clocks.mem,pstate,utilization.gpu,power.draw; do
        TZ=UTC nvidia-smi -i "${REDUCELAB_GPU_INDEX:-0}" --query-gpu=$fields --format=csv,nounits -lms 100 \
            >"$1" 2>&1 &
        sampler=$!
        sleep 1
        if kill -0 "$sampler" 2>/dev/null; then return; fi
        sampler=
    done
}

stop_clocks() {
    if [ -n "${sampler:-}" ]; then kill "$sampler" 2>/dev/null; fi
    sampler=
}
