import CFontconfig

/// The weights the UI uses: the preferred family is looked up once per weight.
public enum FontWeight: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Body text (fontconfig weight 80, OpenType 400).
    case regular = 0
    /// Emphasis and titles (fontconfig weight 180, OpenType 600); a face without a semibold gets the nearest
    /// weight fontconfig finds (bold, usually).
    case semibold = 1

    /// The fontconfig weight asked for.
    var fontconfigWeight: Int32 {
        switch self {
        case .regular: FC_WEIGHT_REGULAR
        case .semibold: FC_WEIGHT_SEMIBOLD
        }
    }

    public var description: String {
        switch self {
        case .regular: "regular"
        case .semibold: "semibold"
        }
    }
}

/// A font file fontconfig chose for one weight: what `FT_New_Face` opens.
public struct FontDescriptor: Sendable, Hashable, CustomStringConvertible {
    /// The family name fontconfig reports first (for example "Inter" or "DejaVu Sans").
    public let family: String
    /// The style name (for example "Regular", "Semi Bold", "Book").
    public let style: String
    /// The font file.
    public let path: String
    /// The face index in the file (with the named-instance number in the high 16 bits, as fontconfig and
    /// FreeType share it).
    public let index: Int

    /// A descriptor for the face `index` of the file at `path`.
    public init(family: String, style: String, path: String, index: Int) {
        self.family = family
        self.style = style
        self.path = path
        self.index = index
    }

    /// "Family Style (path)".
    public var description: String { "\(family) \(style) (\(path))" }
}
