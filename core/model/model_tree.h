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

// The same tree over the first `width` cells only (a power of two up to wg): s = width / 2, ..., 1.
void appendSequentialTreeOver(GroupTrace& g, const ModelInput& in, size_t width);

// Appends the six unrolled tail steps s = 32, 16, ..., 1: lanes 0..31 all active, each step reading cells lid and
// lid + s as they were before the step, then writing cell lid (what a lockstep 32-wide warp does).
void appendLockstepTail(GroupTrace& g, const ModelInput& in);

// Reduces values in sequential-addressing tree order (padding to a power of two with nothing): the order the
// built-ins' models assume.
double treeReduce(std::vector<double> values, Op op, ElemType type);

}  // namespace rl::model
