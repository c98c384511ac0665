import MomentumLayers
import MomentumRender
import MomentumRun
import WaylandClient

/// A layer much taller than the window (a long list) shown as tiles of a fixed height across it, each on a
/// surface of its own (a subsurface of the layer's slot surface, cropped to the window with `wp_viewporter`): while
/// the layer moves, the compositor moves the tiles. `TileSchedule` decides which tiles a frame shows, draws, and
/// draws ahead of need (into a buffer of the tile's, shown when it comes into view), so a scrolling list never
/// draws a whole band of rows in one frame.
///
/// Where the GL reads pixels back as BGRA and the compositor offers `wl_shm` (`appBuffers`), a tile's pixels go
/// into `wl_shm` buffers of the app's own (`ShmBuffers`): written by the CPU where the tile's list is cards and
/// upright text (`Renderer.write`: the list's rows, no GL pass and no read-back, half the band's instructions a
/// tile; docs/benchmarks/scenes.md, the seventeenth step), else drawn through the renderer's one framebuffer for
/// them (`Renderer.Target.bands`, as high as a tile) and read back: a tile holds one buffer (two while the compositor
/// still holds the one it redraws), where an EGL surface holds swrast's back buffer besides its `wl_shm` buffer —
/// half the memory of the list's ~11 tiles at 800x600 (docs/benchmarks/scenes.md, perf-mem6), and −40 MiB for the
/// ~27 tiles of 2912x128 px at 1920x1080@2, at the same CPU a tile as an EGL surface since the band is BGRA8 (the
/// fourteenth step; in an RGBA8 band such a tile cost ~1 ms more). Else each tile is an EGL window surface of its
/// own.
///
/// Why tiles on surfaces of their own rather than one tall buffer cropped (docs/benchmarks/renderer.md): on this
/// swrast a buffer is copied whole at each swap, so drawing a strip into a tall buffer costs the buffer's size, and
/// a buffer holding a band around the window had to be drawn again whole when the view left it (~240 ms at
/// 3840x2160). A tile costs its own pixels and its own small swap.
final class LayerTiles {
    /// One tile's surface.
    private struct Tile {
        // The EGL surface or the buffers go before the wl_surface (properties are released in this order).
        /// Its EGL window surface; nil where its pixels go into `buffers`.
        let egl: LayerSurface?
        /// Its `wl_shm` buffers, where the app draws its pixels (`appBuffers`), and the one holding its drawing.
        let buffers: ShmBuffers?
        var buffer: ShmBuffers.Buffer?
        let subsurface: Subsurface
        /// The renderer's id for the surface.
        let id: Int
        /// Whether its drawing was swapped to the compositor (else drawn ahead, not shown yet).
        var swapped = false
        /// What its back buffer held at the swap, where the driver keeps it (`RenderContext.mayKeepLastFrame`).
        var kept: KeptFrame?
        /// Where it is shown (window logical px), nil while hidden.
        var shown: DrawRect?
        /// The part of its tile its drawing covers (layer logical px): its buffer's, where the app writes it (what
        /// the commands drawn draw into, in whole buffer px: `box(of:in:width:height:scale:)`); else, and before its
        /// first drawing, the whole tile.
        var box: DrawRect?
    }

    /// The surface the tiles are subsurfaces of (shows one transparent pixel, so that they can be shown).
    let anchor: Subsurface
    /// Buffer px of a tile, and the scale and content they were drawn at.
    private let width: Int, height: Int, scale: Double
    /// A tile's height, logical px (`TileSchedule.height(forWidthPixels:scale:)`).
    private let tileHeight: Double
    /// Whether the tiles' pixels go into the app's own `wl_shm` buffers (else each tile is an EGL surface).
    let appBuffers: Bool
    private var content: DrawList?
    private var tiles: [Tile] = []
    private var schedule: TileSchedule
    /// The first renderer surface id of the tiles.
    private let firstID: Int

    /// Tiles `layerWidth` logical px wide at `scale` under `anchor`, with renderer surface ids from `firstID`;
    /// their pixels in the app's own `wl_shm` buffers when `appBuffers`, else each an EGL surface.
    init(anchor: Subsurface, layerWidth: Double, scale: Double, firstID: Int, appBuffers: Bool) {
        self.anchor = anchor
        self.scale = scale
        self.firstID = firstID
        width = max(Int((layerWidth * scale).rounded(.up)), 1)
        tileHeight = TileSchedule.height(forWidthPixels: width, scale: scale)
        height = Int((tileHeight * scale).rounded(.up))
        self.appBuffers = appBuffers
        schedule = TileSchedule(tileHeight: tileHeight)
    }

    deinit {
        // Each tile's buffer goes before its buffer set (whose event queue the buffer's `wl_buffer` is on).
        for index in tiles.indices { tiles[index].buffer = nil }
    }

    /// Whether these tiles fit a layer `layerWidth` logical px wide at `scale`.
    func fits(layerWidth: Double, scale: Double) -> Bool {
        self.scale == scale && width == max(Int((layerWidth * scale).rounded(.up)), 1)
    }

    /// Forgets the renderer's state of every tile (before the tiles go).
    func release(renderer: Renderer) {
        for tile in tiles { renderer.forget(surface: tile.id) }
    }

    /// Shows the part `shown` (layer logical px) of `layer`, which lies at `visible` in the window: the tiles in
    /// view drawn (when not drawn yet) and placed, the others hidden, then tiles ahead drawn within the budget.
    /// Adds what was drawn and what the compositor must show anew to `frame`. Needs the window's context current;
    /// leaves it current.
    func show(_ layer: SeparateLayer, shown: DrawRect, window: Window, windowPixels: Int, context: RenderContext,
              renderer: Renderer, into frame: inout FrameDamage) throws {
        if content != layer.content {
            content = layer.content  // other content: every tile is drawn again as it comes into view
            schedule.forgetDrawings()
        }
        let plan = schedule.plan(top: shown.y, bottom: shown.maxY, layerHeight: layer.frame.height,
                                 windowHeight: Double(window.logicalSize.height), tilePixels: width * height,
                                 windowPixels: windowPixels)
        var changed = false
        for k in plan.hide {
            tiles[k].subsurface.hide()
            if let old = tiles[k].shown { frame.compositorPixels += Self.pixels(old, scale: scale) }
            tiles[k].shown = nil
            changed = true
        }
        for (index, k, mustDraw) in plan.show {
            try makeSurfaces(through: k, window: window, context: context)
            // Drawn first: where its drawing lies in the tile is known once it is drawn.
            if mustDraw { try draw(index, in: k, layer: layer, context: context, renderer: renderer, into: &frame) }
            let rect = tiles[k].box
                ?? DrawRect(x: 0, y: Double(index) * tileHeight, width: layer.frame.width, height: tileHeight)
            guard let part = rect.intersection(shown) else {
                // Only the tile's empty rows are in view (the gap between two rows of cards at the window's edge).
                if tiles[k].shown != nil {
                    tiles[k].subsurface.hide()
                    if let old = tiles[k].shown { frame.compositorPixels += Self.pixels(old, scale: scale) }
                    tiles[k].shown = nil
                    changed = true
                }
                continue
            }
            let inset = part.origin - rect.origin
            let at = DrawRect(origin: part.origin + layer.frame.origin, size: part.size)
            let opaque = layer.opaque.compactMap { opaque -> Subsurface.Rect? in
                guard let clipped = opaque.intersection(part)?.offsetBy(-part.origin) else { return nil }
                return Subsurface.Rect(x: Int32(clipped.x), y: Int32(clipped.y), width: Int32(clipped.width),
                                       height: Int32(clipped.height))
            }
            let pixels: (width: Int, height: Int) = tiles[k].buffer.map { ($0.width, $0.height) } ?? (width, height)
            let placed = tiles[k].subsurface.place(
                source: (x: inset.x * scale, y: inset.y * scale, width: min(part.width * scale, Double(pixels.width)),
                         height: min(part.height * scale, Double(pixels.height))),
                x: Int32(at.x), y: Int32(at.y), width: Int32(at.width), height: Int32(at.height), opaque: opaque)
            let old = tiles[k].shown
            if !tiles[k].swapped || old == nil {
                // Drawn ahead, or hidden since its swap: swapped (or its buffer attached) now.
                try present(index, in: k, layer: layer, context: context, renderer: renderer, into: &frame)
                frame.compositorPixels += Self.area(old, at, scale: scale)
                changed = true
            } else if placed {
                // A tile that only moved needs only the anchor's commit (its position is the anchor's state).
                if tiles[k].subsurface.needsCommit { tiles[k].subsurface.commit() }
                frame.compositorPixels += Self.area(old, at, scale: scale)
                changed = true
            }
            tiles[k].shown = at
        }
        for (index, k) in plan.ahead {
            try makeSurfaces(through: k, window: window, context: context)
            try draw(index, in: k, layer: layer, context: context, renderer: renderer, into: &frame)
        }
        if changed { anchor.commit() }
    }

    /// Shows tile surface `k`'s drawing of tile `index` (drawn ahead, or hidden since it was shown): its buffer
    /// attached (the window's context left current), or its back buffer swapped (drawn again first where the
    /// driver lost it; its surface left current).
    private func present(_ index: Int, in k: Int, layer: SeparateLayer, context: RenderContext, renderer: Renderer,
                         into frame: inout FrameDamage) throws {
        if let buffers = tiles[k].buffers {
            if tiles[k].buffer == nil {
                try draw(index, in: k, layer: layer, context: context, renderer: renderer, into: &frame)
            }
            guard let buffer = tiles[k].buffer else { return }
            buffers.attach(buffer, to: tiles[k].subsurface)
            tiles[k].swapped = true
            return
        }
        guard let egl = tiles[k].egl else { return }
        try context.makeCurrent(egl)
        if tiles[k].swapped, tiles[k].kept?.isStillThere(context: context) != true {
            try draw(index, in: k, layer: layer, context: context, renderer: renderer, into: &frame)
            try context.makeCurrent(egl)
        }
        let swapped = egl.swapBuffers()
        if !swapped { throw AppError(context.lastEGLError(call: "eglSwapBuffers (tile)").description) }
        frame.layerSwaps += 1
        tiles[k].swapped = true
    }

    /// Makes tile surfaces up to `k` when the schedule asks for a new one.
    private func makeSurfaces(through k: Int, window: Window, context: RenderContext) throws {
        while tiles.count <= k {
            guard let subsurface = Subsurface(window: window, parent: anchor) else {
                throw AppError("cannot make a surface for a tile (wl_subsurface failed)")
            }
            if appBuffers {
                guard let buffers = ShmBuffers(window: window, name: "momentum-tile", owner: "a tile's") else {
                    throw AppError("cannot make a surface for a tile (wl_shm is gone)")
                }
                tiles.append(Tile(egl: nil, buffers: buffers, subsurface: subsurface, id: firstID + tiles.count))
                continue
            }
            guard let native = WaylandEGLWindow(surface: subsurface.surface, width: width, height: height) else {
                throw AppError("cannot make a surface for a tile (wl_egl_window_create failed)")
            }
            tiles.append(Tile(egl: try context.makeLayerSurface(native), buffers: nil, subsurface: subsurface,
                              id: firstID + tiles.count))
        }
    }

    /// Draws tile `index` of `layer` into a buffer of tile surface `k`, not shown (whole: the commands reaching
    /// it, with the tile's top-left corner at the origin, on a clear buffer): one of its `wl_shm` buffers the
    /// compositor does not hold, through the renderer's band (the window's context stays current), or its EGL back
    /// buffer, not swapped (its surface left current).
    private func draw(_ index: Int, in k: Int, layer: SeparateLayer, context: RenderContext, renderer: Renderer,
                      into frame: inout FrameDamage) throws {
        let rect = DrawRect(x: 0, y: Double(index) * tileHeight, width: layer.frame.width, height: tileHeight)
        let commands = layer.content.commands.filter { $0.reach.intersects(rect) }
        renderer.forget(surface: tiles[k].id)
        if let buffers = tiles[k].buffers {
            tiles[k].buffer = nil
            // A buffer only as large as what the commands reach in the tile: the rows between two rows of cards
            // hold nothing (a 1920x1080@2 list's tile 2912x112 px, not 2912x128).
            let (box, size) = Self.box(of: commands, in: rect, width: width, height: height, scale: scale)
            let list = DrawList(commands: commands).offsetBy(-box.origin)
            let taken = try buffers.take(width: size.width, height: size.height, for: "a tile",
                                         remedy: "--no-subsurfaces")
            let pixels = BufferPixels(bgra: taken.memory, stride: taken.stride)
            // Cards and their lines are written by the CPU (no GL pass, no read-back); anything else goes through
            // the band.
            if !renderer.write(list, width: size.width, height: size.height, scale: scale, into: pixels) {
                _ = try renderer.render(list, width: size.width, height: size.height, scale: scale,
                                        into: .bands(age: 0, into: pixels), surface: tiles[k].id, clear: .clear)
                frame.layerSwaps += 1  // a GL round trip: drawn through the band and read back
            }
            frame.drawnPixels += renderer.lastRedrawnPixels
            tiles[k].buffer = taken
            tiles[k].box = box
            tiles[k].swapped = false
            return
        }
        let list = DrawList(commands: commands).offsetBy(-rect.origin)
        guard let egl = tiles[k].egl else { return }
        try context.makeCurrent(egl)
        let damage = try renderer.render(list, width: width, height: height, scale: scale, into: .backBuffer(age: 0),
                                         surface: tiles[k].id, clear: .clear)
        frame.drawnPixels += renderer.lastRedrawnPixels
        tiles[k].kept = context.mayKeepLastFrame && !damage.isEmpty ? KeptFrame(context: context, damage: damage) : nil
        tiles[k].swapped = false
    }

    /// The part of tile `rect` (layer logical px, `width`×`height` buffer px at `scale`) that `commands` draw into,
    /// in whole buffer px (at least one), and its size in buffer px; the whole tile at a scale that is not a whole
    /// number (a buffer px's edge is then not a logical px's, and the crop's offset would not be one either).
    static func box(of commands: [DrawCommand], in rect: DrawRect, width: Int, height: Int,
                    scale: Double) -> (box: DrawRect, size: (width: Int, height: Int)) {
        guard scale == scale.rounded(), scale >= 1,
              let inside = commands.compactMap({ ink(of: $0).intersection(rect) })
                .reduce(nil, { (union: DrawRect?, next) in union?.union(next) ?? next }) else {
            return (rect, (width, height))
        }
        let low = (inside.origin - rect.origin) * scale, high = (SIMD2(inside.maxX, inside.maxY) - rect.origin) * scale
        let x0 = min(max(Int(low.x.rounded(.down)), 0), width - 1)
        let y0 = min(max(Int(low.y.rounded(.down)), 0), height - 1)
        let x1 = min(max(Int(high.x.rounded(.up)), x0 + 1), width)
        let y1 = min(max(Int(high.y.rounded(.up)), y0 + 1), height)
        let box = DrawRect(x: rect.x + Double(x0) / scale, y: rect.y + Double(y0) / scale,
                           width: Double(x1 - x0) / scale, height: Double(y1 - y0) / scale)
        return (box, (x1 - x0, y1 - y0))
    }

    /// What `command` can draw into (logical px): a plain or rounded rectangle's own box — a buffer px wholly
    /// outside it is at least half a px from its edge, where the shape shader's and `ShapeRaster`'s coverage,
    /// 1 − smoothstep(−0.5, 0.5, d), is nothing (the row under a card that ends on a tile's edge is not the next
    /// tile's) —, anything else its `reach`.
    private static func ink(of command: DrawCommand) -> DrawRect {
        switch command {
        case let .rect(rect, _): rect
        case let .roundedRect(shape) where shape.shadow == nil: shape.boundingBox
        default: command.reach
        }
    }

    /// The buffer px of `rect` (logical px) at `scale`.
    private static func pixels(_ rect: DrawRect, scale: Double) -> Int {
        Int((rect.width * scale).rounded(.up)) * Int((rect.height * scale).rounded(.up))
    }

    /// The buffer px of `old` (nil: not shown) and `new` together (an upper bound: their overlap counted twice).
    private static func area(_ old: DrawRect?, _ new: DrawRect, scale: Double) -> Int {
        guard let old else { return pixels(new, scale: scale) }
        return old == new ? 0 : pixels(old, scale: scale) + pixels(new, scale: scale)
    }
}
