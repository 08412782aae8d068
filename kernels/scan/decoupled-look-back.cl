// decoupled-look-back.cl: scan, step 5: the whole scan in one pass (Merrill and Garland's decoupled look-back).
//
// Lesson: the tiled scans read the input, scan the tiles' totals and read and write everything again; a scan can
// instead move each byte once, like a copy. Every work-group takes a tile of wg x RL_EPI elements: each work-item
// sums its run of RL_EPI consecutive elements (the raking shape), the work-group scans the runs' totals in local
// memory (Hillis-Steele), each work-item then scans its run from its offset, and the tile needs only one value more,
// the prefix of every tile before it. Tiles publish what they know in a status word each: nothing yet (X), their own
// total (A, the aggregate) as soon as their runs are summed, and their inclusive prefix (P) once they know it. A
// tile looks back over its predecessors, newest first, combining aggregates until it meets a P, then publishes its
// own P: the wait is for the tiles just before it to have summed their runs, not for the whole chain before it, so
// tiles overlap.
// The look-back reads a window of up to 32 predecessors at once (one work-item each) with plain loads: spinning
// with atomic read-modify-writes on the few cache lines that hold the newest words queues every waiting tile behind
// the others and made this kernel slower than the three-pass scans. By OpenCL 1.2's rules those plain reads race
// with the atomic writes of other work-groups (its only atomic read is a read-modify-write, and Oclgrind reports the
// race); they are safe where an aligned 64-bit word is read whole from memory every work-group sees the same way
// (volatile: from the shared cache, never a stale private copy), as on NVIDIA's GPUs and on CPUs. CUB makes the same
// reads with PTX's relaxed loads, which OpenCL C 1.2 cannot name. The window's newest P is found by its work-items
// together (a local atomic minimum), so work-item 0 only combines values: on a large GPU a tile looks back over tens of
// predecessors, a few windows one after the other. Wider windows need fewer of them but read more words than they use,
// and pay no better (BENCHMARKS.md).
// Tile numbers come from an atomic ticket drawn as the work-group starts, not from get_group_id: a tile waits only
// for tiles whose work-groups have started, and those wait for nobody later, so the look-back ends on any device
// that keeps running the work-groups it has started (every GPU and PoCL do; OpenCL does not promise it, and a
// device that let a started work-group starve behind a spinning one would hang here). Timed runs on a device that
// starts work-groups in the order of their numbers (NVIDIA's GPUs) take the group's own number instead, as CUB does:
// no round trip to a shared counter before the first load (rl_lb_tile, kernels/common.cl).
// Each status is one 64-bit word, (launch epoch, P) in the upper half and a 32-bit value's bits in the lower, so a
// flag and its value are written and read together, and words of an older launch read as X (no clearing between
// launches); a long or double value is split over two such words (RL_LB_ macros, kernels/common.cl).
// Memory: a run is consecutive elements, but a SIMD group whose work-items each load their own run touches RL_EPI times
// the bytes it uses per instruction (each run loaded that way into registers, even as vectors of four, was slower at
// every size). So the tile goes through local memory: loaded in the order of
// the array (neighbouring work-items, neighbouring elements), read back run by run, and the results the same way out.
// Each run is padded by one word, so the work-items of a SIMD group reading their runs' k-th elements hit different
// banks. A whole tile moves as vectors of four (when RL_EPI is a multiple of 4), as the copy kernel does: a quarter of
// the load and store instructions, which a GPU needs to keep enough bytes in flight to come near the copy kernel's
// bandwidth (single elements fall well short of it: BENCHMARKS.md).
// In place: in and out may be one buffer, as CUB's DeviceScan allows. A tile reads all of its elements into local
// memory before it writes any, and no tile reads another's, so the scan can write over its input; that is why
// neither pointer is restrict (a restrict pointer promises that nothing else reaches its elements).
// Warps (NVIDIA's GPUs, timed runs of 32-bit elements): the work-group's barriers are what the tile costs most where
// the array sits in the L2 cache (memory no longer bounds it), and a SIMD group of 32 (a warp) can do its share without
// them, with instructions OpenCL C 1.2 cannot name but NVIDIA's compiler takes as inline PTX (shuffles, a vote, a
// warp's barrier). There the host builds with RL_PTX_WARPS, and the kernel does the same scan in another order
// (lb_tile_by_warps): each warp moves its own 32 x RL_EPI elements through its own part of the local array (a warp
// barrier between, no work-group barrier), keeps each run's scan in registers, scans the runs' totals with five
// shuffles, and the work-group meets once to add the warps' totals; warp 0 then looks back (its vote finds the window's
// newest P, five shuffles combine the window) while the others wait at the second and last barrier. That pays where the
// array sits in the L2 cache and costs nothing past it (BENCHMARKS.md). Traced runs and every other device keep the
// work-group's path described above, the one the explorer draws.
// Cost: one read and one write of every element, one status word per tile and a short wait; local memory for the
// tile (wg x (RL_EPI + 1) elements). Floats: the tile's prefix is combined over as many predecessors as it looked
// back, which varies from run to run, so float sums differ in the last bits between runs (within the scan's
// bound); integers, min and max are exact.
// Requires: cl_khr_int64_base_atomics; a power-of-two work-group size, fixed when the kernel is built (RL_WG).

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#ifndef LB_WINDOW
#define LB_WINDOW (RL_WG < 32 ? RL_WG : 32)
#endif
// Element i of the tile in local memory: one pad word after every run.
#define LB_CELL(i) ((i) + (i) / RL_EPI)
// Whole tiles move four elements per load and store (a run of a multiple of 4 holds whole vectors).
#define LB_VECTORS (RL_EPI % 4 == 0)

// Each tile's stages are recorded as the tile it drew, so a trace shows tiles in scan order.
#undef RL_TRACE_GROUP
#define RL_TRACE_GROUP tile

// Traced builds also keep the look-back's log (LB_LOG, kernels/common.cl), for the explorer's Tiles tab.

// A block of count x RL_EPI elements from `first` and its cells of the local array (LB_CELL), moved by `count`
// work-items of which this one is `me`, in the array's order (neighbouring work-items, neighbouring elements): four
// elements a load or store where the block is whole (`whole`: in the array, 16-byte aligned, runs of a multiple of
// 4), else one at a time; a load reads the identity past n.
inline void lb_load(__global const T *in, const size_t first, const uint n, const bool whole, __local T *cells,
                    const uint count, const uint me) {
    if (whole) {
        __global const T4 *in4 = (__global const T4 *)(in + first);
        for (uint k = 0; k < RL_EPI / 4; ++k) {
            const uint j = k * count + me;  // elements 4j .. 4j + 3 of the block: one run, no pad between them
            const T4 v = in4[j];
            __local T *c = cells + LB_CELL(4 * j);
            c[0] = v.s0;
            c[1] = v.s1;
            c[2] = v.s2;
            c[3] = v.s3;
        }
    } else {
        for (uint k = 0; k < RL_EPI; ++k) {
            const uint i = k * count + me;
            cells[LB_CELL(i)] = first + i < n ? in[first + i] : RL_IDENTITY;
        }
    }
}
inline void lb_store(__local const T *cells, __global T *out, const size_t first, const uint n, const bool whole,
                     const uint count, const uint me) {
    if (whole) {
        __global T4 *out4 = (__global T4 *)(out + first);
        for (uint k = 0; k < RL_EPI / 4; ++k) {
            const uint j = k * count + me;
            __local const T *c = cells + LB_CELL(4 * j);
            out4[j] = (T4)(c[0], c[1], c[2], c[3]);
        }
    } else {
        for (uint k = 0; k < RL_EPI; ++k) {
            const uint i = k * count + me;
            if (first + i < n) out[first + i] = cells[LB_CELL(i)];
        }
    }
}

#if defined(RL_PTX_WARPS)
// A warp's instructions in inline PTX (NVIDIA's OpenCL C compiler; PTX ISA 6.0, drivers since CUDA 9). A warp is 32
// work-items of consecutive local ids; lane l of it is local id mod 32. For 32-bit elements only (the host's choice).
inline void lb_warp_barrier(void) { asm volatile("bar.warp.sync -1;" ::: "memory"); }
inline T lb_shuffle_up(const T v, const uint d) {  // lane l gets lane l - d's v (lanes below d their own)
    uint r;
    asm volatile("shfl.sync.up.b32 %0, %1, %2, 0, -1;" : "=r"(r) : "r"(as_uint(v)), "r"(d));
    return RL_LB_FROM_BITS(r);
}
inline T lb_shuffle_xor(const T v, const uint m) {  // lane l gets lane (l xor m)'s v
    uint r;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 31, -1;" : "=r"(r) : "r"(as_uint(v)), "r"(m));
    return RL_LB_FROM_BITS(r);
}
inline uint lb_vote(const uint p) {  // bit l set where lane l's p is not 0
    uint r;
    asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.u32 q, %1, 0;\n\tvote.sync.ballot.b32 %0, q, -1;\n\t}"
                 : "=r"(r)
                 : "r"(p));
    return r;
}

// The tile as the warps scan it (the banner's "Warps"): tile_l as the other path's, warp_total room for RL_WG / 32
// values, prefix_l and tile_no one each.
inline void lb_tile_by_warps(__global const T *in, __global T *out, const uint n, __global ulong *status,
                             __global uint *ticket, const uint epoch, const uint tiles, __local T *tile_l,
                             __local T *warp_total, __local T *prefix_l, __local uint *tile_no) {
    const uint lid = get_local_id(0), lane = lid % 32, warp = lid / 32;
#if defined(RL_GROUP_ORDER)
    const uint tile = rl_lb_tile(ticket, tiles);
#else
    if (lid == 0) *tile_no = rl_lb_tile(ticket, tiles);
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint tile = *tile_no;
#endif
    const size_t first = (size_t)tile * RL_WG * RL_EPI;
    const size_t from = first + (size_t)warp * 32 * RL_EPI;  // the warp's 32 runs
    __local T *part = tile_l + warp * 32 * (RL_EPI + 1);     // and their place in local memory, padded as above
    const bool whole = LB_VECTORS && first + RL_WG * RL_EPI <= n;
    lb_load(in, from, n, whole, part, 32, lane);
    lb_warp_barrier();
    __local T *mine = part + lane * (RL_EPI + 1);
    T x[RL_EPI];  // the run's inclusive scan
    x[0] = mine[0];
    for (uint k = 1; k < RL_EPI; ++k) x[k] = RL_APPLY(x[k - 1], mine[k]);

    // The warp's inclusive scan of its runs' totals; the work-group's only meeting before the look-back adds the
    // warps' totals.
    T s = x[RL_EPI - 1];
    for (uint d = 1; d < 32; d <<= 1) {
        const T y = lb_shuffle_up(s, d);
        if (lane >= d) s = RL_APPLY(y, s);
    }
    const T up = lb_shuffle_up(s, 1);
    if (lane == 31) warp_total[warp] = s;
    barrier(CLK_LOCAL_MEM_FENCE);
    T before = RL_IDENTITY, aggregate = RL_IDENTITY;
    for (uint w = 0; w < RL_WG / 32; ++w) {
        const T t = warp_total[w];
        if (w < warp) before = RL_APPLY(before, t);
        aggregate = RL_APPLY(aggregate, t);
    }
    if (lane > 0) before = RL_APPLY(before, up);  // the runs before this one in the tile

    // The look-back, by warp 0: a window of 32 predecessors, one a lane; the vote's lowest lane with a P is the
    // newest, and the window up to it is combined in five shuffles.
    if (warp == 0) {
        volatile __global ulong *words = status;
        T prefix = RL_IDENTITY;
        if (lane == 0) RL_LB_PUBLISH(status, tile, epoch, tile == 0 ? 1u : 0u, aggregate);
        for (uint end = tile; end > 0; end -= 32) {  // the window: tiles end - 1, end - 2, ...
            T v = RL_IDENTITY;
            uint p = 0;
            if (lane < end) {
                ulong w;
                while (!rl_lb_try(words, end - 1 - lane, epoch, &w, &v)) {
                }
                p = RL_LB_IS_P(w);
            }
            const uint ps = lb_vote(p);
            const uint newest = ps ? 31 - clz(ps & (0u - ps)) : 32u;
            if (lane > newest) v = RL_IDENTITY;
            for (uint m = 16; m > 0; m >>= 1) {
                const T other = lb_shuffle_xor(v, m);  // every lane, once: RL_APPLY may evaluate its operands twice
                v = RL_APPLY(v, other);
            }
            prefix = RL_APPLY(v, prefix);
            if (ps) break;
        }
        if (lane == 0 && tile > 0) RL_LB_PUBLISH(status, tile, epoch, 1u, RL_APPLY(prefix, aggregate));
        if (lane == 0) *prefix_l = prefix;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const T offset = RL_APPLY(*prefix_l, before);

    // The run's results back in its place, and out in the array's order.
#if defined(RL_EXCLUSIVE)
    mine[0] = offset;
    for (uint k = 1; k < RL_EPI; ++k) mine[k] = RL_APPLY(offset, x[k - 1]);
#else
    for (uint k = 0; k < RL_EPI; ++k) mine[k] = RL_APPLY(offset, x[k]);
#endif
    lb_warp_barrier();
    lb_store(part, out, from, n, whole, 32, lane);
}
#endif

// status: one word per tile; ticket: 0 before the launch (the tile that draws the last ticket sets it back to 0);
// epoch: 1 .. 2^31 - 1, different from the previous launch's (0 is the words' initial value).
__kernel void decoupled_look_back(__global const T *in, __global T *out, const uint n,
                                  __local T *scratch, __global ulong *status, __global uint *ticket,
                                  const uint epoch, const uint tiles RL_TRACE_PARAMS LB_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    __local T tile_l[RL_WG * (RL_EPI + 1)];
    __local T window_v[LB_WINDOW];  // the values the window's predecessors published
    __local uint tile_no, depth_l, found_l, first_p;
    __local T prefix_l;
#if defined(RL_PTX_WARPS)
    lb_tile_by_warps(in, out, n, status, ticket, epoch, tiles, tile_l, window_v, &prefix_l, &tile_no);
#else
    const uint lid = get_local_id(0);
    const uint lsize = RL_WG;
    if (lid == 0) {
        const uint t = rl_lb_tile(ticket, tiles);  // a ticket, or the group's number (kernels/common.cl)
        tile_no = t;
        LB_LOG(LB_EVENT_TICKET, t, get_group_id(0), 0, RL_IDENTITY);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint tile = tile_no;
    const size_t first = (size_t)tile * RL_WG * RL_EPI;  // the tile's first element
    const size_t base = first + (size_t)lid * RL_EPI;    // this work-item's run

    // The tile into local memory in the array's order, four elements a load where the tile is whole (LB_VECTORS);
    // then the run's total: RL_EPI consecutive elements.
    const bool whole = LB_VECTORS && first + RL_WG * RL_EPI <= n;  // 16-byte aligned: the tile is 4k elements
    lb_load(in, first, n, whole, tile_l, RL_WG, lid);
    barrier(CLK_LOCAL_MEM_FENCE);
    __local T *mine = tile_l + lid * (RL_EPI + 1);  // this work-item's run
    T run = RL_IDENTITY;
    for (uint k = 0; k < RL_EPI; ++k) run = RL_APPLY(run, mine[k]);
    if (base < n) RL_OP(-1, -1, lid);
    __local T *src = scratch;
    __local T *dst = scratch + lsize;
    src[lid] = run;  // the run's total
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(src, -1);

    // The tile: an inclusive scan of the runs' totals (Hillis-Steele, two buffers).
    RL_TILE_SCAN(src, dst, lid, lsize, 1);
    const T aggregate = src[lsize - 1];
    const T before = lid > 0 ? src[lid - 1] : RL_IDENTITY;  // the runs before this one in the tile

    // The look-back: publish A; then, a window of predecessors at a time (newest first, one work-item each, each
    // waiting until its tile has published something in this launch), combine aggregates until a P; publish P.
    volatile __global ulong *words = status;
    if (lid == 0) {
        LB_LOG(tile == 0 ? LB_EVENT_PREFIX : LB_EVENT_AGGREGATE, tile, tile, 0, aggregate);
        RL_LB_PUBLISH(status, tile, epoch, tile == 0 ? 1u : 0u, aggregate);
        prefix_l = RL_IDENTITY;
        depth_l = 0;
        found_l = tile == 0;
        first_p = LB_WINDOW;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint end = tile; !found_l; end -= LB_WINDOW) {  // the window: tiles end - 1, end - 2, ...
        if (lid < LB_WINDOW && lid < end) {
            ulong w;
            T x;
            uint polls = 0;
            while (!rl_lb_try(words, end - 1 - lid, epoch, &w, &x)) ++polls;  // X: nothing of this launch yet
            window_v[lid] = x;
            if (RL_LB_IS_P(w)) atomic_min(&first_p, lid);  // the newest predecessor with its prefix
            LB_LOG(RL_LB_IS_P(w) ? LB_EVENT_READ_P : LB_EVENT_READ_A, tile, end - 1 - lid, polls, x);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (lid == 0) {  // newest first, down to the first P (everything before it is in its prefix)
            const uint p = first_p, read = end < LB_WINDOW ? end : LB_WINDOW;
            const uint count = p < read ? p + 1 : read;
            T prefix = prefix_l;
            for (uint j = 0; j < count; ++j) prefix = RL_APPLY(window_v[j], prefix);
            prefix_l = prefix;
            depth_l += count;
            found_l = p < read;
            first_p = LB_WINDOW;
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0 && tile > 0) {
        LB_LOG(LB_EVENT_PREFIX, tile, tile, 0, RL_APPLY(prefix_l, aggregate));
        RL_LB_PUBLISH(status, tile, epoch, 1u, RL_APPLY(prefix_l, aggregate));
    }
    const T offset = RL_APPLY(prefix_l, before);  // everything before this work-item's run

    if (lid > 0) RL_OP(lid - 1, -1, lid);
    dst[lid] = offset;
    RL_RECORD(dst, RL_LOOK_BACK(depth_l));
#if !defined(RL_EXCLUSIVE)
    RL_OP(lid, -2, lid);  // -2: the other operand, the run's total, is in a register
    src[lid] = RL_APPLY(offset, run);
    RL_RECORD(src, RL_ADD_OWN);
#endif

    // Every element: the offset combined with the run's scan up to it (or before it, exclusive). The run is scanned
    // again from local memory rather than kept in registers since the first time (fewer registers, more work-groups
    // at once), and the results go back in its place, to leave in the array's order.
    T partial = RL_IDENTITY;
    for (uint k = 0; k < RL_EPI; ++k) {
        const T x = mine[k];
#if defined(RL_EXCLUSIVE)
        mine[k] = k == 0 ? offset : RL_APPLY(offset, partial);
        partial = RL_APPLY(partial, x);
#else
        partial = RL_APPLY(partial, x);
        mine[k] = RL_APPLY(offset, partial);
#endif
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    lb_store(tile_l, out, first, n, whole, RL_WG, lid);
#endif
}
