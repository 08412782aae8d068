// Per-variant model functions (one file each: core/model/model_<id>.cpp), dispatched by core/model/model.cpp.
#pragma once
#include "core/model/model.h"

namespace rl::model {

GroupTrace sequential(const ModelInput& in);

}  // namespace rl::model
