import RealModule
import CGLES
import MomentumLayers

/// Draws a `DrawList` with OpenGL ES into the current context's surface; one program, one draw call per frame.
///
/// Create it after `RenderContext.makeCurrent()`, and use it only while that context is current.
public final class Renderer {
    /// One vertex as the shaders read it; stored properties in declaration order, 22 packed Floats.
    private struct Vertex {
        var x, y: Float
        var r, g, b, a: Float
        var centreX, centreY, halfWidth, halfHeight: Float
        var radius, sigma, cosine, sine: Float
        var startNormalX, startNormalY, startPointX, startPointY: Float
        var endNormalX, endNormalY, endPointX, endPointY: Float
    }

    /// A quad's shape in buffer px: centre, half-size, rotation as a unit vector (cos θ, sin θ).
    private struct Frame {
        var centre: SIMD2<Float>
        var half: SIMD2<Float>
        var axis: SIMD2<Float> = SIMD2(1, 0)
    }

    private static let verticesPerQuad = 6

    private let program: GLuint
    private let viewportUniform: GLint
    private let heightUniform: GLint
    private let vertexBuffer: GLuint
    /// Capacity of `vertexBuffer` in bytes.
    private var bufferCapacity = 0
    /// Vertex scratch, rebuilt every frame without giving its storage back.
    private var vertices: [Vertex] = []

    /// Number of quads in the last `draw` (each shadow is one quad, each shape, rect, line or text run one more).
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
        for (index, name) in ["a_pos", "a_color", "a_shape", "a_params", "a_cutStart", "a_cutEnd"].enumerated() {
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
        heightUniform = glGetUniformLocation(program, "u_height")
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
                let half = SIMD2(Float(width), Float(height)) / 2
                appendQuad(Frame(centre: half, half: half), top: top.premultiplied, bottom: bottom.premultiplied)
            case let .rect(rect, fill):
                // Grown by 1 px so pixels whose centres fall just outside a fractional edge get their partial coverage.
                let half = SIMD2(Float(rect.width), Float(rect.height)) * (s / 2)
                appendQuad(Frame(centre: SIMD2(Float(rect.center.x), Float(rect.center.y)) * s, half: half),
                           outset: 1, top: fill.premultiplied)
            case let .roundedRect(shape):
                appendRoundedRect(shape, scale: s)
            case let .line(segment):
                appendLine(segment, scale: s)
            case let .snappedRect(rect, fill):
                // Edges on whole buffer px: the shader's 1 px ramp then gives exactly 1 inside and 0 outside.
                let minimum = (SIMD2(Float(rect.x), Float(rect.y)) * s).rounded(.toNearestOrAwayFromZero)
                let maximum = (SIMD2(Float(rect.maxX), Float(rect.maxY)) * s).rounded(.toNearestOrAwayFromZero)
                appendQuad(Frame(centre: (minimum + maximum) / 2, half: (maximum - minimum) / 2), top: fill.premultiplied)
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
        glUniform1f(heightUniform, Float(height))
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
        attribute(3, 4, 10)
        attribute(4, 4, 14)
        attribute(5, 4, 18)
        glDrawArrays(GLenum(GL_TRIANGLES), 0, GLsizei(vertices.count))
        for index in 0..<6 {
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
        let opacity = Float(min(max(shape.opacity, 0), 1))
        guard opacity > 0, shape.scale > 0 else { return }
        let centre = SIMD2(Float(shape.rect.center.x), Float(shape.rect.center.y)) * s
        let halfSize = shape.scaledHalfSize
        let half = SIMD2(Float(halfSize.x), Float(halfSize.y)) * s
        let radius = Float(shape.scaledCornerRadius) * s
        let axis = shape.rotation == 0
            ? SIMD2<Float>(1, 0) : SIMD2(Float(Double.cos(shape.rotation)), Float(Double.sin(shape.rotation)))
        if let shadow = shape.shadow, shadow.color.a > 0 {
            // Blur radius ≈ 2σ (as CSS box-shadow); the Gaussian is negligible beyond 3σ. Offset in screen space.
            let sigma = Float(max(shadow.blurRadius, 0)) * s / 2
            let offset = SIMD2(Float(shadow.offset.x), Float(shadow.offset.y)) * s
            let colour = shadow.color.withAlpha(shadow.color.a * opacity).premultiplied
            appendQuad(Frame(centre: centre + offset, half: half, axis: axis), outset: 3 * sigma + 1,
                       top: colour, radius: radius, sigma: sigma)
        }
        let colour = shape.fill.withAlpha(shape.fill.a * opacity).premultiplied
        appendQuad(Frame(centre: centre, half: half, axis: axis), outset: 1, top: colour, radius: radius)
    }

    /// Appends one quad for a line segment: a rect along the segment; at a joined end, grown to reach the miter
    /// line and cut there.
    private func appendLine(_ segment: LineSegment, scale s: Float) {
        let delta = segment.to - segment.from
        let length = Float((delta * delta).sum().squareRoot()) * s
        let halfWidth = Float(max(segment.width, 0)) * s / 2
        guard length > 0, halfWidth > 0, segment.color.a > 0 else { return }
        let start = segment.previousDirection.map { Self.miter(before: $0, after: delta, at: segment.from, scale: s) }
        let end = segment.nextDirection.map { Self.miter(before: delta, after: $0, at: segment.to, scale: s) }
        // Reach beyond each joined end far enough to hold the miter (half width × tan(turn/2)), at most 4 widths.
        let startReach = min(start?.reach ?? 0, 8) * halfWidth
        let endReach = min(end?.reach ?? 0, 8) * halfWidth
        let from = SIMD2(Float(segment.from.x), Float(segment.from.y)) * s
        let to = SIMD2(Float(segment.to.x), Float(segment.to.y)) * s
        let axis = (to - from) / length
        // The quad is the segment box extended by the reaches; its centre shifts so the box stays symmetric.
        let centre = (from + to) / 2 + axis * ((endReach - startReach) / 2)
        let half = SIMD2((length + startReach + endReach) / 2, halfWidth)
        appendQuad(Frame(centre: centre, half: half, axis: axis), outset: 1, top: segment.color.premultiplied,
                   cutStart: start?.plane ?? .zero, cutEnd: end?.plane ?? .zero)
    }

    /// The miter plane where a segment along `before` meets one along `after` at `joint` (logical px), as
    /// (normal, point) in buffer px, plus tan(turn/2), how far the miter reaches past the joint per half width.
    /// Computed from the two directions in one fixed order, so both segments of a joint get identical Floats.
    private static func miter(before: SIMD2<Double>, after: SIMD2<Double>, at joint: SIMD2<Double>, scale: Float)
        -> (plane: SIMD4<Float>, reach: Float) {
        let a = before / (before * before).sum().squareRoot()
        let b = after / (after * after).sum().squareRoot()
        var normal = a + b
        let normalLength = (normal * normal).sum().squareRoot()
        // A full reversal has no miter; cut square to the incoming segment instead.
        normal = normalLength > 1e-9 ? normal / normalLength : a
        let cosine = (a * b).sum()
        let sine = abs(a.x * b.y - a.y * b.x)
        let reach = 1 + cosine > 1e-9 ? sine / (1 + cosine) : .infinity
        let point = SIMD2(Float(joint.x), Float(joint.y)) * scale
        return (SIMD4(Float(normal.x), Float(normal.y), point.x, point.y), Float(reach))
    }

    /// Appends two triangles covering `frame`'s box grown by `outset` px (in its own rotated frame); `bottom`
    /// (default `top`) gives a vertical gradient across the box's own height (used unrotated, for backgrounds).
    private func appendQuad(_ frame: Frame, outset: Float = 0, top: RGBA, bottom: RGBA? = nil,
                            radius: Float = 0, sigma: Float = 0, cutStart: SIMD4<Float> = .zero,
                            cutEnd: SIMD4<Float> = .zero) {
        let half = frame.half
        guard half.x > 0, half.y > 0 else { return }
        let bottom = bottom ?? top
        let grown = half + SIMD2(repeating: outset)
        // Colours at the grown quad's edges, so a gradient spans exactly the shape's own height.
        let topColour = outset > 0 && bottom != top ? top.mixed(with: bottom, -outset / (2 * half.y)) : top
        let bottomColour = outset > 0 && bottom != top ? top.mixed(with: bottom, 1 + outset / (2 * half.y)) : bottom
        let c = frame.axis.x
        let sn = frame.axis.y
        func vertex(_ lx: Float, _ ly: Float, _ colour: RGBA) {
            // Local (lx, ly) → screen: centre + R(θ)·local, R = [[c, −s], [s, c]] (clockwise with y down).
            vertices.append(Vertex(x: frame.centre.x + c * lx - sn * ly, y: frame.centre.y + sn * lx + c * ly,
                                   r: colour.r, g: colour.g, b: colour.b, a: colour.a,
                                   centreX: frame.centre.x, centreY: frame.centre.y,
                                   halfWidth: half.x, halfHeight: half.y, radius: radius, sigma: sigma,
                                   cosine: c, sine: sn,
                                   startNormalX: cutStart.x, startNormalY: cutStart.y,
                                   startPointX: cutStart.z, startPointY: cutStart.w,
                                   endNormalX: cutEnd.x, endNormalY: cutEnd.y, endPointX: cutEnd.z, endPointY: cutEnd.w))
        }
        vertex(-grown.x, -grown.y, topColour)
        vertex(grown.x, -grown.y, topColour)
        vertex(-grown.x, grown.y, bottomColour)
        vertex(grown.x, -grown.y, topColour)
        vertex(grown.x, grown.y, bottomColour)
        vertex(-grown.x, grown.y, bottomColour)
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
