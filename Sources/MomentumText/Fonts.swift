/// The UI's fonts: one face per weight of the preferred family (Inter), found through fontconfig, opened with
/// FreeType and shaped with HarfBuzz.
///
/// When the preferred family is missing, each weight falls back to fontconfig's best "sans-serif" match and the
/// log gets one line saying so; when fontconfig has no font at all, `init` throws. The regular face is opened
/// at once (so a bad file fails early); the semibold face on first use. Not thread-safe: use one `Fonts`, and
/// the shaper and atlas made from it, from one thread.
public final class Fonts {
    /// The family looked for first.
    public static let defaultFamily = "Inter"

    /// The files chosen for each weight.
    public let descriptors: [FontWeight: FontDescriptor]
    /// True when the preferred family was not found and a fallback family is used.
    public let isFallback: Bool

    private let library: FreeTypeLibrary
    private let regularFace: FontFace
    private var otherFaces: [FontWeight: FontFace] = [:]
    private let log: (String) -> Void

    /// Looks up `preferredFamily` (Inter unless told otherwise) in regular and semibold, else any sans-serif face
    /// with one line to `log` (for example "font: Inter not found, using DejaVu Sans Book
    /// (/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf)"), and opens the regular face. Throws `FontError` when
    /// fontconfig finds no font at all or the chosen file cannot be opened.
    public convenience init(preferredFamily: String = Fonts.defaultFamily,
                            log: @escaping (String) -> Void = { _ in }) throws(FontError) {
        try self.init(preferredFamily: preferredFamily, configuration: .system, log: log)
    }

    init(preferredFamily: String, configuration: FontLookup.Configuration,
         log: @escaping (String) -> Void) throws(FontError) {
        let lookup = try FontLookup(configuration)
        let noFont = FontError("font: fontconfig found no font at all (apt-get install fonts-inter, "
            + "or any font package such as fonts-dejavu-core)")
        guard let regular = lookup.match(family: preferredFamily, weight: .regular) else { throw noFont }
        var chosen: [FontWeight: FontDescriptor] = [:]
        if regular.isFamily {
            chosen[.regular] = regular.font
            // The family has a regular face; a semibold query gets its nearest weight in that family.
            chosen[.semibold] = lookup.match(family: preferredFamily, weight: .semibold)?.font ?? regular.font
            isFallback = false
        } else {
            guard let sans = lookup.match(family: "sans-serif", weight: .regular) else { throw noFont }
            chosen[.regular] = sans.font
            chosen[.semibold] = lookup.match(family: "sans-serif", weight: .semibold)?.font ?? sans.font
            isFallback = true
            log("font: \(preferredFamily) not found, using \(sans.font)")
        }
        descriptors = chosen
        self.log = log
        library = try FreeTypeLibrary()
        regularFace = try FontFace(chosen[.regular] ?? regular.font, library: library)
    }

    /// The face for `weight`, opened on first use; a semibold file that cannot be opened is replaced by the
    /// regular face, with one log line.
    func face(_ weight: FontWeight) -> FontFace {
        if weight == .regular { return regularFace }
        if let face = otherFaces[weight] { return face }
        guard let descriptor = descriptors[weight], descriptor != regularFace.descriptor else {
            otherFaces[weight] = regularFace
            return regularFace
        }
        do {
            let face = try FontFace(descriptor, library: library)
            otherFaces[weight] = face
            return face
        } catch {
            log("\(error); using \(regularFace.descriptor) for \(weight)")
            otherFaces[weight] = regularFace
            return regularFace
        }
    }
}
