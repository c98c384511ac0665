import CGLES
import MomentumLayers
import MomentumText

/// A list of rounded rectangles (with their soft shadows), plain rectangles, stroked segments, upright text and a
/// background gradient (a scrolling list's rows: cards, artwork and their lines; the HUD; a chrome's chips, their icons
/// and the flash ring; a launch's first frame, its window and its layers) written by the CPU straight into a buffer of
/// the app's own, without the band's GL pass and read-back: the shapes as `ShapeRaster` writes them (the `shape`
/// shader's coverage, blended as GL stores it), the glyphs texel for pixel from the atlas the text renderer already
/// fills on the CPU, each coverage byte times the run's premultiplied colour (the `glyph` shader), over what is there.
/// In draw order, on a transparent buffer. On llvmpipe a list tile costs its every pixel through a GL pass and a
/// read-back (~45 instructions a pixel); here the inside of a card is a word stored, and only its edges and the glyphs
/// are worked out (docs/benchmarks/scenes.md, the seventeenth step).
extension Renderer {
    /// Whether `write(_:width:height:scale:into:)` draws `list`: only a background gradient, rounded rectangles (a
    /// shadow that shows blurred), rectangles, line segments and text that is not turned.
    public static func canWrite(_ list: DrawList) -> Bool {
        list.commands.allSatisfy { command in
            switch command {
            case .background, .rect, .line: true
            case let .roundedRect(shape):
                // A shadow as the `shadow` program draws it (`ShapeRaster.drawShadow`), but not one without blur
                // (the shader divides by σ).
                shape.shadow.map { $0.color.a <= 0 || shape.opacity <= 0 || $0.blurRadius > 0 } ?? true
            case let .text(run): run.rotation == 0
            case .raster: false
            }
        }
    }

    /// Writes `list` (logical px × `scale` = buffer px) into `pixels`, `width` × `height` BGRA pixels
    /// (`WL_SHM_FORMAT_ARGB8888`, premultiplied) rows `width` pixels apart, over a transparent buffer: the pixels a
    /// `.bands` render with `clear: .clear` draws, within a level or two of each byte (the blend's rounding).
    /// False, with nothing written, when it cannot (`canWrite`, or rows further apart). Needs the renderer's
    /// context current the first time text is written (the fonts are loaded then).
    public func write(_ list: DrawList, width: Int, height: Int, scale: Double, into pixels: BufferPixels) -> Bool {
        guard width > 0, height > 0, pixels.stride == width * 4, pixels.format == GLenum(GL_BGRA_EXT),
              Self.canWrite(list) else { return false }
        let words = pixels.base.bindMemory(to: UInt32.self, capacity: width * height)
        words.update(repeating: 0, count: width * height)
        // Shapes in a row (or segments in a row) are written together, each over the ones before it, by the
        // renderer's raster told to forget what it wrote before: it writes over the buffer as it is (it clears only
        // what it wrote itself since), and its record of rows is kept, not made again, for each run of shapes.
        var shapes: [RoundedRect] = [], lines: [LineSegment] = []
        func writeShapes() {
            guard !shapes.isEmpty || !lines.isEmpty else { return }
            listRaster.forget(height: height)
            _ = listRaster.draw(shapes, lines: lines, face: nil, scale: scale, into: words, width: width,
                                height: height)
            shapes.removeAll(keepingCapacity: true)
            lines.removeAll(keepingCapacity: true)
        }
        for command in list.commands {
            switch command {
            case let .rect(rect, fill):
                if !lines.isEmpty { writeShapes() }
                if fill.a > 0 { shapes.append(RoundedRect(rect: rect, cornerRadius: 0, fill: fill)) }
            case let .roundedRect(shape):
                if !lines.isEmpty { writeShapes() }
                var shape = shape
                // A shadow that does not show is not drawn (the GL draws none).
                if let shadow = shape.shadow, shadow.color.a <= 0 || shadow.blurRadius <= 0 { shape.shadow = nil }
                shapes.append(shape)
            case let .line(segment):
                if !shapes.isEmpty { writeShapes() }
                lines.append(segment)
            case let .text(run):
                writeShapes()
                writeText(run, scale: scale, into: words, width: width, height: height)
            case let .background(top, bottom):
                // Replaces everything under it, as the `flat` program's quad over the whole buffer does.
                shapes.removeAll(keepingCapacity: true)
                lines.removeAll(keepingCapacity: true)
                ShapeRaster.writeGradient(top: top, bottom: bottom, into: words, width: width, height: height)
            case .raster:
                break  // not in a list `canWrite`
            }
        }
        writeShapes()
        lastRedrawnPixels = width * height
        return true
    }

    /// Writes `run`'s glyphs over what is in `words`: each coverage byte c of the atlas, texel for pixel, as the
    /// `glyph` shader gives it (the premultiplied colour times c / 255, each channel to a byte), blended over.
    private func writeText(_ run: TextRun, scale: Double, into words: UnsafeMutablePointer<UInt32>, width: Int,
                           height: Int) {
        let quads = text.quads(for: run, scale: Float(scale))
        guard !quads.isEmpty else { return }
        let colour = run.color.premultiplied
        // The source word for each coverage byte: 256 of them, against a run's thousands of glyph pixels.
        var sources = [UInt32](repeating: 0, count: 256)
        for c in 1..<256 { sources[c] = ShapeRaster.word(colour, times: Float(c) / 255) }
        _ = text.withAtlasBytes { bytes, atlasWidth in
            guard let atlas = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
            sources.withUnsafeBufferPointer { sources in
                for quad in quads {
                    let left = max(quad.screen.minX, 0), right = min(quad.screen.maxX, width)
                    let top = max(quad.screen.minY, 0), bottom = min(quad.screen.maxY, height)
                    guard left < right, top < bottom else { continue }
                    for row in top..<bottom {
                        let texels = atlas + (quad.atlas.minY + row - quad.screen.minY) * atlasWidth
                            + quad.atlas.minX - quad.screen.minX
                        let line = words + row * width
                        for column in left..<right {
                            let c = Int(texels[column])
                            if c == 0 { continue }
                            line[column] = ShapeRaster.over(sources[c], line[column])
                        }
                    }
                }
            }
        }
    }
}
