import RealModule
import CGLES
import MomentumLayers
import MomentumText

/// Draws a `DrawList` with OpenGL ES into the current context's surface.
///
/// Each command becomes one or a few quads; consecutive quads of the same primitive (background gradient,
/// anti-aliased shape, soft shadow) share a draw call with that primitive's shader. `render` redraws only what
/// changed since the previous frame: it diffs the draw list against the last one, turns the commands that differ
/// into damage rectangles (their old and new bounds) and redraws inside them (scissored), either into a persistent
/// offscreen framebuffer that is then copied to the window (where the back buffer's age is unknown), or straight into
/// a back buffer whose age is known. `draw` redraws everything.
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

    /// The primitive a quad is drawn as, each with its own fragment shader.
    private enum Primitive: Int, CaseIterable {
        case flat, shape, shadow, texture, glyph
    }

    /// Consecutive vertices drawn with one program.
    private struct Batch {
        var primitive: Primitive
        var first: Int
        var count: Int
        /// The texture a `.texture` run samples (0: the bound one, the offscreen frame's).
        var texture: GLuint = 0
    }

    /// Where `render` draws.
    public enum Target: Equatable, Sendable {
        /// A persistent offscreen framebuffer that keeps the last frame: only the damage is redrawn there, then the
        /// whole frame is copied to the bound framebuffer with one textured quad. For back buffers of unknown age.
        case offscreenCopy
        /// The bound framebuffer, holding the frame drawn `age` frames ago (`EGL_EXT_buffer_age`; 0 = unknown,
        /// redrawn in full).
        case backBuffer(age: Int)
        /// A back buffer of unknown age, the cheaper way for the damage: a small one through the offscreen frame
        /// (`offscreenCopy`), a large one drawn in full straight into the back buffer. Copying the offscreen frame
        /// costs about two thirds of a full redraw on llvmpipe (2.2 of 3.3 ms at 800×600), so redrawing a large
        /// damage there and copying it costs more than drawing everything.
        case window
        /// A buffer of the app's own (`BufferPixels`, BGRA bytes, top row first) holding the frame drawn `age`
        /// frames ago (0: unknown, redrawn in full): the redrawn rectangles are drawn band by band into one
        /// framebuffer at least `bandRows` high (one band shared by every surface where the window is drawn so, as large as
        /// the window; each frame drawn in its bottom left corner) and read back into it. No
        /// full-size GL buffer is needed. With `newest`, the buffer holding the last frame (which the compositor may
        /// still hold: it is only read), what the older buffer missed before this frame is copied from there, and
        /// only this frame's damage is drawn.
        case bands(age: Int, into: BufferPixels, newest: BufferPixels? = nil)
    }

    /// Rows of the framebuffer `Target.bands` draws through (3.75 MiB at 3840 px wide).
    public static let bandRows = 256
    /// `bandRows`, fewer in tests (several bands in a small frame) and where the band's memory counts more than the
    /// passes (the layer surfaces' band beside an EGL window, `RenderTarget.layerBandRows`). Changed, the band
    /// framebuffer goes (the next band makes one of the new height).
    public var bandRows = Renderer.bandRows {
        didSet { if bandRows != oldValue { bandFramebuffers.removeAll() } }
    }

    /// The buffer size of a window drawn in bands: then one band framebuffer serves every surface, made for this
    /// size at once (`bandRows` of the window's width, or its height where that is lower), whichever surface draws
    /// in bands first (a smaller first one, a layer or a tile, followed by a larger one would leave the smaller,
    /// freed, resident in the heap beside it). (0, 0): a window with a surface of its own; a band of each of the last
    /// two sizes drawn (`bandFramebuffers`). Changed, the band framebuffers go.
    public var bandWindow = (width: 0, height: 0) {
        didSet { if bandWindow != oldValue { bandFramebuffers.removeAll() } }
    }

    /// For `Target.window`: damage up to this share of the window goes through the offscreen frame.
    public static let offscreenDamageShare = 0.25

    private static let verticesPerQuad = 6
    /// Frames of damage kept for buffer ages up to this.
    public static let damageHistoryLength = 4

    /// Each primitive's program, by raw value. The texture program copies the offscreen frame where there is no
    /// `glBlitFramebuffer` (GLES 2) and draws rasters: on GLES 3 it is made at the first raster drawn, not before (a
    /// linked program holds ~0.9 MiB of Mesa's heap).
    private var programs: [ShaderProgram?]
    /// How many of the shader programs have drawn so far (llvmpipe built their code at their first draw): 0 after a
    /// first frame the CPU wrote whole (`write`).
    public var programsDrawn: Int { programs.reduce(0) { $0 + ($1?.hasDrawn == true ? 1 : 0) } }
    /// Where `programs` come from, for the texture program made at the first raster drawn on GLES 3.
    private let programCache: ProgramCache?

    /// A drawing kept as a texture (`DrawCommand.raster`), by what it holds and the scale it was drawn at.
    private struct RasterKey: Hashable {
        var content: DrawList
        var size: SIMD2<Double>
        var scale: Double

        /// Hashed by its size, scale and number of commands, not by every command: the few rasters kept rarely
        /// share those, and a face kept by the layer tree while it turns (`LayerTree.rasterRun`) is the same
        /// storage every frame, which equality finds at once, where hashing would read every command each frame.
        func hash(into hasher: inout Hasher) {
            hasher.combine(size)
            hasher.combine(scale)
            hasher.combine(content.commands.count)
        }
    }
    private struct RasterEntry {
        var framebuffer: Framebuffer
        /// `renderCount` when a list last held it.
        var lastUsed: Int
        /// Its texels read back once for the CPU (`rasterImage`), nil until asked for.
        var image: RasterImage?
    }
    /// The rasters drawn, kept while lists hold them: one is let go once `rasterKeepRenders` renders went by
    /// without it (its layer gone, turned back upright, or its drawing changed), and the least recently used go
    /// first past `rasterByteLimit`.
    private var rasters: [RasterKey: RasterEntry] = [:]
    /// `draw` and `render` calls so far.
    private var renderCount = 0
    /// Renders (of any surface) a raster is kept without being drawn.
    static let rasterKeepRenders = 32
    /// The most the kept rasters hold, bytes (a 216x216 card at scale 2 is 0.7 MiB).
    static let rasterByteLimit = 16 << 20
    /// What the kept rasters hold now, bytes (4 a texel, twice for one whose texels the CPU also keeps).
    public var rasterBytes: Int {
        rasters.values.reduce(0) { sum, entry in
            sum + entry.framebuffer.width * entry.framebuffer.height * 4 + (entry.image.map { $0.pixels.count * 4 } ?? 0)
        }
    }
    /// Rasters drawn into their textures so far (a raster kept and shown again is not counted again).
    public private(set) var rastersDrawn = 0
    private let vertexBuffer: GLuint
    /// Capacity of `vertexBuffer` in bytes.
    private var bufferCapacity = 0
    /// Vertex scratch, rebuilt every frame without giving its storage back.
    private var vertices: [Vertex] = []
    /// Each command's quads as runs of one primitive, in order (runs never span two commands).
    private var batches: [Batch] = []
    /// Each command's runs in `batches`.
    private var commandBatches: [Range<Int>] = []
    /// Runs to draw in one scissored pass: those of the commands that reach the pass, adjacent ones joined.
    private var passBatches: [Batch] = []
    /// Each command's pixel bounds in the list being drawn (nil: it draws nothing).
    private var bounds: [PixelRect?] = []

    private var diff = CommandDiff()
    /// What `render` knows of the earlier frames of one surface (the window is surface 0).
    private struct SurfaceState {
        /// The last frame `render` drew: its commands, their hashes, and the viewport and scale they were for.
        var previous: (commands: [DrawCommand], keys: [Int], width: Int, height: Int, scale: Double)?
        /// The last frame's quads, runs and bounds, by command (what `build` made for `previous`), and the glyph
        /// atlas generation its text was laid out under.
        var lastFrame: (vertices: [Vertex], batches: [Batch], commandBatches: [Range<Int>], bounds: [PixelRect?],
                        generation: Int) = ([], [], [], [], -1)
        /// Damage of the last frames `render` drew, newest first (each relative to the frame before it).
        var history: [DamageRegion] = []
        var offscreen: Framebuffer?
        /// Whether `offscreen` holds the last frame (a frame drawn straight into the window leaves it stale).
        var offscreenIsCurrent = false
        /// Whether the last `render` damaged at most `offscreenDamageShare` of the window.
        var lastDamageWasSmall = false
    }
    /// The state of the surface drawn last (`currentSurface`).
    private var state = SurfaceState()
    /// The other surfaces' states.
    private var surfaceStates: [Int: SurfaceState] = [:]
    /// The surface whose state `state` is.
    private var currentSurface = 0
    /// What the last `render` redrew, in buffer px (more than the damage when it drew in full).
    public internal(set) var lastRedrawnPixels = 0
    /// The damage of the frame `render` is drawing, set before it asks for its target (a caller's target may depend
    /// on it: a window's small damage drawn into a patch, `RenderTarget.WindowPatch`).
    public private(set) var damageToDraw = DamageRegion(width: 0, height: 0)
    /// The raster `write(_:width:height:scale:into:)` writes shapes and segments with, kept between writes for its
    /// rows' record (`ShapeRaster.forget(height:)`), so that no write allocates one.
    var listRaster = ShapeRaster()

    /// Number of quads in the last `draw` or `render` (each shadow is one to four quads, each shape, rect, line
    /// or text run one more).
    public private(set) var lastQuadCount = 0

    /// Whether the context is GLES 3, whose `glBlitFramebuffer` copies the offscreen frame (GLES 2 draws it).
    let canBlit: Bool

    /// Text: fonts, shaping, the glyph atlas texture.
    let text: TextSetter
    private var glyphScratch: [TextSetter.Glyph] = []

    /// The current context's `GL_VENDOR`, `GL_RENDERER` and `GL_VERSION` (empty where the driver says nothing).
    public static func glStrings() -> (vendor: String, renderer: String, version: String) {
        func string(_ name: Int32) -> String { glGetString(GLenum(name)).map { String(cString: $0) } ?? "" }
        return (string(GL_VENDOR), string(GL_RENDERER), string(GL_VERSION))
    }

    /// The longest buffer side the current context draws into: the smallest of its viewport, renderbuffer and
    /// texture limits (0 when it says none).
    public static func maximumBufferSide() -> Int32 {
        var viewport: [GLint] = [0, 0]
        var renderbuffer: GLint = 0, texture: GLint = 0
        glGetIntegerv(GLenum(GL_MAX_VIEWPORT_DIMS), &viewport)
        glGetIntegerv(GLenum(GL_MAX_RENDERBUFFER_SIZE), &renderbuffer)
        glGetIntegerv(GLenum(GL_MAX_TEXTURE_SIZE), &texture)
        let known = (viewport + [renderbuffer, texture]).filter { $0 > 0 }
        return known.min() ?? 0
    }

    /// Compiles and links the shaders (or loads them from `programCache`'s binaries); needs a current context.
    /// `fontLog` hears which face text uses (once, at the first text drawn) or why there is none.
    public init(fontLog: @escaping (String) -> Void = { _ in }, programCache: ProgramCache? = nil) throws {
        let version = glGetString(GLenum(GL_VERSION)).map { String(cString: $0) } ?? ""
        let canBlit = !version.hasPrefix("OpenGL ES 2") && version.hasPrefix("OpenGL ES")
        self.canBlit = canBlit
        self.programCache = programCache
        programs = try Primitive.allCases.map { primitive -> ShaderProgram? in
            if primitive == .texture && canBlit { return nil }
            let (name, vertex, fragment) = switch primitive {
            case .flat: ("flat", Shaders.vertex, Shaders.flat)
            case .shape: ("shape", Shaders.vertex, Shaders.shape)
            case .shadow: ("shadow", Shaders.vertex, Shaders.shadow)
            case .texture: ("texture", Shaders.textureVertex, Shaders.texture)
            case .glyph: ("glyph", Shaders.textureVertex, Shaders.glyph)
            }
            return try ShaderProgram(name: name, vertex: vertex, fragment: fragment, cache: programCache)
        }
        text = TextSetter(log: fontLog)
        var buffer: GLuint = 0
        glGenBuffers(1, &buffer)
        vertexBuffer = buffer
        vertices.reserveCapacity(64 * Self.verticesPerQuad)
    }

    deinit {
        var buffer = vertexBuffer
        glDeleteBuffers(1, &buffer)
    }

    /// Draws all of `list` into the bound framebuffer's `width`×`height` buffer-px viewport; logical px × `scale`
    /// = buffer px. Starts from opaque black, so the frame never shows through to the compositor. Leaves what
    /// `render` knows of earlier frames alone (call `invalidate()` if this drew into a buffer `render` uses).
    /// `clear` is what the frame starts from: opaque black for a window, `.clear` (transparent) for a layer's own
    /// surface, whose shadow must let the window show through.
    /// A raster (`DrawCommand.raster`) whose texture cannot be made (a framebuffer the driver refuses) draws nothing
    /// here; `render` throws instead.
    public func draw(_ list: DrawList, width: Int, height: Int, scale: Double, clear: RGBA = RGBA(r: 0, g: 0, b: 0)) {
        renderCount += 1
        defer { letGoOfRasters() }
        try? prepareRasters(list.commands, scale: scale)
        build(list, scale: Float(scale), width: width, height: height)
        let full = DamageRegion.full(width: width, height: height)
        upload()
        drawBatches(in: full, width: width, height: height, clear: clear)
    }

    /// Draws `list` into `target` redrawing only what changed since the last `render` (everything the first time,
    /// and after a change of size or scale); returns the damage, which is also what the frame should tell the
    /// compositor when it can (`eglSwapBuffersWithDamage`). The frame's pixels equal a full `draw` of `list`.
    /// `surface` names the surface drawn into (0, the window, by default): each keeps its own earlier frames.
    /// `clear` is what a redrawn region starts from (transparent for a layer's own surface).
    @discardableResult
    public func render(_ list: DrawList, width: Int, height: Int, scale: Double, into target: @autoclosure () throws -> Target,
                       surface: Int = 0,
                       clear: RGBA = RGBA(r: 0, g: 0, b: 0)) throws -> DamageRegion {
        switchState(to: surface)
        var damage = DamageRegion(width: width, height: height)
        if let previous = state.previous, previous.width == width, previous.height == height, previous.scale == scale,
           previous.commands == list.commands {
            // The same frame again (only what is drawn apart moved): nothing hashed, diffed, built or drawn.
            lastRedrawnPixels = 0
            return damage
        }
        renderCount += 1
        defer { letGoOfRasters() }
        try prepareRasters(list.commands, scale: scale)
        let keys = list.commands.map(\.hashValue)
        if let previous = state.previous, previous.width == width, previous.height == height, previous.scale == scale {
            let changed = diff.unmatched(old: previous.commands, oldKeys: previous.keys, new: list.commands,
                                         newKeys: keys)
            // The commands left are equal pairs, in order: their quads are copied from the last frame, not built
            // again (no text laid out, no glyph looked up).
            var reused = [Int?](repeating: nil, count: list.count)
            var oldChanged = changed.old.makeIterator(), newChanged = changed.new.makeIterator()
            var nextOld = oldChanged.next(), nextNew = newChanged.next()
            var i = 0
            for j in list.commands.indices {
                if j == nextNew { nextNew = newChanged.next(); continue }
                while i == nextOld { i += 1; nextOld = oldChanged.next() }
                reused[j] = i
                i += 1
            }
            // Quads of text laid out under another atlas generation are stale: then nothing is copied.
            let generation = text.generation
            build(list, scale: Float(scale), width: width, height: height,
                  reusing: state.lastFrame.generation == generation ? reused : [])
            for index in changed.old { if let rect = state.lastFrame.bounds[index] { damage.add(rect) } }
            for index in changed.new { if let rect = bounds[index] { damage.add(rect) } }
        } else {
            build(list, scale: Float(scale), width: width, height: height)
            damage = .full(width: width, height: height)
            state.history.removeAll()
        }
        state.previous = (list.commands, keys, width, height, scale)
        // Once drawn, this frame's quads become the surface's last frame by swapping storage with it (not copied);
        // `build` empties the scratch arrays, keeping their capacity, before it fills them again.
        defer {
            swap(&state.lastFrame.vertices, &vertices)
            swap(&state.lastFrame.batches, &batches)
            swap(&state.lastFrame.commandBatches, &commandBatches)
            swap(&state.lastFrame.bounds, &bounds)
            state.lastFrame.generation = text.generation
        }
        // Nothing changed: nothing is drawn, and the caller presents nothing (the buffers' ages stay as they are).
        if damage.isEmpty {
            lastRedrawnPixels = 0
            return damage
        }
        state.history.insert(damage, at: 0)
        if state.history.count > Self.damageHistoryLength { state.history.removeLast() }

        // Asked only now: finding out where to draw may read the back buffer back, which a frame equal to the last
        // one (most frames where only layers drawn apart move) need not pay for.
        damageToDraw = damage
        var target = try target()
        if target == .window {
            let small = Double(damage.area) <= Self.offscreenDamageShare * Double(width * height)
            // A stale offscreen frame needs a full redraw before it helps: worth it only when small damage lasts.
            target = small && (state.offscreenIsCurrent || state.lastDamageWasSmall) ? .offscreenCopy : .backBuffer(age: 0)
            state.lastDamageWasSmall = small
        }
        switch target {
        case .window:
            break
        case .backBuffer(let age):
            let redraw = redrawRegion(age: age, width: width, height: height)
            upload()
            drawBatches(in: redraw, width: width, height: height, clear: clear)
            state.offscreenIsCurrent = false
            lastRedrawnPixels = redraw.area
        case .bands(let age, let pixels, let newest):
            var redraw = redrawRegion(age: age, width: width, height: height)
            if age >= 2, age <= state.history.count, let newest, newest.covers == pixels.covers {
                // The frames between: copied from the last frame's buffer, each changed row once.
                var missed = DamageRegion(width: width, height: height)
                for region in state.history[1..<age] { missed.formUnion(region) }
                for rect in missed.rects {
                    let inside = pixels.covers.map { rect.intersection($0) } ?? rect
                    if !inside.isEmpty { Self.copy(inside, from: newest, to: pixels) }
                }
                redraw = damage
            }
            if let covers = pixels.covers {
                var inside = DamageRegion(width: width, height: height)
                for rect in redraw.rects { inside.add(rect.intersection(covers)) }
                redraw = inside
            }
            upload()
            try drawInBands(redraw, width: width, height: height, clear: clear, into: pixels)
            state.offscreenIsCurrent = false
            lastRedrawnPixels = redraw.area
        case .offscreenCopy:
            let window = Framebuffer.current
            var redraw = damage
            if !state.offscreenIsCurrent { redraw = .full(width: width, height: height) }
            if state.offscreen?.width != width || state.offscreen?.height != height {
                state.offscreen = nil
                state.offscreen = canBlit ? try Framebuffer(blittableWidth: width, height: height)
                                    : try Framebuffer(width: width, height: height)
                redraw = .full(width: width, height: height)
            }
            guard let offscreen = state.offscreen else { return damage }
            state.offscreenIsCurrent = true
            lastRedrawnPixels = redraw.area
            let copy = canBlit ? nil : appendCopy(width: width, height: height)
            upload()
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), offscreen.framebuffer)
            drawBatches(in: redraw, width: width, height: height)
            if canBlit {
                glBindFramebuffer(GLenum(GL_READ_FRAMEBUFFER), offscreen.framebuffer)
                glBindFramebuffer(GLenum(GL_DRAW_FRAMEBUFFER), window)
                glBlitFramebuffer(0, 0, GLint(width), GLint(height), 0, 0, GLint(width), GLint(height),
                                  GLbitfield(GL_COLOR_BUFFER_BIT), GLenum(GL_NEAREST))
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), window)
            } else {
                glBindFramebuffer(GLenum(GL_FRAMEBUFFER), window)
                glBindTexture(GLenum(GL_TEXTURE_2D), offscreen.texture)
                drawBatches(in: .full(width: width, height: height), width: width, height: height, copy: copy)
                glBindTexture(GLenum(GL_TEXTURE_2D), 0)
            }
        }
        return damage
    }

    /// What a buffer holding the frame drawn `age` frames ago needs redrawn: the damage of the frames since, or
    /// everything when its age is unknown or older than the history.
    private func redrawRegion(age: Int, width: Int, height: Int) -> DamageRegion {
        guard age >= 1, age <= state.history.count else { return .full(width: width, height: height) }
        var redraw = DamageRegion(width: width, height: height)
        for region in state.history.prefix(age) { redraw.formUnion(region) }
        return redraw
    }

    /// The framebuffers `Target.bands` draws through, the last used first. Where the window itself is drawn in
    /// bands (`bandWindow` set), one for every surface, made at once at the window's width × `bandRows` (larger only
    /// for a layer wider than the window): a narrower or lower frame (a layer, a list's tile) is drawn in its bottom
    /// left corner, where the viewport, the scissor, the fragments' rows and the read-back all count from, so its
    /// pixels are what a framebuffer of its own size gives; a second band of a layer's size was 3.2 MiB beside the
    /// window's 3.75 at the panel scene's peak at 1920x1080@2. Beside an EGL window (only layers and tiles drawn in
    /// bands, 128 rows), one for each of the last two sizes drawn, each of that size, as before.
    private var bandFramebuffers: [Framebuffer] = []
    /// One row, for turning the rows read back over in place.
    private var rowScratch: [UInt8] = []
    /// Whether band framebuffers are BGRA8 (nil: not tried yet; false: the driver cannot draw into one).
    private var bandsInBGRA: Bool?
    /// Rectangles narrower than the buffer on ES 2 (no `GL_PACK_ROW_LENGTH`), read here and copied row by row.
    private var bandScratch: [UInt8] = []

    /// Draws `region` of a `width`×`height` frame band after band through `band` and copies each band's part of
    /// each rectangle into `pixels` (BGRA where `GL_EXT_read_format_bgra` is offered, top row first). Leaves the
    /// default framebuffer bound.
    private func drawInBands(_ region: DamageRegion, width: Int, height: Int, clear: RGBA,
                             into pixels: BufferPixels) throws {
        let rows = min(bandRows, height)
        let band = try bandFramebuffer(width: width, rows: rows)
        defer { glBindFramebuffer(GLenum(GL_FRAMEBUFFER), 0) }
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), band.framebuffer)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 4)
        var top = 0
        while top < height {
            let rowsHere = PixelRect(minX: 0, minY: top, maxX: width, maxY: min(top + rows, height))
            var part = DamageRegion(width: width, height: height)
            for rect in region.rects where rect.intersects(rowsHere) { part.add(rect.intersection(rowsHere)) }
            if !part.isEmpty {
                drawBatches(in: part, width: width, height: height, clear: clear, band: (top, rows))
                for rect in part.rects { readBack(rect, band: (top, rows), into: pixels) }
            }
            top += rows
        }
    }

    /// The band framebuffer a frame `width` px wide draws `rows` rows at a time through (`bandFramebuffers`).
    private func bandFramebuffer(width: Int, rows: Int) throws -> Framebuffer {
        if bandWindow.width > 0 {
            if let have = bandFramebuffers.first, bandFramebuffers.count == 1, have.width >= width, have.height >= rows {
                return have
            }
            let wider = max(width, bandWindow.width, bandFramebuffers.map(\.width).max() ?? 0)
            let higher = max(rows, min(bandRows, bandWindow.height), bandFramebuffers.map(\.height).max() ?? 0)
            bandFramebuffers.removeAll()  // the smaller ones go before the larger is made
            let band = try makeBand(width: wider, height: higher)
            bandFramebuffers = [band]
            return band
        }
        if let index = bandFramebuffers.firstIndex(where: { $0.width == width && $0.height == rows }) {
            if index > 0 { bandFramebuffers.insert(bandFramebuffers.remove(at: index), at: 0) }
        } else {
            if bandFramebuffers.count >= 2 { bandFramebuffers.removeLast() }
            bandFramebuffers.insert(try makeBand(width: width, height: rows), at: 0)
        }
        return bandFramebuffers[0]
    }

    /// A band framebuffer of `width`×`height` px: BGRA8 where the driver draws into one
    /// (`GL_EXT_texture_format_BGRA8888`, `Framebuffer(bgraWidth:)`: the buffers' own byte order, drawn as cheaply
    /// as a window's back buffer), else RGBA8 (read back as BGRA).
    private func makeBand(width: Int, height: Int) throws -> Framebuffer {
        if bandsInBGRA == nil { bandsInBGRA = Self.hasExtension("GL_EXT_texture_format_BGRA8888") }
        if bandsInBGRA == true {
            do {
                return try Framebuffer(bgraWidth: width, height: height)
            } catch {
                bandsInBGRA = false
                // The refused texture's errors, not a later call's.
                for _ in 0..<8 { if glGetError() == GLenum(GL_NO_ERROR) { break } }
            }
        }
        return canBlit ? try Framebuffer(blittableWidth: width, height: height)
                       : try Framebuffer(width: width, height: height)
    }

    /// Copies `rect` (px) from one buffer of the app's to another of the same size.
    private static func copy(_ rect: PixelRect, from source: BufferPixels, to target: BufferPixels) {
        for row in rect.minY..<rect.maxY {
            target.address(x: rect.minX, y: row)
                .copyMemory(from: source.address(x: rect.minX, y: row), byteCount: rect.width * 4)
        }
    }

    /// Copies `rect` (frame px, within the band of `rows` rows from row `top`) from the band framebuffer into
    /// `pixels`: read straight into its place (rows spaced by the buffer's stride: `GL_PACK_ROW_LENGTH` on ES 3, or
    /// a rectangle as wide as the buffer), then its rows, which GL gives bottom first, turned over in place.
    private func readBack(_ rect: PixelRect, band: (top: Int, rows: Int), into pixels: BufferPixels) {
        let rowBytes = rect.width * 4
        // The band's GL rows count up from its bottom (row `top + rows` of the frame is GL row 0).
        let glY = GLint(band.top + band.rows - rect.maxY)
        let place = pixels.address(x: rect.minX, y: rect.minY)
        let inPlace = canBlit || rowBytes == pixels.stride
        if inPlace {
            if canBlit { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), GLint(pixels.stride / 4)) }
            glReadPixels(GLint(rect.minX), glY, GLsizei(rect.width), GLsizei(rect.height), pixels.format,
                         GLenum(GL_UNSIGNED_BYTE), place)
            if canBlit { glPixelStorei(GLenum(GL_PACK_ROW_LENGTH), 0) }
            if rowScratch.count < rowBytes { rowScratch = [UInt8](repeating: 0, count: rowBytes) }
            rowScratch.withUnsafeMutableBytes { row in
                guard let spare = row.baseAddress else { return }
                for upper in 0..<rect.height / 2 {
                    let a = place + upper * pixels.stride, b = place + (rect.height - 1 - upper) * pixels.stride
                    spare.copyMemory(from: a, byteCount: rowBytes)
                    a.copyMemory(from: b, byteCount: rowBytes)
                    b.copyMemory(from: spare, byteCount: rowBytes)
                }
            }
            return
        }
        let count = rowBytes * rect.height
        if bandScratch.count < count { bandScratch = [UInt8](repeating: 0, count: count) }
        bandScratch.withUnsafeMutableBytes { raw in
            guard let source = raw.baseAddress else { return }
            glReadPixels(GLint(rect.minX), glY, GLsizei(rect.width), GLsizei(rect.height), pixels.format,
                         GLenum(GL_UNSIGNED_BYTE), source)
            for row in 0..<rect.height {
                (place + row * pixels.stride).copyMemory(from: source + (rect.height - 1 - row) * rowBytes,
                                                         byteCount: rowBytes)
            }
        }
    }

    /// Makes `state` the state of `surface`, keeping the current one for later.
    private func switchState(to surface: Int) {
        guard surface != currentSurface else { return }
        surfaceStates[currentSurface] = state
        state = surfaceStates.removeValue(forKey: surface) ?? SurfaceState()
        currentSurface = surface
    }

    /// Forgets what `render` knows of `surface`'s earlier frames: its next `render` redraws everything.
    public func forget(surface: Int) {
        guard surface == currentSurface else {
            surfaceStates[surface] = nil
            return
        }
        state.previous = nil
        state.history.removeAll()
        state.offscreenIsCurrent = false
    }

    /// Forgets the window's earlier frames: the next `render` into it redraws everything.
    public func invalidate() { forget(surface: 0) }

    /// Turns `list` into quads and batches, and records each command's pixel bounds. A command with an index in
    /// `reusing` is the last frame's command at that index (equal, at the same scale and viewport): its quads, runs
    /// and bounds are copied from there.
    private func build(_ list: DrawList, scale s: Float, width: Int, height: Int, reusing: [Int?] = []) {
        // Laying text out can grow (or clear) the glyph atlas, which moves every glyph's texture coordinates: text
        // laid out before that in this list is stale, so the list is built again against the atlas as it is now.
        for pass in 0..<3 {
            let generation = text.generation
            buildOnce(list, scale: s, width: width, height: height, reusing: pass == 0 ? reusing : [])
            if text.generation == generation { break }
        }
    }

    private func buildOnce(_ list: DrawList, scale s: Float, width: Int, height: Int, reusing: [Int?]) {
        vertices.removeAll(keepingCapacity: true)
        batches.removeAll(keepingCapacity: true)
        commandBatches.removeAll(keepingCapacity: true)
        bounds.removeAll(keepingCapacity: true)
        for (index, command) in list.commands.enumerated() {
            let start = vertices.count
            let firstBatch = batches.count
            // A raster's quad is built again (one quad), so it names the texture kept for it now.
            if index < reusing.count, let old = reusing[index], !command.isRaster {
                let runs = state.lastFrame.batches[state.lastFrame.commandBatches[old]]
                if let first = runs.first, let last = runs.last {
                    vertices += state.lastFrame.vertices[first.first ..< last.first + last.count]
                    for run in runs { batches.append(Batch(primitive: run.primitive, first: run.first - first.first + start,
                                                           count: run.count)) }
                }
                bounds.append(state.lastFrame.bounds[old])
                commandBatches.append(firstBatch..<batches.count)
                continue
            }
            switch command {
            case let .background(top, bottom):
                let half = SIMD2(Float(width), Float(height)) / 2
                appendQuad(.flat, Frame(centre: half, half: half), top: top.premultiplied, bottom: bottom.premultiplied)
            case let .rect(rect, fill):
                // Grown by 1 px so pixels whose centres fall just outside a fractional edge get their partial coverage.
                let half = SIMD2(Float(rect.width), Float(rect.height)) * (s / 2)
                appendShape(Frame(centre: SIMD2(Float(rect.center.x), Float(rect.center.y)) * s, half: half),
                            colour: fill.premultiplied, radius: 0)
            case let .roundedRect(shape):
                appendRoundedRect(shape, scale: s)
            case let .line(segment):
                appendLine(segment, scale: s)
            case let .text(run):
                appendText(run, scale: s)
            case let .raster(run):
                appendRaster(run, scale: s)
            }
            bounds.append(Self.bounds(of: vertices[start...]))
            commandBatches.append(firstBatch..<batches.count)
        }
        lastQuadCount = vertices.count / Self.verticesPerQuad
        text.upload()
    }

    /// Appends a quad per glyph of `run`, texel for pixel from the atlas, in the run's premultiplied colour.
    private func appendText(_ run: TextRun, scale s: Float) {
        glyphScratch.removeAll(keepingCapacity: true)
        text.glyphs(for: run, scale: s, into: &glyphScratch)
        let colour = run.color.premultiplied
        guard run.rotation == 0 else {
            // Turned about the baseline's point (text on a card that turns): each glyph's quad turned with it, about
            // the whole pixel nearest that point, so a quarter turn keeps the quads on whole pixels, texel for pixel
            // (turned about a point between pixels, nearest sampling dropped columns of the glyphs).
            let pivot = (SIMD2(Float(run.position.x), Float(run.position.y)) * s).rounded(.toNearestOrAwayFromZero)
            let c = Float(Double.cos(run.rotation)), n = Float(Double.sin(run.rotation))
            func turned(_ x: Float, _ y: Float) -> SIMD2<Float> {
                let d = SIMD2(x, y) - pivot
                return pivot + SIMD2(c * d.x - n * d.y, n * d.x + c * d.y)
            }
            for glyph in glyphScratch {
                let a = glyph.minimum, b = glyph.maximum
                let first = appendTexturedQuad(corners: (turned(a.x, a.y), turned(b.x, a.y), turned(a.x, b.y),
                                                         turned(b.x, b.y)),
                                               uv: glyph.uvMinimum, glyph.uvMaximum, colour: colour)
                addToBatch(.glyph, first: first)
            }
            return
        }
        for glyph in glyphScratch {
            let first = appendTexturedQuad(glyph.minimum, glyph.maximum, uv: glyph.uvMinimum, glyph.uvMaximum,
                                           colour: colour)
            addToBatch(.glyph, first: first)
        }
    }

    /// Draws into a texture each raster of `commands` not kept yet (rasters inside it first), and marks those kept
    /// as used now. Uses the build scratch: call it before building the list that holds them.
    private func prepareRasters(_ commands: [DrawCommand], scale: Double) throws {
        for command in commands {
            guard case let .raster(run) = command else { continue }
            let key = RasterKey(content: run.content, size: run.size, scale: scale * run.rasterScale)
            if rasters[key] != nil {
                rasters[key]?.lastUsed = renderCount
                continue
            }
            try prepareRasters(run.content.commands, scale: key.scale)
            if programs[Primitive.texture.rawValue] == nil {
                programs[Primitive.texture.rawValue] = try ShaderProgram(name: "texture", vertex: Shaders.textureVertex,
                                                                         fragment: Shaders.texture, cache: programCache)
            }
            let width = max(Int((run.size.x * key.scale).rounded(.up)), 1)
            let height = max(Int((run.size.y * key.scale).rounded(.up)), 1)
            let framebuffer = try Framebuffer(width: width, height: height)
            // Linear: a turned quad samples between texels (smooth edges), a quad on whole px texel for pixel.
            glBindTexture(GLenum(GL_TEXTURE_2D), framebuffer.texture)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), GL_LINEAR)
            glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), GL_LINEAR)
            glBindTexture(GLenum(GL_TEXTURE_2D), 0)
            let previous = Framebuffer.current
            build(run.content, scale: Float(key.scale), width: width, height: height)
            upload()
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), framebuffer.framebuffer)
            drawBatches(in: .full(width: width, height: height), width: width, height: height, clear: .clear)
            glBindFramebuffer(GLenum(GL_FRAMEBUFFER), previous)
            rasters[key] = RasterEntry(framebuffer: framebuffer, lastUsed: renderCount)
            rastersDrawn += 1
        }
    }

    /// `run`'s texture as the CPU reads it (`RasterImage`: premultiplied ARGB words, top row first), drawn into
    /// its texture first if it is not kept yet, read back once and kept with it: what `ShapeRaster` samples to write
    /// a turned face into a `wl_shm` buffer without an EGL surface. Needs a current context (any: the texture has a
    /// framebuffer of its own). Nil when the texture cannot be made.
    public func rasterImage(_ run: RasterRun, scale: Double) throws -> RasterImage? {
        let key = RasterKey(content: run.content, size: run.size, scale: scale * run.rasterScale)
        try prepareRasters([.raster(run)], scale: scale)
        guard let entry = rasters[key] else { return nil }
        if let image = entry.image { return image }
        let width = entry.framebuffer.width, height = entry.framebuffer.height
        let previous = Framebuffer.current
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), entry.framebuffer.framebuffer)
        let rgba = readPixelsBottomUp(width: width, height: height)
        glBindFramebuffer(GLenum(GL_FRAMEBUFFER), previous)
        var words = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            // GL's rows count up from the bottom: the texture's top row (v = 1) is read last.
            let from = (height - 1 - row) * width
            for column in 0..<width {
                let i = 4 * (from + column)
                words[row * width + column] = UInt32(rgba[i + 3]) << 24 | UInt32(rgba[i]) << 16
                    | UInt32(rgba[i + 1]) << 8 | UInt32(rgba[i + 2])
            }
        }
        let image = RasterImage(width: width, height: height, pixels: words)
        rasters[key]?.image = image
        return image
    }

    /// Lets go of the rasters no list held in the last `rasterKeepRenders` renders, then of the least recently used
    /// while they hold more than `rasterByteLimit`.
    private func letGoOfRasters() {
        guard !rasters.isEmpty else { return }
        // Most renders let go of nothing: then no dictionary is made.
        if rasters.values.contains(where: { renderCount - $0.lastUsed > Self.rasterKeepRenders }) {
            rasters = rasters.filter { renderCount - $0.value.lastUsed <= Self.rasterKeepRenders }
        }
        while rasterBytes > Self.rasterByteLimit, rasters.count > 1,
              let oldest = rasters.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key {
            rasters[oldest] = nil
        }
    }

    /// Appends `run`'s quad sampling its texture (kept by `prepareRasters`), faded by its opacity.
    private func appendRaster(_ run: RasterRun, scale s: Float) {
        let key = RasterKey(content: run.content, size: run.size, scale: Double(s) * run.rasterScale)
        guard let entry = rasters[key], run.corners.count == 4, run.opacity > 0 else { return }
        let c = run.corners.map { SIMD2(Float($0.x), Float($0.y)) * s }
        let a = Float(min(run.opacity, 1))
        // GL's rows count up from the bottom: the texture's top row is at v = 1.
        let first = appendTexturedQuad(corners: (c[0], c[1], c[2], c[3]), uv: SIMD2(0, 1), SIMD2(1, 0),
                                       colour: RGBA(r: a, g: a, b: a, a: a))
        addToBatch(.texture, first: first, texture: entry.framebuffer.texture)
    }

    /// The pixels the triangles of `quads` can touch (nil when there are none).
    private static func bounds(of quads: ArraySlice<Vertex>) -> PixelRect? {
        guard let first = quads.first else { return nil }
        var minimum = SIMD2(first.x, first.y)
        var maximum = minimum
        for vertex in quads {
            let point = SIMD2(vertex.x, vertex.y)
            minimum = pointwiseMin(minimum, point)
            maximum = pointwiseMax(maximum, point)
        }
        return PixelRect(enclosing: minimum, maximum)
    }

    /// Appends a full-viewport quad sampling the offscreen frame (texture coordinates in the shape slots); returns
    /// its run.
    private func appendCopy(width: Int, height: Int) -> Batch {
        let first = appendTexturedQuad(.zero, SIMD2(Float(width), Float(height)), uv: SIMD2(0, 1), SIMD2(1, 0),
                                       colour: RGBA(r: 1, g: 1, b: 1))
        return Batch(primitive: .texture, first: first, count: Self.verticesPerQuad)
    }

    /// Appends two triangles covering `minimum`…`maximum` (buffer px) with texture coordinates `uvMinimum` at the
    /// top-left corner to `uvMaximum` at the bottom-right (in the shape slots), in `colour`; returns the first vertex.
    private func appendTexturedQuad(_ minimum: SIMD2<Float>, _ maximum: SIMD2<Float>, uv uvMinimum: SIMD2<Float>,
                                    _ uvMaximum: SIMD2<Float>, colour: RGBA) -> Int {
        let a = minimum, b = maximum
        return appendTexturedQuad(corners: (a, SIMD2(b.x, a.y), SIMD2(a.x, b.y), b), uv: uvMinimum, uvMaximum,
                                  colour: colour)
    }

    /// Appends two triangles over the quad with `corners` (buffer px: top-left, top-right, bottom-left,
    /// bottom-right of its texture), texture coordinates as `appendTexturedQuad(_:_:uv:_:colour:)`'s; returns the first
    /// vertex.
    private func appendTexturedQuad(corners: (SIMD2<Float>, SIMD2<Float>, SIMD2<Float>, SIMD2<Float>),
                                    uv uvMinimum: SIMD2<Float>, _ uvMaximum: SIMD2<Float>, colour: RGBA) -> Int {
        let first = vertices.count
        func vertex(_ p: SIMD2<Float>, _ u: Float, _ v: Float) {
            vertices.append(Vertex(x: p.x, y: p.y, r: colour.r, g: colour.g, b: colour.b, a: colour.a,
                                   centreX: u, centreY: v, halfWidth: 0, halfHeight: 0, radius: 0, sigma: 0,
                                   cosine: 1, sine: 0, startNormalX: 0, startNormalY: 0, startPointX: 0,
                                   startPointY: 0, endNormalX: 0, endNormalY: 0, endPointX: 0, endPointY: 0))
        }
        let ua = uvMinimum, ub = uvMaximum
        vertex(corners.0, ua.x, ua.y)
        vertex(corners.1, ub.x, ua.y)
        vertex(corners.2, ua.x, ub.y)
        vertex(corners.1, ub.x, ua.y)
        vertex(corners.3, ub.x, ub.y)
        vertex(corners.2, ua.x, ub.y)
        return first
    }

    /// Adds the quad starting at vertex `first` to the current command's last run when that run is `primitive` and
    /// ends there, else starts a run (runs never span two commands, so a pass can draw a command's runs alone).
    private func addToBatch(_ primitive: Primitive, first: Int, texture: GLuint = 0) {
        if let last = batches.last, last.primitive == primitive, last.texture == texture,
           last.first + last.count == first, batches.count > (commandBatches.last?.upperBound ?? 0) {
            batches[batches.count - 1].count += Self.verticesPerQuad
        } else {
            batches.append(Batch(primitive: primitive, first: first, count: Self.verticesPerQuad, texture: texture))
        }
    }

    /// Copies the vertices into the vertex buffer.
    private func upload() {
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        let bytes = vertices.count * MemoryLayout<Vertex>.stride
        guard bytes > 0 else { return }
        vertices.withUnsafeBytes { raw in
            if bytes > bufferCapacity {
                bufferCapacity = max(bytes, bufferCapacity * 2)
                glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(bufferCapacity), nil, GLenum(GL_STREAM_DRAW))
            }
            glBufferSubData(GLenum(GL_ARRAY_BUFFER), 0, GLsizeiptr(bytes), raw.baseAddress)
        }
    }

    /// Draws the uploaded commands into the bound framebuffer, once per rectangle of `region` with the scissor on
    /// it and only the commands whose bounds reach that rectangle, each pass starting from opaque black, so the
    /// passes can overlap without changing a pixel. With `copy`, draws that run alone instead (no clear, no blend).
    private func drawBatches(in region: DamageRegion, width: Int, height: Int, copy: Batch? = nil,
                             clear: RGBA = RGBA(r: 0, g: 0, b: 0), band: (top: Int, rows: Int)? = nil) {
        // A band (rows `top ..< top + rows` drawn into a framebuffer `rows` high): the viewport moves down so every
        // vertex lands where it would in the whole frame, and the scissor and the fragments' rows with it.
        let bottom = band.map { $0.top + $0.rows } ?? height
        glViewport(0, GLint(bottom - height), GLsizei(width), GLsizei(height))
        glDisable(GLenum(GL_DEPTH_TEST))
        glEnable(GLenum(GL_SCISSOR_TEST))
        defer { glDisable(GLenum(GL_SCISSOR_TEST)) }
        let stride = GLsizei(MemoryLayout<Vertex>.stride)
        // Attribute index → (component count, offset in Floats): position, colour, shape, params, the two cuts.
        let layout: [(GLint, Int)] = [(2, 0), (4, 2), (4, 6), (4, 10), (4, 14), (4, 18)]
        glBindBuffer(GLenum(GL_ARRAY_BUFFER), vertexBuffer)
        for (index, (components, offset)) in layout.enumerated() {
            glEnableVertexAttribArray(GLuint(index))
            glVertexAttribPointer(GLuint(index), components, GLenum(GL_FLOAT), GLboolean(GL_FALSE), stride,
                                  UnsafeRawPointer(bitPattern: offset * MemoryLayout<Float>.stride))
        }
        defer {
            for index in layout.indices { glDisableVertexAttribArray(GLuint(index)) }
            glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        }
        if let copy {
            glScissor(0, 0, GLsizei(width), GLsizei(height))
            glDisable(GLenum(GL_BLEND))
            programs[Primitive.texture.rawValue]?.use(width: width, height: height)
            glDrawArrays(GLenum(GL_TRIANGLES), GLint(copy.first), GLsizei(copy.count))
            return
        }
        glEnable(GLenum(GL_BLEND))
        glBlendFunc(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        for rect in region.rects {
            glScissor(GLint(rect.minX), GLint(bottom - rect.maxY), GLsizei(rect.width), GLsizei(rect.height))
            glClearColor(clear.r * clear.a, clear.g * clear.a, clear.b * clear.a, clear.a)
            glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
            passBatches.removeAll(keepingCapacity: true)
            for (index, runs) in commandBatches.enumerated() where bounds[index]?.intersects(rect) == true {
                for batch in batches[runs] {
                    if let last = passBatches.last, last.primitive == batch.primitive, last.texture == batch.texture,
                       last.first + last.count == batch.first {
                        passBatches[passBatches.count - 1].count += batch.count
                    } else {
                        passBatches.append(batch)
                    }
                }
            }
            var current: Primitive?
            for batch in passBatches {
                if batch.primitive != current {
                    current = batch.primitive
                    programs[batch.primitive.rawValue]?.use(width: width, height: height, fragmentHeight: bottom)
                    if batch.primitive == .glyph { text.bind() }
                }
                if batch.texture != 0 { glBindTexture(GLenum(GL_TEXTURE_2D), batch.texture) }
                glDrawArrays(GLenum(GL_TRIANGLES), GLint(batch.first), GLsizei(batch.count))
                if batch.texture != 0 { glBindTexture(GLenum(GL_TEXTURE_2D), 0) }
            }
        }
    }

    /// Reads the current framebuffer back as RGBA bytes, top row first.
    public func readPixels(width: Int, height: Int) -> [UInt8] {
        let rowBytes = width * 4
        let bottomUp = readPixelsBottomUp(width: width, height: height)
        var topDown = [UInt8](repeating: 0, count: rowBytes * height)
        for row in 0..<height {
            let source = (height - 1 - row) * rowBytes
            topDown[row * rowBytes ..< (row + 1) * rowBytes] = bottomUp[source ..< source + rowBytes]
        }
        return topDown
    }

    /// Reads the current framebuffer back as RGBA bytes as GL has them, bottom row first (the GL part of a
    /// screenshot; turning it over is left to whoever encodes it, off the run loop).
    public func readPixelsBottomUp(width: Int, height: Int) -> [UInt8] {
        var bottomUp = [UInt8](repeating: 0, count: width * 4 * height)
        glPixelStorei(GLenum(GL_PACK_ALIGNMENT), 1)
        bottomUp.withUnsafeMutableBytes { raw in
            glReadPixels(0, 0, GLsizei(width), GLsizei(height), GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE),
                         raw.baseAddress)
        }
        return bottomUp
    }

    /// Appends the shadow (if any), then the shape quad, for a rounded rectangle. Under an opaque shape the shadow
    /// cannot show, so there it is drawn as up to four bands around the shape's fully covered inside.
    private func appendRoundedRect(_ shape: RoundedRect, scale s: Float) {
        let opacity = Float(min(max(shape.opacity, 0), 1))
        guard opacity > 0, shape.scale > 0 else { return }
        let centre = SIMD2(Float(shape.rect.center.x), Float(shape.rect.center.y)) * s
        let halfSize = shape.scaledHalfSize
        let half = SIMD2(Float(halfSize.x), Float(halfSize.y)) * s
        let radius = Float(shape.scaledCornerRadius) * s
        let axis = shape.rotation == 0
            ? SIMD2<Float>(1, 0) : SIMD2(Float(Double.cos(shape.rotation)), Float(Double.sin(shape.rotation)))
        let colour = shape.fill.withAlpha(shape.fill.a * opacity).premultiplied
        if let shadow = shape.shadow, shadow.color.a > 0 {
            // Blur radius ≈ 2σ (as CSS box-shadow); the Gaussian is negligible beyond 3σ. Offset in screen space.
            let sigma = Float(max(shadow.blurRadius, 0)) * s / 2
            let offset = SIMD2(Float(shadow.offset.x), Float(shadow.offset.y)) * s
            let shadowColour = shadow.color.withAlpha(shadow.color.a * opacity).premultiplied
            let frame = Frame(centre: centre + offset, half: half, axis: axis)
            let grown = half + SIMD2(repeating: 3 * sigma + 1)
            let cover = (minimum: -grown, maximum: grown)
            // The shape's inside, inset by its corner radius and 1 px of anti-aliasing: coverage exactly 1 there,
            // so an opaque fill replaces whatever is below. In the shadow's (rotated) frame it sits at −offset.
            let inner = half - SIMD2(repeating: min(radius, min(half.x, half.y)) + 1)
            let shift = SIMD2(axis.x * -offset.x + axis.y * -offset.y, -axis.y * -offset.x + axis.x * -offset.y)
            if colour.a >= 1, inner.x > 0, inner.y > 0 {
                let hidden = (minimum: pointwiseMax(shift - inner, cover.minimum),
                              maximum: pointwiseMin(shift + inner, cover.maximum))
                for band in Self.bands(around: hidden, within: cover) {
                    appendQuad(.shadow, frame, cover: band, top: shadowColour, radius: radius, sigma: sigma)
                }
            } else {
                appendQuad(.shadow, frame, cover: cover, top: shadowColour, radius: radius, sigma: sigma)
            }
        }
        appendShape(Frame(centre: centre, half: half, axis: axis), colour: colour, radius: radius)
    }

    /// Shapes whose flat inside is at least this many buffer px have it drawn as `.flat` quads.
    static let flatInsideMinimum: Float = 4096

    /// Appends a shape (a box with corner radius `radius`, grown by 1 px for its anti-aliased edge) in one colour.
    /// Where it is not turned and its inside is large, the inside — the pixels at least 1 px in from its edges and
    /// out of its corners' squares, where coverage is exactly 1 — is drawn flat (the interpolated colour only, the
    /// very value the shape's shader gives there) and only the ring around it runs the distance field: a list row's
    /// card shades ~5 % of its pixels with the distance field instead of all of them.
    private func appendShape(_ frame: Frame, colour: RGBA, radius: Float) {
        let half = frame.half
        // The margins the distance field needs: 1 px at a straight edge, the (shader's) corner radius at a corner.
        let corner = max(min(radius, min(half.x, half.y)), 1)
        let wide = SIMD2(half.x - 1, half.y - corner), tall = SIMD2(half.x - corner, half.y - 1)
        let flatArea = 4 * (wide.x * wide.y + tall.x * (tall.y - wide.y))
        guard frame.axis == SIMD2(1, 0), wide.y > 0, tall.x > 0, flatArea >= Self.flatInsideMinimum else {
            appendQuad(.shape, frame, outset: 1, top: colour, radius: radius)
            return
        }
        let g = half + 1
        func add(_ primitive: Primitive, _ minimum: SIMD2<Float>, _ maximum: SIMD2<Float>) {
            guard minimum.x < maximum.x, minimum.y < maximum.y else { return }
            appendQuad(primitive, frame, cover: (minimum, maximum), top: colour, radius: radius)
        }
        // Flat: the wide middle band, and the strips above and below it between the corners.
        add(.flat, -wide, wide)
        add(.flat, SIMD2(-tall.x, -tall.y), SIMD2(tall.x, -wide.y))
        add(.flat, SIMD2(-tall.x, wide.y), SIMD2(tall.x, tall.y))
        // The ring: the four corners' blocks, the edges above and below the strips, left and right of the band.
        for sx in [Float(-1), 1] {
            for sy in [Float(-1), 1] {
                let a = SIMD2(sx * tall.x, sy * wide.y), b = SIMD2(sx * g.x, sy * g.y)
                add(.shape, pointwiseMin(a, b), pointwiseMax(a, b))
            }
        }
        add(.shape, SIMD2(-tall.x, -g.y), SIMD2(tall.x, -tall.y))
        add(.shape, SIMD2(-tall.x, tall.y), SIMD2(tall.x, g.y))
        add(.shape, SIMD2(-g.x, -wide.y), SIMD2(-wide.x, wide.y))
        add(.shape, SIMD2(wide.x, -wide.y), SIMD2(g.x, wide.y))
    }

    /// `cover` minus `hidden` as up to four rectangles (top and bottom full width, left and right between them).
    private static func bands(around hidden: (minimum: SIMD2<Float>, maximum: SIMD2<Float>),
                              within cover: (minimum: SIMD2<Float>, maximum: SIMD2<Float>))
        -> [(minimum: SIMD2<Float>, maximum: SIMD2<Float>)] {
        guard hidden.minimum.x < hidden.maximum.x, hidden.minimum.y < hidden.maximum.y else { return [cover] }
        var bands: [(minimum: SIMD2<Float>, maximum: SIMD2<Float>)] = []
        func add(_ minimum: SIMD2<Float>, _ maximum: SIMD2<Float>) {
            if minimum.x < maximum.x, minimum.y < maximum.y { bands.append((minimum, maximum)) }
        }
        add(cover.minimum, SIMD2(cover.maximum.x, hidden.minimum.y))
        add(SIMD2(cover.minimum.x, hidden.maximum.y), cover.maximum)
        add(SIMD2(cover.minimum.x, hidden.minimum.y), SIMD2(hidden.minimum.x, hidden.maximum.y))
        add(SIMD2(hidden.maximum.x, hidden.minimum.y), SIMD2(cover.maximum.x, hidden.maximum.y))
        return bands
    }

    /// Appends one quad for a line segment: a rect along the segment; at a joined end, grown to reach the miter
    /// line and cut there (`LineQuad`).
    private func appendLine(_ segment: LineSegment, scale s: Float) {
        guard let quad = LineQuad(segment, scale: s) else { return }
        appendQuad(.shape, Frame(centre: quad.centre, half: quad.half, axis: quad.axis), outset: 1,
                   top: segment.color.premultiplied, cutStart: quad.cutStart, cutEnd: quad.cutEnd)
    }

    /// Appends two triangles covering `frame`'s box grown by `outset` px (in its own rotated frame), or `cover` (a
    /// box in that frame, centred coordinates) when given; `bottom` (default `top`) gives a vertical gradient across
    /// the box's own height (used unrotated, for backgrounds). Joins the last batch when it is the same primitive.
    private func appendQuad(_ primitive: Primitive, _ frame: Frame, outset: Float = 0,
                            cover: (minimum: SIMD2<Float>, maximum: SIMD2<Float>)? = nil, top: RGBA,
                            bottom: RGBA? = nil, radius: Float = 0, sigma: Float = 0,
                            cutStart: SIMD4<Float> = .zero, cutEnd: SIMD4<Float> = .zero) {
        let half = frame.half
        guard half.x > 0, half.y > 0 else { return }
        let bottom = bottom ?? top
        let grown = half + SIMD2(repeating: outset)
        let box = cover ?? (minimum: -grown, maximum: grown)
        // Colours at the box's edges, so a gradient spans exactly the shape's own height.
        let topColour = bottom != top ? top.mixed(with: bottom, (box.minimum.y + half.y) / (2 * half.y)) : top
        let bottomColour = bottom != top ? top.mixed(with: bottom, (box.maximum.y + half.y) / (2 * half.y)) : bottom
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
        let first = vertices.count
        vertex(box.minimum.x, box.minimum.y, topColour)
        vertex(box.maximum.x, box.minimum.y, topColour)
        vertex(box.minimum.x, box.maximum.y, bottomColour)
        vertex(box.maximum.x, box.minimum.y, topColour)
        vertex(box.maximum.x, box.maximum.y, bottomColour)
        vertex(box.minimum.x, box.maximum.y, bottomColour)
        addToBatch(primitive, first: first)
    }
}

extension DrawCommand {
    /// Whether the command is a raster (`DrawCommand.raster`).
    var isRaster: Bool {
        if case .raster = self { return true }
        return false
    }
}
