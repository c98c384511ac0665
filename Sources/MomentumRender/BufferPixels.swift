import CGLES
import MomentumText

/// The memory of a buffer of the app's own that `Renderer.Target.bands` reads frames back into: top row first,
/// `stride` bytes a row, 4 bytes a pixel in `format`'s order (`GL_BGRA_EXT`: `WL_SHM_FORMAT_ARGB8888` on a little
/// endian machine). The buffer must outlive the `render` call it is given to and be written by nobody else meanwhile.
public struct BufferPixels: Equatable, @unchecked Sendable {
    public let base: UnsafeMutableRawPointer
    public let stride: Int
    /// The frame's pixels the memory holds: nil, all of them (`base` is the frame's top left pixel); else this
    /// rectangle of the frame (`base` is its top left pixel: a window's patch, `RenderTarget.WindowPatch`), and
    /// nothing outside it is drawn or copied.
    public let covers: PixelRect?
    /// The `glReadPixels` format: `GL_BGRA_EXT`.
    let format: GLenum

    /// BGRA memory (`WL_SHM_FORMAT_ARGB8888`), as `Renderer.canReadBGRA` promises to fill, holding the frame's
    /// pixels or (`covers`) those of one rectangle of it.
    public init(bgra base: UnsafeMutableRawPointer, stride: Int, covers: PixelRect? = nil) {
        self.base = base
        self.stride = stride
        self.covers = covers
        format = GLenum(GL_BGRA_EXT)
    }

    /// Where frame pixel (`x`, `y`) is in the memory (inside `covers` where set).
    public func address(x: Int, y: Int) -> UnsafeMutableRawPointer {
        base + (y - (covers?.minY ?? 0)) * stride + (x - (covers?.minX ?? 0)) * 4
    }
}

extension Renderer {
    /// Whether the current context reads pixels back as BGRA bytes (`GL_EXT_read_format_bgra`), what
    /// `Target.bands` needs to fill a `WL_SHM_FORMAT_ARGB8888` buffer without swapping bytes.
    public static func canReadBGRA() -> Bool { hasExtension("GL_EXT_read_format_bgra") }

    /// Whether the current context offers the GL extension `name`.
    static func hasExtension(_ name: String) -> Bool {
        guard let list = glGetString(GLenum(GL_EXTENSIONS)) else { return false }
        return String(cString: list).split(separator: " ").contains { $0 == name }
    }
}
