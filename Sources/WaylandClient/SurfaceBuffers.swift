import CLinux
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
            guard width > 0, height > 0, bytes <= Int(Int32.max) else { return nil }
            let fd = momentum_memfd("momentum-window")
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            guard ftruncate(fd, off_t(bytes)) == 0,
                  let map = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
                return nil
            }
            guard let pool = wl_shm_create_pool(shm, fd, Int32(bytes)) else {
                munmap(map, bytes)
                return nil
            }
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
    /// Buffers made so far (a second one of a size only when the first was still held).
    public private(set) var madeCount = 0
    /// Frames written into a buffer the compositor still held: never, by construction (tests read it).
    public private(set) var heldWriteCount = 0

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

    /// Buffers alive now (of every size).
    public var count: Int { buffers.count + retired.count }

    /// A buffer of `width`×`height` the compositor does not hold, the one holding the newest frame first (the
    /// least to redraw); made when there is none. Nil when the memory cannot be had.
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
        guard let made = Buffer(shm: shm, width: width, height: height, listener: listener) else { return nil }
        buffers.append(made)
        madeCount += 1
        return made
    }

    /// Attaches `buffer` (just written) to the surface with `damage` (buffer px: x, y, width, height) and counts
    /// the ages; the caller commits. Counts a write into a buffer still held.
    public func attach(_ buffer: Buffer, damage: [(x: Int, y: Int, width: Int, height: Int)]) {
        if buffer.isHeld { heldWriteCount += 1 }
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

    /// Forgets what every buffer holds: the next frame into any of them is drawn whole.
    public func forgetContents() {
        for buffer in buffers { buffer.age = 0 }
    }
}
