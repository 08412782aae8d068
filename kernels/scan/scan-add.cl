// scan-add.cl: the last launches of every multi-tile scan (not a variant itself). After the tiles of a level are
// scanned and their totals scanned above them, each tile combines the prefix of the tiles before it into every one
// of its elements: with an inclusive scan of the totals that is the total scan's entry g - 1 (nothing for tile 0),
// with an exclusive one entry g. One launch per level, work-groups of the tiles' work-group size, so group g is
// tile g; a tile holds per_item elements per work-item (1 for the tree scans, the run's length for raking).

__kernel void scan_add(__global T *out, __global const T *offsets, const uint n, const uint per_item) {
    const uint g = get_group_id(0);
    const uint lsize = get_local_size(0);
    const size_t first = (size_t)g * lsize * per_item + get_local_id(0);
    for (uint k = 0; k < per_item; ++k) {
        const size_t i = first + (size_t)k * lsize;  // neighbouring work-items, neighbouring elements
        if (i >= n) return;
#if defined(RL_EXCLUSIVE)
        out[i] = RL_APPLY(offsets[g], out[i]);
#else
        if (g > 0) out[i] = RL_APPLY(offsets[g - 1], out[i]);
#endif
    }
}
