import CWaylandClient
import CWaylandProtocols

/// A surface of its own for one layer, stacked above the window's surface (`wl_subsurface`): the compositor moves
/// it (`setPosition`) without the client drawing anything.
///
/// It is synchronised with the window (the protocol's default): what it commits, and where it is placed, take
/// effect together with the window's next commit, so a frame that moves it and changes the window shows both at
/// once. It takes no input (an empty input region): touches go through to the window, in the window's coordinates.
public final class Subsurface {
    /// The `wl_surface *` EGL draws into.
    public let surface: OpaquePointer
    private let subsurface: OpaquePointer
    private let registry: Registry
    private let viewport: OpaquePointer
    private var appliedPosition: (Int32, Int32)?
    private var appliedCrop: (wl_fixed_t, wl_fixed_t, wl_fixed_t, wl_fixed_t)?
    /// The destination size applied: (-1, -1) while unset (a new viewport's), when the crop alone sizes the surface.
    private var appliedDestination: (Int32, Int32) = (-1, -1)
    /// The surface's size in logical px (the last `place`'s), nil before the first.
    private var size: (Int32, Int32)?
    private var appliedOpaque: [Rect] = []
    /// Whether what the surface shows changed without a new buffer (a new crop or size): the next `commit` damages
    /// it, or the compositor would keep showing the old crop (weston repaints only damaged surfaces).
    private var contentMoved = false
    /// Whether a buffer is attached (a hidden subsurface has none).
    public private(set) var isShown = false
    /// Whether the surface's own state (crop, size, opaque region) changed since its last commit: a new position
    /// alone is the parent's state and needs only the parent's commit.
    public private(set) var needsCommit = false

    /// A rectangle in surface-local logical px.
    public struct Rect: Equatable, Sendable {
        /// Left, top, width, height.
        public var x, y, width, height: Int32
        /// A rectangle.
        public init(x: Int32, y: Int32, width: Int32, height: Int32) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// A subsurface of `window`'s surface (or of `parent`, a subsurface of it: placed in the parent's
    /// coordinates, stacked with it and shown while it is), above it, taking no input, its size set by a viewport;
    /// nil when the compositor offers no `wl_subcompositor` or `wp_viewporter`, or refuses to make one.
    public init?(window: Window, parent: Subsurface? = nil) {
        let registry = window.registry
        guard let compositor = registry.compositor?.proxy, let subcompositor = registry.subcompositor?.proxy,
              let viewporter = registry.viewporter?.proxy,
              let surface = wl_compositor_create_surface(compositor) else { return nil }
        guard let subsurface = wl_subcompositor_get_subsurface(subcompositor, surface, parent?.surface ?? window.surface),
              let viewport = wp_viewporter_get_viewport(viewporter, surface) else {
            wl_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.subsurface = subsurface
        self.viewport = viewport
        self.registry = registry
        wl_subsurface_set_sync(subsurface)
        if let region = wl_compositor_create_region(compositor) {
            wl_surface_set_input_region(surface, region)  // empty: input goes to the window below
            wl_region_destroy(region)
        }
        wl_surface_set_buffer_scale(surface, 1)  // the viewport maps buffer px to logical px at any scale
    }

    deinit {
        wp_viewport_destroy(viewport)
        wl_subsurface_destroy(subsurface)
        wl_surface_destroy(surface)
    }

    /// Shows the part `source` (buffer px) of the surface's buffer as a `width`×`height` logical px rectangle whose
    /// top-left corner is at (`x`, `y`) logical px of the window, with `opaque` (logical px of that rectangle) fully
    /// opaque. The window keeps the surface inside its own bounds this way (a compositor may centre a fullscreen
    /// window on everything its surfaces cover). The crop and the opaque region take effect at the surface's next
    /// commit (`commit()`, or `eglSwapBuffers` on it when its buffer is drawn anew), the position at the window's
    /// next commit, all shown together since the surface is synchronised with the window. Returns whether anything
    /// differs from what was applied before (then the window must be committed for it to show). A nil `opaque`
    /// keeps the opaque region last placed (the caller knows it is the same: none made, none compared).
    @discardableResult
    public func place(source: (x: Double, y: Double, width: Double, height: Double), x: Int32, y: Int32,
                      width: Int32, height: Int32, opaque: [Rect]?) -> Bool {
        let wasShown = isShown
        var changed = false
        let crop = (wl_fixed_from_double(source.x), wl_fixed_from_double(source.y),
                    wl_fixed_from_double(source.width), wl_fixed_from_double(source.height))
        if appliedCrop.map({ $0 != crop }) ?? true {
            wp_viewport_set_source(viewport, crop.0, crop.1, crop.2, crop.3)
            appliedCrop = crop
            contentMoved = true
            needsCommit = true
            changed = true
        }
        // A crop of whole px as large as the rectangle (at scale 1) sizes the surface itself: the destination is
        // left unset, so a crop that changes its size (the panel sliding across the window's bottom edge) is one
        // request a frame, not two. Else the destination scales the crop to the rectangle.
        let destination = crop.2 == wl_fixed_from_int(width) && crop.3 == wl_fixed_from_int(height)
            ? (Int32(-1), Int32(-1)) : (width, height)
        if appliedDestination != destination {
            wp_viewport_set_destination(viewport, destination.0, destination.1)
            appliedDestination = destination
            contentMoved = true
            needsCommit = true
            changed = true
        }
        // A new size is a new crop or a new destination, both seen above.
        size = (width, height)
        if let opaque, opaque != appliedOpaque, let compositor = registry.compositor?.proxy,
           let region = wl_compositor_create_region(compositor) {
            for rect in opaque { wl_region_add(region, rect.x, rect.y, rect.width, rect.height) }
            wl_surface_set_opaque_region(surface, region)
            wl_region_destroy(region)
            appliedOpaque = opaque
            needsCommit = true
            changed = true
        }
        if appliedPosition.map({ $0 != (x, y) }) ?? true {
            wl_subsurface_set_position(subsurface, x, y)
            appliedPosition = (x, y)
            changed = true
        }
        isShown = true
        return changed || !wasShown
    }

    /// Stacks this surface right above `sibling` (another subsurface of the same window), from the window's next
    /// commit on.
    public func place(above sibling: Subsurface) { wl_subsurface_place_above(subsurface, sibling.surface) }

    /// Whether `opaque` is the opaque region this surface was given last (false when its making failed).
    public func hasOpaque(_ opaque: [Rect]) -> Bool { opaque == appliedOpaque }

    /// Stacks this surface right above `window`'s own surface, under every other subsurface of it, from the
    /// window's next commit on.
    public func placeRightAbove(_ window: Window) { wl_subsurface_place_above(subsurface, window.surface) }

    /// Commits the surface without a new buffer (a new crop or opaque region), damaging it whole when the crop or
    /// size changed; shown at the window's next commit.
    public func commit() {
        if contentMoved, let size { wl_surface_damage(surface, 0, 0, size.0, size.1) }
        contentMoved = false
        needsCommit = false
        wl_surface_commit(surface)
    }

    /// Shows `buffer` (a `wl_buffer` the caller keeps, such as `SolidBuffers`'), damaged whole, with the crop and
    /// position of the last `place`; shown at the window's next commit.
    public func attach(_ buffer: OpaquePointer) {
        wl_surface_attach(surface, buffer, 0, 0)
        wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        contentMoved = false
        needsCommit = false
        wl_surface_commit(surface)
        isShown = true
    }

    /// Removes the surface's buffer (it disappears at the window's next commit); drawing into it again shows it.
    public func hide() {
        guard isShown else { return }
        wl_surface_attach(surface, nil, 0, 0)
        wl_surface_commit(surface)
        needsCommit = false
        isShown = false
    }
}
