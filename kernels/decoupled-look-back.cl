// decoupled-look-back.cl: scan, step 4: the whole scan in one pass (Merrill and Garland's decoupled look-back).
//
// Lesson: the tiled scans read the input, scan the tiles' totals and read and write everything again; a scan can
// instead move each byte once, like a copy. Every work-group takes a tile of wg x RL_EPI elements: each work-item
// scans its run of RL_EPI consecutive elements in registers (the raking shape), the work-group scans the runs'
// totals in local memory (Hillis-Steele), and the tile now needs only one value more, the prefix of every tile
// before it. Tiles publish what they know in a status word each: nothing yet (X), their own total (A, the
// aggregate) as soon as their runs are summed, and their inclusive prefix (P) once they know it. A tile looks back
// over its predecessors, newest first, combining aggregates until it meets a P, then publishes its own P: the wait
// is for the tile just before it to have summed its runs, not for the whole chain before it, so tiles overlap.
// Tile numbers come from an atomic ticket drawn as the work-group starts, not from get_group_id: a tile waits only
// for tiles whose work-groups have started, and those wait for nobody later, so the look-back ends on any device
// that keeps running the work-groups it has started (every GPU and PoCL do; OpenCL does not promise it, and a
// device that let a started work-group starve behind a spinning one would hang here).
// Each status is one 64-bit atomic word, (launch epoch, P) in the upper half and the value's bits in the lower, so
// a flag and its value are seen together, and words of an older launch read as X (no clearing between launches).
// Cost: one read and one write of every element, one atomic word per tile and a short spin. Floats: the tile's
// prefix is combined over as many predecessors as it looked back, which varies from run to run, so float sums
// differ in the last bits between runs (within the scan's bound); integers, min and max are exact.
// Requires: cl_khr_int64_base_atomics; a power-of-two work-group size; a 32-bit element type (int or float).

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#if defined(RL_TYPE_LONG) || defined(RL_TYPE_DOUBLE)
#error "decoupled-look-back packs a flag and a 32-bit value into one 64-bit word: it has no room for a 64-bit element"
#elif defined(RL_TYPE_INT)
#define LB_FROM_BITS(u) as_int(u)
typedef int4 LB4;
#else
#define LB_FROM_BITS(u) as_float(u)
typedef float4 LB4;
#endif

#define LB_WORD(epoch, prefix, x) (((ulong)(((epoch) << 1) | (prefix)) << 32) | (ulong)as_uint(x))

// Each tile's stages are recorded as the tile it drew, so a trace shows tiles in scan order.
#undef RL_TRACE_GROUP
#define RL_TRACE_GROUP tile

// status: one word per tile; ticket: 0 before the launch (the tile that draws the last ticket sets it back to 0);
// epoch: 1 .. 2^31 - 1, different from the previous launch's (0 is the words' initial value).
__kernel void decoupled_look_back(__global const T *restrict in, __global T *restrict out, const uint n,
                                  __local T *scratch, __global ulong *status, __global uint *ticket,
                                  const uint epoch, const uint tiles RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    __local uint tile_l, depth_l;
    __local T prefix_l;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    if (lid == 0) {
        const uint t = atomic_inc(ticket);
        if (t == tiles - 1) atomic_xchg(ticket, 0);  // every other tile has drawn: ready for the next launch
        tile_l = t;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint tile = tile_l;
    const size_t base = ((size_t)tile * lsize + lid) * RL_EPI;

    // The run: RL_EPI consecutive elements, scanned in registers (16-byte loads where the run is whole).
    T v[RL_EPI];
    T run = RL_IDENTITY;
#if RL_EPI % 4 == 0
    if (base + RL_EPI <= n) {
        for (int k = 0; k < RL_EPI; k += 4) {
            const LB4 x = vload4(0, in + base + k);
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
            run = RL_APPLY(run, base + k < n ? in[base + k] : RL_IDENTITY);
            v[k] = run;
        }
    }
    if (base < n) RL_OP(-1, -1, lid);
    __local T *src = scratch;
    __local T *dst = scratch + lsize;
    src[lid] = run;  // the run's total
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(src, -1);

    // The tile: an inclusive scan of the runs' totals (Hillis-Steele, two buffers).
    for (uint d = 1; d < lsize; d <<= 1) {
        if (lid >= d) {
            RL_OP(lid - d, lid, lid);
            dst[lid] = RL_APPLY(src[lid - d], src[lid]);
        } else {
            dst[lid] = src[lid];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        __local T *t = src;
        src = dst;
        dst = t;
        RL_RECORD(src, RL_SCAN_STEP(d));
    }
    const T aggregate = src[lsize - 1];
    const T before = lid > 0 ? src[lid - 1] : RL_IDENTITY;  // the runs before this one in the tile

    // The look-back, by one work-item: publish A, combine predecessors newest first until a P, publish P.
    if (lid == 0) {
        T prefix = RL_IDENTITY;
        uint depth = 0;
        if (tile == 0) {
            atom_xchg(&status[0], LB_WORD(epoch, 1u, aggregate));
        } else {
            atom_xchg(&status[tile], LB_WORD(epoch, 0u, aggregate));
            for (uint j = tile - 1;; --j) {
                ulong w;
                do {
                    w = atom_add(&status[j], (ulong)0);  // an atomic read
                } while ((uint)(w >> 33) != epoch);      // X: nothing of this launch yet
                prefix = RL_APPLY(LB_FROM_BITS((uint)w), prefix);
                ++depth;
                if ((w >> 32) & 1) break;  // P: everything before tile j + 1 is in
            }
            atom_xchg(&status[tile], LB_WORD(epoch, 1u, RL_APPLY(prefix, aggregate)));
        }
        prefix_l = prefix;
        depth_l = depth;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const T offset = RL_APPLY(prefix_l, before);  // everything before this work-item's run

    if (lid > 0) RL_OP(lid - 1, -1, lid);
    dst[lid] = offset;
    RL_RECORD(dst, RL_LOOK_BACK(depth_l));
#if !defined(RL_EXCLUSIVE)
    RL_OP(lid, -2, lid);  // -2: the other operand, the run's total, is in a register
    src[lid] = RL_APPLY(offset, run);
    RL_RECORD(src, RL_ADD_OWN);
#endif

    // Every element: the offset combined with the run's scan up to it (or before it, exclusive).
#if RL_EPI % 4 == 0
    if (base + RL_EPI <= n) {
        for (int k = 0; k < RL_EPI; k += 4) {
#if defined(RL_EXCLUSIVE)
            const LB4 y = (LB4)(k == 0 ? offset : RL_APPLY(offset, v[k == 0 ? 0 : k - 1]), RL_APPLY(offset, v[k]),
                                RL_APPLY(offset, v[k + 1]), RL_APPLY(offset, v[k + 2]));
#else
            const LB4 y = (LB4)(RL_APPLY(offset, v[k]), RL_APPLY(offset, v[k + 1]), RL_APPLY(offset, v[k + 2]),
                                RL_APPLY(offset, v[k + 3]));
#endif
            vstore4(y, 0, out + base + k);
        }
        return;
    }
#endif
    for (int k = 0; k < RL_EPI; ++k) {
        if (base + k >= n) break;
#if defined(RL_EXCLUSIVE)
        out[base + k] = k == 0 ? offset : RL_APPLY(offset, v[k - 1]);
#else
        out[base + k] = RL_APPLY(offset, v[k]);
#endif
    }
}
