import CFontconfig

/// Font lookup through fontconfig: one match per weight for a family, the family check that tells a real match
/// from fontconfig's always-something answer, and the "sans-serif" fallback.
final class FontLookup {
    /// Where the lookup's fonts come from.
    enum Configuration {
        /// The system's fontconfig configuration (loaded on first use, then shared by the process).
        case system
        /// A configuration with no fonts at all: what a machine without any font package looks like (tests).
        case empty
    }

    private let config: OpaquePointer

    init(_ configuration: Configuration) throws(FontError) {
        let made: OpaquePointer? = switch configuration {
        case .system: FcConfigReference(nil)
        case .empty: FcConfigCreate()
        }
        guard let made else { throw FontError("font: fontconfig could not load its configuration") }
        config = made
    }

    deinit {
        FcConfigDestroy(config)
    }

    /// The face fontconfig picks for `family` at `weight` (upright, scalable preferred), and whether `family` is
    /// one of its family names (fontconfig answers with its best substitute when the family is missing); nil when
    /// it has no font at all.
    func match(family: String, weight: FontWeight) -> (font: FontDescriptor, isFamily: Bool)? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        let added = withFcString(family) { FcPatternAddString(pattern, FC_FAMILY, $0) } != 0
            && FcPatternAddInteger(pattern, FC_WEIGHT, weight.fontconfigWeight) != 0
            && FcPatternAddInteger(pattern, FC_SLANT, FC_SLANT_ROMAN) != 0
            && FcPatternAddBool(pattern, FC_SCALABLE, FcBool(FcTrue)) != 0
        guard added, FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else { return nil }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let matched = FcFontMatch(config, pattern, &result) else { return nil }
        defer { FcPatternDestroy(matched) }
        guard result == FcResultMatch, let path = string(matched, FC_FILE) else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(matched, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var families: [String] = []
        while let name = string(matched, FC_FAMILY, families.count) { families.append(name) }
        let isFamily = families.contains { name in
            withFcString(name) { a in withFcString(family) { b in FcStrCmpIgnoreCase(a, b) == 0 } }
        }
        let font = FontDescriptor(family: families.first ?? family, style: string(matched, FC_STYLE) ?? "",
                                  path: path, index: Int(index))
        return (font, isFamily)
    }

    /// The `n`th string value of `object` in `pattern`, copied out of the pattern.
    private func string(_ pattern: OpaquePointer, _ object: String, _ n: Int = 0) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, Int32(n), &value) == FcResultMatch, let value else { return nil }
        return String(cString: value)
    }

    /// Calls `body` with `string` as a NUL-terminated `FcChar8` string (a signed and an unsigned byte may alias).
    private func withFcString<R>(_ string: String, _ body: (UnsafePointer<FcChar8>) -> R) -> R {
        string.withCString { body(UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self)) }
    }
}
