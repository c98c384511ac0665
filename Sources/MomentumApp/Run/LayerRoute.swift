import MomentumLayers
import MomentumRender
import MomentumRun

/// How a layer shown apart reaches its surface at a frame (`RenderTarget.show`), and whether the CPU writes all of a
/// launch's first frame (`RenderTarget.writesWhole`): one set of rules for both, so that a first frame the CPU is
/// to write whole never sends a layer through the GL. Pure: what the window offers and what the surface held are
/// given.
enum LayerRoute: Equatable {
    /// One colour: a one-pixel `wl_shm` buffer the compositor stretches (drawn through the GL where none can be had).
    case plain(RGBA)
    /// Much taller than the window (a long list): tiles under a surface showing one transparent pixel (`LayerTiles`:
    /// each tile written by the CPU where the tiles are in the app's own buffers and the writer draws it).
    case tiles
    /// Written whole by the CPU (`Renderer.write`): the HUD, a chrome of lines, every layer of a launch's first frame
    /// the writer draws.
    case listed
    /// A few rounded rectangles without shadows, written by `ShapeRaster` (a pull line, the satellite, the lanes'
    /// dots).
    case shapes([RoundedRect])
    /// Stroked segments alone, written by `ShapeRaster` (the knock's flash ring).
    case lines([LineSegment])
    /// A rasterised face turned over its background, sampled by `ShapeRaster` (the playground's spinning tile).
    case face(shapes: [RoundedRect], run: RasterRun)
    /// Drawn by the GL: through the band into the app's own buffers, or into an EGL surface.
    case gl

    /// What the window and the layer's surface give a layer's route.
    struct Window {
        /// The window's logical size and scale.
        var size: SIMD2<Double>
        var scale: Double
        /// Whether the compositor offers `wl_shm` to this client (`ShmBuffers.areOffered`).
        var shm: Bool
        /// Whether the layers the GL draws go into the app's own buffers (`RenderTarget.layersInAppBuffers`).
        var layersInAppBuffers: Bool
    }

    /// The route of `layer` in `slot` at a frame of `window`: `firstFrame` while the CPU writes a launch's first
    /// frame (every layer it can write is written so), `heldChromeOfLines` when the slot's surface holds this layer as
    /// a chrome of lines (`chromeOfLines`).
    static func of(_ layer: SeparateLayer, in slot: SurfaceSlot, window: Window, firstFrame: Bool,
                   heldChromeOfLines: Bool = false) -> LayerRoute {
        of(layer, in: slot, window: window, firstFrame: firstFrame,
           chromeOfLines: chromeOfLines(layer, in: slot, held: heldChromeOfLines))
    }

    /// The same with `chromeOfLines(layer, in: slot, held:)` already worked out (`RenderTarget.show` keeps it).
    static func of(_ layer: SeparateLayer, in slot: SurfaceSlot, window: Window, firstFrame: Bool,
                   chromeOfLines chrome: Bool) -> LayerRoute {
        if let solid = layer.content.solidFill(size: layer.frame.size) { return .plain(solid) }
        let fitsAcross = layer.frame.width <= 2 * window.size.x
        if layer.frame.height > 2 * window.size.y, fitsAcross { return .tiles }
        let small = fitsAcross && layer.frame.height <= 2 * window.size.y
        // Written by the CPU into wl_shm buffers where the compositor offers them, no larger than twice the window.
        guard small, window.shm else { return .gl }
        if slot == .overlay || firstFrame || chrome, Renderer.canWrite(layer.content) { return .listed }
        if let shapes = ShapeRaster.shapes(of: layer.content),
           shapes.count == 1
            || ShapeRaster.reach(of: shapes, scale: window.scale) <= Double(ShapeRaster.severalShapesPixelLimit) {
            return .shapes(shapes)
        }
        if let lines = ShapeRaster.lines(of: layer.content) { return .lines(lines) }
        if layer.frame.width * layer.frame.height * window.scale * window.scale
            <= Double(ShapeRaster.facePixelLimit), let face = ShapeRaster.face(of: layer.content) {
            return .face(shapes: face.shapes, run: face.run)
        }
        return .gl
    }

    /// Whether `layer` in `slot` is a chrome (what the window draws over a layer, lifted) written whole by the CPU
    /// while it holds stroked segments or did since (`held`): the playground's, where the knock's flash ring reaches
    /// the dock's chips.
    static func chromeOfLines(_ layer: SeparateLayer, in slot: SurfaceSlot, held: Bool) -> Bool {
        slot.isChrome && (held || layer.content.commands.contains(where: \.isLine))
    }

    /// Whether the CPU writes this route's pixels at a launch's first frame with nothing drawn by the GL: a plain
    /// colour, a layer written whole or by `ShapeRaster`, or tiles the writer draws in the app's own buffers; not a
    /// turned face (its texture is drawn by the GL first and read back).
    func isWrittenByCPU(_ layer: SeparateLayer, window: Window) -> Bool {
        switch self {
        case .plain, .listed, .shapes, .lines: true
        case .tiles: window.layersInAppBuffers && Renderer.canWrite(layer.content)
        case .face, .gl: false
        }
    }

    /// Whether the CPU writes all of a launch's first frame: the window's `list` (into `wl_shm` buffers beside its
    /// EGL surface: not a window in the app's own buffers, `windowInAppBuffers`) and every layer shown apart, each
    /// by the route `show` gives it at that frame.
    static func writesWhole(_ list: DrawList, separated: [SurfaceSlot: SeparateLayer], window: Window,
                            windowInAppBuffers: Bool) -> Bool {
        guard !windowInAppBuffers, window.shm, Renderer.canWrite(list) else { return false }
        return separated.allSatisfy { slot, layer in
            of(layer, in: slot, window: window, firstFrame: true).isWrittenByCPU(layer, window: window)
        }
    }
}
