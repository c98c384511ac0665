import CFreeType
import CHarfBuzz

/// A FreeType library instance; faces keep it alive, so it is freed after the last of them.
final class FreeTypeLibrary {
    let handle: FT_Library

    init() throws(FontError) {
        var library: FT_Library?
        let error = FT_Init_FreeType(&library)
        guard error == 0, let library else { throw FontError("font: FreeType failed to initialise (error \(error))") }
        handle = library
    }

    deinit {
        FT_Done_FreeType(handle)
    }
}

/// One open font file: the FreeType face and the HarfBuzz font over it, sharing the face's current size.
///
/// Shaping and rasterising both set the size they need through `setPixelSize(_:)`, which tells HarfBuzz when it
/// changes. HarfBuzz reads advances with `FT_LOAD_NO_HINTING`, so they scale linearly with the size.
final class FontFace {
    let descriptor: FontDescriptor
    let face: FT_Face
    let hbFont: OpaquePointer
    private let library: FreeTypeLibrary  // outlives the face
    private var size26_6: FT_F26Dot6 = 0

    /// Design units per em and the vertical metrics in design units (ascender up, descender down, both positive),
    /// from the font's hhea (or OS/2) table as FreeType reads them.
    let unitsPerEm: Double
    let ascender: Double
    let descender: Double
    let lineHeight: Double

    init(_ descriptor: FontDescriptor, library: FreeTypeLibrary) throws(FontError) {
        var opened: FT_Face?
        let error = FT_New_Face(library.handle, descriptor.path, descriptor.index, &opened)
        guard error == 0, let opened else {
            throw FontError("font: FreeType cannot open \(descriptor.path) (error \(error))")
        }
        guard let font = hb_ft_font_create_referenced(opened) else {
            FT_Done_Face(opened)
            throw FontError("font: HarfBuzz cannot use \(descriptor.path)")
        }
        hb_ft_font_set_load_flags(font, Int32(FT_LOAD_NO_HINTING))
        self.descriptor = descriptor
        self.library = library
        face = opened
        hbFont = font
        let record = opened.pointee
        unitsPerEm = Double(max(1, record.units_per_EM))
        ascender = Double(record.ascender)
        descender = Double(-record.descender)
        lineHeight = Double(max(record.height, record.ascender - record.descender))
    }

    deinit {
        hb_font_destroy(hbFont)  // drops the face reference HarfBuzz took
        FT_Done_Face(face)
    }

    /// Sets the size FreeType and HarfBuzz use next (px per em, rounded to 1/64); false when FreeType refuses it.
    func setPixelSize(_ pixelSize: Double) -> Bool {
        let wanted = FT_F26Dot6((pixelSize * 64).rounded())
        guard wanted != size26_6 else { return true }
        guard FT_Set_Char_Size(face, 0, wanted, 72, 72) == 0 else { return false }
        size26_6 = wanted
        hb_ft_font_changed(hbFont)
        return true
    }

    /// Ascent, descent and line height in px at `pixelSize`, unhinted (linear in the size).
    func verticalMetrics(pixelSize: Double) -> (ascent: Double, descent: Double, lineHeight: Double) {
        let scale = pixelSize / unitsPerEm
        return (ascender * scale, descender * scale, lineHeight * scale)
    }
}
