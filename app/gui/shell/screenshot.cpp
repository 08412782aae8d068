// PNG screenshots (the back buffer read back, written by stb_image_write) and their geometry sidecar.
#include "app/gui/shell/screenshot.h"

#include <stb_image_write.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <vector>

#include "app/render/framebuffer_capture.h"

namespace rl::gui {
namespace {

nlohmann::json rect(const view::Rect& r) { return nlohmann::json::array({r.x, r.y, r.w, r.h}); }

}  // namespace

std::string writeScreenshot(const std::string& path, int width, int height) {
    if (width <= 0 || height <= 0) return "nothing to capture (empty framebuffer)";
    const std::vector<uint8_t> pixels = render::readPixels(render::ReadFrom::BackBuffer, 0, 0, width, height, height, 3);
    if (!stbi_write_png(path.c_str(), width, height, 3, pixels.data(), width * 3))
        return "cannot write the screenshot " + path + " (does the directory exist and is it writable?)";
    return "";
}

std::string writeGeometry(const std::string& path, const FrameGeometry& g, int width, int height, float pixelScale,
                          const std::string& variant, int step, int steps, const ScaleFacts& scale) {
    nlohmann::json j;
    j["width"] = width;
    j["height"] = height;
    j["pixelScale"] = pixelScale;
    j["scale"] = {{"content", scale.contentScale}, {"unit", scale.unitScale}, {"user", scale.userScale},
                  {"text", scale.textScale},       {"ui", scale.uiScale}};
    j["fonts"] = {{"body", scale.body}, {"bold", scale.bold}, {"heading", scale.heading}, {"mono", scale.mono}};
    j["variant"] = variant;
    j["step"] = step;
    j["steps"] = steps;
    j["result"] = rect(g.result);
    j["resultText"] = g.resultText;
    j["resultNote"] = g.resultNote;
    j["scrub"] = rect(g.scrub);
    j["bottom"] = rect(g.bottom);
    j["bottomTab"] = g.bottomTab;
    j["bottomTabs"] = g.bottomTabs;
    j["bottomTabsFit"] = g.bottomTabsFit;
    j["warpsRight"] = g.warpsRight;
    j["warpsHeaderFits"] = g.warpsHeaderFits;
    j["messagesHeaderFits"] = g.messagesHeaderFits;
    j["lectureKeys"] = rect(g.lectureKeys);
    j["deviceLimits"] = {{"stacked", g.deviceLimits.stacked},
                         {"valueWidth", g.deviceLimits.valueWidth},
                         {"widestWord", g.deviceLimits.widestWord}};
    j["patternButtonsFit"] = g.patternButtonsFit;
    j["keyboard"] = {{"on", g.keyboard.on}, {"panel", g.keyboard.panel}, {"focus", rect(g.keyboard.focus)}};
    j["tiles"] = {
        {"shown", g.tiles.shown},       {"tiles", g.tiles.tiles},           {"logLength", g.tiles.logLength},
        {"time", g.tiles.time},         {"picked", g.tiles.picked},         {"entry", g.tiles.entry},
        {"statuses", g.tiles.statuses}, {"protocol", g.tiles.protocol},     {"pickedReads", g.tiles.pickedReads},
        {"rect", rect(g.tiles.rect)},   {"cursorFits", g.tiles.cursorFits}, {"legendFits", g.tiles.legendFits}};
    j["words"] = {{"shown", g.words.shown}, {"copied", g.words.copied}, {"title", g.words.title},
                  {"text", g.words.text},   {"rect", rect(g.words.rect)},
                  {"headerFits", g.words.headerFits}};
    j["wrongBox"] = rect(g.wrongBox);
    nlohmann::json trees = nlohmann::json::array();
    for (const auto& t : g.trees) {
        const auto& p = t.layout;
        trees.push_back({{"side", t.side},
                         {"stage", t.stage},
                         {"transition", t.transition},
                         {"pass", t.pass},
                         {"group", t.group},
                         {"groupId", t.groupId},
                         {"valueSize", t.valueSize},
                         {"hiddenValues", t.hiddenValues},
                         {"readout", t.readout},
                         {"readoutWidth", t.readoutWidth},
                         {"zoomHint", rect(t.zoomHint)},
                         {"lastRow", rect(t.lastRow)},
                         {"title", t.title},
                         {"titleWidth", t.titleWidth},
                         {"columnWidth", t.columnWidth},
                         {"layout",
                          {{"canvas", rect(p.canvas)},
                           {"stages", p.stages},
                           {"cells", p.cells},
                           {"firstCell", p.firstCell},
                           {"visibleCells", p.visibleCells},
                           {"firstStage", p.firstStage},
                           {"visibleStages", p.visibleStages},
                           {"labelWidth", p.labelWidth},
                           {"laneHeight", p.laneHeight},
                           {"maxCellHeight", p.maxCellHeight},
                           {"minCellHeight", p.minCellHeight},
                           {"gapRatio", p.gapRatio},
                           {"loadAtTop", p.loadAtTop}}}});
    }
    j["trees"] = trees;
    nlohmann::json facts = nlohmann::json::array();
    for (const auto& f : g.stageFacts)
        facts.push_back({{"side", f.side},
                         {"variant", f.variant},
                         {"title", f.title},
                         {"label", f.label},
                         {"activeItems", f.activeItems},
                         {"items", f.items},
                         {"activeWarps", f.activeWarps},
                         {"idleWarps", f.idleWarps},
                         {"divergentWarps", f.divergentWarps},
                         {"bankConflict", f.bankConflict},
                         {"countsFit", f.countsFit},
                         {"rect", rect(f.rect)}});
    j["stageFacts"] = facts;
    j["sessionBanner"] = rect(g.sessionBanner);
    j["sessionBannerText"] = g.sessionBannerText;
    j["shownDevice"] = g.shownDevice;
    j["messages"] = g.messages;
    nlohmann::json toggles = nlohmann::json::array();
    for (const auto& t : g.toggles) toggles.push_back({{"label", t.label}, {"rect", rect(t.rect)}, {"enabled", t.enabled}});
    j["toggles"] = toggles;
    {
        const auto& p = g.predict;
        nlohmann::json marks = nlohmann::json::array();
        for (const auto& m : p.marks)
            marks.push_back({{"kind", m.kind}, {"stage", m.stage}, {"cell", m.cell}, {"rect", rect(m.rect)}});
        j["predict"] = {{"on", p.on},           {"waitingStep", p.waitingStep}, {"hiddenRow", p.hiddenRow},
                        {"shownStep", p.shownStep}, {"shownCorrect", p.shownCorrect}, {"kind", p.kind},
                        {"tally", p.tally},     {"prompt", p.prompt},           {"right", p.right},
                        {"scored", p.scored},   {"skipped", p.skipped},         {"picked", p.picked},
                        {"differences", p.differences}, {"marks", marks},       {"panel", rect(p.panel)},
                        {"promptRect", rect(p.promptRect)}, {"promptSize", p.promptSize}};
    }
    {
        const auto& w = g.workbench;
        auto rows = [](const std::vector<FrameGeometry::Workbench::Row>& list) {
            nlohmann::json out = nlohmann::json::array();
            for (const auto& r : list)
                out.push_back({{"line", r.line}, {"kind", r.kind}, {"text", r.text}, {"ok", r.ok}, {"rect", rect(r.rect)}});
            return out;
        };
        nlohmann::json treeMarks = nlohmann::json::array();
        for (const auto& m : w.treeMarks)
            treeMarks.push_back({{"kind", m.kind}, {"stage", m.stage}, {"cell", m.cell}, {"rect", rect(m.rect)}});
        nlohmann::json marks = nlohmann::json::array();
        for (const auto& m : w.marks) marks.push_back({{"line", m.line}, {"kind", m.kind}, {"gutter", rect(m.gutter)}});
        j["workbench"] = {{"open", w.open},           {"file", w.file},
                          {"reopen", w.reopen},       {"reopenRect", rect(w.reopenRect)},
                          {"text", w.text},           {"status", w.status}, {"verdict", w.verdict}, {"controlsFit", w.controlsFit},
                          {"deviceLine", w.deviceLine}, {"modified", w.modified},
                          {"checking", w.checking},   {"showingTrace", w.showingTrace},
                          {"askReload", w.askReload}, {"reported", w.reported},
                          {"builds", w.builds},       {"correct", w.correct},
                          {"passed", w.passed},       {"checksDone", w.checksDone},
                          {"editor", rect(w.editor)}, {"textRect", rect(w.textRect)},
                          {"lineTop", w.lineTop},     {"lineHeight", w.lineHeight},
                          {"lineTops", w.lineTops},   {"wrapRight", w.wrapRight}, {"textRight", w.textRight},
                          {"rows", w.rows},           {"cursorRow", w.cursorRow},
                          {"firstVisible", w.firstVisible}, {"lastVisible", w.lastVisible},
                          {"marks", marks},           {"problems", rows(w.problems)},
                          {"checks", rows(w.checks)},  {"treeMarks", treeMarks},
                          {"focused", w.focused},     {"cursorLine", w.cursorLine},
                          {"findOpen", w.findOpen},
                          {"findMatches", w.findMatches}, {"findCurrent", w.findCurrent},
                          {"grade", rows(w.grade)},   {"exercise", w.exercise},
                          {"score", w.score},         {"maxScore", w.maxScore},
                          {"gradeStatus", w.gradeStatus}};
    }
    j["course"] = {{"open", g.course.open},           {"selected", g.course.selected},
                   {"count", g.course.count},         {"hintsShown", g.course.hintsShown},
                   {"attempts", g.course.attempts},   {"solved", g.course.solved},
                   {"solutionShown", g.course.solutionShown}, {"statementBlocks", g.course.statementBlocks},
                   {"titlesFit", g.course.titlesFit},         {"wrappedTitles", g.course.wrappedTitles}};
    {
        const auto& src = g.source;
        j["source"] = {{"shown", src.shown},         {"wrapped", src.wrapped},       {"beside", src.beside},
                       {"spanFirst", src.spanFirst}, {"spanFits", src.spanFits},     {"spanLast", src.spanLast},
                       {"controlsFit", src.controlsFit}, {"lessonShown", src.lessonShown},
                       {"firstVisible", src.firstVisible},
                       {"lastVisible", src.lastVisible}, {"lines", src.lines},     {"cutLines", src.cutLines},
                       {"fontSize", src.fontSize},   {"widestRow", src.widestRow},   {"textWidth", src.textWidth},
                       {"rect", rect(src.rect)}};
        nlohmann::json rows = nlohmann::json::array();
        for (const auto& r : g.variantRows)
            rows.push_back({{"id", r.id}, {"title", r.title}, {"rect", rect(r.rect)}, {"textWidth", r.textWidth},
                            {"lines", r.lines}, {"lesson", r.lesson}, {"lessonRect", rect(r.lessonRect)}});
        j["variantRows"] = rows;
        j["variantList"] = rect(g.variantList);
        j["dataChoice"] = g.dataChoice;
    }
    {
        const auto& pr = g.presenter;
        j["presenter"] = {{"on", pr.on},
                          {"projector", pr.projector},
                          {"nowStep", pr.nowStep},
                          {"nextStep", pr.nextStep},
                          {"clock", pr.clock},
                          {"elapsed", pr.elapsed},
                          {"placement", pr.placement}, {"placementShown", pr.placementShown},
                          {"placementRect", rect(pr.placementRect)}, {"stepRect", rect(pr.stepRect)},
                          {"lesson", pr.lesson},
                          {"words", pr.words},
                          {"question", pr.question},
                          {"answer", pr.answer},
                          {"blank", pr.blank},
                          {"now", rect(pr.now)},
                          {"next", rect(pr.next)},
                          {"notes", rect(pr.notes)},
                          {"controls", rect(pr.controls)},
                          {"projectorWidth", pr.projectorWidth},
                          {"projectorHeight", pr.projectorHeight}};
    }
    j["tooltip"] = g.tooltip;
    j["stepCaption"] = g.stepCaption;
    j["stepCaptionCut"] = g.stepCaptionCut;
    j["stepCaptionShown"] = g.stepCaptionShown;
    j["tooltipRect"] = rect(g.tooltipRect);
    std::ofstream out(path + ".json");
    out << j.dump(2) << "\n";
    if (!out) return "cannot write " + path + ".json";
    return "";
}

}  // namespace rl::gui
