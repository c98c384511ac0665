import MomentumLayers
import MomentumText

/// Text runs' advance widths as the renderer shapes them (the same fonts through fontconfig, unhinted, so in logical
/// px at any scale), for the layout checks (`DrawnLayout.problems`). Widths are kept per string, size and weight.
final class TextWidths {
    private let shaper: TextShaper
    private var widths: [Key: Double] = [:]
    private struct Key: Hashable {
        var string: String, size: Double, semibold: Bool
    }

    /// Loads the UI face; fails as the renderer would (no font at all).
    init() throws(FontError) {
        shaper = TextShaper(fonts: try Fonts())
    }

    /// The advance width of `run`, logical px.
    func width(of run: TextRun) -> Double {
        let key = Key(string: run.string, size: run.size, semibold: run.weight == .semibold)
        if let known = widths[key] { return known }
        let width = shaper.measure(run.string, size: run.size, weight: run.weight == .semibold ? .semibold : .regular).width
        widths[key] = width
        return width
    }
}

/// One `TextWidths` made when first asked for, shared by the tours of one `momentum headless`.
final class LazyTextWidths {
    private var made: TextWidths?

    func get() throws(FontError) -> TextWidths {
        if let made { return made }
        let widths = try TextWidths()
        made = widths
        return widths
    }
}
