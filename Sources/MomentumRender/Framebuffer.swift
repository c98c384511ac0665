import CGLES

/// A framebuffer object of `width`×`height` RGBA8 px, no depth; needs a current context and is used only while
/// that context is current. Its colour is a texture (sampled to copy it, GLES 2.0) or, for `glBlitFramebuffer`
/// (GLES 3), a renderbuffer: llvmpipe draws into and blits from a renderbuffer 3–4× faster than it draws into and
/// samples a texture.
final class Framebuffer {
    let width: Int
    let height: Int
    /// The colour texture (0 for a renderbuffer).
    let texture: GLuint
    /// The colour renderbuffer (0 for a texture).
    let renderbuffer: GLuint
    let framebuffer: GLuint

    /// A framebuffer whose colour is a renderbuffer, to be copied with `glBlitFramebuffer` (GLES 3).
    init(blittableWidth width: Int, height: Int) throws {
        self.width = width
        self.height = height
        texture = 0
        var renderbuffer: GLuint = 0
        glGenRenderbuffers(1, &renderbuffer)
        self.renderbuffer = renderbuffer
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), renderbuffer)
        glRenderbufferStorage(GLenum(GL_RENDERBUFFER), GLenum(GL_RGBA8), GLsizei(width), GLsizei(height))
        glBindRenderbuffer(GLenum(GL_RENDERBUFFER), 0)
        framebuffer = try Self.makeFramebuffer(width: width, height: height) {
            glFramebufferRenderbuffer(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_RENDERBUFFER),
                                      renderbuffer)
        } cleanUp: {
            glDeleteRenderbuffers(1, &renderbuffer)
        }
    }

    /// A framebuffer whose colour is a texture, to be copied by drawing it (GLES 2.0).
    convenience init(width: Int, height: Int) throws {
        try self.init(textureWidth: width, height: height, format: GL_RGBA)
    }

    /// A framebuffer whose colour is a BGRA8 texture (`GL_EXT_texture_format_BGRA8888`): the byte order of a
    /// `WL_SHM_FORMAT_ARGB8888` buffer and of llvmpipe's window back buffers, which llvmpipe draws into much more
    /// cheaply than into RGBA8 (a 2912x128 tile of the scroll list ~1.9 ms of CPU into this texture or a window's
    /// back buffer, 2.6–2.9 ms into an RGBA8 renderbuffer: docs/benchmarks/scenes.md, fourteenth step), and read
    /// back as BGRA without a swizzle. Throws where the driver cannot draw into one.
    convenience init(bgraWidth width: Int, height: Int) throws {
        try self.init(textureWidth: width, height: height, format: GL_BGRA_EXT)
    }

    /// A framebuffer whose colour is a texture of `format` (its internal format too), 8 bits a channel.
    private init(textureWidth width: Int, height: Int, format: Int32) throws {
        self.width = width
        self.height = height
        renderbuffer = 0
        var texture: GLuint = 0
        glGenTextures(1, &texture)
        self.texture = texture
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        glTexImage2D(GLenum(GL_TEXTURE_2D), 0, format, GLsizei(width), GLsizei(height), 0, GLenum(format),
                     GLenum(GL_UNSIGNED_BYTE), nil)
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
        framebuffer = try Self.makeFramebuffer(width: width, height: height) {
            glFramebufferTexture2D(GLenum(GL_FRAMEBUFFER), GLenum(GL_COLOR_ATTACHMENT0), GLenum(GL_TEXTURE_2D), texture, 0)
        } cleanUp: {
            glDeleteTextures(1, &texture)
        }
    }

    /// A framebuffer object with `attach`'s colour attachment; `cleanUp` frees the attachment when it is incomplete.
    private static func makeFramebuffer(width: Int, height: Int, attach: () -> Void, cleanUp: () -> Void) throws
        -> GLuint {
        let previous = current
        var framebuffer: GLuint = 0
        glGenFramebuffers(1, &framebuffer)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer)
        attach()
        let status = glCheckFramebufferStatus(GLenum(GL_FRAMEBUFFER))
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), previous)
        guard status == GLenum(GL_FRAMEBUFFER_COMPLETE) else {
            glDeleteFramebuffers(1, &framebuffer)
            cleanUp()
            throw RenderError("offscreen framebuffer \(width)x\(height) incomplete: status 0x\(String(status, radix: 16))")
        }
        return framebuffer
    }

    deinit {
        var framebuffer = framebuffer
        glDeleteFramebuffers(1, &framebuffer)
        var texture = texture
        if texture != 0 { glDeleteTextures(1, &texture) }
        var renderbuffer = renderbuffer
        if renderbuffer != 0 { glDeleteRenderbuffers(1, &renderbuffer) }
    }

    /// The framebuffer bound now (0 for the window's or pbuffer's own).
    static var current: GLuint {
        var binding: GLint = 0
        glGetIntegerv(GLenum(GL_FRAMEBUFFER_BINDING), &binding)
        return GLuint(binding)
    }
}
