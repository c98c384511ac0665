/// One drawing step; commands are drawn in order, later ones on top.
public enum DrawCommand: Equatable, Hashable, Sendable {
    /// Fill the whole viewport with a vertical gradient from `top` to `bottom` (replaces whatever was there).
    case background(top: RGBA, bottom: RGBA)
    /// A rounded rectangle (optionally rotated, scaled, faded), its shadow (if any) first.
    case roundedRect(RoundedRect)
    /// A plain axis-aligned rectangle (HUD bars).
    case rect(DrawRect, fill: RGBA)
    /// A straight stroke with butt caps (paths, guides).
    case line(LineSegment)
    /// A line of anti-aliased text in the UI face.
    case text(TextRun)
}
