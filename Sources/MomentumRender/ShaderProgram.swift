import CGLES

/// A linked GLSL ES program with the renderer's attribute locations (a_pos 0, a_color 1, a_shape 2, a_params 3,
/// a_cutStart 4, a_cutEnd 5) and its viewport uniforms; needs a current context.
final class ShaderProgram {
    static let attributes = ["a_pos", "a_color", "a_shape", "a_params", "a_cutStart", "a_cutEnd"]

    let program: GLuint
    private let viewportUniform: GLint
    private let heightUniform: GLint
    private let textureUniform: GLint

    /// Compiles both stages and links them; throws with the first line of the failing info log. With `cache`, the
    /// program is loaded from the driver's binary stored there for these sources when there is one, and stored there
    /// after it is linked when there is not (`ProgramCache`).
    convenience init(name: String, vertex: String, fragment: String, cache: ProgramCache? = nil) throws {
        let key = cache.map { _ in ProgramCache.key(vertex: vertex, fragment: fragment, attributes: Self.attributes) }
        if let cache, let key, let program = cache.load(name: name, key: key) {
            self.init(linked: program)
            return
        }
        let program = try Self.link(name: name, vertex: vertex, fragment: fragment)
        if let cache, let key { cache.store(program, name: name, key: key) }
        self.init(linked: program)
    }

    private init(linked program: GLuint) {
        self.program = program
        viewportUniform = glGetUniformLocation(program, "u_viewport")
        heightUniform = glGetUniformLocation(program, "u_height")
        textureUniform = glGetUniformLocation(program, "u_texture")
    }

    /// The program of both stages, compiled and linked with the attribute locations bound.
    private static func link(name: String, vertex: String, fragment: String) throws -> GLuint {
        let vertexShader = try compile(GLenum(GL_VERTEX_SHADER), vertex, name: "\(name) vertex")
        defer { glDeleteShader(vertexShader) }
        let fragmentShader = try compile(GLenum(GL_FRAGMENT_SHADER), fragment, name: "\(name) fragment")
        defer { glDeleteShader(fragmentShader) }
        let program = glCreateProgram()
        guard program != 0 else {
            throw RenderError("glCreateProgram(\(name)) failed: GL error 0x\(String(glGetError(), radix: 16))")
        }
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        for (index, attribute) in attributes.enumerated() { glBindAttribLocation(program, GLuint(index), attribute) }
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = infoLog(program, isProgram: true)
            glDeleteProgram(program)
            throw RenderError("glLinkProgram(\(name)) failed: \(log)")
        }
        return program
    }

    deinit { glDeleteProgram(program) }

    /// Whether it was made current to draw (`use`) at least once: llvmpipe builds a program's code at its first
    /// draw (~4–8 ms of CPU each at a launch, docs/benchmarks/scenes.md).
    private(set) var hasDrawn = false

    /// Makes the program current for a `width`×`height` viewport (texture unit 0 for its sampler). A band of the
    /// viewport drawn into a shorter framebuffer (`Renderer.Target.bands`) gives `fragmentHeight`, the framebuffer
    /// row the viewport's top row lands on, so `gl_FragCoord` still turns into the viewport's px.
    func use(width: Int, height: Int, fragmentHeight: Int? = nil) {
        hasDrawn = true
        glUseProgram(program)
        if viewportUniform >= 0 { glUniform2f(viewportUniform, Float(width), Float(height)) }
        if heightUniform >= 0 { glUniform1f(heightUniform, Float(fragmentHeight ?? height)) }
        if textureUniform >= 0 { glUniform1i(textureUniform, 0) }
    }

    /// Compiles one shader stage or throws with the first line of its info log.
    private static func compile(_ type: GLenum, _ source: String, name: String) throws -> GLuint {
        let shader = glCreateShader(type)
        guard shader != 0 else {
            throw RenderError("glCreateShader(\(name)) failed: GL error 0x\(String(glGetError(), radix: 16))")
        }
        source.withCString { text in
            var pointer: UnsafePointer<GLchar>? = text
            glShaderSource(shader, 1, &pointer, nil)
        }
        glCompileShader(shader)
        var compiled: GLint = 0
        glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &compiled)
        guard compiled == GL_TRUE else {
            let log = infoLog(shader, isProgram: false)
            glDeleteShader(shader)
            throw RenderError("glCompileShader(\(name)) failed: \(log)")
        }
        return shader
    }

    /// The first line of a shader's or program's info log.
    private static func infoLog(_ object: GLuint, isProgram: Bool) -> String {
        var log = [GLchar](repeating: 0, count: 1024)
        var length: GLsizei = 0
        if isProgram {
            glGetProgramInfoLog(object, GLsizei(log.count), &length, &log)
        } else {
            glGetShaderInfoLog(object, GLsizei(log.count), &length, &log)
        }
        let bytes = log.prefix(Int(length)).map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "(no log)"
    }
}
