import CGLES

/// An RGBA texture with a framebuffer object drawing into it, `width`×`height` px; needs a current context and is
/// used only while that context is current (GLES 2.0: RGBA8 colour attachment, no depth, no mipmaps).
final class Framebuffer {
    let width: Int
    let height: Int
    let texture: GLuint
    let framebuffer: GLuint

    /// Allocates the texture and attaches it; throws when the framebuffer is incomplete.
    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        self.texture = texture
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA, GLsizei(width), GLsizei(height), 0, GLenum(GL_RGBA),
                     GLenum(GL_UNSIGNED_BYTE), nil)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        var previous: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &previous)
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        self.framebuffer = framebuffer
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), GLuint(previous))
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            var framebuffer = framebuffer
            glDeleteFramebuffers(1, &framebuffer)
            glDeleteTextures(1, &texture)
            throw RenderError("offscreen framebuffer \(width)x\(height) incomplete: status 0x\(String(status, radix: 16))")
        }
    }

    deinit {
        var framebuffer = framebuffer
        glDeleteFramebuffers(1, &framebuffer)
        var texture = texture
        glDeleteTextures(1, &texture)
    }

    /// The framebuffer bound now (0 for the window's or pbuffer's own).
    static var current: GLuint {
        var binding: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &binding)
        return GLuint(binding)
    }
}
