// chunked-look-back.cl: scan, step 8: ReduceLab's scan for CPU devices (PoCL), the chunks in one pass.
//
// Lesson: chunked reads the array twice, once for the chunks' totals and once to scan them, because a chunk cannot
// start before it knows the totals of every chunk before it. The single pass (decoupled-look-back) removes the second
// read on a GPU; on a CPU it can do the same, if each tile is small enough to stay in the core's cache between its two
// walks. So each work-group takes a tile of wg x RL_EPI elements by ticket, and each work-item a run of RL_EPI
// consecutive elements of it, walked serially as a CPU likes: once through memory, scanning the run from the identity
// into the output as it goes (its last element is the run's total), a Hillis-Steele scan of the wg run totals (the only
// barriers), the tile's aggregate published (A) and its predecessors looked back over, one at a time, newest first,
// until one has its prefix (P); then each run walked again in the cache, its offset combined into every element of the
// output. Memory sees the input read once and the output written once, as for a copy, and the first walk reads and
// writes together, as a copy does (a first walk that only totalled the run, with all the writing in the second, kept
// the core on one stream at a time, reading in one walk, writing in the other). Past the cache that changes: an
// ordinary store makes the core read each output line from memory before it writes it (to own it): a copy moves three
// lines for every two. So where the output is larger than the device's cache (the host builds with RL_STREAM there; for
// integers, min and max already where the input and output together fill it, as the lag below makes that pay), the
// first walk only scans each run to total it, and the second scans it again from its input, still in the cache, and
// stores each vector with a non-temporal store, which writes a whole line without reading it. Within the cache the
// output stays there from one scan to the next, and those stores, which go to memory, were slower. Streamed, a core
// again reads memory in one walk and writes it in the other; where the first walk costs one operation per vector
// (integers, min and max, whose total no order changes: the lanes are combined, not scanned), the writes lag behind the
// reads by L tiles (L, RL_STREAM's value, is twice the compute units): a tile's walk through memory also writes the
// tile L before it, from the offsets that tile published for its runs, so that each core reads and writes memory at
// once, and the last L tiles write their own. The two pay together where neither pays alone: the cheaper walk alone
// leaves memory in turns, the lag alone leaves the scan's compute in the way; a float sum, whose first walk must scan,
// streams only past the cache. A whole run of 16-element vectors (every timed run: 256 or more) walks as vectors: each
// vector's own scan in four shifted steps and the carry from the vector before, so that the serial chain is one step
// per 16 elements, not one per element. How a vector is written decides what the compiler makes of it: loaded and
// stored whole, with the carry kept in a vector, a vector costs one load, four shuffles, five combines, a store and one
// shuffle more, where the same steps through vload16, vstore16 (LLVM makes each several loads or stores) and a scalar
// carry cost more. The look-back is the single pass's protocol (decoupled-look-back.cl says why it ends: tickets, and
// devices that keep running the work-groups they started), with the same 64-bit status words; a CPU runtime runs each
// work-group on one thread from start to end, so a tile waits only for tiles already running on the other cores. Cost:
// one read and one write of every element from memory, a second read and write of each tile's output in the cache
// (streamed: a second read of its input in the cache, and the output's lines never read); one status word per tile
// (written back: one more per run) and a wait while the tile before finishes its first walk. On a GPU the runs are
// uncoalesced (the work-items of a SIMD group read addresses RL_EPI elements apart), as chunked's are. Floats: the
// prefix is combined over as many predecessors as the tile looked back over, which varies from run to run, and a vector
// run rounds in its lanes' order with the offset added last, not decoupled-look-back's (both within the scan's bound).
// Requires: cl_khr_int64_base_atomics; a power-of-two work-group size.

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

// Each tile's stages are recorded as the tile it drew, so a trace shows tiles in scan order.
#undef RL_TRACE_GROUP
#define RL_TRACE_GROUP tile

// Whole runs of 16-element vectors walk as vectors (the model's runLanes, core/patterns/scan/chunked-look-back.cpp).
#if RL_EPI % 16 == 0
#define CLB_VECTORS
#endif
// CLB_SHIFT(v, fill, sixteen lane numbers): lane i of the result is v's lane numbered i-th, or lane 0 of the vector
// `fill` where that number is 16 (shuffle2's second operand): the lanes moved right with the fill coming in on the
// left. Spelled-out masks, which every compiler and Oclgrind's checks take as they are.
#if defined(RL_TYPE_LONG) || defined(RL_TYPE_DOUBLE)
typedef ulong16 CLB_LANES;
#else
typedef uint16 CLB_LANES;
#endif
#define CLB_SHIFT(v, fill, ...) shuffle2((v), (fill), (CLB_LANES)(__VA_ARGS__))
// CLB_SCAN16(v, none, carry): v scanned in its lanes (each lane combined with the lane 1, 2, 4 and 8 to its left,
// `none`, the identity, where there is none), then `carry`, the run before it, combined on the left of every lane.
#define CLB_SCAN16(v, none, carry)                                                                      \
    do {                                                                                                \
        v = RL_APPLYV(CLB_SHIFT(v, none, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14), v, 16);   \
        v = RL_APPLYV(CLB_SHIFT(v, none, 16, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), v, 16);  \
        v = RL_APPLYV(CLB_SHIFT(v, none, 16, 16, 16, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11), v, 16); \
        v = RL_APPLYV(CLB_SHIFT(v, none, 16, 16, 16, 16, 16, 16, 16, 16, 0, 1, 2, 3, 4, 5, 6, 7), v, 16); \
        v = RL_APPLYV(carry, v, 16);                                                                    \
    } while (0)
#if defined(RL_EXCLUSIVE)
#define CLB_OUT(v, carry) CLB_SHIFT(v, carry, 16, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
#else
#define CLB_OUT(v, carry) (v)
#endif
// CLB_TOTAL16(v, none, carry): v taken into a run's total. Where no order of the operations changes the total
// (integers, and min and max), `carry` combines lanes, one vector operation, and rl_total16 combines its lanes at the
// end; a float or double sum scans v as CLB_SCAN16 does, so that the run's total is its scan's last element to the bit.
#if !defined(RL_OP_SUM) || defined(RL_TYPE_INT) || defined(RL_TYPE_LONG)
#define CLB_ORDER_FREE
#define CLB_TOTAL16(v, none, carry) carry = RL_APPLYV(carry, v, 16)
#else
#define CLB_TOTAL16(v, none, carry)          \
    do {                                     \
        CLB_SCAN16(v, none, carry);          \
        carry = shuffle(v, (CLB_LANES)(15)); \
    } while (0)
#endif
// Streamed (RL_STREAM, its value the lag L; the host builds with it past a CPU device's cache), where the first walk
// is one operation per vector, a tile's whole runs are written back: tile t's walk through memory also writes tile
// t - L, whose runs' offsets follow the tiles' status words, one word (two for a 64-bit element) per run.
#if defined(RL_STREAM) && defined(CLB_VECTORS) && defined(CLB_ORDER_FREE)
#define CLB_LAGGED
#endif
#if defined(RL_TYPE_LONG) || defined(RL_TYPE_DOUBLE)
#define CLB_STATUS_WORDS 2
#else
#define CLB_STATUS_WORDS 1
#endif
// CLB_STREAM16(v, none, carry, left, dst): one vector of a run written past the cache: v scanned (CLB_SCAN16), `left`,
// the run's offset, combined on the left of every lane, stored at dst with a non-temporal store, which writes a whole
// line without reading it first; `carry` then holds the run so far.
#define CLB_STREAM16(v, none, carry, left, dst)                                            \
    do {                                                                                   \
        CLB_SCAN16(v, none, carry);                                                        \
        __builtin_nontemporal_store(RL_APPLYV(left, CLB_OUT(v, carry), 16), (dst));        \
        carry = shuffle(v, (CLB_LANES)(15));                                               \
    } while (0)
// CLB_STREAM_RUN(src, dst, offset): a whole run of vectors from src scanned again and written past the cache at dst,
// `offset` combined on the left of every element.
#define CLB_STREAM_RUN(src, dst, offset)                                    \
    do {                                                                    \
        __global const T16 *rl_in16 = (__global const T16 *)(src);          \
        __global T16 *rl_out16 = (__global T16 *)(dst);                     \
        volatile T rl_fill = RL_IDENTITY;                                   \
        const T16 rl_none = (T16)(rl_fill), rl_left = (T16)(offset);        \
        T16 rl_carry = rl_none;                                             \
        for (uint k = 0; k < RL_EPI / 16; ++k) {                            \
            T16 v = rl_in16[k];                                             \
            CLB_STREAM16(v, rl_none, rl_carry, rl_left, &rl_out16[k]);      \
        }                                                                   \
    } while (0)

// status: one word per tile; ticket: 0 before the launch (the tile that draws the last ticket sets it back to 0);
// epoch: 1 .. 2^31 - 1, different from the previous launch's (0 is the words' initial value).
__kernel void chunked_look_back(__global const T *restrict in, __global T *restrict out, const uint n,
                                __local T *scratch, __global ulong *status, __global uint *ticket, const uint epoch,
                                const uint tiles RL_TRACE_PARAMS LB_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    __local uint tile_no, depth_l;
    __local T prefix_l;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    if (lid == 0) {
        const uint t = rl_lb_tile(ticket, tiles);  // a ticket, or the group's number (kernels/common.cl)
        tile_no = t;
        LB_LOG(LB_EVENT_TICKET, t, get_group_id(0), 0, RL_IDENTITY);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint tile = tile_no;
    const size_t start = min((size_t)n, ((size_t)tile * lsize + lid) * RL_EPI);  // this work-item's run
    const size_t end = min((size_t)n, start + RL_EPI);

    // The run's total, in one walk through memory; a run of whole vectors is scanned into the output on the way,
    // vector by vector: each vector's scan, Hillis-Steele in its lanes (each lane combined with the lane 1, 2, 4
    // and 8 to its left, the identity where there is none), then the carry, the last lane of the vector before.
    T run = RL_IDENTITY;
#if defined(CLB_LAGGED)
    // Streamed: this tile's writes wait for the tile RL_STREAM tiles on, and this walk writes the tile RL_STREAM tiles
    // back: each work-item its run there (whole vectors: only the last tile can be short, and it writes its own),
    // scanned once more from its input, still in the cache, and stored past the cache with the offset its tile
    // published for it, while this tile's run is read from memory.
    const bool writes_back = tile >= RL_STREAM;
    T back = RL_IDENTITY;  // the offset of the run written back
    if (writes_back) {
        volatile __global ulong *runs = status + CLB_STATUS_WORDS * (size_t)tiles;
        ulong w;
        while (!rl_lb_try(runs, (tile - RL_STREAM) * lsize + lid, epoch, &w, &back)) {
        }
    }
    const size_t back_start = ((size_t)(tile - RL_STREAM) * lsize + lid) * RL_EPI;  // a whole run
#endif
#if defined(CLB_VECTORS)
    if (end - start == RL_EPI) {
        // Whole vectors through T16 pointers: a run starts at a multiple of 16 elements, so each vector is aligned
        // (vload16 and vstore16 take any alignment, and LLVM made each of them eight loads or three stores).
        __global const T16 *in16 = (__global const T16 *)(in + start);
#if !defined(RL_STREAM)
        __global T16 *out16 = (__global T16 *)(out + start);
#endif
        // The identity shifted in is read through a volatile, so that the compiler does not see a constant: with a
        // constant fill LLVM shifts with AVX-512's vpexpand, which made the whole scan markedly slower.
        volatile T fill = RL_IDENTITY;
        const T16 none = (T16)(fill);
        T16 carry = none;  // in every lane, the run so far: the last lane of the vector before
#if defined(CLB_LAGGED)
        if (writes_back) {
            __global const T16 *back_in16 = (__global const T16 *)(in + back_start);
            __global T16 *back_out16 = (__global T16 *)(out + back_start);
            const T16 left = (T16)(back);
            T16 back_carry = none;
            for (uint k = 0; k < RL_EPI / 16; ++k) {
                T16 v = in16[k];
                CLB_TOTAL16(v, none, carry);
                T16 b = back_in16[k];
                CLB_STREAM16(b, none, back_carry, left, &back_out16[k]);
            }
        } else
#endif
            for (uint k = 0; k < RL_EPI / 16; ++k) {
                T16 v = in16[k];
#if defined(RL_STREAM)
                CLB_TOTAL16(v, none, carry);
#else
                CLB_SCAN16(v, none, carry);
                out16[k] = CLB_OUT(v, carry);
                carry = shuffle(v, (CLB_LANES)(15));
#endif
            }
#if defined(RL_STREAM) && defined(CLB_ORDER_FREE)
        run = rl_total16(carry);
#else
        run = carry.s0;
#endif
    } else
#endif
    {
#if defined(CLB_LAGGED)
        if (writes_back) CLB_STREAM_RUN(in + back_start, out + back_start, back);
#endif
        for (size_t i = start; i < end; ++i) run = RL_APPLY(run, in[i]);
    }
    if (start < end) RL_OP(-1, -1, lid);
    __local T *src = scratch;
    __local T *dst = scratch + lsize;
    src[lid] = run;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(src, -1);

    // The tile: an inclusive scan of the runs' totals (Hillis-Steele, two buffers).
    RL_TILE_SCAN(src, dst, lid, lsize, 1);
    const T before = lid > 0 ? src[lid - 1] : RL_IDENTITY;  // the runs before this one in the tile

    // The look-back, by one work-item: publish A; then the predecessors newest first, each waited for until it has
    // published something in this launch, combined until one has its P; publish P.
    if (lid == 0) {
        const T aggregate = src[lsize - 1];
        LB_LOG(tile == 0 ? LB_EVENT_PREFIX : LB_EVENT_AGGREGATE, tile, tile, 0, aggregate);
        RL_LB_PUBLISH(status, tile, epoch, tile == 0 ? 1u : 0u, aggregate);
        volatile __global ulong *words = status;
        T prefix = RL_IDENTITY;
        uint depth = 0;
        for (uint j = tile; j > 0; --j) {
            ulong w;
            T value;
            uint polls = 0;
            while (!rl_lb_try(words, j - 1, epoch, &w, &value)) ++polls;  // X: nothing of this launch yet
            LB_LOG(RL_LB_IS_P(w) ? LB_EVENT_READ_P : LB_EVENT_READ_A, tile, j - 1, polls, value);
            prefix = RL_APPLY(value, prefix);
            ++depth;
            if (RL_LB_IS_P(w)) break;  // P: everything before tile j - 1 is in
        }
        if (tile > 0) {
            LB_LOG(LB_EVENT_PREFIX, tile, tile, 0, RL_APPLY(prefix, aggregate));
            RL_LB_PUBLISH(status, tile, epoch, 1u, RL_APPLY(prefix, aggregate));
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

    // The run again: a run of whole vectors, its scan in the cache, each element with the offset combined on its
    // left; others element by element from the input, the offset combined with the run's scan up to each element
    // (or before it, exclusive), in decoupled-look-back's order.
#if defined(CLB_LAGGED)
    if (tile + RL_STREAM < tiles) {  // the tile RL_STREAM tiles on writes this run
        RL_LB_PUBLISH(status + CLB_STATUS_WORDS * (size_t)tiles, (size_t)tile * lsize + lid, epoch, 1u, offset);
        return;
    }
#endif
#if defined(CLB_VECTORS)
    if (end - start == RL_EPI) {
#if defined(RL_STREAM)
        CLB_STREAM_RUN(in + start, out + start, offset);
#else
        const T16 left = (T16)(offset);
        __global T16 *out16 = (__global T16 *)(out + start);
        for (uint k = 0; k < RL_EPI / 16; ++k) out16[k] = RL_APPLYV(left, out16[k], 16);
#endif
        return;
    }
#endif
    T partial = RL_IDENTITY;
    for (size_t i = start; i < end; ++i) {
        const T x = in[i];
#if defined(RL_EXCLUSIVE)
        out[i] = i == start ? offset : RL_APPLY(offset, partial);
        partial = RL_APPLY(partial, x);
#else
        partial = RL_APPLY(partial, x);
        out[i] = RL_APPLY(offset, partial);
#endif
    }
}
