// coarsened-vector.cl: histogram, step 4b: coarsened, reading four consecutive elements with one 16-byte load.
//
// Lesson: vector loads. coarsened issues one 4-byte load per counted element, and a work-item waits on each before
// it counts it: a GPU keeps its memory busy only with enough loads in flight, and each load instruction carries 4
// bytes. Here work-item lid reads elements 4 x (k x wg + lid) .. + 3 of its tile with one 16-byte load (a T4) in
// step k, so a SIMD group's load of a step is one coalesced sweep of 4 x 32 elements, four times the bytes per
// instruction, and counts them with four local atomics. The tile stays wg x RL_EPI elements (RL_EPI a multiple of
// 4: the host rounds it up), and the clear and the merge are coarsened's. On a GPU this is the best of the ladder:
// the atomics, not the loads, are then what the memory waits for.
// Cost: a clear and a merge per tile of wg x RL_EPI elements, one local atomic per element.
// Requires: any work-group size; nbins counters of local memory; RL_EPI a multiple of 4.
//
// Trace: "cleared", one stage per counted element ("step 4k + j": the j-th element of each work-item's k-th load),
// "merged".

__kernel void coarsened_vector(__global const T *in, __global uint *bins, const uint n, const uint nbins,
                               __local uint *local_bins RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const size_t start = (size_t)get_group_id(0) * lsize * RL_EPI;

    if (lid < nbins) RL_OP(-1, -1, lid);
    for (uint c = lid; c < nbins; c += lsize) local_bins[c] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_CLEARED);

    for (uint k = 0; k < RL_EPI / 4; ++k) {
        const size_t i = start + ((size_t)k * lsize + lid) * 4;  // a multiple of 4: the load is 16-byte aligned
        uint b[4];
        if (i + 4 <= n) {
            const T4 v = ((__global const T4 *)in)[i / 4];
            b[0] = RL_BIN(v.x);
            b[1] = RL_BIN(v.y);
            b[2] = RL_BIN(v.z);
            b[3] = RL_BIN(v.w);
        } else {  // the input's last elements: one by one, none past n
            for (uint j = 0; j < 4; ++j) b[j] = i + j < n ? RL_BIN(in[i + j]) : nbins;
        }
        for (uint j = 0; j < 4; ++j) {
            if (b[j] < nbins) {
                RL_OP(b[j], -2, b[j]);
                atomic_inc(&local_bins[b[j]]);
            }
            RL_RECORD_BINS(local_bins, nbins, RL_BINS_STEP(4 * k + j));
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);

    if (lid < nbins) RL_OP(lid, -1, -1);
    for (uint c = lid; c < nbins; c += lsize) {
        const uint count = local_bins[c];
        if (count > 0) atomic_add(&bins[c], count);
    }
    RL_RECORD_BINS(local_bins, nbins, RL_BINS_MERGED);
}
