import CFreeType

/// What identifies a rasterised glyph: face weight, glyph index, size on a quarter-pixel grid and the pen's
/// horizontal sub-pixel position on a quarter-pixel grid.
public struct GlyphKey: Sendable, Hashable {
    /// The face.
    public let weight: FontWeight
    /// The glyph index in the face (`ShapedGlyph.id`).
    public let glyph: UInt32
    /// The pixel size in quarter pixels (1…1024 px).
    public let quarterPixelSize: Int
    /// Where the pen sits within its pixel, in quarter pixels (0…3).
    public let subpixelX: Int

    /// The key for `glyph` of `weight` at `pixelSize` (rounded to a quarter pixel) with the pen `subpixelX`
    /// quarter pixels right of a pixel boundary (0…3).
    public init(weight: FontWeight, glyph: UInt32, pixelSize: Double, subpixelX: Int = 0) {
        self.weight = weight
        self.glyph = glyph
        let quarters = pixelSize.isFinite ? (pixelSize * 4).rounded() : 48
        quarterPixelSize = Int(min(max(quarters, 4), 4096))
        self.subpixelX = min(max(subpixelX, 0), 3)
    }

    /// The size it is rasterised at, px per em.
    public var pixelSize: Double { Double(quarterPixelSize) / 4 }
}

/// A glyph in the atlas: where its coverage bitmap is, and where that bitmap goes relative to the pen.
public struct AtlasEntry: Sendable, Hashable {
    /// The bitmap's rectangle in the atlas; empty for a glyph without ink (a space).
    public let rect: PixelRect
    /// The bitmap's left edge, px right of the pen's pixel (FreeType's `bitmap_left`).
    public let left: Int
    /// The bitmap's top edge, px above the baseline (FreeType's `bitmap_top`).
    public let top: Int

    /// An entry with the given atlas rectangle and bearings.
    public init(rect: PixelRect, left: Int, top: Int) {
        self.rect = rect
        self.left = left
        self.top = top
    }
}

/// One glyph to draw: a textured quad from `atlas` to `screen`, pixel for pixel (same size, whole pixels).
public struct GlyphQuad: Sendable, Hashable {
    /// Where to draw, in buffer px (y down).
    public let screen: PixelRect
    /// Which coverage texels, in atlas px (see `GlyphAtlas.textureCoordinates(of:)`).
    public let atlas: PixelRect
    /// The glyph's index in the run's `glyphs`.
    public let glyphIndex: Int

    /// A quad drawing the atlas rectangle `atlas` at `screen` for glyph `glyphIndex` of its run.
    public init(screen: PixelRect, atlas: PixelRect, glyphIndex: Int) {
        self.screen = screen
        self.atlas = atlas
        self.glyphIndex = glyphIndex
    }
}

/// Glyph coverage bitmaps packed into one single-channel texture, rasterised on demand.
///
/// Each glyph is rendered by FreeType with grey-scale anti-aliasing (`FT_RENDER_MODE_NORMAL`, one byte of coverage
/// per pixel, 0…255) at a size quantised to 1/4 px and with the pen's sub-pixel x offset quantised to 1/4 px.
/// Hinting is FreeType's light auto-hinter (`FT_LOAD_FORCE_AUTOHINT | FT_LOAD_TARGET_LIGHT`): vertical only, so
/// baselines, x-height, cap height and horizontal strokes land on whole pixels (sharp tops and bottoms at every
/// scale; Inter's own CFF hints leave them half-covered) while horizontal geometry is untouched, keeping the
/// unhinted advances the shaper uses and the sub-pixel positions meaningful.
/// Glyphs are packed on shelves with a 1 px gap on every side. The bitmap is `width` wide; when full, it grows
/// (its height doubles, existing glyphs keep their places) up to `maxHeight`; when full at `maxHeight`, it is
/// cleared and refilled (`clears` counts those: entries and quads from before a clear are stale).
///
/// For the renderer: a texture of `width` × `height` bytes (GLES 3 `GL_R8`/`GL_RED`, GLES 2 `GL_ALPHA` or
/// `GL_LUMINANCE`, `GL_UNPACK_ALIGNMENT` 1). Lay out every string of the frame first, then upload: when
/// `generation` changed since the last upload, (re)allocate the texture and upload all of `withUnsafeBytes`;
/// else upload just `takeDirtyRect()` (`glTexSubImage2D`; on GLES 2, which lacks `GL_UNPACK_ROW_LENGTH`, upload
/// `pixels(in:)` or the full-width rows the rect spans). Then draw each `GlyphQuad` with
/// `textureCoordinates(of:)`; sampling `GL_NEAREST` or `GL_LINEAR` gives the same result, as the quads are
/// texel-aligned. Not thread-safe: one thread, with the `Fonts` it rasterises from.
public final class GlyphAtlas {
    /// The fonts it rasterises from.
    public let fonts: Fonts
    /// The bitmap's width, px (fixed).
    public let width: Int
    /// The bitmap's height, px (grows up to `maxHeight`).
    public private(set) var height: Int
    /// The most the height grows to.
    public let maxHeight: Int
    /// Bumped whenever the bitmap is resized or cleared: the texture needs reallocating and a full upload.
    public private(set) var generation = 0
    /// How many times the atlas has been cleared because it was full at `maxHeight`.
    public private(set) var clears = 0
    /// The part of the bitmap changed since the last `takeDirtyRect()`; nil when nothing changed.
    public private(set) var dirtyRect: PixelRect?

    private var bitmap: [UInt8]
    private var entries: [GlyphKey: AtlasEntry] = [:]
    private var failed: Set<GlyphKey> = []
    private var shelves: [Shelf] = []
    private var nextShelfY = padding

    /// Gap kept around every glyph, px.
    static let padding = 1

    private struct Shelf {
        var y: Int
        var height: Int
        var nextX: Int
    }

    /// An empty atlas of `width` × `height` px growing to at most `maxHeight` (pass the GL maximum texture size
    /// when it is smaller than the defaults); sizes are clamped to 64…16384.
    public init(fonts: Fonts, width: Int = 1024, height: Int = 256, maxHeight: Int = 2048) {
        self.fonts = fonts
        self.width = min(max(width, 64), 16384)
        self.maxHeight = min(max(maxHeight, 64), 16384)
        self.height = min(max(height, 64), self.maxHeight)
        bitmap = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// How many glyphs are in the atlas (including ones without ink).
    public var count: Int { entries.count }

    /// The glyph's entry, rasterised and packed on first use; nil when FreeType cannot render it or it is larger
    /// than the atlas can hold.
    public func entry(for key: GlyphKey) -> AtlasEntry? {
        if let entry = entries[key] { return entry }
        if failed.contains(key) { return nil }
        guard let glyph = rasterise(key), let entry = add(glyph) else {
            failed.insert(key)
            return nil
        }
        entries[key] = entry
        return entry
    }

    /// Quads drawing `run` with its baseline-left origin at (`x`, `y`) in buffer px (y down), rasterising glyphs
    /// as needed. The baseline is snapped to the nearest whole pixel and each glyph's pen to a quarter pixel (the
    /// glyph was rasterised at that offset), so quads are whole pixels and the text is crisp at any scale.
    /// Glyphs without ink give no quad.
    ///
    /// When the atlas has to clear itself during the run, the run is placed again, so every quad returned points
    /// at a live entry; a run needing more than the whole atlas keeps only the glyphs after the last clear.
    /// Quads from earlier `layout` calls are stale once `clears` changes.
    public func layout(_ run: ShapedRun, x: Double, y: Double) -> [GlyphQuad] {
        guard x.isFinite, y.isFinite, abs(x) < 1e9, abs(y) < 1e9 else { return [] }
        let clearsBefore = clears
        var quads = place(run, x: x, y: y)
        // A clear in the middle of the run made its earlier quads stale: the second pass fits in the empty atlas.
        if clears != clearsBefore { quads = place(run, x: x, y: y) }
        return quads
    }

    /// One pass of `layout`: quads for the run's glyphs, dropping those placed before a clear.
    private func place(_ run: ShapedRun, x: Double, y: Double) -> [GlyphQuad] {
        let baseline = y.rounded()
        var quads: [GlyphQuad] = []
        quads.reserveCapacity(run.glyphs.count)
        // The pen starts on a 1/256 px grid: the same run placed at the same spot by another chain of sums (a layer
        // drawn in the window, or apart on a surface of its own and moved there) is off by rounding noise
        // (1e-13 px), which must not tip a glyph into the next quarter pixel.
        var penX = (x * 256).rounded() / 256, penY = 0.0
        var clearsSeen = clears
        for (index, glyph) in run.glyphs.enumerated() {
            defer {
                penX += glyph.xAdvance
                penY += glyph.yAdvance
            }
            let glyphX = penX + glyph.xOffset
            let glyphY = baseline + (penY + glyph.yOffset).rounded()
            guard glyphX.isFinite, glyphY.isFinite, abs(glyphX) < 1e9, abs(glyphY) < 1e9 else { continue }
            var pixelX = glyphX.rounded(.down)
            var quarter = Int(((glyphX - pixelX) * 4).rounded())
            if quarter == 4 {
                pixelX += 1
                quarter = 0
            }
            let key = GlyphKey(weight: run.weight, glyph: glyph.id, pixelSize: run.pixelSize, subpixelX: quarter)
            let found = entry(for: key)
            if clears != clearsSeen {
                quads.removeAll(keepingCapacity: true)
                clearsSeen = clears
            }
            guard let entry = found, !entry.rect.isEmpty else { continue }
            let screen = PixelRect(x: Int(pixelX) + entry.left, y: Int(glyphY) - entry.top,
                                   width: entry.rect.width, height: entry.rect.height)
            quads.append(GlyphQuad(screen: screen, atlas: entry.rect, glyphIndex: index))
        }
        return quads
    }

    /// Returns the part of the bitmap changed since the last call (nil when nothing changed) and forgets it.
    public func takeDirtyRect() -> PixelRect? {
        defer { dirtyRect = nil }
        return dirtyRect
    }

    /// Calls `body` with the whole bitmap: `width` × `height` bytes of coverage, rows top to bottom, no row
    /// padding (row `y` starts at byte `y × width`).
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        let result: Result<R, E> = bitmap.withUnsafeBytes { bytes in
            do throws(E) { return .success(try body(bytes)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// The coverage bytes of `rect` (clipped to the bitmap), tightly packed row by row: for uploads of a
    /// sub-rectangle where `GL_UNPACK_ROW_LENGTH` is missing (GLES 2).
    public func pixels(in rect: PixelRect) -> [UInt8] {
        let left = max(rect.minX, 0), top = max(rect.minY, 0)
        let right = min(rect.maxX, width), bottom = min(rect.maxY, height)
        guard right > left, bottom > top else { return [] }
        var out = [UInt8]()
        out.reserveCapacity((right - left) * (bottom - top))
        for row in top..<bottom { out += bitmap[row * width + left ..< row * width + right] }
        return out
    }

    /// The coverage at (`x`, `y`), 0 outside the bitmap.
    public func coverage(x: Int, y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return bitmap[y * width + x]
    }

    /// `rect`'s texture coordinates in the current bitmap (0…1, v down like the rows): left, top, right, bottom.
    public func textureCoordinates(of rect: PixelRect) -> (u0: Float, v0: Float, u1: Float, v1: Float) {
        let w = Float(width), h = Float(height)
        return (Float(rect.minX) / w, Float(rect.minY) / h, Float(rect.maxX) / w, Float(rect.maxY) / h)
    }

    // MARK: - Rasterising

    /// A rendered glyph: `width` × `rows` coverage bytes and its bearings.
    private struct RenderedGlyph {
        var coverage: [UInt8]
        var width: Int
        var rows: Int
        var left: Int
        var top: Int
    }

    /// Renders `key` with FreeType: light auto-hinting, the sub-pixel offset as a translation, grey-scale coverage.
    private func rasterise(_ key: GlyphKey) -> RenderedGlyph? {
        let font = fonts.face(key.weight)
        guard font.setPixelSize(key.pixelSize) else { return nil }
        let face = font.face
        var delta = FT_Vector(x: FT_Pos(key.subpixelX * 16), y: 0)  // quarter pixels in 26.6
        FT_Set_Transform(face, nil, &delta)
        let flags = FT_Int32(FT_LOAD_NO_BITMAP | FT_LOAD_FORCE_AUTOHINT) | momentum_ft_load_target_light()
        let loadError = FT_Load_Glyph(face, key.glyph, flags)
        FT_Set_Transform(face, nil, nil)
        guard loadError == 0, let slot = face.pointee.glyph, FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) == 0 else {
            return nil
        }
        let bitmap = slot.pointee.bitmap
        let columns = Int(bitmap.width), rows = Int(bitmap.rows)
        var rendered = RenderedGlyph(coverage: [], width: columns, rows: rows, left: Int(slot.pointee.bitmap_left),
                                     top: Int(slot.pointee.bitmap_top))
        guard columns > 0, rows > 0 else {
            rendered.width = 0
            rendered.rows = 0
            return rendered
        }
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue), let buffer = bitmap.buffer else { return nil }
        let pitch = Int(bitmap.pitch)
        guard abs(pitch) >= columns else { return nil }
        rendered.coverage.reserveCapacity(columns * rows)
        let maximum = max(1, Int(bitmap.num_grays) - 1)
        for row in 0..<rows {
            // A negative pitch means the rows are stored bottom-up.
            let start = buffer + (pitch > 0 ? row * pitch : (rows - 1 - row) * -pitch)
            for column in 0..<columns {
                let value = Int(start[column])
                rendered.coverage.append(maximum == 255 ? UInt8(value) : UInt8(min(255, value * 255 / maximum)))
            }
        }
        return rendered
    }

    // MARK: - Packing

    /// Packs `glyph`, growing or clearing the bitmap when full; nil when it cannot fit even an empty atlas.
    private func add(_ glyph: RenderedGlyph) -> AtlasEntry? {
        guard glyph.width > 0, glyph.rows > 0 else {
            return AtlasEntry(rect: PixelRect(width: 0, height: 0), left: glyph.left, top: glyph.top)
        }
        let pad = Self.padding
        guard glyph.width + 2 * pad <= width, glyph.rows + 2 * pad <= maxHeight else { return nil }
        let origin: (x: Int, y: Int)
        if let found = allocate(width: glyph.width, height: glyph.rows) {
            origin = found
        } else {
            clear()
            guard let found = allocate(width: glyph.width, height: glyph.rows) else { return nil }
            origin = found
        }
        for row in 0..<glyph.rows {
            let destination = (origin.y + row) * width + origin.x
            bitmap.replaceSubrange(destination ..< destination + glyph.width,
                                   with: glyph.coverage[row * glyph.width ..< (row + 1) * glyph.width])
        }
        let rect = PixelRect(x: origin.x, y: origin.y, width: glyph.width, height: glyph.rows)
        dirtyRect = (dirtyRect ?? rect).union(rect)
        return AtlasEntry(rect: rect, left: glyph.left, top: glyph.top)
    }

    /// A place for a `w` × `h` bitmap: on the lowest-waste shelf with room, else on a new shelf (growing the
    /// bitmap if need be); nil when the bitmap is full at `maxHeight`.
    private func allocate(width w: Int, height h: Int) -> (x: Int, y: Int)? {
        let pad = Self.padding
        var best: Int?
        for (index, shelf) in shelves.enumerated()
        where shelf.height >= h && shelf.nextX + w + pad <= width {
            if let current = best, shelves[current].height <= shelf.height { continue }
            best = index
        }
        if let best {
            let origin = (x: shelves[best].nextX, y: shelves[best].y)
            shelves[best].nextX += w + pad
            return origin
        }
        // New shelves are a little taller than the glyph that opens them, so similar glyphs share them.
        let shelfHeight = min((h + 3) / 4 * 4, maxHeight - 2 * pad)
        guard shelfHeight >= h, nextShelfY + shelfHeight + pad <= maxHeight else { return nil }
        if nextShelfY + shelfHeight + pad > height { grow(toFit: nextShelfY + shelfHeight + pad) }
        shelves.append(Shelf(y: nextShelfY, height: shelfHeight, nextX: pad + w + pad))
        defer { nextShelfY += shelfHeight + pad }
        return (pad, nextShelfY)
    }

    /// Doubles the height until `needed` rows fit (at most `maxHeight`); existing glyphs keep their places.
    private func grow(toFit needed: Int) {
        var newHeight = height
        while newHeight < needed { newHeight = min(newHeight * 2, maxHeight) }
        bitmap += [UInt8](repeating: 0, count: (newHeight - height) * width)
        height = newHeight
        generation += 1
        dirtyRect = PixelRect(width: width, height: height)
    }

    /// Forgets every glyph and zeroes the bitmap (keeping its size).
    private func clear() {
        entries.removeAll(keepingCapacity: true)
        failed.removeAll()
        shelves.removeAll()
        nextShelfY = Self.padding
        for index in bitmap.indices { bitmap[index] = 0 }
        clears += 1
        generation += 1
        dirtyRect = PixelRect(width: width, height: height)
    }
}
