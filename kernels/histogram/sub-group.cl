// sub-group.cl: histogram: the work-items of one SIMD group that hit the same bin agree first, and one counts for all.
//
// Lesson: aggregation across a sub-group. The hardware runs a work-group as SIMD groups (an NVIDIA warp of 32, an
// AMD wavefront, an Intel SIMD thread), and a sub-group makes one visible to OpenCL. In each step every work-item of
// a sub-group holds the bin of its element; the lanes that hold the same bin find each other through the sub-group,
// without local memory, and the lowest of them adds their number to the local bin with one atomic_add. On `constant`
// data a whole sub-group then asks for one atomic where coarsened asks for a SIMD group's worth at one counter.
// Whether that saves time is the hardware's to say: where local memory serves a SIMD group's atomics on one address
// together, the agreeing costs more than it saves, as it does anywhere on uniform data over many bins, where few
// lanes agree (BENCHMARKS.md says where each holds). aggregated merges runs inside one work-item's elements; this
// kernel merges across the work-items of one step, which are the ones that collide.
// Cost: the lanes agree in one instruction on NVIDIA (match.any.sync, inline PTX) and in three sub-group reductions
// per distinct bin elsewhere; one local atomic per distinct bin per sub-group and step.
// Requires: sub-groups (cl_khr_subgroups, or OpenCL C 3.0 with __opencl_c_subgroups), or an NVIDIA GPU, whose warps
// it reaches through inline PTX; any work-group size; nbins counters of local memory.
//
// Trace: "cleared", one stage per counting step ("step k": the lowest lane of each set of lanes that agreed on a
// bin added their number to it), "merged". Sub-groups are taken to be runs of consecutive local ids, as every
// implementation makes them for 1-D work-groups.

#if defined(RL_PTX_SUB_GROUPS)
// NVIDIA: the lanes of this warp that hold the same b as this one (match.any.sync, PTX ISA 6.0 on compute capability
// 7.0 and later), how many they are, and whether this lane is the lowest of them. A warp is 32 work-items of
// consecutive local ids; every work-item of the group runs every step, so the warp's lanes are all those that exist
// (fewer in a last warp cut by the work-group's size).
inline uint rl_agree(const uint b, bool *first) {
    const uint lid = get_local_id(0), lane = lid & 31u, inWarp = get_local_size(0) - (lid - lane);
    const uint lanes = inWarp >= 32u ? 0xFFFFFFFFu : (1u << inWarp) - 1u;
    uint same;
    asm volatile("match.any.sync.b32 %0, %1, %2;" : "=r"(same) : "r"(b), "r"(lanes));
    *first = (same & ((1u << lane) - 1u)) == 0;
    return popcount(same);
}
#else
#if defined(cl_khr_subgroups)
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#endif
// Any device with sub-groups: one bin at a time, the smallest of those not yet agreed on, until every lane has found
// its set. Every lane of the sub-group runs every round (the loop's condition is the same for all of them).
inline uint rl_agree(const uint b, bool *first) {
    const uint lane = get_sub_group_local_id();
    uint count = 0;
    bool waiting = true;
    *first = false;
    while (sub_group_any(waiting)) {
        const uint bin = sub_group_reduce_min(waiting ? b : 0xFFFFFFFFu);
        const bool mine = waiting && b == bin;
        const uint lanes = sub_group_reduce_add(mine ? 1u : 0u);
        const uint lowest = sub_group_reduce_min(mine ? lane : 0xFFFFFFFFu);
        if (mine) {
            count = lanes;
            *first = lane == lowest;
            waiting = false;
        }
    }
    return count;
}
#endif

__kernel void sub_group(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                        __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const size_t start = (size_t)get_group_id(0) * lsize * RL_EPI;

    if (lid < nbins) RL_OP(-1, -1, lid);
    for (uint c = lid; c < nbins; c += lsize) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_CLEARED);

    for (uint k = 0; k < RL_EPI; ++k) {
        const size_t i = start + (size_t)k * lsize + lid;  // step k: the k-th run of wg consecutive elements
        // Every work-item agrees, those past n or outside the range too (with the bin nbins, which nobody counts),
        // so that the whole sub-group takes part.
        const uint b = i < n ? RL_BIN(in[i]) : nbins;
        bool first;
        const uint count = rl_agree(b, &first);
        if (first && b < nbins) {
            RL_OP(b, -2, b);
            atomic_add(&local_bins[b], count);
        }
        RL_RECORD_BINS(local_bins, nbins, RL_BINS_STEP(k));
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < nbins) RL_OP(lid, -1, -1);
    for (uint c = lid; c < nbins; c += lsize) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_MERGED);
}
