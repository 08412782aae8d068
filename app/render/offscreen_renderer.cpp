// Off-screen rendering of export frames with ImGui's OpenGL 3 backend into a framebuffer object.
#include "app/render/offscreen_renderer.h"

#include <glad/gl.h>
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_opengl3.h>

#include <cmath>
#include <string>

#include "app/render/fonts.h"
#include "app/render/glfw_context.h"
#include "app/render/framebuffer_capture.h"
#include "app/render/scene_draw.h"
#include "core/types.h"

namespace rl::render {
namespace {

[[noreturn]] void unsupported(const std::string& what) { throw Error(ErrorKind::Unsupported, what); }

}  // namespace

struct OffscreenRenderer::Impl {
    GLFWwindow* window = nullptr;
    ImGuiContext* imgui = nullptr;
    Fonts fonts;
    float fontScale = 0;
    GLint maxSize = 0;
};

OffscreenRenderer::OffscreenRenderer() : impl_(std::make_unique<Impl>()) {
    if (!initGlfw())
        unsupported("PNG and GIF export render with OpenGL and need an X server (" + glfwErrorText() +
                    "): run it under `xvfb-run -a`, or use --format svg, which needs none");
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    hintCoreContext();
    impl_->window = glfwCreateWindow(64, 64, "ReduceLab export", nullptr, nullptr);
    if (!impl_->window) {
        const std::string why = glfwErrorText();
        glfwTerminate();
        unsupported("cannot create an OpenGL 3.3 context for the export (" + why + ")");
    }
    glfwMakeContextCurrent(impl_->window);
    if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
        glfwDestroyWindow(impl_->window);
        glfwTerminate();
        unsupported("cannot load OpenGL 3.3 core functions for the export");
    }
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &impl_->maxSize);
    impl_->imgui = ImGui::CreateContext();
    ImGui::SetCurrentContext(impl_->imgui);
    ImGui::GetIO().IniFilename = nullptr;
    ImGui_ImplOpenGL3_Init("#version 330 core");
}

OffscreenRenderer::OffscreenRenderer(UseCurrentContext) : impl_(std::make_unique<Impl>()) {
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &impl_->maxSize);
    ImGuiContext* caller = ImGui::GetCurrentContext();
    impl_->imgui = ImGui::CreateContext();  // with its own font atlas: the explorer's fonts stay as they are
    ImGui::SetCurrentContext(impl_->imgui);
    ImGui::GetIO().IniFilename = nullptr;
    ImGui_ImplOpenGL3_Init("#version 330 core");
    ImGui::SetCurrentContext(caller);
}

OffscreenRenderer::~OffscreenRenderer() {
    ImGuiContext* caller = ImGui::GetCurrentContext();
    ImGui::SetCurrentContext(impl_->imgui);
    ImGui_ImplOpenGL3_Shutdown();
    ImGui::DestroyContext(impl_->imgui);
    if (impl_->window) {
        glfwDestroyWindow(impl_->window);
        glfwTerminate();
    } else {
        ImGui::SetCurrentContext(caller == impl_->imgui ? nullptr : caller);
    }
}

exporter::RasterImage OffscreenRenderer::render(const exporter::FrameSource& frames, int step,
                                                const exporter::FrameStyle& style, float transition) {
    ImGuiContext* caller = ImGui::GetCurrentContext();
    struct Restore {
        ImGuiContext* context;
        ~Restore() {
            if (context) ImGui::SetCurrentContext(context);
        }
    } restore{impl_->window ? nullptr : caller};
    ImGui::SetCurrentContext(impl_->imgui);
    if (impl_->window) glfwMakeContextCurrent(impl_->window);
    if (std::abs(impl_->fontScale - style.scale) > 1e-4f) {  // rasterise the fonts at the output size
        std::string warning;
        impl_->fonts = loadFonts(style.scale, &warning);
        impl_->fontScale = style.scale;
        ImGui_ImplOpenGL3_DestroyFontsTexture();
        ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    const exporter::Frame frame = frames.frame(step, style, measureWith(impl_->fonts), transition);
    const int w = frame.width, h = frame.height;
    if (w > impl_->maxSize || h > impl_->maxSize)
        throw Error(ErrorKind::BadInput, "the picture would be " + std::to_string(w) + "x" + std::to_string(h) +
                                             " pixels, more than this OpenGL allows (" + std::to_string(impl_->maxSize) +
                                             "): use a smaller --scale or --width");

    const FramebufferTarget target(w, h);  // unbound and deleted on the way out, thrown or not
    if (!target.complete()) throw Error(ErrorKind::DeviceFailure, "the OpenGL framebuffer for the export is incomplete");
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(float(w), float(h));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.DeltaTime = 1.0f / 60.0f;
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    drawScene(ImGui::GetBackgroundDrawList(), frame.scene, impl_->fonts);
    ImGui::Render();
    glViewport(0, 0, w, h);
    const view::Rgba bg = frame.background;
    glClearColor(bg.r / 255.f, bg.g / 255.f, bg.b / 255.f, bg.a / 255.f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    glFinish();

    exporter::RasterImage image;
    image.width = w;
    image.height = h;
    image.rgba = readPixels(ReadFrom::BoundFramebuffer, 0, 0, w, h, h, 4);
    if (style.transparent) unpremultiplyAlpha(image.rgba);
    return image;
}

}  // namespace rl::render
