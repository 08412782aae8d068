// best-gpu.cl: ReduceLab's fastest kernel for GPUs: grid-stride.cl's fixed grid and vector loads, in ONE launch.
//
// Lesson: a reduction reads every byte once and does almost no arithmetic, so on a GPU the goal is to keep enough
// loads in flight to saturate memory (grid-stride.cl says how: a fixed grid of a few work-groups per compute unit,
// each work-item walking the input grid-stride in 16-byte vectors). What is left is the cost of launching: a
// second launch for the few hundred partials costs microseconds, as much as reading a few megabytes. So here one
// work-group of the same launch reduces the partials: each group draws a ticket from a global counter (atomic_inc)
// as it starts and publishes its partial when it is done, and the group that drew the LAST ticket, once its own
// loads are done, waits for the partials still missing and reduces them with one more tree. The wait ends: every
// other group has drawn a ticket, so it is running, and it waits for nobody. Drawing the ticket as the group starts
// (not after publishing) hides the counter's round trip behind the group's own loads; drawn at the end, it held every
// group on its compute unit for one more round trip after its own work was done (the cost: BENCHMARKS.md).
// Every tree runs two stages to a barrier. A barrier waits for the group's slowest warp, and a tree of 256 cells
// has eight stages; but in stage s/2 work-item i only needs cells i and i + s/2 of stage s, so if the same
// work-item computes both of those in stage s it can go on without waiting for anyone, holding them in registers:
// half the barriers, the same sums in the same order (what it saves: BENCHMARKS.md).
//
// Why each partial travels as one 64-bit atomic word: OpenCL 1.2 promises nothing about when one work-group sees
// another's plain stores (global memory is consistent only inside a work-group, at a barrier), and it has no
// acquire/release ordering (that came with OpenCL 2.0's atomics). What it does promise is that an atomic operation
// on one location is atomic for the whole device. So a group publishes (launch epoch << 32) | value bits with one
// atom_xchg, and the last group reads each word with an atomic operation, going round again while the word still
// holds an older epoch. Nothing depends on the order in which two different locations become visible: a word holds
// this launch's partial or it does not yet, and every word waited for belongs to a group that has drawn its ticket.
// The host changes the epoch every launch, so the words never need clearing; the group that draws a counter's last
// ticket sets it back to 0 for the next launch.
// A large input streams fastest as many short groups (a few loads per work-item, tens of thousands of groups):
// then one counter and one finishing group for all of them would queue every ticket on one address and leave one
// group reading thousands of words. So the finish goes in two levels past wg groups: the last group of each block
// of wg groups reduces that block's partials, and the last of the blocks reduces theirs (at most wg x wg groups).
// The accumulation order is fixed (partial first + i goes to work-item i, then a tree), so floats are reproducible.
// Requires: cl_khr_int64_base_atomics; a power-of-two work-group size; at most wg x wg work-groups; the input aligned to 16 bytes; a 32-bit
// element type (int or float): a 64-bit element leaves no room for the epoch in the word.

#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable

#if defined(RL_TYPE_INT) && defined(RL_OP_SUM)
#define BEST_APPLY4(a, b) as_int4(as_uint4(a) + as_uint4(b))  // wraps like RL_APPLY
#elif defined(RL_TYPE_LONG) && defined(RL_OP_SUM)
#define BEST_APPLY4(a, b) as_long4(as_ulong4(a) + as_ulong4(b))  // not built: 64-bit types are refused (see above)
#elif defined(RL_OP_MIN)
#define BEST_APPLY4(a, b) select((a), (b), (b) < (a))
#elif defined(RL_OP_MAX)
#define BEST_APPLY4(a, b) select((a), (b), (b) > (a))
#else
#define BEST_APPLY4(a, b) ((a) + (b))
#endif

#if defined(RL_TYPE_LONG) || defined(RL_TYPE_DOUBLE)
#error "best-gpu packs an epoch and a 32-bit value into one 64-bit word: it has no room for a 64-bit element"
#elif defined(RL_TYPE_INT)
#define BEST_FROM_BITS(u) as_int(u)
#else
#define BEST_FROM_BITS(u) as_float(u)
#endif

// partials: one 64-bit word per work-group, then (past wg groups) one per block of wg groups; ticket: the counters
// (the top one, then one per block), 0 before every launch; epoch: never 0, different from the previous launch's. finish_here = 0: every group writes its partial to out[group] and the host finishes.
__kernel void best_gpu(__global const T *restrict in, __global T *restrict out, const uint n,
                       __local T *scratch, __global ulong *partials, __global uint *ticket, const uint epoch,
                       const uint finish_here RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    __local uint is_last;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint gid = get_global_id(0);
    const ulong grid = get_global_size(0);
    const ulong n4 = n / 4;
    __global const T4 *in4 = (__global const T4 *)in;

    // The finish's ticket, drawn as the group starts (the lesson says why that is safe and what it saves); its
    // answer is read only after this group's loads, so the round trip to the counter overlaps them.
    const uint groups = get_num_groups(0);
    const uint group = get_group_id(0);
    const uint blocks = (groups + lsize - 1) / lsize;
    const uint block = group / lsize;  // 0 with one block
    const uint counter = blocks > 1 ? 1 + block : 0;  // the block's counter; 0 (the top one) with one block
    const bool finishes = finish_here && groups > 1;
    uint ticket_drawn = 0;
    if (finishes && lid == 0) ticket_drawn = atomic_inc(&ticket[counter]);

    // Grid-stride over whole vectors in steps of four loads; each step's loads are issued before the previous
    // step's adds wait for theirs, so eight are in flight and two steps cost about one memory round trip (the
    // order of the adds, and so the result, is the plain loop's). Then the vectors that remain.
    T4 acc = (T4)(RL_IDENTITY);
    ulong i = gid;
    if (i + 3 * grid < n4) {
        T4 v0 = in4[i], v1 = in4[i + grid], v2 = in4[i + 2 * grid], v3 = in4[i + 3 * grid];
        for (i += 4 * grid; i + 3 * grid < n4; i += 4 * grid) {
            const T4 w0 = in4[i], w1 = in4[i + grid], w2 = in4[i + 2 * grid], w3 = in4[i + 3 * grid];
            acc = BEST_APPLY4(acc, BEST_APPLY4(BEST_APPLY4(v0, v1), BEST_APPLY4(v2, v3)));
            v0 = w0;
            v1 = w1;
            v2 = w2;
            v3 = w3;
        }
        acc = BEST_APPLY4(acc, BEST_APPLY4(BEST_APPLY4(v0, v1), BEST_APPLY4(v2, v3)));
    }
    for (; i < n4; i += grid) acc = BEST_APPLY4(acc, in4[i]);
    T a = RL_APPLY(RL_APPLY(acc.x, acc.y), RL_APPLY(acc.z, acc.w));
    // The last n % 4 elements, one each for the first work-items.
    const ulong tail = n4 * 4 + gid;
    if (tail < n) a = RL_APPLY(a, in[tail]);
    if (gid < n4 || tail < n) RL_OP(-1, -1, lid);

    if (finishes && lid == 0) {  // bit 0: this group finishes its level; bit 1: it also finishes the blocks
        const uint first = block * lsize, count = min(lsize, groups - first);
        uint last = ticket_drawn == count - 1;
        if (last) atomic_xchg(&ticket[counter], 0u);  // every ticket drawn: ready for the next launch
        if (last && blocks > 1 && atomic_inc(&ticket[0]) == blocks - 1) {
            last |= 2u;
            atomic_xchg(&ticket[0], 0u);
        }
        is_last = last;
    }

    scratch[lid] = a;
    barrier(CLK_LOCAL_MEM_FENCE);
    RL_RECORD(scratch, -1);
    // The sequential-addressing tree, two stages to a barrier: work-item i (i < s/2) does stage s for cells i and
    // i + s/2 (x and y), then stage s/2 for cell i from those two, which it holds itself, so no barrier is needed
    // between them. The same sums as one stage to a barrier, in the same order; half the barriers, each of which
    // waits for the group's slowest warp. Stage s lives in registers; a traced build also stores it in its cells
    // (nobody else touches them before the barrier) so that it can be recorded.
    uint s = lsize / 2;
    for (; s >= 2; s >>= 2) {
        const uint h = s / 2;
        T x = RL_IDENTITY, y = RL_IDENTITY;
        if (lid < h) {
            RL_OP(lid, lid + s, lid);
            RL_OP2(lid + h, lid + h + s, lid + h);
            x = RL_APPLY(scratch[lid], scratch[lid + s]);
            y = RL_APPLY(scratch[lid + h], scratch[lid + h + s]);
            RL_TRACE_STORE(scratch, lid, x);
            RL_TRACE_STORE(scratch, lid + h, y);
        }
        RL_RECORD(scratch, (int)s);  // traced builds only
        if (lid < h) {
            RL_OP(lid, lid + h, lid);
            scratch[lid] = RL_APPLY(x, y);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, (int)h);
    }
    if (s == 1) {  // log2(lsize) odd: one stage left
        if (lid == 0) {
            RL_OP(0, 1, 0);
            scratch[0] = RL_APPLY(scratch[0], scratch[1]);
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, 1);
    }

    if (!finishes) {  // the host finishes, or this one group is the whole grid
        if (lid == 0) out[group] = scratch[0];
        return;
    }

    // The finish, in one level or two. Up to lsize groups: each group publishes its partial; the one that drew the
    // last ticket on counter 0 reads the partials, one per work-item, and finishes. More groups than that (many
    // short groups stream a large input best): group g drew its ticket on its block's counter (blocks of lsize
    // groups, counters 1..blocks); the block's last reduces that block's partials and publishes the block's partial
    // after the groups' words, having drawn a ticket on counter 0 too; the last of those reduces the blocks'
    // partials. Every finish reads at most one word per work-item, and each counter sees at most lsize tickets.
    uint first = block * lsize;  // the partials this level reduces: [first, first + count)
    uint count = min(lsize, groups - first);
    uint word = group;           // where this group's partial goes
    for (uint level = blocks > 1 ? 0 : 1; ; ++level) {  // level 1 is the last
        if (lid == 0) atom_xchg(&partials[word], ((ulong)epoch << 32) | (ulong)as_uint(scratch[0]));
        if (!(is_last & (level == 1 && blocks > 1 ? 2u : 1u))) return;  // is_last was set before the tree's barriers

        // The last group of this level: partial first + i goes to work-item i, read atomically (adding 0 changes
        // nothing), going round again while the word holds an older launch's tag.
        RL_TRACE_FINAL_BEGIN(level == 0 ? block : (blocks > 1 ? blocks : 0));  // trace slot: a block's, then the top's
        a = RL_IDENTITY;
        if (lid < count) {
            ulong w;
            do {
                w = atom_add(&partials[first + lid], (ulong)0);
            } while ((uint)(w >> 32) != epoch);
            a = BEST_FROM_BITS((uint)w);
            RL_OP(-1, -1, lid);
        }
        scratch[lid] = a;  // the barrier that ended the group's (or the block's) tree is behind every work-item
        barrier(CLK_LOCAL_MEM_FENCE);
        RL_RECORD(scratch, -1);
        // The tree only needs the smallest power of two of work-items that holds every partial: past it, cells hold
        // the identity, and a small grid (16 groups) skips most of the stages. Two stages to a barrier, as above.
        uint width = 1;
        while (width < count) width <<= 1;
        for (s = width / 2; s >= 2; s >>= 2) {
            const uint h = s / 2;
            T x = RL_IDENTITY, y = RL_IDENTITY;
            if (lid < h) {
                RL_OP(lid, lid + s, lid);
                RL_OP2(lid + h, lid + h + s, lid + h);
                x = RL_APPLY(scratch[lid], scratch[lid + s]);
                y = RL_APPLY(scratch[lid + h], scratch[lid + h + s]);
                RL_TRACE_STORE(scratch, lid, x);
                RL_TRACE_STORE(scratch, lid + h, y);
            }
            RL_RECORD(scratch, (int)s);
            if (lid < h) {
                RL_OP(lid, lid + h, lid);
                scratch[lid] = RL_APPLY(x, y);
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            RL_RECORD(scratch, (int)h);
        }
        if (s == 1) {
            if (lid == 0) {
                RL_OP(0, 1, 0);
                scratch[0] = RL_APPLY(scratch[0], scratch[1]);
            }
            barrier(CLK_LOCAL_MEM_FENCE);
            RL_RECORD(scratch, 1);
        }
        if (level == 1) break;
        // On to the blocks' partials, kept after the groups' words.
        barrier(CLK_LOCAL_MEM_FENCE);  // the block's tree is recorded and published before scratch is reused
        word = groups + block;
        first = groups;
        count = blocks;
    }
    if (lid == 0) out[0] = scratch[0];
}
