/// Double-buffered `xdg_toplevel` configuration: stored on `xdg_toplevel.configure`, applied on
/// `xdg_surface.configure` (then acked). A zero width or height means "you choose": the client keeps its own
/// value for that dimension (0×0 keeps its size), except when the window comes back from maximised, tiled or
/// fullscreen: then it takes the size it had floating before (weston restores a window with a 0×0 configure).
public struct ConfigureState: Sendable, Equatable {
    /// A logical size in surface pixels.
    public struct Size: Sendable, Equatable {
        /// Width in logical pixels.
        public var width: Int32
        /// Height in logical pixels.
        public var height: Int32
        /// Creates a size.
        public init(width: Int32, height: Int32) { self.width = width; self.height = height }
    }

    /// The largest logical width or height taken from a configure (a hostile or broken compositor may send up to
    /// 2³¹ − 1; the window's buffer size must stay representable and allocatable).
    public static let maximumDimension: Int32 = 16384

    /// The size in effect (logical pixels).
    public private(set) var size: Size
    /// Whether the compositor has the window fullscreen, in effect.
    public private(set) var fullscreen = false
    /// How many `xdg_surface.configure` events were applied.
    public private(set) var appliedCount = 0
    /// Whether the compositor has the window maximised or tiled to an edge, in effect.
    public private(set) var maximized = false
    /// The size the window had when it last was neither maximised, tiled nor fullscreen.
    public private(set) var floatingSize: Size
    private var pendingSize: Size?
    private var pendingFullscreen = false
    private var pendingMaximized = false

    /// Starts with the client's own size (from `--size`).
    public init(clientSize: Size) {
        size = clientSize
        floatingSize = clientSize
    }

    /// `xdg_toplevel.configure`: stores the suggestion; nothing changes until the surface configure. `maximized`:
    /// maximised or tiled to an edge.
    public mutating func toplevelConfigure(width: Int32, height: Int32, fullscreen: Bool, maximized: Bool = false) {
        pendingSize = Size(width: width, height: height)
        pendingFullscreen = fullscreen
        pendingMaximized = maximized
    }

    /// `xdg_surface.configure`: applies what was stored; returns true when the size changed.
    public mutating func surfaceConfigure() -> Bool {
        let before = size
        let wasFloating = !fullscreen && !maximized
        let floats = !pendingFullscreen && !pendingMaximized
        if wasFloating { floatingSize = size }
        // Zero in one dimension means the client chooses that dimension (xdg_toplevel.configure): its floating size
        // when it comes back to floating, else the size it has.
        if let pending = pendingSize {
            if pending.width > 0 { size.width = min(pending.width, Self.maximumDimension) }
            else if floats && !wasFloating { size.width = floatingSize.width }
            if pending.height > 0 { size.height = min(pending.height, Self.maximumDimension) }
            else if floats && !wasFloating { size.height = floatingSize.height }
        }
        fullscreen = pendingFullscreen
        maximized = pendingMaximized
        pendingSize = nil
        appliedCount += 1
        return size != before
    }
}
