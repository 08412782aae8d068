// reduce-then-scan.cl: scan, step 6: two launches over a fixed grid, each group walking one contiguous chunk.
//
// Lesson: the tiled scans launch once per level and read and write the array twice; decoupled-look-back makes
// every tile wait on its neighbour. Here a fixed grid of a few work-groups per compute unit splits the array into
// one contiguous chunk per group. The first launch reduces each chunk to one total (reading the array once, as a
// reduction does, at the memory's full speed). The second launch gives each group the combination of the totals of
// the chunks before its own (a few hundred values, reduced by the group itself: no launch for it) and walks its
// chunk tile by tile: each work-item scans its run of RL_EPI consecutive elements in registers, the group scans the
// runs' totals in local memory (Hillis-Steele), every element gets the prefix carried in plus the runs before it,
// and the carry grows by the tile's total. No group waits for another, so it needs no forward-progress promise,
// and the order of every operation is fixed: float sums are the same on every run.
// Cost: the array is read twice and written once (three copies' worth of traffic against decoupled-look-back's
// two), traded for launches and groups that never wait.
// Requires: a power-of-two work-group size.

// totals[g] = the chunk of group g reduced: each work-item combines its runs' totals tile by tile, then a tree.
__kernel void reduce_then_scan_totals(__global const T *restrict in, __global T *restrict totals, const uint n,
                                      __local T *scratch, const uint chunk RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const size_t start = (size_t)get_group_id(0) * chunk;
    const size_t end = min((size_t)n, start + chunk);
    T acc = RL_IDENTITY;
    for (size_t base = start + (size_t)lid * RL_EPI; base < end; base += (size_t)lsize * RL_EPI) {
#if RL_EPI % 4 == 0
        if (base + RL_EPI <= end) {
            for (int k = 0; k < RL_EPI; k += 4) {
                const T4 x = vload4(0, in + base + k);
                acc = RL_APPLY(RL_APPLY(RL_APPLY(RL_APPLY(acc, x.s0), x.s1), x.s2), x.s3);
            }
            continue;
        }
#endif
        for (int k = 0; k < RL_EPI && base + k < end; ++k) acc = RL_APPLY(acc, in[base + k]);
    }
    if (start + (size_t)lid * RL_EPI < end) RL_OP(-1, -1, lid);
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);
    for (uint s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s) {
            RL_OP(lid, lid + s, lid);
            scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, (int)s);
    }
    if (lid == 0) totals[get_group_id(0)] = scratch[0];
}

// The scan of every chunk, each starting from the totals of the chunks before it. A traced build records the
// group's first tile (its stages repeat for every tile after it, with the carry grown).
__kernel void reduce_then_scan(__global const T *restrict in, __global T *restrict out, const uint n,
                               __local T *scratch, const uint chunk, __global const T *restrict totals RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint g = get_group_id(0);
    const size_t start = (size_t)g * chunk;
    const size_t end = min((size_t)n, start + chunk);
    __local T *src = scratch;
    __local T *dst = scratch + lsize;

    // The carry in: totals[0 .. g) combined, work-item lid taking totals lid, lid + lsize, ..., then a tree.
    T before_chunks = RL_IDENTITY;
    for (uint j = lid; j < g; j += lsize) before_chunks = RL_APPLY(before_chunks, totals[j]);
    src[lid] = before_chunks;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = lsize / 2; s > 0; s >>= 1) {
        if (lid < s) src[lid] = RL_APPLY(src[lid], src[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    T carry = src[0];
    barrier(CLK_LOCAL_MEM_FENCE);

    for (size_t tile = start; tile < end; tile += (size_t)lsize * RL_EPI) {
        const bool recorded = tile == start;  // the same for the whole group: the barriers in RL_RECORD are safe
        const size_t base = tile + (size_t)lid * RL_EPI;
        T v[RL_EPI];
        T run = RL_IDENTITY;
#if RL_EPI % 4 == 0
        if (base + RL_EPI <= end) {
            for (int k = 0; k < RL_EPI; k += 4) {
                const T4 x = vload4(0, in + base + k);
                run = RL_APPLY(run, x.s0);
                v[k] = run;
                run = RL_APPLY(run, x.s1);
                v[k + 1] = run;
                run = RL_APPLY(run, x.s2);
                v[k + 2] = run;
                run = RL_APPLY(run, x.s3);
                v[k + 3] = run;
            }
        } else
#endif
        {
            for (int k = 0; k < RL_EPI; ++k) {
                run = RL_APPLY(run, base + k < end ? in[base + k] : RL_IDENTITY);
                v[k] = run;
            }
        }
        if (recorded && base < end) {
            RL_OP(-1, -1, lid);
        }
        src[lid] = run;
        barrier(CLK_LOCAL_MEM_FENCE);
        if (recorded) {
            RL_RECORD(src, -1);
        }
        RL_TILE_SCAN(src, dst, lid, lsize, recorded);
        const T offset = RL_APPLY(carry, lid > 0 ? src[lid - 1] : RL_IDENTITY);
        const T aggregate = src[lsize - 1];
        if (recorded) {
            if (lid > 0) RL_OP(lid - 1, -1, lid);
            dst[lid] = offset;
            RL_RECORD(dst, RL_CARRIED);
#if !defined(RL_EXCLUSIVE)
            RL_OP(lid, -2, lid);  // -2: the other operand, the run's total, is in a register
            dst[lid] = RL_APPLY(offset, run);
            RL_RECORD(dst, RL_ADD_OWN);
#endif
        }
#if RL_EPI % 4 == 0
        if (base + RL_EPI <= end) {
            for (int k = 0; k < RL_EPI; k += 4) {
#if defined(RL_EXCLUSIVE)
                const T4 y = (T4)(k == 0 ? offset : RL_APPLY(offset, v[k == 0 ? 0 : k - 1]), RL_APPLY(offset, v[k]),
                                  RL_APPLY(offset, v[k + 1]), RL_APPLY(offset, v[k + 2]));
#else
                const T4 y = (T4)(RL_APPLY(offset, v[k]), RL_APPLY(offset, v[k + 1]), RL_APPLY(offset, v[k + 2]),
                                  RL_APPLY(offset, v[k + 3]));
#endif
                vstore4(y, 0, out + base + k);
            }
        } else
#endif
        {
            for (int k = 0; k < RL_EPI && base + k < end; ++k) {
#if defined(RL_EXCLUSIVE)
                out[base + k] = k == 0 ? offset : RL_APPLY(offset, v[k - 1]);
#else
                out[base + k] = RL_APPLY(offset, v[k]);
#endif
            }
        }
        carry = RL_APPLY(carry, aggregate);
        barrier(CLK_LOCAL_MEM_FENCE);  // every work-item has read src before the next tile writes it
    }
}
