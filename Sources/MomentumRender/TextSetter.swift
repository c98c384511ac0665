import CGLES
import MomentumLayers
import MomentumText

/// Sets `TextRun`s for the renderer: the fonts (found on first use), shaped runs (cached by string, size and
/// weight), and the glyph atlas as a single-channel GL texture (luminance, so GLES 2.0 and 3 both sample it), uploaded
/// whole when the atlas grows and by its dirty rectangle otherwise. Needs the renderer's current context.
final class TextSetter {
    /// A glyph to draw: its pixels in buffer px (y down) and in the atlas (texture coordinates).
    struct Glyph {
        var minimum: SIMD2<Float>
        var maximum: SIMD2<Float>
        var uvMinimum: SIMD2<Float>
        var uvMaximum: SIMD2<Float>
    }

    private struct ShapeKey: Hashable {
        var string: String
        var pixelSize: Double
        var weight: FontWeight
    }

    private let log: (String) -> Void
    private var shaper: TextShaper?
    private var atlas: GlyphAtlas?
    /// Set once the fonts could not be loaded: text draws nothing from then on.
    private(set) var failure: String?
    private var shaped: [ShapeKey: ShapedRun] = [:]
    private var texture: GLuint = 0
    private var uploadedGeneration = -1

    /// Reports the face chosen (or the fallback, or the failure) through `log`, once.
    init(log: @escaping (String) -> Void) {
        self.log = log
    }

    deinit {
        if texture != 0 { glDeleteTextures(1, &texture) }
    }

    /// The glyphs of `run` at `scale` buffer px per logical px, appended to `glyphs`.
    func glyphs(for run: TextRun, scale: Float, into glyphs: inout [Glyph]) {
        let quads = quads(for: run, scale: scale)  // loads the fonts and makes the atlas the first time
        guard let atlas else { return }
        for quad in quads {
            let uv = atlas.textureCoordinates(of: quad.atlas)
            glyphs.append(Glyph(minimum: SIMD2(Float(quad.screen.minX), Float(quad.screen.minY)),
                                maximum: SIMD2(Float(quad.screen.maxX), Float(quad.screen.maxY)),
                                uvMinimum: SIMD2(uv.u0, uv.v0), uvMaximum: SIMD2(uv.u1, uv.v1)))
        }
    }

    /// The glyphs of `run` at `scale` as the atlas places them: where each goes (buffer px, whole pixels) and which
    /// of the atlas's coverage bytes it takes, texel for pixel (empty where the fonts could not be loaded).
    func quads(for run: TextRun, scale: Float) -> [GlyphQuad] {
        guard let shaper = loadedShaper(), let atlas else { return [] }
        let pixelSize = run.size * Double(scale)
        let weight: FontWeight = run.weight == .semibold ? .semibold : .regular
        let key = ShapeKey(string: run.string, pixelSize: pixelSize, weight: weight)
        let shapedRun: ShapedRun
        if let cached = shaped[key] {
            shapedRun = cached
        } else {
            if shaped.count >= 512 { shaped.removeAll(keepingCapacity: true) }
            shapedRun = shaper.shape(run.string, pixelSize: pixelSize, weight: weight)
            shaped[key] = shapedRun
        }
        let share = switch run.alignment {
        case .leading: 0.0
        case .center: 0.5
        case .trailing: 1.0
        }
        let x = run.position.x * Double(scale) - shapedRun.width * share
        let y = run.position.y * Double(scale)
        return atlas.layout(shapedRun, x: x, y: y)
    }

    /// Calls `body` with the atlas's coverage bytes (`width` a row, top row first) and its width; nil before any
    /// text was laid out.
    func withAtlasBytes<R>(_ body: (UnsafeRawBufferPointer, Int) -> R) -> R? {
        guard let atlas else { return nil }
        return atlas.withUnsafeBytes { body($0, atlas.width) }
    }

    /// The atlas's generation: text quads laid out under another one have stale texture coordinates (the atlas grew
    /// or was cleared since).
    var generation: Int { atlas?.generation ?? 0 }

    /// Brings the texture up to date with the atlas (call after the frame's text is laid out, before drawing).
    func upload() {
        guard let atlas, atlas.generation != uploadedGeneration || atlas.dirtyRect != nil else { return }
        glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        if texture == 0 {
            glGenTextures(1, &texture)
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            // Texel-aligned quads: nearest sampling gives each pixel exactly its coverage byte.
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_NEAREST)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        } else {
            glBindTexture(GLenum(GL_TEXTURE_2D), texture)
        }
        if atlas.generation != uploadedGeneration {
            atlas.withUnsafeBytes { bytes in
                glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_LUMINANCE, GLsizei(atlas.width), GLsizei(atlas.height), 0,
                             GLenum(GL_LUMINANCE), GLenum(GL_UNSIGNED_BYTE), bytes.baseAddress)
            }
            uploadedGeneration = atlas.generation
            _ = atlas.takeDirtyRect()
        } else if let dirty = atlas.takeDirtyRect() {
            let pixels = atlas.pixels(in: dirty)
            glTexSubImage2D(GLenum(GL_TEXTURE_2D), 0, GLint(dirty.minX), GLint(dirty.minY), GLsizei(dirty.width),
                            GLsizei(dirty.height), GLenum(GL_LUMINANCE), GLenum(GL_UNSIGNED_BYTE), pixels)
        }
        glBindTexture(GLenum(GL_TEXTURE_2D), 0)
    }

    /// Binds the atlas texture to unit 0.
    func bind() {
        glBindTexture(GLenum(GL_TEXTURE_2D), texture)
    }

    /// The shaper, loading the fonts the first time (nil once that failed).
    private func loadedShaper() -> TextShaper? {
        if let shaper { return shaper }
        guard failure == nil else { return nil }
        do {
            let fonts = try Fonts(log: log)
            var maximum: GLint = 0
            glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &maximum)
            atlas = GlyphAtlas(fonts: fonts, maxHeight: min(2048, max(Int(maximum), 256)))
            let shaper = TextShaper(fonts: fonts)
            self.shaper = shaper
            return shaper
        } catch {
            failure = error.description
            log("text: \(error.description); text is not drawn")
            return nil
        }
    }
}
