import MomentumLayers

/// The demo's colours, in one place: every scene and the chrome draw from these (system-like hues on a light
/// paper for panels and sheets, a deep ink for backdrops and text).
public enum Palette {
    /// Deep blue-black: backdrops, primary text on light surfaces.
    public static let ink = RGBA(hex: 0x1B2A49)
    /// The light surface of panels and sheets.
    public static let paper = RGBA(hex: 0xF4F5F8)
    /// Cards and tiles on paper.
    public static let card = RGBA(hex: 0xFFFFFF)
    /// A card under a finger (pressed).
    public static let cardPressed = RGBA(hex: 0xE6E8EE)
    /// Tracks, wells and controls that are off.
    public static let well = RGBA(hex: 0xE2E4EA)
    /// Secondary text and glyphs.
    public static let secondary = RGBA(hex: 0x6B7280)
    /// Grabber handles and separators.
    public static let handle = RGBA(hex: 0xB8BCC6)
    /// The accent: selection, controls that are on, links.
    public static let accent = RGBA(hex: 0x3478F6)
    /// Green (success, a live state).
    public static let green = RGBA(hex: 0x34C759)
    /// Orange.
    public static let orange = RGBA(hex: 0xFF9F0A)
    /// Pink-red.
    public static let pink = RGBA(hex: 0xFF375F)
    /// Indigo.
    public static let indigo = RGBA(hex: 0x5E5CE6)
    /// Yellow.
    public static let yellow = RGBA(hex: 0xFFD60A)
    /// White.
    public static let white = RGBA(hex: 0xFFFFFF)
}
