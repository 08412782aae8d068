// scan-add.cl: the last launches of every multi-tile scan (not a variant itself). After the tiles of a level are
// scanned and their totals scanned above them, each tile combines the prefix of the tiles before it into every one
// of its elements: with an inclusive scan of the totals that is the total scan's entry g - 1 (nothing for tile 0),
// with an exclusive one entry g. One launch per level, work-groups of the tiles' size, so group g is tile g.

__kernel void scan_add(__global T *out, __global const T *offsets, const uint n) {
    const uint gid = get_global_id(0);
    const uint g = get_group_id(0);
    if (gid >= n) return;
#if defined(RL_EXCLUSIVE)
    out[gid] = RL_APPLY(offsets[g], out[gid]);
#else
    if (g > 0) out[gid] = RL_APPLY(offsets[g - 1], out[gid]);
#endif
}
