// builds_for_minutes.cl: a macro that doubles itself twenty times writes about a million statements into the
// kernel, so the compiler takes minutes (or runs out of memory) before anything runs. The check's time limit stops
// the build like a kernel that never ends, and ReduceLab goes on. Not run in CI: it would hold a core for minutes.
#define ADD1 acc = RL_APPLY(acc, in[(gid + (uint)__COUNTER__) % n]);
#define ADD2 ADD1 ADD1
#define ADD4 ADD2 ADD2
#define ADD8 ADD4 ADD4
#define ADD16 ADD8 ADD8
#define ADD32 ADD16 ADD16
#define ADD64 ADD32 ADD32
#define ADD128 ADD64 ADD64
#define ADD256 ADD128 ADD128
#define ADD512 ADD256 ADD256
#define ADD1K ADD512 ADD512
#define ADD2K ADD1K ADD1K
#define ADD4K ADD2K ADD2K
#define ADD8K ADD4K ADD4K
#define ADD16K ADD8K ADD8K
#define ADD32K ADD16K ADD16K
#define ADD64K ADD32K ADD32K
#define ADD128K ADD64K ADD64K
#define ADD256K ADD128K ADD128K
#define ADD512K ADD256K ADD256K
#define ADD1M ADD512K ADD512K
__kernel void reduce(__global const T *in, __global T *out, const uint n, __local T *scratch) {
    const uint lid = get_local_id(0);
    const uint gid = get_global_id(0);
    T acc = RL_IDENTITY;
    if (gid < n) { ADD1M }
    scratch[lid] = acc;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (lid < s) scratch[lid] = RL_APPLY(scratch[lid], scratch[lid + s]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) out[get_group_id(0)] = scratch[0];
}
