import CWaylandClient
import Glibc

/// The window's own `wl_shm` buffers (`WL_SHM_FORMAT_ARGB8888`), for frames drawn without an EGL surface: the app
/// writes a frame into a buffer the compositor does not hold, attaches it with `damage_buffer` for the damage and
/// commits. Each buffer's age (how many commits ago it was attached: what it holds) is tracked here, so a frame
/// redraws only what that buffer missed. A second buffer is made only when every one of the size is still held
/// (pixman weston holds the shown one until another is attached); buffers of an old size go once released.
public final class SurfaceBuffers {
    /// One `wl_shm` buffer and its memory.
    public final class Buffer {
        let proxy: OpaquePointer
        /// Its pixels, top row first.
        public let memory: UnsafeMutableRawPointer
        public let width: Int
        public let height: Int
        /// Bytes a row.
        public var stride: Int { width * 4 }
        /// Attached by a commit and not released yet: the compositor may read it, so it is not written.
        public fileprivate(set) var isHeld = false
        /// Commits since it was attached (1: the last one); 0 for a buffer never attached or of unknown content.
        public fileprivate(set) var age = 0
        fileprivate var bytes: Int { stride * height }

        fileprivate init?(shm: OpaquePointer, width: Int, height: Int, listener: UnsafePointer<wl_buffer_listener>) {
            let bytes = width * 4 * height
            guard width > 0, height > 0, bytes <= Int(Int32.max),
                  let made = makeShmPool(shm, bytes: bytes, name: "momentum-window") else { return nil }
            let pool = made.pool, map = made.memory
            defer { wl_shm_pool_destroy(pool) }
            guard let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4),
                                                         UInt32(WL_SHM_FORMAT_ARGB8888.rawValue)) else {
                munmap(map, bytes)
                return nil
            }
            proxy = buffer
            memory = map
            self.width = width
            self.height = height
            wl_buffer_add_listener(buffer, listener, Listener.data(self))
        }

        deinit {
            wl_buffer_destroy(proxy)
            munmap(memory, bytes)
        }
    }

    private let shm: OpaquePointer
    private let surface: OpaquePointer
    private let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
    /// The buffers of the size drawn now.
    private var buffers: [Buffer] = []
    /// Buffers of an earlier size still held by the compositor: freed once released.
    private var retired: [Buffer] = []

    /// Buffers for `window`'s surface; nil when the compositor offers no `wl_shm`.
    public init?(window: Window) {
        guard let shm = window.registry.shm?.proxy else { return nil }
        self.shm = shm
        surface = window.surface
        listener.initialize(to: wl_buffer_listener(release: { data, _ in
            guard let data else { return }
            Listener.object(Buffer.self, data).isHeld = false
        }))
    }

    deinit {
        buffers.removeAll()
        retired.removeAll()
        listener.deallocate()
    }

    /// The most buffers of one size (two in steady state under a compositor that releases the shown one when the
    /// next is attached; a third or fourth while a release is late). A compositor that never releases them does not
    /// get a new one every frame.
    public static let most = 4

    /// Whether every buffer of the size drawn now is made and held by the compositor (`free` gives none).
    public var isFull: Bool { buffers.count >= Self.most && buffers.allSatisfy(\.isHeld) }

    /// A buffer of `width`×`height` the compositor does not hold, the one holding the newest frame first (the
    /// least to redraw); made when there is none and fewer than `most` are. Nil when the memory cannot be had or
    /// the compositor holds `most`.
    public func free(width: Int, height: Int) -> Buffer? {
        retired.removeAll { !$0.isHeld }
        if let first = buffers.first, first.width != width || first.height != height {
            retired += buffers.filter(\.isHeld)
            buffers.removeAll()
        }
        let ready = buffers.filter { !$0.isHeld }
        if let best = ready.min(by: { ($0.age == 0 ? Int.max : $0.age) < ($1.age == 0 ? Int.max : $1.age) }) {
            return best
        }
        guard buffers.count < Self.most, let made = Buffer(shm: shm, width: width, height: height, listener: listener) else { return nil }
        buffers.append(made)
        return made
    }

    /// The buffer of `width`×`height` holding the last frame committed (age 1), held by the compositor or not: the
    /// one to copy what an older buffer missed from.
    public func newest(width: Int, height: Int) -> Buffer? {
        buffers.first { $0.age == 1 && $0.width == width && $0.height == height }
    }

    /// Attaches `buffer` (just written) to the surface with `damage` (buffer px: x, y, width, height) and counts
    /// the ages; the caller commits.
    public func attach(_ buffer: Buffer, damage: [(x: Int, y: Int, width: Int, height: Int)]) {
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        if wl_surface_get_version(surface) >= 4 {
            for rect in damage {
                wl_surface_damage_buffer(surface, Int32(clamping: rect.x), Int32(clamping: rect.y),
                                         Int32(clamping: rect.width), Int32(clamping: rect.height))
            }
        } else {
            wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        }
        for other in buffers where other !== buffer && other.age > 0 { other.age += 1 }
        buffer.age = 1
        buffer.isHeld = true
    }
}
