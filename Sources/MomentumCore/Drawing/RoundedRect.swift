/// A filled rectangle with rounded corners and an optional soft shadow drawn beneath it.
public struct RoundedRect: Equatable, Hashable, Sendable {
    /// Bounds in logical px.
    public var rect: DrawRect
    /// Corner radius in logical px (clamped by the renderer to half the shorter side).
    public var cornerRadius: Double
    /// Fill colour (straight alpha).
    public var fill: RGBA
    /// Optional soft shadow drawn under the fill.
    public var shadow: DropShadow?

    /// A rounded rectangle from bounds, corner radius, fill and optional shadow.
    public init(rect: DrawRect, cornerRadius: Double, fill: RGBA, shadow: DropShadow? = nil) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.fill = fill
        self.shadow = shadow
    }
}
