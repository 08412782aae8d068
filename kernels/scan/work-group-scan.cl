// work-group-scan.cl: scan with the OpenCL C 2.0 built-ins work_group_scan_inclusive_{add,min,max} (and exclusive_).
//
// Lesson: since OpenCL C 2.0 a work-group's whole scan is one library call, as its reduction is. Each work-item
// passes its element and gets back the combination of the elements of the work-items before it (exclusive) or up to
// and including its own (inclusive); the driver picks the steps for the hardware (sub-group shuffles, then a little
// local memory), so the kernel has no local array, no barrier and no loop of its own. The tile's total, which the
// scan of the tiles above needs, is the last work-item's inclusive value. The tiles above and the uniform add are
// ReduceLab's, as for every tiled scan.
// Cost: the devices that offer it (OpenCL C 2.0, or 3.0 with __opencl_c_work_group_collective_functions) are fewer
// than those that run the hand-written scans, what it does inside is hidden (the trace shows the values going in
// and the prefixes coming out), and the order in which it combines floats is the driver's.
// Requires: work-group collective functions (OpenCL C 2.0, or 3.0 with __opencl_c_work_group_collective_functions).
//
// Trace: there is no local memory to record, so each stage records every work-item's private value in its own
// cell: "load" (the element it loaded, the identity past n), then the built-in's result.

#if defined(RL_OP_MIN)
#define RL_WG_SCAN_INCLUSIVE(x) work_group_scan_inclusive_min(x)
#define RL_WG_SCAN_EXCLUSIVE(x) work_group_scan_exclusive_min(x)
#elif defined(RL_OP_MAX)
#define RL_WG_SCAN_INCLUSIVE(x) work_group_scan_inclusive_max(x)
#define RL_WG_SCAN_EXCLUSIVE(x) work_group_scan_exclusive_max(x)
#else
#define RL_WG_SCAN_INCLUSIVE(x) work_group_scan_inclusive_add(x)
#define RL_WG_SCAN_EXCLUSIVE(x) work_group_scan_exclusive_add(x)
#endif

__kernel void work_group_scan(__global const T *in, __global T *out, __global T *sums, const uint n,
                              __local T *scratch RL_TRACE_PARAMS) {
    RL_TRACE_BEGIN;
    const uint lid = get_local_id(0);
    const uint lsize = get_local_size(0);
    const uint gid = get_global_id(0);
    (void)scratch;  // the built-in brings its own; the argument keeps the launch the same as the other tiled scans'

    if (gid < n) RL_OP(-1, -1, lid);
    const T x = gid < n ? in[gid] : RL_IDENTITY;
    RL_RECORD_VALUE(x, -1);

    RL_OP(lid, -1, lid);  // every work-item gives its element and receives its prefix
#if defined(RL_EXCLUSIVE)
    const T y = RL_WG_SCAN_EXCLUSIVE(x);
    RL_RECORD_VALUE(y, RL_WORK_GROUP_SCAN_EXCLUSIVE(lsize));
    const T inclusive = RL_APPLY(y, x);
#else
    const T y = RL_WG_SCAN_INCLUSIVE(x);
    RL_RECORD_VALUE(y, RL_WORK_GROUP_SCAN(lsize));
    const T inclusive = y;
#endif

    if (gid < n) out[gid] = y;
    if (lid == lsize - 1) sums[get_group_id(0)] = inclusive;
}
