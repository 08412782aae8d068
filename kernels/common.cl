// common.cl: prepended by the host to every kernel of every pattern (it is not a variant itself), then record.cl.
// It defines the element type T, the operation RL_APPLY and its identity RL_IDENTITY from -D options, the numbers
// each kind of stage is recorded with, and the building blocks the kernels share: the tile scan (RL_TILE_SCAN), a
// histogram's binning (RL_BIN), the single passes' status words and tickets. record.cl holds the recording macros
// (RL_RECORD and the rest) that turn a timed kernel into a traced one.
//
// Build options the host passes:  -D RL_TYPE_INT | RL_TYPE_FLOAT | RL_TYPE_LONG | RL_TYPE_DOUBLE (double needs the
// device's cl_khr_fp64; the host checks it first),  -D RL_OP_SUM | RL_OP_MIN | RL_OP_MAX,
// optionally -D RL_TRACE, -D RL_WG=<work-group size> (complete unroll), -D RL_EPI=<elements per work-item>.

// T and its vectors (T2 .. T16: the CPU kernels' 64-byte loads, one AVX-512 register or two AVX2 ones).
#if defined(RL_TYPE_INT)
typedef int T;
typedef int2 T2;
typedef int4 T4;
typedef int8 T8;
typedef int16 T16;
#elif defined(RL_TYPE_LONG)
typedef long T;
typedef long2 T2;
typedef long4 T4;
typedef long8 T8;
typedef long16 T16;
#elif defined(RL_TYPE_DOUBLE)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
typedef double T;
typedef double2 T2;
typedef double4 T4;
typedef double8 T8;
typedef double16 T16;
#else
typedef float T;
typedef float2 T2;
typedef float4 T4;
typedef float8 T8;
typedef float16 T16;
#endif

#if defined(RL_OP_MIN)
#define RL_APPLY(a, b) ((b) < (a) ? (b) : (a))
#if defined(RL_TYPE_INT)
#define RL_IDENTITY INT_MAX
#elif defined(RL_TYPE_LONG)
#define RL_IDENTITY LONG_MAX
#elif defined(RL_TYPE_DOUBLE)
#define RL_IDENTITY ((double)INFINITY)
#else
#define RL_IDENTITY INFINITY
#endif
#elif defined(RL_OP_MAX)
#define RL_APPLY(a, b) ((b) > (a) ? (b) : (a))
#if defined(RL_TYPE_INT)
#define RL_IDENTITY INT_MIN
#elif defined(RL_TYPE_LONG)
#define RL_IDENTITY LONG_MIN
#elif defined(RL_TYPE_DOUBLE)
#define RL_IDENTITY (-(double)INFINITY)
#else
#define RL_IDENTITY (-INFINITY)
#endif
#else
#if defined(RL_TYPE_INT)
// Through uint so that overflow wraps (two's complement) instead of being undefined.
#define RL_APPLY(a, b) ((int)((uint)(a) + (uint)(b)))
#elif defined(RL_TYPE_LONG)
#define RL_APPLY(a, b) ((long)((ulong)(a) + (ulong)(b)))
#else
#define RL_APPLY(a, b) ((a) + (b))
#endif
#define RL_IDENTITY ((T)0)
#endif

// RL_APPLY lane by lane on vectors of N elements (N = 2, 4, 8 or 16), with the same results: integer sums wrap,
// min and max pick as RL_APPLY does (b where b < a, else a, NaNs included).
#if defined(RL_OP_MIN)
#define RL_APPLYV(a, b, N) select((a), (b), (b) < (a))
#elif defined(RL_OP_MAX)
#define RL_APPLYV(a, b, N) select((a), (b), (b) > (a))
#elif defined(RL_TYPE_INT)
#define RL_APPLYV(a, b, N) as_int##N(as_uint##N(a) + as_uint##N(b))
#elif defined(RL_TYPE_LONG)
#define RL_APPLYV(a, b, N) as_long##N(as_ulong##N(a) + as_ulong##N(b))
#else
#define RL_APPLYV(a, b, N) ((a) + (b))
#endif

// A 16-element vector's lanes combined by halves (lane l with lane l + 8, then + 4, + 2, + 1): the CPU kernels'
// order for a vector accumulator's total (core/model/model_scan.h's runTotal follows it).
inline T rl_total16(const T16 v) {
    const T8 h = RL_APPLYV(v.lo, v.hi, 8);
    const T4 q = RL_APPLYV(h.lo, h.hi, 4);
    const T2 d = RL_APPLYV(q.lo, q.hi, 2);
    return RL_APPLY(d.x, d.y);
}

// The parameters scan kernels record for their stages (core/trace.h's kScan... constants are the same numbers):
// a Hillis-Steele step adding the cell d to the left, Blelloch's up-sweep and down-sweep at distance d, the root
// cleared, each cell combined with its own input (exclusive to inclusive), every cell moved one right (inclusive to
// exclusive).
#define RL_SCAN_STEP(d) ((int)(0x100000 | (int)(d)))
#define RL_UP_SWEEP(d) ((int)(0x200000 | (int)(d)))
#define RL_DOWN_SWEEP(d) ((int)(0x400000 | (int)(d)))
#define RL_ROOT_CLEARED 0x800000
#define RL_ADD_OWN 0x1000000
#define RL_SHIFT_RIGHT 0x2000000
#define RL_LOOK_BACK(depth) ((int)(0x4000000 | (int)(depth)))  // the tile's prefix, after looking back `depth` tiles
#define RL_CARRIED 0x8000000  // every run given the prefix of the chunks before its group's and of its group's runs
#define RL_RUN_OFFSETS 0x10000000  // every run given the total of the runs before it in the tile (raking)

// The tile scan every production scan shares (CUB's BlockScan, written once): an inclusive Hillis-Steele scan of the
// work-group's lsize cells of `src`, through the second buffer `dst`. Each step adds the cell d to the left, then the
// two buffers swap, so `src` holds the scan at the end. `recorded` says whether the work-group records its stages:
// 1 where every traced group does, a condition the same for the whole work-group where only some tiles record (the
// barriers in RL_RECORD are then still reached by all of it). The lessons (hillis-steele.cl, hillis-steele-in-place.cl)
// spell the loop out on the page.
#define RL_TILE_SCAN(src, dst, lid, lsize, recorded)             \
    for (uint rl_d = 1; rl_d < (lsize); rl_d <<= 1) {            \
        if ((lid) >= rl_d) {                                      \
            if (recorded) {                                       \
                RL_OP((lid) - rl_d, (lid), (lid));                \
            }                                                     \
            (dst)[lid] = RL_APPLY((src)[(lid) - rl_d], (src)[lid]); \
        } else {                                                  \
            (dst)[lid] = (src)[lid];                              \
        }                                                         \
        barrier(CLK_LOCAL_MEM_FENCE);                             \
        {                                                         \
            __local T *rl_swap = (src);                           \
            (src) = (dst);                                        \
            (dst) = rl_swap;                                      \
        }                                                         \
        if (recorded) {                                           \
            RL_RECORD((src), RL_SCAN_STEP(rl_d));                 \
        }                                                         \
    }
// The built-in work_group_scan_inclusive_* / work_group_scan_exclusive_* over a work-group of `size` work-items.
#define RL_WORK_GROUP_SCAN(size) ((int)(0x20000000 | (int)(size)))
#define RL_WORK_GROUP_SCAN_EXCLUSIVE(size) ((int)(0x40000000 | (int)(size)))

// Histograms. The host defines RL_NBINS (the bins) and the range they cover: RL_BIN(x) is the bin of element x, a
// uint, or RL_NBINS where x falls outside the range (or is a NaN), so that the kernel skips it. The rule is numpy's:
// equal widths over [RL_BIN_LO, RL_BIN_HI], the last bin closed, computed as min((x - lo) * (nbins / (hi - lo)),
// nbins - 1) in float (the host's reference does the same operations, so the two agree bit for bit).
// RL_BIN16(v): the bins of the 16 elements of a T16 at once (a uint16), by the same operations lane by lane: a CPU
// computes them in one vector register each step, where RL_BIN takes one element at a time.
#if defined(RL_NBINS)
#if defined(RL_TYPE_INT)
#define RL_BIN(x) \
    ((x) < RL_BIN_LO || (x) > RL_BIN_HI ? (uint)RL_NBINS \
                                        : min((uint)((float)((long)(x) - (long)RL_BIN_LO) * RL_BIN_SCALE), (uint)RL_NBINS - 1u))
#define RL_BIN16(v)                                                                                                 \
    select(min(convert_uint16(convert_float16(convert_long16(v) - (long)RL_BIN_LO) * RL_BIN_SCALE),                \
               (uint16)(RL_NBINS - 1u)),                                                                             \
           (uint16)RL_NBINS, ((v) < (int16)RL_BIN_LO) | ((v) > (int16)RL_BIN_HI))
#else
#define RL_BIN(x) \
    ((x) >= RL_BIN_LO && (x) <= RL_BIN_HI ? min((uint)(((x) - RL_BIN_LO) * RL_BIN_SCALE), (uint)RL_NBINS - 1u) \
                                          : (uint)RL_NBINS)
#define RL_BIN16(v)                                                                                                 \
    select((uint16)RL_NBINS, min(convert_uint16(((v) - (float16)RL_BIN_LO) * RL_BIN_SCALE), (uint16)(RL_NBINS - 1u)), \
           ((v) >= (float16)RL_BIN_LO) & ((v) <= (float16)RL_BIN_HI))
#endif
#endif
// The stages histogram kernels record (core/trace.h's kBins... constants are the same numbers): the local bins
// cleared, after counting step k (one element per work-item), after a work-item's last run was flushed, the copies
// of the bins summed into the first, and after the local bins were added into the global ones.
#define RL_BINS_CLEARED ((int)0x60100000)
#define RL_BINS_MERGED ((int)0x60200000)
#define RL_BINS_STEP(k) ((int)(0x60400000 | (int)(k)))
#define RL_BINS_FLUSHED ((int)0x60800000)
#define RL_BINS_COPIES_SUMMED ((int)0x61000000)
// sort-then-count: after a step of the bitonic sort of the tile's keys (merging sequences of k keys, comparing keys d
// apart; k and d powers of two), and after the runs of equal keys were counted.
#define RL_BINS_SORT(k, d) ((int)(0x62000000 | (int)((31u - clz((uint)(k))) << 5) | (int)(31u - clz((uint)(d)))))
#define RL_BINS_RUNS_COUNTED ((int)0x68000000)

// The single passes' status words (decoupled-look-back, chunked-look-back; macros and a function of plain loads, so
// that only the kernels that publish need cl_khr_int64_base_atomics). A tile's status is published in 64-bit words
// written whole by one atomic each, each carrying the tag (launch epoch, P) in its upper half, so that words of an
// older launch read as X (no clearing between launches). A 32-bit value rides in the lower half of the tile's one
// word: flag and value are written and read together. A 64-bit value is split over two such words, its low and high
// halves, and a read counts only when both carry the same tag of this launch: both halves then come from the same
// publication, whatever order the two writes became visible in. (A value in a word of its own behind a flag, with
// mem_fence between, is not enough: OpenCL 1.2's fences order a work-item's accesses for its own work-group, and on
// NVIDIA a tile read such a flag's P with the value word still 0.)
//   RL_LB_PUBLISH(status, tile, epoch, p, x)  publish x as A (p = 0) or P (p = 1)
//   rl_lb_try(words, tile, epoch, &w, &x)     one read of a tile's status: true when it holds A or P of this launch
//                                             (w: its tag word, x: the value); words: volatile
//   RL_LB_IS_P(w)                             the P flag of a tag word
#define RL_LB_TAG(epoch, p) ((ulong)(((epoch) << 1) | (p)) << 32)
#define RL_LB_EPOCH(w) ((uint)((w) >> 33))
#define RL_LB_IS_P(w) ((uint)((w) >> 32) & 1u)
#if defined(RL_TYPE_LONG) || defined(RL_TYPE_DOUBLE)
#if defined(RL_TYPE_LONG)
#define RL_LB_FROM_BITS(u) as_long(u)
#else
#define RL_LB_FROM_BITS(u) as_double(u)
#endif
#define RL_LB_PUBLISH(status, tile, epoch, p, x)                                                             \
    do {                                                                                                      \
        const ulong rl_bits = as_ulong(x);                                                                    \
        atom_xchg(&(status)[2 * (size_t)(tile)], RL_LB_TAG(epoch, p) | (rl_bits & 0xFFFFFFFFul));           \
        atom_xchg(&(status)[2 * (size_t)(tile) + 1], RL_LB_TAG(epoch, p) | (rl_bits >> 32));                 \
    } while (0)
inline bool rl_lb_try(volatile __global ulong *words, const uint tile, const uint epoch, ulong *w, T *x) {
    const ulong lo = words[2 * (size_t)tile], hi = words[2 * (size_t)tile + 1];
    *w = lo;
    *x = RL_LB_FROM_BITS((hi << 32) | (lo & 0xFFFFFFFFul));
    return RL_LB_EPOCH(lo) == epoch && (lo >> 32) == (hi >> 32);
}
#else
#if defined(RL_TYPE_INT)
#define RL_LB_FROM_BITS(u) as_int(u)
#else
#define RL_LB_FROM_BITS(u) as_float(u)
#endif
#define RL_LB_PUBLISH(status, tile, epoch, p, x) atom_xchg(&(status)[tile], RL_LB_TAG(epoch, p) | (ulong)as_uint(x))
inline bool rl_lb_try(volatile __global ulong *words, const uint tile, const uint epoch, ulong *w, T *x) {
    *w = words[tile];
    *x = RL_LB_FROM_BITS((uint)*w);
    return RL_LB_EPOCH(*w) == epoch;
}
#endif

// rl_lb_tile(ticket, tiles): the tile a single pass's work-group scans, asked once by its work-item 0. A tile waits for
// tiles numbered below it, so those must have started. A ticket drawn from one counter makes sure of that on any device
// that keeps running the work-groups it started: tickets follow the order in which work-groups start. The price: an
// atomic's round trip before the tile's first load, and every work-group queueing on one counter. Where the device
// starts work-groups in the order of their numbers, as NVIDIA's GPUs do (CUB's single-pass scan relies on it), the host
// builds timed runs with RL_GROUP_ORDER and the tile is the work-group's own number, which saves most where the array
// sits in the L2 cache (BENCHMARKS.md). Traced builds keep the ticket, the protocol the lesson shows.
inline uint rl_lb_tile(__global uint *ticket, const uint tiles) {
#if defined(RL_GROUP_ORDER)
    return (uint)get_group_id(0);
#else
    const uint t = atomic_inc(ticket);
    if (t == tiles - 1) atomic_xchg(ticket, 0);  // every other tile has drawn: ready for the next launch
    return t;
#endif
}

// Stage parameters (the `param` of RL_RECORD): -1 for the load, the stride s for a tree stage, and
// RL_TAIL_STEP(s) for a step of a warp-synchronous tail (no barrier before it).
#define RL_TAIL_STEP(s) ((int)(s) | 0x10000)
// RL_BUILTIN_STAGE(size) marks the stage right after a built-in collective (work_group_reduce_*: size = the
// work-group size; sub_group_reduce_*: size = the sub-group size the device chose).
#define RL_BUILTIN_STAGE(size) ((int)(size) | 0x20000)
