import MomentumCore
import MomentumLayers
import RealModule

/// Glyphs drawn from shapes (strokes, dots and filled triangles), designed on a 24 × 24 grid and scaled to the size
/// asked for. Every part is an unturned layer, so a panel holding them can still be drawn apart and moved by the
/// compositor.
public enum Icon: String, Sendable, CaseIterable {
    case wifi, bluetooth, airplane, moon, sun, speaker, play, pause, previous, next, note
    /// The playground's gesture guide: two arrows spreading (pinch), a turning arrow (twist).
    case pinch, twist
    /// The playground's gesture guide: a flick (an arrow thrown to the right), a tap (a dot in a ring).
    case flick, tap

    /// The icon's layers inside `frame` (a square, in the superlayer's coordinates), drawn in `color`. `background`
    /// is the colour under the icon: the moon's crescent is cut from a disc with it.
    public func layers(in frame: DrawRect, color: RGBA, background: RGBA) -> [Layer] {
        let k = min(frame.width, frame.height) / 24
        let origin = frame.origin + (frame.size - SIMD2(repeating: 24 * k)) / 2
        func p(_ x: Double, _ y: Double) -> SIMD2<Double> { SIMD2(x, y) * k }
        func stroke(_ points: [SIMD2<Double>], width: Double, closed: Bool = false) -> Layer {
            var layer = Layer(frame: DrawRect(origin: origin, size: SIMD2(repeating: 24 * k)))
            layer.content = .path(points, lineWidth: width * k, color: color, closed: closed)
            layer.isHitTestable = false
            return layer
        }
        func disc(_ x: Double, _ y: Double, _ r: Double, _ fill: RGBA) -> Layer {
            var layer = Layer(frame: DrawRect(origin: origin + p(x - r, y - r), size: SIMD2(repeating: 2 * r * k)),
                              backgroundColor: fill, cornerRadius: r * k)
            layer.isHitTestable = false
            return layer
        }
        func bar(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Layer {
            var layer = Layer(frame: DrawRect(origin: origin + p(x, y), size: p(w, h)), backgroundColor: color,
                              cornerRadius: min(w, h) * k * 0.3)
            layer.isHitTestable = false
            return layer
        }
        /// A filled triangle: its inset copy (about the incentre, half the inradius in) stroked as wide as the
        /// inradius covers it exactly, sharp corners included (mitred joints).
        func triangle(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ c: SIMD2<Double>) -> Layer {
            let la = length(b - c), lb = length(c - a), lc = length(a - b)
            let perimeter = la + lb + lc
            let area = abs((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)) / 2
            let r = 2 * area / perimeter
            let centre = (a * la + b * lb + c * lc) / perimeter
            let inset = [a, b, c].map { centre + ($0 - centre) * 0.5 }
            return stroke(inset.map { p($0.x, $0.y) }, width: r, closed: true)
        }
        /// An arc about (cx, cy) of radius r from angle `from` to `to` (degrees, clockwise from +x on screen).
        func arc(_ cx: Double, _ cy: Double, _ r: Double, from: Double, to: Double, width: Double) -> Layer {
            let steps = 16
            let points = (0...steps).map { i -> SIMD2<Double> in
                let t = (from + (to - from) * Double(i) / Double(steps)) * Double.pi / 180
                return p(cx + r * Double.cos(t), cy + r * Double.sin(t))
            }
            return stroke(points, width: width)
        }
        switch self {
        case .wifi:
            return [arc(12, 19, 13.5, from: -135, to: -45, width: 2.4), arc(12, 19, 8.5, from: -135, to: -45, width: 2.4),
                    disc(12, 18.2, 2, color)]
        case .bluetooth:
            return [stroke([p(6.5, 7.5), p(16.5, 16), p(12, 20.5), p(12, 3.5), p(16.5, 8), p(6.5, 16.5)], width: 2.1)]
        case .airplane:
            return [stroke([p(12, 3.5), p(12, 20)], width: 2.6),
                    stroke([p(3.5, 14), p(12, 9.5), p(20.5, 14)], width: 2.3),
                    stroke([p(8.5, 20.5), p(12, 18.5), p(15.5, 20.5)], width: 2)]
        case .moon:
            return [disc(11, 12.5, 8.5, color), disc(15.5, 8.5, 7, background)]
        case .sun:
            var parts = [disc(12, 12, 4.2, color)]
            for ray in 0..<8 {
                let t = Double(ray) * Double.pi / 4
                let d = SIMD2(Double.cos(t), Double.sin(t))
                let inner = SIMD2(12.0, 12) + d * 7.2, outer = SIMD2(12.0, 12) + d * 9.6
                parts.append(stroke([p(inner.x, inner.y), p(outer.x, outer.y)], width: 2))
            }
            return parts
        case .speaker:
            return [stroke([p(3.5, 9), p(7.5, 9), p(12.5, 4.5), p(12.5, 19.5), p(7.5, 15), p(3.5, 15)], width: 2,
                           closed: true),
                    arc(13, 12, 4.5, from: -50, to: 50, width: 2), arc(13, 12, 8.5, from: -50, to: 50, width: 2)]
        case .play:
            return [triangle(SIMD2(7, 4), SIMD2(20, 12), SIMD2(7, 20))]
        case .pause:
            return [bar(6, 4.5, 4, 15), bar(14, 4.5, 4, 15)]
        case .previous:
            return [bar(4, 6, 2.6, 12), triangle(SIMD2(13, 6), SIMD2(13, 18), SIMD2(6, 12)),
                    triangle(SIMD2(20.5, 6), SIMD2(20.5, 18), SIMD2(13.5, 12))]
        case .next:
            return [bar(17.4, 6, 2.6, 12), triangle(SIMD2(11, 6), SIMD2(18, 12), SIMD2(11, 18)),
                    triangle(SIMD2(3.5, 6), SIMD2(10.5, 12), SIMD2(3.5, 18))]
        case .note:
            return [disc(8.5, 17.5, 3.5, color), stroke([p(11, 17.5), p(11, 4), p(18.5, 6.5)], width: 2.2)]
        case .pinch:
            // Two arrows out from the middle along the diagonal, each with its head.
            return [stroke([p(9.5, 14.5), p(4, 20)], width: 2), stroke([p(4, 15), p(4, 20), p(9, 20)], width: 2),
                    stroke([p(14.5, 9.5), p(20, 4)], width: 2), stroke([p(15, 4), p(20, 4), p(20, 9)], width: 2)]
        case .twist:
            // Three quarters of a circle turning clockwise, its head at the end.
            let end = 380 * Double.pi / 180
            let tip = SIMD2(12 + 8 * Double.cos(end), 12 + 8 * Double.sin(end))
            let along = SIMD2(-Double.sin(end), Double.cos(end)), across = SIMD2(along.y, -along.x)
            let wings = [tip - 4.5 * along + 4 * across, tip, tip - 4.5 * along - 4 * across]
            return [arc(12, 12, 8, from: 150, to: 380, width: 2.2), stroke(wings.map { p($0.x, $0.y) }, width: 2.2)]
        case .flick:
            return [stroke([p(3, 17), p(19, 9)], width: 2.2), stroke([p(12.5, 7.5), p(19, 9), p(16, 15)], width: 2.2)]
        case .tap:
            return [disc(12, 12, 3.5, color), arc(12, 12, 8.5, from: 0, to: 360, width: 1.8)]
        }
    }
}

private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
