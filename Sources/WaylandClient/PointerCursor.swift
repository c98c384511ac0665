import CWaylandClient
import CWaylandCursor
import CWaylandProtocols
import Glibc

/// What the cursor over the window was set to, reported on each `wl_pointer.enter`.
public struct CursorReport: Sendable, Equatable {
    /// How it was set: `shape` (`wp_cursor_shape_v1`, the compositor draws its own default arrow) or `theme`
    /// (an image from the XCursor theme on a surface of ours, `wl_pointer.set_cursor`).
    public var via: String
    /// The cursor: the shape `default`, or the theme cursor's name (`left_ptr`).
    public var name: String
    /// The theme asked for (`XCURSOR_THEME`, else `default`); nil for a shape.
    public var theme: String?
    /// The cursor's logical size in px (`XCURSOR_SIZE`, else 24); nil for a shape.
    public var size: Int?
    /// The buffer scale of the cursor image (the outputs' largest scale); nil for a shape.
    public var scale: Int?
}

/// Which XCursor theme and size to load: `XCURSOR_THEME` (else the `default` theme the system's alternatives name)
/// and `XCURSOR_SIZE` in logical px (else 24), multiplied by the output scale.
public struct CursorSettings: Sendable, Equatable {
    /// The size when `XCURSOR_SIZE` is unset or not a sane number.
    public static let defaultSize = 24
    /// Sizes outside this are ignored (a 0 px cursor is invisible, a huge one a memory bomb).
    public static let sizeRange = 1...256

    /// The theme name; nil loads the `default` theme.
    public var theme: String?
    /// The logical size in px.
    public var size: Int

    /// Reads `XCURSOR_THEME` and `XCURSOR_SIZE` from `environment`.
    public init(environment: [String: String]) {
        let name = environment["XCURSOR_THEME"] ?? ""
        theme = name.isEmpty ? nil : name
        if let text = environment["XCURSOR_SIZE"], let value = Int(text.trimmingSpaces()), Self.sizeRange.contains(value) {
            size = value
        } else {
            size = Self.defaultSize
        }
    }

    /// The process's own `XCURSOR_THEME` and `XCURSOR_SIZE`.
    static func fromProcess() -> CursorSettings {
        var environment: [String: String] = [:]
        for key in ["XCURSOR_THEME", "XCURSOR_SIZE"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        return CursorSettings(environment: environment)
    }

    /// The buffer scale to draw an image of `width`×`height` pixels, loaded for `scale`, with: `scale` when both
    /// sides divide by it (a surface's buffer must be a whole number of logical px), else 1 (a larger cursor
    /// rather than a protocol error).
    public static func bufferScale(width: Int, height: Int, scale: Int) -> Int {
        guard scale > 1, width % scale == 0, height % scale == 0 else { return 1 }
        return scale
    }
}

/// Sets the cursor image over the window on every `wl_pointer.enter`: through `wp_cursor_shape_v1` when the
/// compositor offers it (its own default arrow), else from the XCursor theme (`left_ptr`, scaled by the outputs'
/// largest scale) on a surface of ours. When neither can give a cursor, it says so once and sets none.
final class PointerCursor {
    private unowned let registry: Registry
    private let pointer: OpaquePointer
    private let log: (PlatformLogLevel, String) -> Void
    private let settings = CursorSettings.fromProcess()
    private var shapeDevice: OpaquePointer?
    private var theme: OpaquePointer?
    private var themeScale = 0
    private var surface: OpaquePointer?
    private var warned = false

    /// The names tried in the theme, in order (`left_ptr` is the X11 name every theme has; `default` the CSS one).
    static let themeNames = ["left_ptr", "default"]

    init(pointer: OpaquePointer, registry: Registry, log: @escaping (PlatformLogLevel, String) -> Void) {
        self.pointer = pointer
        self.registry = registry
        self.log = log
    }

    /// Frees the shape device, the cursor surface and the theme (its buffers with it). Before the `wl_pointer`.
    deinit {
        if let shapeDevice { wp_cursor_shape_device_v1_destroy(shapeDevice) }
        if let surface { wl_surface_destroy(surface) }
        if let theme { wl_cursor_theme_destroy(theme) }
    }

    /// Sets the cursor for the enter with `serial`; what was set, or nil when there is no cursor to set.
    func set(serial: UInt32) -> CursorReport? {
        if let manager = registry.cursorShape?.proxy {
            if shapeDevice == nil { shapeDevice = wp_cursor_shape_manager_v1_get_pointer(manager, pointer) }
            if let shapeDevice {
                wp_cursor_shape_device_v1_set_shape(shapeDevice, serial, WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT.rawValue)
                return CursorReport(via: "shape", name: "default")
            }
        }
        return setFromTheme(serial: serial)
    }

    private func setFromTheme(serial: UInt32) -> CursorReport? {
        let scale = max(1, Int(registry.outputs.values.map(\.scale).max() ?? 1))
        guard let theme = loadTheme(scale: scale) else { return nil }
        var found: (name: String, cursor: UnsafeMutablePointer<wl_cursor>)?
        for name in Self.themeNames {
            if let cursor = wl_cursor_theme_get_cursor(theme, name) { found = (name, cursor); break }
        }
        guard let found, found.cursor.pointee.image_count > 0, let images = found.cursor.pointee.images,
              let image = images[0], let buffer = wl_cursor_image_get_buffer(image) else {
            warnOnce("the cursor theme \(settings.theme ?? "default") has no \(Self.themeNames.joined(separator: " or ")) cursor; the window sets no cursor")
            return nil
        }
        if surface == nil, let compositor = registry.compositor?.proxy {
            surface = wl_compositor_create_surface(compositor)
        }
        guard let surface else {
            warnOnce("could not create the cursor surface; the window sets no cursor")
            return nil
        }
        let width = Int(image.pointee.width), height = Int(image.pointee.height)
        let bufferScale = CursorSettings.bufferScale(width: width, height: height, scale: scale)
        wl_surface_set_buffer_scale(surface, Int32(bufferScale))
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32(width), Int32(height))
        wl_surface_commit(surface)
        wl_pointer_set_cursor(pointer, serial, surface, Int32(Int(image.pointee.hotspot_x) / bufferScale),
                              Int32(Int(image.pointee.hotspot_y) / bufferScale))
        return CursorReport(via: "theme", name: found.name, theme: settings.theme ?? "default", size: settings.size,
                            scale: bufferScale)
    }

    /// The theme loaded at `size × scale` px (reloaded when the scale changed); nil, said once, when it cannot be.
    private func loadTheme(scale: Int) -> OpaquePointer? {
        if let theme, themeScale == scale { return theme }
        guard let shm = registry.shm?.proxy else {
            warnOnce("the compositor offers neither wp_cursor_shape_manager_v1 nor wl_shm; the window sets no cursor")
            return nil
        }
        guard let loaded = wl_cursor_theme_load(settings.theme, Int32(settings.size * scale), shm) else {
            warnOnce("cannot load the cursor theme \(settings.theme ?? "default") at \(settings.size * scale) px; the window sets no cursor")
            return nil
        }
        if let theme { wl_cursor_theme_destroy(theme) }
        theme = loaded
        themeScale = scale
        return loaded
    }

    private func warnOnce(_ message: String) {
        guard !warned else { return }
        warned = true
        log(.warning, message)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate func trimmingSpaces() -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[first...last]
    }
}
