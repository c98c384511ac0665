/// A straight (not premultiplied) colour; every component is in 0...1.
public struct RGBA: Equatable, Hashable, Sendable {
    /// Red, 0...1.
    public var r: Float
    /// Green, 0...1.
    public var g: Float
    /// Blue, 0...1.
    public var b: Float
    /// Opacity, 0...1 (0 transparent, 1 opaque).
    public var a: Float

    /// A colour from its four straight components.
    public init(r: Float, g: Float, b: Float, a: Float = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A colour from a 0xRRGGBB literal and an opacity.
    public init(hex: UInt32, alpha: Float = 1) {
        r = Float((hex >> 16) & 0xFF) / 255
        g = Float((hex >> 8) & 0xFF) / 255
        b = Float(hex & 0xFF) / 255
        a = alpha
    }

    /// The same colour with a different opacity.
    public func withAlpha(_ alpha: Float) -> RGBA {
        RGBA(r: r, g: g, b: b, a: alpha)
    }

    /// The colour with red, green and blue multiplied by opacity (what premultiplied blending expects).
    public var premultiplied: RGBA {
        RGBA(r: r * a, g: g * a, b: b * a, a: a)
    }

    /// Linear interpolation towards `other`; `t` = 0 gives `self`, 1 gives `other`.
    public func mixed(with other: RGBA, _ t: Float) -> RGBA {
        RGBA(r: r + (other.r - r) * t, g: g + (other.g - g) * t,
             b: b + (other.b - b) * t, a: a + (other.a - a) * t)
    }

    /// Opaque black.
    public static let black = RGBA(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = RGBA(r: 1, g: 1, b: 1)
    /// Fully transparent.
    public static let clear = RGBA(r: 0, g: 0, b: 0, a: 0)
}
