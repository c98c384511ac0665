/// Double-buffered `xdg_toplevel` configuration: stored on `xdg_toplevel.configure`, applied on
/// `xdg_surface.configure` (then acked). A 0×0 size means "you choose": the client keeps its own size.
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
        if let pending = pendingSize, pending.width > 0, pending.height > 0 { size = pending }
        fullscreen = pendingFullscreen
        pendingSize = nil
        appliedCount += 1
        return size != before
    }
}
