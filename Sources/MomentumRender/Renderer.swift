import CGLES
import MomentumCore

/// Draws a `DrawList` with OpenGL ES into the current context's surface; one program, one draw call per frame.
///
/// Create it after `RenderContext.makeCurrent()`, and use it only while that context is current.
public final class Renderer {
    /// One vertex as the shaders read it; stored properties in declaration order, 12 packed Floats.
    private struct Vertex {
        var x, y: Float
        var r, g, b, a: Float
        var centreX, centreY, halfWidth, halfHeight: Float
        var radius, sigma: Float
    }

    private static let verticesPerQuad = 6

    private let program: GLuint
    private let viewportUniform: GLint
    private let vertexBuffer: GLuint
    /// Capacity of `vertexBuffer` in bytes.
    private var bufferCapacity = 0
    /// Vertex scratch, rebuilt every frame without giving its storage back.
    private var vertices: [Vertex] = []

    /// Number of quads in the last `draw` (each shadow is one quad, each shape one more).
    public private(set) var lastQuadCount = 0

    /// Compiles and links the shaders; needs a current context.
    public init() throws {
        let vertexShader = try Self.compile(GLenum(GL_VERTEX_SHADER), Shaders.vertex, name: "vertex")
        defer { glDeleteShader(vertexShader) }
        let fragmentShader = try Self.compile(GLenum(GL_FRAGMENT_SHADER), Shaders.fragment, name: "fragment")
        defer { glDeleteShader(fragmentShader) }
        let program = glCreateProgram()
        guard program != 0 else { throw RenderError("glCreateProgram failed: GL error 0x\(String(glGetError(), radix: 16))") }
        glAttachShader(program, vertexShader)
        glAttachShader(program, fragmentShader)
        for (index, name) in ["a_pos", "a_color", "a_shape", "a_params"].enumerated() {
            glBindAttribLocation(program, GLuint(index), name)
        }
        glLinkProgram(program)
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            let log = Self.infoLog(program, isProgram: true)
            glDeleteProgram(program)
            throw RenderError("glLinkProgram failed: \(log)")
        }
        self.program = program
        viewportUniform = glGetUniformLocation(program, "u_viewport")
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        vertexBuffer = buffer
        vertices.reserveCapacity(64 * Self.verticesPerQuad)
    }

    deinit {
        var buffer = vertexBuffer
        glDeleteBuffers(1, &buffer)
        glDeleteProgram(program)
    }

    /// Draws `list` into a `width`×`height` buffer-px viewport; logical px × `scale` = buffer px.
    /// Starts from opaque black, so the frame never shows through to the compositor.
    public func draw(_ list: DrawList, width: Int, height: Int, scale: Double) {
        vertices.removeAll(keepingCapacity: true)
        let s = Float(scale)
        for command in list.commands {
            switch command {
            case let .background(top, bottom):
                appendQuad(minX: 0, minY: 0, maxX: Float(width), maxY: Float(height),
                           top: top.premultiplied, bottom: bottom.premultiplied, radius: 0, sigma: 0)
            case let .rect(rect, fill):
                let colour = fill.premultiplied
                // Grown by 1 px so pixels whose centres fall just outside a fractional edge get their partial coverage.
                appendQuad(minX: Float(rect.x) * s, minY: Float(rect.y) * s,
                           maxX: Float(rect.maxX) * s, maxY: Float(rect.maxY) * s, outset: 1,
                           top: colour, bottom: colour, radius: 0, sigma: 0)
            case let .roundedRect(shape):
                appendRoundedRect(shape, scale: s)
            }
        }
        lastQuadCount = vertices.count / Self.verticesPerQuad

        glViewport(0, 0, GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glDisable(GLenum(GL_SCISSOR_TEST))
        glClearColor(0, 0, 0, 1)
        glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        guard !vertices.isEmpty else { return }

        glUseProgram(program)
        glUniform2f(viewportUniform, Float(width), Float(height))
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let bytes = vertices.count * MemoryLayout<Vertex>.stride
        vertices.withUnsafeBytes { raw in
            if bytes > bufferCapacity {
                bufferCapacity = max(bytes, bufferCapacity * 2)
                glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bufferCapacity), nil, GLenum(GL_STREAM_DRAW))
            }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, GLsizeiptr(bytes), raw.baseAddress)
        }
        let stride = GLsizei(MemoryLayout<Vertex>.stride)
        // Attribute index → (component count, offset in Floats): position, colour, shape, params.
        func attribute(_ index: GLuint, _ components: GLint, _ offset: Int) {
            glEnableVertexAttribArray(index)
            glVertexAttribPointer(index, components, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.stride))
        }
        attribute(0, 2, 0)
        attribute(1, 4, 2)
        attribute(2, 4, 6)
        attribute(3, 2, 10)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(vertices.count))
        for index in 0..<4 {
            glDisableVertexAttribArray(GLuint(index))
        }
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
    }

    /// Reads the current framebuffer back as RGBA bytes, top row first.
    public func readPixels(width: Int, height: Int) -> [UInt8] {
        let rowBytes = width * 4
        var bottomUp = [UInt8](repeating: 0, count: rowBytes * height)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        bottomUp.withUnsafeMutableBytes { raw in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                         raw.baseAddress)
        }
        var topDown = [UInt8](repeating: 0, count: rowBytes * height)
        for row in 0..<height {
            let source = (height - 1 - row) * rowBytes
            topDown[row * rowBytes ..< (row + 1) * rowBytes] = bottomUp[source ..< source + rowBytes]
        }
        return topDown
    }

    /// Appends the shadow quad (if any), then the shape quad, for a rounded rectangle.
    private func appendRoundedRect(_ shape: RoundedRect, scale s: Float) {
        let minX = Float(shape.rect.x) * s
        let minY = Float(shape.rect.y) * s
        let maxX = Float(shape.rect.maxX) * s
        let maxY = Float(shape.rect.maxY) * s
        let radius = Float(max(shape.cornerRadius, 0)) * s
        if let shadow = shape.shadow, shadow.color.a > 0 {
            // Blur radius ≈ 2σ (as CSS box-shadow); the Gaussian is negligible beyond 3σ.
            let sigma = Float(max(shadow.blurRadius, 0)) * s / 2
            let dx = Float(shadow.offset.x) * s
            let dy = Float(shadow.offset.y) * s
            let reach = 3 * sigma + 1
            let colour = shadow.color.premultiplied
            appendQuad(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy, outset: reach,
                       top: colour, bottom: colour, radius: radius, sigma: sigma)
        }
        let colour = shape.fill.premultiplied
        appendQuad(minX: minX, minY: minY, maxX: maxX, maxY: maxY, outset: 1,
                   top: colour, bottom: colour, radius: radius, sigma: 0)
    }

    /// Appends two triangles covering the shape grown by `outset` px, with per-corner colours and shape data.
    private func appendQuad(minX: Float, minY: Float, maxX: Float, maxY: Float, outset: Float = 0,
                            top: RGBA, bottom: RGBA, radius: Float, sigma: Float) {
        guard maxX > minX, maxY > minY else { return }
        let centreX = (minX + maxX) / 2
        let centreY = (minY + maxY) / 2
        let halfW = (maxX - minX) / 2
        let halfH = (maxY - minY) / 2
        let x0 = minX - outset, x1 = maxX + outset, y0 = minY - outset, y1 = maxY + outset
        // Colours at the grown quad's edges, so a gradient spans exactly the shape's own height.
        let topColour = outset > 0 ? top.mixed(with: bottom, -outset / (maxY - minY)) : top
        let bottomColour = outset > 0 ? top.mixed(with: bottom, 1 + outset / (maxY - minY)) : bottom
        func vertex(_ x: Float, _ y: Float, _ c: RGBA) {
            vertices.append(Vertex(x: x, y: y, r: c.r, g: c.g, b: c.b, a: c.a, centreX: centreX, centreY: centreY,
                                   halfWidth: halfW, halfHeight: halfH, radius: radius, sigma: sigma))
        }
        vertex(x0, y0, topColour)
        vertex(x1, y0, topColour)
        vertex(x0, y1, bottomColour)
        vertex(x1, y0, topColour)
        vertex(x1, y1, bottomColour)
        vertex(x0, y1, bottomColour)
    }

    /// Compiles one shader stage or throws with the first line of its info log.
    private static func compile(_ type: GLenum, _ source: String, name: String) throws -> GLuint {
        let shader = glCreateShader(type)
        guard shader != 0 else { throw RenderError("glCreateShader(\(name)) failed: GL error 0x\(String(glGetError(), radix: 16))") }
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
