// Chooses the KindRunner for a variant kind.
#include "core/cl/runners.h"

namespace rl {

std::unique_ptr<KindRunner> makeRunner(VariantKind kind) {
    switch (kind) {
        case VariantKind::LocalTree: return makeLocalTreeRunner();
        case VariantKind::GlobalBottomUp: return makeGlobalBottomUpRunner();
        case VariantKind::GlobalTopDown: return makeGlobalTopDownRunner();
        case VariantKind::LastGroup: return makeLastGroupRunner();
        case VariantKind::BuiltinWorkGroup:
        case VariantKind::BuiltinSubGroup: return makeBuiltinRunner();
        default: break;
    }
    throw Error(ErrorKind::Unsupported, "this kind of variant has no runner yet");
}

}  // namespace rl
