// Shape cues for tree cell states and work-item lanes.
#include "app/view/state_marks.h"

#include <algorithm>

#include "app/view/tree/tree_scene.h"

namespace rl::view {

void addStateMarks(Scene& scene, const TreeFacts& f, const TreeLayout& L, const Palette& p,
                   int stage) {
    if (L.pitch() < 8 || f.stages() == 0) return;
    const int last = std::clamp(stage, 0, f.stages() - 1);
    const float w = L.pitch() >= 20 ? 2.0f : 1.0f;
    for (int k = 0; k <= last; ++k) {
        const Stage& s = f.stage(k);
        for (int c = L.firstVisible(); c < L.endVisible(); ++c) {
            const Rect r = L.cell(k, c);
            switch (cellLook(f, k, c, last)) {
                case CellLook::Written:
                    scene.outline(r.inset(w * 0.5f), p.text, w + 1);
                    break;
                case CellLook::WrittenPast: {  // a dog-ear: a triangle folded into the top-left corner
                    const float n = std::max(4.0f, std::min(r.w, r.h) * 0.24f);
                    scene.quad({r.x, r.y}, {r.x + n, r.y}, {r.x, r.y + n}, {r.x, r.y + n}, p.textOnLive.withAlpha(210));
                    break;
                }
                case CellLook::Dead:
                    scene.line({r.x + 2, r.bottom() - 2}, {r.right() - 2, r.y + 2}, p.textOnDead, 1);
                    break;
                case CellLook::Padding:
                    scene.line({r.x + 2, r.bottom() - 2}, {r.right() - 2, r.y + 2}, p.textOnDead, 1);
                    scene.line({r.x + 2, r.y + 2}, {r.right() - 2, r.bottom() - 2}, p.textOnDead, 1);
                    break;
                default: break;
            }
            if (size_t(c) < s.ops.size() && s.ops[size_t(c)].active)
                scene.outline(L.lane(k, c), k == last ? p.text : p.textDim, 1);
        }
    }
}

}  // namespace rl::view
