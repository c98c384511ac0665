/// Double-buffered `xdg_toplevel` configuration: stored on `xdg_toplevel.configure`, applied on
/// `xdg_surface.configure` (then acked). A zero width or height means "you choose": the client keeps its own
/// value for that dimension (0×0 keeps its size).
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
    private var pendingSize: Size?
    private var pendingFullscreen = false

    /// Starts with the client's own size (from `--size`).
    public init(clientSize: Size) { size = clientSize }

    /// `xdg_toplevel.configure`: stores the suggestion; nothing changes until the surface configure.
    public mutating func toplevelConfigure(width: Int32, height: Int32, fullscreen: Bool) {
        pendingSize = Size(width: width, height: height)
        pendingFullscreen = fullscreen
    }

    /// `xdg_surface.configure`: applies what was stored; returns true when the size changed.
    public mutating func surfaceConfigure() -> Bool {
        let before = size
        // Zero in one dimension means the client chooses that dimension (xdg_toplevel.configure).
        if let pending = pendingSize {
            if pending.width > 0 { size.width = min(pending.width, Self.maximumDimension) }
            if pending.height > 0 { size.height = min(pending.height, Self.maximumDimension) }
        }
        fullscreen = pendingFullscreen
        pendingSize = nil
        appliedCount += 1
        return size != before
    }
}
