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
#include "app/render/scene_draw.h"
#include "core/types.h"

namespace rl::render {
namespace {

[[noreturn]] void unsupported(const std::string& what) { throw Error(ErrorKind::Unsupported, what); }

std::string glfwError() {
    const char* d = nullptr;
    glfwGetError(&d);
    return d ? d : "unknown error";
}

}  // namespace

struct OffscreenRenderer::Impl {
    GLFWwindow* window = nullptr;
    ImGuiContext* imgui = nullptr;
    Fonts fonts;
    float fontScale = 0;
    GLint maxSize = 0;
};

OffscreenRenderer::OffscreenRenderer() : impl_(std::make_unique<Impl>()) {
    if (!glfwInit())
        unsupported("PNG and GIF export render with OpenGL and need an X server (" + glfwError() +
                    "): run it under `xvfb-run -a`, or use --format svg, which needs none");
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    impl_->window = glfwCreateWindow(64, 64, "ReduceLab export", nullptr, nullptr);
    if (!impl_->window) {
        const std::string why = glfwError();
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

exporter::RasterImage OffscreenRenderer::render(const exporter::StageFrames& frames, int step,
                                                const exporter::FrameStyle& style) {
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
    const exporter::Frame frame = frames.frame(step, style, measureWith(impl_->fonts));
    const int w = frame.width, h = frame.height;
    if (w > impl_->maxSize || h > impl_->maxSize)
        throw Error(ErrorKind::BadInput, "the picture would be " + std::to_string(w) + "x" + std::to_string(h) +
                                             " pixels, more than this OpenGL allows (" + std::to_string(impl_->maxSize) +
                                             "): use a smaller --scale or --width");

    GLint previousFbo = 0;
    glGetIntegerv(GL_FRAMEBUFFER_BINDING, &previousFbo);
    GLuint fbo = 0, texture = 0;
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;

    exporter::RasterImage image;
    if (complete) {
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

        std::vector<uint8_t> pixels(size_t(w) * size_t(h) * 4);
        glPixelStorei(GL_PACK_ALIGNMENT, 1);
        glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
        image.width = w;
        image.height = h;
        image.rgba.resize(pixels.size());
        const size_t row = size_t(w) * 4;
        for (int y = 0; y < h; ++y)  // OpenGL's rows go bottom-up
            std::copy_n(&pixels[size_t(h - 1 - y) * row], row, &image.rgba[size_t(y) * row]);
        if (style.transparent)  // blending over a transparent clear leaves colours premultiplied by alpha
            for (size_t i = 0; i < image.rgba.size(); i += 4) {
                const int a = image.rgba[i + 3];
                if (a == 0 || a == 255) continue;
                for (int c = 0; c < 3; ++c) image.rgba[i + c] = uint8_t(std::min(255, (image.rgba[i + c] * 255 + a / 2) / a));
            }
    }
    glBindFramebuffer(GL_FRAMEBUFFER, previousFbo);
    glDeleteFramebuffers(1, &fbo);
    glDeleteTextures(1, &texture);
    if (!complete) throw Error(ErrorKind::DeviceFailure, "the OpenGL framebuffer for the export is incomplete");
    return image;
}

}  // namespace rl::render
