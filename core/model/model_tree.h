// Building blocks shared by the CPU models of the Harris-ladder kernels: their loads, the sequential-addressing tree
// and the 32-lane unrolled tail in lockstep semantics (every lane reads, then every lane writes).
#pragma once
#include "core/model/model.h"

namespace rl::model {

// The value at index i of this pass's input, or the identity past its end.
double elementOrIdentity(const ModelInput& in, size_t i);

// Load of one element per work-item: cell lid = in[group * wg + lid] (identity past n).
Stage plainLoad(const ModelInput& in);

// First add during the load: cell lid = in[i] op in[i + wg], i = group * 2 * wg + lid (identity past n).
Stage firstAddLoad(const ModelInput& in);

// Appends the stages of `for (s = wg / 2; s > above; s >>= 1) if (lid < s) cell[lid] op= cell[lid + s]`.
void appendSequentialTree(GroupTrace& g, const ModelInput& in, size_t above);

// The same tree over the first `width` cells (a power of two up to wg), two stages to a barrier (best-gpu): every
// stage's cells as the one-stage tree leaves them, but stage s (s >= 2, from width / 2 down by fours) is done by work-items i < s/2, each adding the pairs (i, i + s) and (i + s/2, i + s/2 + s)
// (its op and second op), and stage s/2 by the same work-items from those two cells; a last single stage s = 1 when
// log2(width) is odd.
void appendFusedTreeOver(GroupTrace& g, const ModelInput& in, size_t width);

// Appends the six unrolled tail steps s = 32, 16, ..., 1: lanes 0..31 all active, each step reading cells lid and
// lid + s as they were before the step, then writing cell lid (what a lockstep 32-wide warp does).
void appendLockstepTail(GroupTrace& g, const ModelInput& in);

// Reduces values in sequential-addressing tree order (padding to a power of two with nothing): the order the
// built-ins' models assume.
double treeReduce(std::vector<double> values, Op op, ElemType type);

}  // namespace rl::model
