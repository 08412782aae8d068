// Shader compilation.
#include "app/render/gl_program.h"

#include <glad/gl.h>

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

namespace rl::render::embedded {
const std::vector<std::pair<std::string_view, std::string_view>>& files();
}

namespace rl::render {
namespace {

unsigned compile(GLenum kind, const std::string& path) {
    const std::string source = shaderText(path);
    const GLuint shader = glCreateShader(kind);
    const char* text = source.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        GLint length = 0;
        glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
        std::string log(size_t(std::max(length, 1)), '\0');
        glGetShaderInfoLog(shader, length, nullptr, log.data());
        glDeleteShader(shader);
        throw std::runtime_error("shader " + path + " does not compile:\n" + log);
    }
    return shader;
}

}  // namespace

std::string shaderText(const std::string& path) {
#ifdef REDUCELAB_SOURCE_DIR
    std::ifstream file(std::string(REDUCELAB_SOURCE_DIR) + "/" + path);
    if (file) {
        std::ostringstream text;
        text << file.rdbuf();
        return text.str();
    }
#endif
    for (const auto& [name, text] : embedded::files())
        if (name == path) return std::string(text);
    throw std::runtime_error("no embedded shader '" + path + "'");
}

unsigned linkProgram(const std::string& vertexPath, const std::string& fragmentPath) {
    const GLuint vs = compile(GL_VERTEX_SHADER, vertexPath);
    GLuint fs = 0;
    try {
        fs = compile(GL_FRAGMENT_SHADER, fragmentPath);
    } catch (...) {
        glDeleteShader(vs);
        throw;
    }
    const GLuint program = glCreateProgram();
    glAttachShader(program, vs);
    glAttachShader(program, fs);
    glLinkProgram(program);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) {
        GLint length = 0;
        glGetProgramiv(program, GL_INFO_LOG_LENGTH, &length);
        std::string log(size_t(std::max(length, 1)), '\0');
        glGetProgramInfoLog(program, length, nullptr, log.data());
        glDeleteProgram(program);
        throw std::runtime_error("shaders " + vertexPath + " + " + fragmentPath + " do not link:\n" + log);
    }
    return program;
}

}  // namespace rl::render
