import RealModule

/// A line of text in the UI face (Inter, or the sans-serif the system has), shaped and rasterised by the renderer
/// at the output's buffer scale: anti-aliased, UTF-8, kerned.
public struct TextRun: Equatable, Hashable, Sendable {
    /// The face's weight.
    public enum Weight: Hashable, Sendable {
        case regular, semibold
    }

    /// Which point of the line `position` names horizontally.
    public enum Alignment: Hashable, Sendable {
        case leading, center, trailing
    }

    /// The text (one line).
    public var string: String
    /// The baseline point the alignment refers to, logical px.
    public var position: SIMD2<Double>
    /// Font size (em) in logical px.
    public var size: Double
    public var weight: Weight
    /// Straight-alpha colour.
    public var color: RGBA
    public var alignment: Alignment
    /// The line turned about `position` (radians, clockwise on screen): text on a card that turns, turning with it.
    public var rotation: Double

    /// A run of `string` at `size` logical px whose baseline passes through `position`, aligned there, turned by
    /// `rotation` about it.
    public init(_ string: String, position: SIMD2<Double>, size: Double, weight: Weight = .regular, color: RGBA,
                alignment: Alignment = .leading, rotation: Double = 0) {
        self.string = string
        self.position = position
        self.size = size
        self.weight = weight
        self.color = color
        self.alignment = alignment
        self.rotation = rotation
    }

    /// `box` (around the line as laid out unturned) turned with the line about `position`: the axis-aligned box
    /// around it (`box` itself when the line is not turned).
    public func turned(_ box: DrawRect) -> DrawRect {
        guard rotation != 0 else { return box }
        let corners = turnedCorners(of: box)
        let low = corners.dropFirst().reduce(corners[0]) { pointwiseMin($0, $1) }
        let high = corners.dropFirst().reduce(corners[0]) { pointwiseMax($0, $1) }
        return DrawRect(origin: low, size: high - low)
    }

    /// The corners of `box` (around the line as laid out unturned), in order round it from its top-left one, turned
    /// with the line about `position`.
    public func turnedCorners(of box: DrawRect) -> [SIMD2<Double>] {
        let c = Double.cos(rotation), s = Double.sin(rotation)
        return [box.origin, SIMD2(box.maxX, box.y), SIMD2(box.maxX, box.maxY), SIMD2(box.x, box.maxY)].map {
            let d = $0 - position
            return position + SIMD2(c * d.x - s * d.y, s * d.x + c * d.y)
        }
    }

    /// Inter's cap height, in em.
    public static let capHeightPerEm = 0.727

    /// The baseline that centres capital letters vertically on `middle`.
    public static func baseline(centring middle: Double, size: Double) -> Double {
        middle + capHeightPerEm / 2 * size
    }
}

extension DrawList {
    /// Appends a line of real text (see `TextRun`); nothing for an empty string, a size ≤ 0 or a clear colour.
    public mutating func addLabel(_ string: String, at position: SIMD2<Double>, size: Double,
                                  weight: TextRun.Weight = .regular, color: RGBA,
                                  alignment: TextRun.Alignment = .leading, rotation: Double = 0) {
        guard !string.isEmpty, size > 0, size.isFinite, color.a > 0 else { return }
        commands.append(.text(TextRun(string, position: position, size: size, weight: weight, color: color,
                                      alignment: alignment, rotation: rotation)))
    }
}
