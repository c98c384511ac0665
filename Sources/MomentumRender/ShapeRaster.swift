import MomentumLayers
import RealModule

/// A few rounded rectangles without shadows (a layer that is nothing else: the playground's pull line, the gallery's
/// satellite), written by the CPU straight into the 32-bit pixels of a buffer the compositor reads
/// (`WL_SHM_FORMAT_ARGB8888`, premultiplied), as the `shape` fragment shader draws them: the same signed distance at
/// each pixel centre in each shape's unrotated frame, the same one-px ramp `1 − smoothstep(−0.5, 0.5, d)`, the
/// premultiplied colour times the coverage, rounded to bytes, each shape over the ones before it as GL's blend
/// stores it, over a transparent buffer. Only the rows and columns the shape can reach are visited, so a line a few
/// px thick costs a few px a row, with no EGL surface, no GL pass, no read-back and no swap copy.
///
/// A buffer keeps what was written into it: each raster remembers, per row, the columns it wrote last time into
/// the buffer it draws into, and clears exactly those before writing the next shapes (one raster per buffer).
public struct ShapeRaster: Sendable {
    /// Per row, the first column written last time and the column after the last (equal when none).
    private var spans: [Int32] = []
    /// The rows written last time.
    private var rows: Range<Int> = 0..<0
    /// A narrow unturned shape's columns along its straight sides: each column's source, worked out at the first
    /// such row and taken again on the others (`unset` until then), the shape's first column at index 0.
    private var sides: [UInt32] = []
    /// What `sides` holds for a column not worked out yet: no word a coverage makes (a premultiplied colour's
    /// channels are never over its alpha).
    private static let unset: UInt32 = 0x00FF_FFFF
    /// The widest shape (buffer px its rows reach) whose straight rows are written from `sides` column by column: a
    /// bar of a graph, a dot; a wider one's inside is a run stored whole.
    static let narrowColumns = 16

    /// A raster for a buffer that holds nothing yet (all pixels transparent).
    public init() {}

    /// A raster for a `width` × `height` buffer any pixel of which may hold something (written whole some other
    /// way: `Renderer.write`): its first `draw` clears every pixel.
    public init(written width: Int, _ height: Int) {
        guard width > 0, height > 0 else { return }
        spans = Array(repeating: 0, count: 2 * height)
        for row in 0..<height { spans[2 * row + 1] = Int32(width) }
        rows = 0..<height
    }

    /// Forgets what it wrote, which the buffer keeps (a list written whole, `Renderer.write`, where the next run of
    /// shapes goes over the ones before): its next `draw` into a buffer `height` rows tall clears nothing. Keeps its
    /// storage: nothing is allocated once it has held a buffer that tall.
    mutating func forget(height: Int) {
        if spans.count == 2 * height {
            for row in rows {
                spans[2 * row] = 0
                spans[2 * row + 1] = 0
            }
        } else {
            spans.removeAll(keepingCapacity: true)
            spans.append(contentsOf: repeatElement(0, count: 2 * Swift.max(height, 0)))
        }
        rows = 0..<0
    }

    /// The most rounded rectangles a list drawn this way holds (the gallery's lanes have nine dots; its satellite is
    /// four: a body, two panels and a nose).
    public static let shapeLimit = 9
    /// The most rounded rectangles under a turned face (`face(of:)`: the playground's tile has its background).
    public static let faceShapeLimit = 4
    /// The most buffer px the shapes of a list of more than one rectangle reach (`reach(of:scale:)`) for it to be
    /// drawn this way: a few small shapes (the satellite's, ~1.6 k px, and the lanes' dots, ~3.6 k px, four times
    /// that at scale 2), not large cards, whose pixels the GPU's pass draws for less than the CPU does. What a
    /// frame costs here is the pixels the shapes reach, not the buffer's (the dots run across a buffer of ~100 k
    /// px).
    public static let severalShapesPixelLimit = 65_536

    /// The buffer px the bounding boxes of `shapes` (as drawn: scaled and turned, with the one px of their
    /// anti-aliased edge around) hold at `scale`, together.
    public static func reach(of shapes: [RoundedRect], scale: Double) -> Double {
        shapes.reduce(0) { sum, shape in
            let box = shape.boundingBox.insetBy(-1)
            return sum + box.width * box.height * scale * scale
        }
    }
    /// The largest buffer (px) a turned face (`face(of:)`) is written into this way: the playground's tile (~15 k px
    /// turned at 800x600, ~4× that at scale 2), its inside a plain fill and its face sampled texel by texel.
    public static let facePixelLimit = 262_144

    /// The shapes a list draws when it is one to `shapeLimit` rounded rectangles without shadows (what this raster
    /// draws, each over the ones before it), else nil.
    /// A rectangle filled with no colour and without a shadow (a layer's clear extent, which keeps its surface one
    /// size; a rounded rectangle where the tree is zoomed) draws nothing — GL's blend leaves what is there — and is
    /// left out.
    public static func shapes(of list: DrawList) -> [RoundedRect]? {
        guard (1...shapeLimit + 1).contains(list.commands.count) else { return nil }
        var shapes: [RoundedRect] = []
        for command in list.commands {
            switch command {
            case let .rect(_, fill) where fill.a <= 0:
                continue
            case let .roundedRect(shape) where shape.shadow.map({ $0.color.a <= 0 }) ?? true:
                if shape.fill.a <= 0 { continue }
                guard shapes.count < shapeLimit else { return nil }
                shapes.append(shape)
            default:
                return nil
            }
        }
        return shapes.isEmpty ? nil : shapes
    }

    /// The most line segments a list drawn this way holds (the playground's flash ring is sixteen; an ellipse
    /// layer's outline is 96).
    public static let lineLimit = 96

    /// The segments a list draws when it is one to `lineLimit` stroked segments and nothing else (a polyline mitred
    /// at its joints: the playground's flash ring, faded and swelling, on the surface above the card), else nil.
    public static func lines(of list: DrawList) -> [LineSegment]? {
        // Asked of every small layer a frame shows: nothing allocated unless it is segments alone.
        guard (1...lineLimit).contains(list.commands.count), list.commands.allSatisfy(\.isLine) else { return nil }
        var lines: [LineSegment] = []
        lines.reserveCapacity(list.commands.count)
        for command in list.commands {
            guard case let .line(segment) = command else { return nil }
            if segment.color.a > 0 { lines.append(segment) }
        }
        return lines.isEmpty ? nil : lines
    }

    /// The shapes and the rasterised face a list draws when it is up to `faceShapeLimit` rounded rectangles without
    /// shadows followed by one raster (a turned layer that `shouldRasterize`, its background under its face: the
    /// playground's spinning tile), else nil.
    public static func face(of list: DrawList) -> (shapes: [RoundedRect], run: RasterRun)? {
        guard let last = list.commands.last, case let .raster(run) = last, list.commands.count <= faceShapeLimit + 1,
              run.corners.count == 4 else { return nil }
        let shapes = list.commands.count == 1 ? []
            : Self.shapes(of: DrawList(commands: Array(list.commands.dropLast())))
        return shapes.map { ($0, run) }
    }

    /// Clears what the last `draw` wrote into `pixels` (`width` × `height`, rows `width` pixels apart), then writes
    /// `shape` moved by `-offset` (logical px) at `scale`; returns how many pixels were written.
    public mutating func draw(_ shape: RoundedRect, offset: SIMD2<Double> = .zero, scale: Double,
                              into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) -> Int {
        draw([shape], offset: offset, scale: scale, into: pixels, width: width, height: height)
    }

    /// The same for `shapes` in order, each over the ones before it as GL blends a layer's draws (premultiplied
    /// source over, in bytes); returns how many pixels were written (a pixel two shapes reach counts twice).
    public mutating func draw(_ shapes: [RoundedRect], offset: SIMD2<Double> = .zero, scale: Double,
                              into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int) -> Int {
        draw(shapes, face: nil, offset: offset, scale: scale, into: pixels, width: width, height: height)
    }

    /// The same, then `lines` over the shapes (stroked segments mitred where they join, as the `shape` shader draws
    /// a polyline: `LineQuad`), then `face` (a rasterised layer's texture, `image` its texels as
    /// `Renderer.rasterImage` reads them) over them as the `texture` program shows it: each pixel whose centre lies in the quad of
    /// `run.corners` takes the texture sampled there as GL_LINEAR samples (the four nearest texels weighed by
    /// distance, clamped to the edge), times `run.opacity`, over what is there. Returns how many pixels were
    /// written (a pixel the shapes and the face both reach counts twice).
    public mutating func draw(_ shapes: [RoundedRect], lines: [LineSegment] = [],
                              face: (run: RasterRun, image: RasterImage)?, offset: SIMD2<Double> = .zero,
                              scale: Double, into pixels: UnsafeMutablePointer<UInt32>, width: Int,
                              height: Int) -> Int {
        if spans.count != 2 * height {
            // Another buffer size: the buffer is a new one (transparent).
            spans = Array(repeating: 0, count: 2 * height)
            rows = 0..<0
        }
        for row in rows where spans[2 * row] < spans[2 * row + 1] {
            let start = Int(spans[2 * row]), end = Int(spans[2 * row + 1])
            (pixels + row * width + start).update(repeating: 0, count: end - start)
            spans[2 * row] = 0
            spans[2 * row + 1] = 0
        }
        rows = 0..<0
        guard width > 0, height > 0 else { return 0 }
        var written = 0
        var first = height, last = -1
        for shape in shapes {
            guard let geometry = Geometry(shape, offset: offset, scale: scale) else { continue }
            // Its shadow first, as the GL draws it under the shape (`drawShadow`; only a list `Renderer.write`
            // writes holds one).
            if shape.shadow != nil {
                written += drawShadow(of: shape, geometry, scale: scale, into: pixels, width: width,
                                      height: height, first: &first, last: &last)
            }
            let centre = geometry.centre, half = geometry.half, c = geometry.c, n = geometry.n
            let radius = Swift.min(geometry.radius, Swift.min(half.x, half.y))
            let colour = geometry.fill
            // Coverage is nothing where d ≥ 0.5: the box grown by 1 px holds every pixel centre with any.
            let reach = half + 1
            // Coverage is whole (d ≤ −0.5) inside either arm of the cross the corners leave, |x| ≤ half.x − 0.5 with
            // |y| ≤ half.y − r, or the other way round (r at least 0.5), and inside the box through the corners'
            // circles at 45° shrunk by half a px, |x| ≤ half.x − r + (r − 0.5)/√2 with the same in y (where a
            // circle, whose arms are empty, is whole): each kept a hundredth of a px in from its edges so that
            // rounding never puts a pixel there that the distance would give less. Those pixels take the colour
            // itself, no distance worked out.
            let r = Swift.max(radius, 0.5), margin: Float = 0.01
            let corner = (r - 0.5) * 0.70710677
            let arms = (SIMD2(half.x - 0.5, half.y - r) - margin, SIMD2(half.x - r, half.y - 0.5) - margin,
                        half - r + corner - margin)
            let whole = Self.word(colour, times: 1)
            // Only the rows the grown box can reach turned any way (a dot in a tall buffer visits its own rows).
            let far = (reach * reach).sum().squareRoot() + 1
            guard centre.y + far > 0, centre.y - far < Float(height) else { continue }
            // Clamped as floats first: a reach past any row (or not finite) never becomes an Int out of range.
            let top = Int(Swift.max(0, centre.y - far)), bottom = Int(Swift.min(Float(height), centre.y + far + 1))
            // The columns `sides` holds for this shape (none yet).
            var sideColumns = 0..<0
            for row in top..<bottom {
                let dy = Float(row) + 0.5 - centre.y
                guard let columns = Self.columns(dy: dy, centre: centre.x, c: c, n: n, reach: reach, width: width)
                else { continue }
                let start = columns.lowerBound, end = columns.upperBound
                let line = pixels + row * width
                // A narrow unturned shape's rows along its straight sides, where q.y ≤ 0 and q.y − r ≤ −0.5 (a
                // plain rectangle's rows half a px in from its top and bottom edges; the HUD's 90 bars, each a
                // couple of px wide, are all edge columns): a column whose q.x ≥ q.y has d = min(q.x, 0) +
                // max(q.x, 0) − r, the row's alone; one whose q.x < q.y has d = q.y − r ≤ −0.5, whole coverage, as
                // min(q.x, 0) + max(q.x, 0) − r gives it too. So each column's source is worked out once, by the
                // same arithmetic, and every such row is those sources over what is there (a source over a
                // transparent pixel, or an opaque one, is itself: the same bytes as the paths below).
                let qy = abs(dy) - half.y + radius
                if n == 0, c == 1, qy <= 0, qy - radius <= -0.5, end - start <= Self.narrowColumns {
                    if sideColumns != start..<end {
                        sideColumns = start..<end
                        sides.removeAll(keepingCapacity: true)
                        sides.append(contentsOf: repeatElement(Self.unset, count: end - start))
                    }
                    for column in start..<end {
                        var source = sides[column - start]
                        if source == Self.unset {
                            let qx = abs(Float(column) + 0.5 - centre.x) - half.x + radius, outside = Swift.max(qx, 0)
                            let d = Swift.min(qx, 0) + (outside * outside).squareRoot() - radius
                            source = Self.word(colour, times: Self.coverage(distance: d))
                            sides[column - start] = source
                        }
                        if source != 0 { line[column] = Self.over(source, line[column]) }
                    }
                    written += mark(row: row, columns: start..<end, first: &first, last: &last)
                    continue
                }
                // The whole-coverage columns of this row: the widest part's, or the parts joined where they meet.
                var inside = end..<end
                for arm in 0..<3 {
                    let bound = arm == 0 ? arms.0 : arm == 1 ? arms.1 : arms.2
                    var a = -Float.infinity, b = Float.infinity
                    guard Self.narrow(&a, &b, factor: c, offset: n * dy, bound: bound.x),
                          Self.narrow(&a, &b, factor: -n, offset: c * dy, bound: bound.y) else { continue }
                    let first = Swift.max(start, Int((centre.x + a - 0.5).rounded(.up)))
                    let past = Swift.min(end, Int((centre.x + b - 0.5).rounded(.down)) + 1)
                    guard first < past else { continue }
                    if inside.isEmpty || (first > inside.upperBound || past < inside.lowerBound) {
                        if past - first > inside.count { inside = first..<past }
                    } else {
                        inside = Swift.min(first, inside.lowerBound)..<Swift.max(past, inside.upperBound)
                    }
                }
                if whole >> 24 == 255 {
                    // Opaque: over anything it is itself.
                    (line + inside.lowerBound).update(repeating: whole, count: inside.count)
                } else {
                    // Translucent: over a transparent pixel it is itself, so runs of those are stored whole (a list's
                    // cards on a cleared tile) and only the others blended.
                    var column = inside.lowerBound
                    while column < inside.upperBound {
                        var past = column
                        while past < inside.upperBound, line[past] == 0 { past += 1 }
                        if past > column {
                            (line + column).update(repeating: whole, count: past - column)
                            column = past
                            continue
                        }
                        line[column] = Self.over(whole, line[column])
                        column += 1
                    }
                }
                // An unturned shape's rows along its top or bottom edge (q.y > 0: past its straight sides): between
                // the corners (q.x ≤ 0, kept a hundredth of a px in) the distance is the row's alone, so those
                // columns take one source, worked out once by the same arithmetic (a list card's edge rows are
                // hundreds of px wide).
                var flat = end..<end, flatSource: UInt32 = 0
                if n == 0, c == 1 {
                    let span = half.x - radius - margin
                    let a = Swift.max(start, Int((centre.x - span - 0.5).rounded(.up)))
                    let b = Swift.min(end, Int((centre.x + span - 0.5).rounded(.down)) + 1)
                    if qy > 0, span > 0, a < b {
                        flat = a..<b
                        let d = Swift.min(Swift.max(-span, qy), 0) + (SIMD2(0, qy) * SIMD2(0, qy)).sum().squareRoot()
                            - radius
                        flatSource = Self.word(colour, times: Self.coverage(distance: d))
                    }
                }
                // The columns around the whole-coverage ones (visited apart: a wide shape's inside is not walked
                // again).
                let gapStart = Swift.min(Swift.max(inside.lowerBound, start), end)
                let gap = gapStart..<Swift.max(Swift.min(inside.upperBound, end), gapStart)
                var column = start
                while column < end {
                    if column == gap.lowerBound, !gap.isEmpty {
                        column = gap.upperBound
                        continue
                    }
                    defer { column += 1 }
                    if flat.contains(column) {
                        if flatSource != 0 { line[column] = Self.over(flatSource, line[column]) }
                        continue
                    }
                    let dx = Float(column) + 0.5 - centre.x
                    let local = SIMD2(c * dx + n * dy, -n * dx + c * dy)
                    let q = SIMD2(abs(local.x), abs(local.y)) - half + radius
                    let outside = SIMD2(Swift.max(q.x, 0), Swift.max(q.y, 0))
                    let d = Swift.min(Swift.max(q.x, q.y), 0) + (outside * outside).sum().squareRoot() - radius
                    line[column] = Self.over(Self.word(colour, times: Self.coverage(distance: d)), line[column])
                }
                written += mark(row: row, columns: start..<end, first: &first, last: &last)
            }
        }
        for segment in lines {
            var moved = segment
            moved.from -= offset
            moved.to -= offset
            guard let quad = LineQuad(moved, scale: Float(scale)) else { continue }
            written += drawLine(quad, colour: segment.color.premultiplied, into: pixels, width: width, height: height,
                                first: &first, last: &last)
        }
        if let face, face.run.corners.count == 4, face.run.opacity > 0, face.image.width > 0, face.image.height > 0 {
            written += drawFace(face.run, image: face.image, offset: offset, scale: scale, into: pixels, width: width,
                                height: height, first: &first, last: &last)
        }
        rows = first <= last ? first..<(last + 1) : 0..<0
        return written
    }

    /// Writes the segment `quad` in `colour` (premultiplied) over what is in `pixels` as the `shape` shader draws it:
    /// at each pixel centre inside the quad (its box grown by the one px the GL's quad is), the box's distance in its
    /// own frame, or at a joined end past the segment's middle the distance across alone with only the centres on
    /// the segment's side of the miter line kept (the neighbour takes the others: each pixel of a joint is one
    /// segment's). Widens the rows' spans and `first`…`last`; returns the pixels written.
    private mutating func drawLine(_ quad: LineQuad, colour: RGBA, into pixels: UnsafeMutablePointer<UInt32>,
                                   width: Int, height: Int, first: inout Int, last: inout Int) -> Int {
        let c = quad.axis.x, n = quad.axis.y, centre = quad.centre, half = quad.half
        // Along the segment the grown quad bounds it (a cut end's coverage runs to the miter line); across it the
        // coverage is nothing where |y| ≥ half width + 0.5.
        let bound = SIMD2(half.x + 1, half.y + 0.5)
        let start = quad.cutStart, end = quad.cutEnd
        let cutsStart = start.x * start.x + start.y * start.y > 0, cutsEnd = end.x * end.x + end.y * end.y > 0
        // How far down and up the turned box reaches from its centre.
        let far = abs(n) * bound.x + abs(c) * bound.y + 1
        guard far.isFinite, centre.y + far > 0, centre.y - far < Float(height) else { return 0 }
        let top = Int(Swift.max(0, centre.y - far)), bottom = Int(Swift.min(Float(height), centre.y + far + 1))
        var written = 0
        for row in top..<bottom {
            let y = Float(row) + 0.5, dy = y - centre.y
            guard let columns = Self.columns(dy: dy, centre: centre.x, c: c, n: n, reach: bound, width: width)
            else { continue }
            let line = pixels + row * width
            for column in columns {
                let x = Float(column) + 0.5, dx = x - centre.x
                var local = SIMD2(c * dx + n * dy, -n * dx + c * dy)
                if cutsStart, local.x < 0 {
                    if start.x * (x - start.z) + start.y * (y - start.w) < 0 { continue }
                    local.x = 0
                }
                if cutsEnd, local.x > 0 {
                    if end.x * (x - end.z) + end.y * (y - end.w) >= 0 { continue }
                    local.x = 0
                }
                let q = SIMD2(abs(local.x), abs(local.y)) - half
                let outside = SIMD2(Swift.max(q.x, 0), Swift.max(q.y, 0))
                let d = Swift.min(Swift.max(q.x, q.y), 0) + (outside * outside).sum().squareRoot()
                let coverage = Self.coverage(distance: d)
                if coverage > 0 { line[column] = Self.over(Self.word(colour, times: coverage), line[column]) }
            }
            written += mark(row: row, columns: columns, first: &first, last: &last)
        }
        return written
    }

    /// Writes `run`'s quad sampling `image` over what is in `pixels` (see `draw(_:face:offset:scale:into:width:height:)`),
    /// widening the rows' spans and `first`…`last`; returns the pixels written.
    private mutating func drawFace(_ run: RasterRun, image: RasterImage, offset: SIMD2<Double>, scale: Double,
                                   into pixels: UnsafeMutablePointer<UInt32>, width: Int, height: Int,
                                   first: inout Int, last: inout Int) -> Int {
        // The quad in buffer px (as `Renderer.appendRaster` hands it to GL, Float): its top-left corner and edges.
        let s = Float(scale)
        func point(_ p: SIMD2<Double>) -> SIMD2<Float> { SIMD2(Float(p.x - offset.x), Float(p.y - offset.y)) * s }
        let origin = point(run.corners[0])
        let across = point(run.corners[1]) - origin, down = point(run.corners[2]) - origin
        let det = across.x * down.y - across.y * down.x
        guard det.isFinite, abs(det) > 1e-6 else { return 0 }
        // A pixel centre p − origin = u·across + v·down: u and v, each a linear function of p.
        let uOfX = down.y / det, uOfY = -down.x / det, vOfX = -across.y / det, vOfY = across.x / det
        let textureWidth = Float(image.width), textureHeight = Float(image.height)
        let a = Float(Swift.min(run.opacity, 1))
        // At full opacity a sample between four equal texels is that texel.
        let opaqueRun = a == 1
        let minY = Swift.max(0, Int(Swift.min(origin.y, origin.y + across.y, origin.y + down.y,
                                              origin.y + across.y + down.y).rounded(.down)))
        let maxY = Swift.min(height, Int(Swift.max(origin.y, origin.y + across.y, origin.y + down.y,
                                                   origin.y + across.y + down.y).rounded(.up)) + 1)
        var written = 0
        let lastColumn = image.width - 1, lastRow = image.height - 1, stride = image.width
        image.pixels.withUnsafeBufferPointer { texels in
            guard let texels = texels.baseAddress else { return }
            for row in minY..<maxY {
                let dy = Float(row) + 0.5 - origin.y
                // The centres x + 0.5 − origin.x = dx with 0 ≤ u ≤ 1 and 0 ≤ v ≤ 1: |u − ½| ≤ ½, |v − ½| ≤ ½.
                var low = -Float.infinity, high = Float.infinity
                if !Self.narrow(&low, &high, factor: uOfX, offset: uOfY * dy - 0.5, bound: 0.5)
                    || !Self.narrow(&low, &high, factor: vOfX, offset: vOfY * dy - 0.5, bound: 0.5) { continue }
                let start = Swift.max(0, Int((origin.x + low - 0.5).rounded(.up)))
                let end = Swift.min(width, Int((origin.x + high - 0.5).rounded(.down)) + 1)
                guard start < end else { continue }
                let line = pixels + row * width
                for column in start..<end {
                    let dx = Float(column) + 0.5 - origin.x
                    // Texel space: texel i's centre at i + 0.5; the four around the sample, clamped to the edge.
                    let x = (uOfX * dx + uOfY * dy) * textureWidth - 0.5
                    let y = (vOfX * dx + vOfY * dy) * textureHeight - 0.5
                    // Floors without libm: x and y are at least −0.5 (a centre inside the quad), so x + 1 > 0 truncates
                    // to one more than the floor.
                    let xFloor = Int(x + 1) - 1, yFloor = Int(y + 1) - 1
                    let fx = x - Float(xFloor), fy = y - Float(yFloor)
                    let i0 = Swift.min(Swift.max(xFloor, 0), lastColumn)
                    let i1 = Swift.min(Swift.max(xFloor + 1, 0), lastColumn)
                    let j0 = Swift.min(Swift.max(yFloor, 0), lastRow) * stride
                    let j1 = Swift.min(Swift.max(yFloor + 1, 0), lastRow) * stride
                    let top0 = texels[j0 + i0], top1 = texels[j0 + i1]
                    let bottom0 = texels[j1 + i0], bottom1 = texels[j1 + i1]
                    if top0 | top1 | bottom0 | bottom1 == 0 { continue }
                    let destination = line[column]
                    if opaqueRun, top0 == top1, top0 == bottom0, top0 == bottom1 {
                        // Four equal texels (inside a fill): weighed, they are that texel (the float sum is within
                        // 10⁻⁴ of it, far from a rounding edge), so it is taken as it is.
                        line[column] = destination == 0 || top0 >> 24 == 255 ? top0 : Self.over(top0, destination)
                        continue
                    }
                    let w00 = (1 - fx) * (1 - fy) * a, w10 = fx * (1 - fy) * a
                    let w01 = (1 - fx) * fy * a, w11 = fx * fy * a
                    // Each channel as `byte` rounds it: the four texels weighed, over 255, kept to 0…1, times 255.
                    @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
                        let value = Float(top0 >> shift & 0xff) * w00 + Float(top1 >> shift & 0xff) * w10
                            + Float(bottom0 >> shift & 0xff) * w01 + Float(bottom1 >> shift & 0xff) * w11
                        return Self.byte(value / 255) << shift
                    }
                    let source = channel(0) | channel(8) | channel(16) | channel(24)
                    line[column] = destination == 0 || source >> 24 == 255 ? source : Self.over(source, destination)
                }
                written += mark(row: row, columns: start..<end, first: &first, last: &last)
            }
        }
        return written
    }

    /// `value` (0…255) to the nearest whole number, halves to even, as `rounded(.toNearestOrEven)` gives it: adding
    /// and taking away 2²³ leaves no fraction (no call into libm, which this target's baseline x86-64 needs for
    /// `rounded`).
    @inline(__always)
    private static func nearest(_ value: Float) -> UInt32 {
        UInt32((value + 8_388_608) - 8_388_608)
    }

    /// Widens `row`'s written span (one span around everything written into it this time) and `first`…`last` by
    /// `columns`; returns how many they are.
    mutating func mark(row: Int, columns: Range<Int>, first: inout Int, last: inout Int) -> Int {
        if spans[2 * row] < spans[2 * row + 1] {
            spans[2 * row] = Swift.min(spans[2 * row], Int32(columns.lowerBound))
            spans[2 * row + 1] = Swift.max(spans[2 * row + 1], Int32(columns.upperBound))
        } else {
            spans[2 * row] = Int32(columns.lowerBound)
            spans[2 * row + 1] = Int32(columns.upperBound)
        }
        first = Swift.min(first, row)
        last = Swift.max(last, row)
        return columns.count
    }

    /// `source` over `destination`, premultiplied ARGB words, as GL's `ONE, ONE_MINUS_SRC_ALPHA` blend stores it in
    /// bytes: each channel the source's plus the destination's times 1 − the source's alpha, rounded, at most 255.
    @inline(__always)
    static func over(_ source: UInt32, _ destination: UInt32) -> UInt32 {
        if destination == 0 { return source }
        let keep = 255 - (source >> 24)
        @inline(__always) func channel(_ shift: UInt32) -> UInt32 {
            let kept = ((destination >> shift) & 0xff) * keep
            return Swift.min(((source >> shift) & 0xff) + (kept + 127) / 255, 255) << shift
        }
        return channel(0) | channel(8) | channel(16) | channel(24)
    }

    /// The columns of a row `dy` below a box's centre (`centre` its x) whose pixel centres (x + 0.5 − centre = dx)
    /// may lie inside the box turned to (c, n) of half-size `reach`: |c·dx + n·dy| < reach.x and |−n·dx + c·dy| <
    /// reach.y, each an interval of dx (or every dx, or none, when its factor is 0), widened to whole columns inside
    /// the buffer; nil when none are.
    @inline(__always)
    static func columns(dy: Float, centre: Float, c: Float, n: Float, reach: SIMD2<Float>,
                                width: Int) -> Range<Int>? {
        var low = -Float.infinity, high = Float.infinity
        if !narrow(&low, &high, factor: c, offset: n * dy, bound: reach.x)
            || !narrow(&low, &high, factor: -n, offset: c * dy, bound: reach.y) { return nil }
        let start = Swift.max(0, Int((centre + low - 0.5).rounded(.down)))
        let end = Swift.min(width, Int((centre + high - 0.5).rounded(.up)) + 1)
        return start < end ? start..<end : nil
    }

    /// Narrows `low…high` to the dx with |factor·dx + offset| < bound; false when no dx is left.
    static func narrow(_ low: inout Float, _ high: inout Float, factor: Float, offset: Float,
                               bound: Float) -> Bool {
        guard bound > 0 else { return false }  // |…| < a bound of 0 or less holds for no dx
        if abs(factor) < 1e-6 { return abs(offset) < bound }
        let a = (-bound - offset) / factor, b = (bound - offset) / factor
        low = Swift.max(low, Swift.min(a, b))
        high = Swift.min(high, Swift.max(a, b))
        return low <= high
    }

    /// The `shape` shader's coverage of a pixel whose centre is `d` px from the edge (negative inside): 1 − the
    /// smoothstep over the pixel's width about the edge.
    @inline(__always)
    static func coverage(distance d: Float) -> Float {
        let t = Swift.min(Swift.max(d + 0.5, 0), 1)
        return 1 - t * t * (3 - 2 * t)
    }

    /// A premultiplied `colour` times `coverage`, as llvmpipe stores it: a premultiplied ARGB word, each channel a
    /// byte (`byte`).
    @inline(__always)
    static func word(_ colour: RGBA, times coverage: Float) -> UInt32 {
        byte(colour.a * coverage) << 24 | byte(colour.r * coverage) << 16 | byte(colour.g * coverage) << 8
            | byte(colour.b * coverage)
    }

    /// A 0…1 channel as llvmpipe stores it in a byte: nearest, halves to even (0.7 · 255 = 178.5 is 178).
    @inline(__always)
    private static func byte(_ value: Float) -> UInt32 {
        nearest(Swift.min(Swift.max(value, 0), 1) * 255)
    }
}

/// A rasterised layer's texels as the CPU reads them (`Renderer.rasterImage`): premultiplied ARGB words (alpha in
/// the top byte, as `WL_SHM_FORMAT_ARGB8888`), `width` a row, top row first.
public struct RasterImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt32]

    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
