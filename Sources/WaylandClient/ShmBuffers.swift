import CWaylandClient
import Glibc

/// One surface's own `wl_shm` buffers (`ARGB8888`, premultiplied) whose pixels the app writes: the window's frames
/// drawn without an EGL surface (`--surface-buffers shm`, read back band by band) and a layer the CPU writes (the
/// playground's pull line, `ShapeRaster`). Which buffer a frame writes, each buffer's age, and when a buffer is let
/// go are `ShmBufferSlots`' decisions; this class holds the buffers and hears their releases.
///
/// A buffer the compositor holds is never written. When it holds every one (`ShmBufferSlots.capacity`), a frame
/// waits for a release, at most `releaseWait`, reading only the buffers' own event queue (the window's other events
/// wait for the event loop, as during a swap in Mesa's EGL); none in that time ends the run with one line naming it
/// (a compositor that never releases would otherwise get a new buffer every frame, or see one overwritten while it
/// reads it).
public final class ShmBuffers {
    /// One buffer and its memory (each in a memfd of its own, transparent when made).
    public final class Buffer {
        fileprivate let proxy: OpaquePointer
        /// Its memory's pool, kept where the set keeps memory for its next buffers (`reserve` > 0), else nil.
        fileprivate let pool: OpaquePointer?
        /// Its memory's bytes (at least `stride * height`; more where the set reserves).
        fileprivate let capacity: Int
        /// Set when a new buffer of the set took over its pool and memory (then it frees neither).
        fileprivate var gaveMemoryAway = false
        /// Its pixels, top row first.
        public let memory: UnsafeMutableRawPointer
        public let width: Int
        public let height: Int
        /// Its slot in the set (what the caller keys its own record of the buffer's content by).
        public let index: Int
        /// Bytes a row.
        public var stride: Int { width * 4 }
        /// Its pixels as `ARGB8888` words.
        public var pixels: UnsafeMutablePointer<UInt32> { memory.assumingMemoryBound(to: UInt32.self) }
        /// The set whose slots hear its release (it owns the buffer and destroys it before itself).
        fileprivate unowned let owner: ShmBuffers

        /// A new buffer in a memfd of its own, or (`spare`, a buffer of the set let go, whose memory holds it) in
        /// that buffer's memory: no new memory to fault in, its pixels as they were in those bytes.
        fileprivate init?(owner: ShmBuffers, index: Int, width: Int, height: Int, spare: Buffer?) {
            let bytes = width * 4 * height
            guard width > 0, height > 0, bytes <= Int(Int32.max) else { return nil }
            let made: (pool: OpaquePointer, memory: UnsafeMutableRawPointer, capacity: Int)
            if let spare, let pool = spare.pool, spare.capacity >= bytes {
                made = (pool, spare.memory, spare.capacity)
                spare.gaveMemoryAway = true
            } else {
                let capacity = max(bytes, owner.reserve)
                guard let new = makeShmPool(owner.shm, bytes: capacity, name: owner.name) else { return nil }
                made = (new.pool, new.memory, capacity)
            }
            let keepsPool = owner.reserve > 0
            guard let buffer = wl_shm_pool_create_buffer(made.pool, 0, Int32(width), Int32(height), Int32(width * 4),
                                                         UInt32(WL_SHM_FORMAT_ARGB8888.rawValue)) else {
                wl_shm_pool_destroy(made.pool)
                munmap(made.memory, made.capacity)
                return nil
            }
            if !keepsPool { wl_shm_pool_destroy(made.pool) }
            wl_proxy_set_queue(buffer, owner.queue)
            proxy = buffer
            pool = keepsPool ? made.pool : nil
            capacity = made.capacity
            memory = made.memory
            self.width = width
            self.height = height
            self.index = index
            self.owner = owner
            wl_buffer_add_listener(buffer, owner.listener, Listener.data(self))
        }

        deinit {
            wl_buffer_destroy(proxy)
            guard !gaveMemoryAway else { return }
            if let pool { wl_shm_pool_destroy(pool) }
            munmap(memory, capacity)
        }
    }

    /// Why no buffer could be had (one line each).
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The memory, its map or the buffer could not be had.
        case cannotMake(width: Int, height: Int)
        /// The compositor released none of the set's buffers in `releaseWait` (`ShmBufferSlots.allHeldMessage`).
        case neverReleased(String)
        /// The connection failed while waiting for a release.
        case connectionLost

        public var description: String {
            switch self {
            case .cannotMake(let width, let height): "cannot make a wl_shm buffer of \(width)x\(height) px"
            case .neverReleased(let message): message
            case .connectionLost: "the compositor's connection failed while taking a wl_shm buffer"
            }
        }
    }

    /// The most buffers of one set.
    public static var capacity: Int { ShmBufferSlots.capacity }

    /// How long a frame waits for a release when the compositor holds every buffer (s).
    public static let releaseWait = 2.0

    private let shm: OpaquePointer
    private let display: OpaquePointer
    /// The buffers' own event queue: their releases are read here, not by the event loop's dispatch.
    private let queue: OpaquePointer
    private let listener = UnsafeMutablePointer<wl_buffer_listener>.allocate(capacity: 1)
    /// The memfds' name (what `/proc/PID/maps` shows).
    private let name: String
    /// Whose buffers they are, for the error line (`"the window's"`).
    private let owner: String
    private var state = ShmBufferSlots()
    /// Bytes each new memfd has at least (0: a buffer's own size), so that a buffer made later of another size up
    /// to this takes over the memory of one let go (`acquire`) rather than faulting in new pages: a window's patch,
    /// whose box grows (`RenderTarget.WindowPatch`). Pages never written are not resident.
    public var reserve = 0
    /// The buffers by slot, as `state` has them.
    private var buffers: [Buffer?] = Array(repeating: nil, count: ShmBufferSlots.capacity)

    /// Whether `window`'s compositor offers `wl_shm` (then `init` makes a set).
    public static func areOffered(for window: Window) -> Bool { window.registry.shm != nil }

    /// A set on the `wl_shm` of `window`'s display, its memfds named `name`, `owner` naming them in the error line;
    /// nil when the compositor offers no `wl_shm`.
    public init?(window: Window, name: String, owner: String) {
        guard let shm = window.registry.shm?.proxy,
              let queue = wl_display_create_queue(window.registry.display.pointer) else { return nil }
        self.shm = shm
        display = window.registry.display.pointer
        self.queue = queue
        self.name = name
        self.owner = owner
        listener.initialize(to: wl_buffer_listener(release: { data, _ in
            guard let data else { return }
            let buffer = Listener.object(Buffer.self, data)
            buffer.owner.state.released(buffer.index)
        }))
    }

    deinit {
        for index in buffers.indices { buffers[index] = nil }  // the proxies before their queue
        wl_event_queue_destroy(queue)
        listener.deinitialize(count: 1)
        listener.deallocate()
    }

    /// A buffer of `width`×`height` px the compositor does not hold: the one holding the newest frame, else a new
    /// one (age 0, transparent); waits for a release when the compositor holds every buffer.
    public func acquire(width: Int, height: Int) throws(Failure) -> Buffer {
        guard wl_display_dispatch_queue_pending(display, queue) >= 0 else { throw .connectionLost }
        // The newest frame's buffer is read while the new one is filled: its memory is never taken over.
        let newest = state.slots.indices.filter { state.slots[$0]?.age == 1 }
        var choice = state.acquire(width: width, height: height)
        if choice == .allHeld {
            try waitForRelease()
            choice = state.acquire(width: width, height: height)
        }
        // A buffer let go whose memory can hold the new one (a set with `reserve`): taken over.
        var spare: Buffer?
        if case .make = choice, reserve > 0 {
            spare = buffers.indices.lazy.filter { self.state.slots[$0] == nil && !newest.contains($0) }
                .compactMap { self.buffers[$0] }
                .first { $0.pool != nil && $0.capacity >= width * 4 * height }
        }
        for index in buffers.indices where state.slots[index] == nil { buffers[index] = nil }
        switch choice {
        case .reuse(let index):
            if let buffer = buffers[index] { return buffer }
            throw .cannotMake(width: width, height: height)
        case .make(let index):
            guard let buffer = Buffer(owner: self, index: index, width: width, height: height, spare: spare) else {
                throw .cannotMake(width: width, height: height)
            }
            buffers[index] = buffer
            state.made(index, width: width, height: height)
            return buffer
        case .allHeld:
            throw .neverReleased(ShmBufferSlots.allHeldMessage(owner: owner, width: width, height: height,
                                                               seconds: Self.releaseWait))
        }
    }

    /// How many commits ago `buffer` was attached (1: the last frame); 0 when never (all of it to draw).
    public func age(of buffer: Buffer) -> Int { state.slots[buffer.index]?.age ?? 0 }

    /// The buffer of `width`×`height` holding the last frame committed (age 1), held by the compositor or not: the
    /// one to copy what an older buffer missed from.
    public func newest(width: Int, height: Int) -> Buffer? {
        state.newest(width: width, height: height).flatMap { buffers[$0] }
    }

    /// Every buffer's frame forgotten (`ShmBufferSlots.forgetFrames`): each is drawn whole at its next use.
    public func forgetFrames() { state.forgetFrames() }

    /// Lets go of the buffers the compositor does not hold (`ShmBufferSlots.letGoOfFree`): their memory is freed.
    public func letGoOfFree() {
        guard wl_display_dispatch_queue_pending(display, queue) >= 0 else { return }
        state.letGoOfFree()
        for index in buffers.indices where state.slots[index] == nil { buffers[index] = nil }
    }

    /// Attaches `buffer` (just written) to the window's surface with `damage` (buffer px: x, y, width, height);
    /// the caller commits.
    public func attach(_ buffer: Buffer, to window: Window, damage: [(x: Int, y: Int, width: Int, height: Int)]) {
        let surface = window.surface
        wl_surface_attach(surface, buffer.proxy, 0, 0)
        if wl_surface_get_version(surface) >= 4 {
            for rect in damage {
                wl_surface_damage_buffer(surface, Int32(clamping: rect.x), Int32(clamping: rect.y),
                                         Int32(clamping: rect.width), Int32(clamping: rect.height))
            }
        } else {
            wl_surface_damage(surface, 0, 0, Int32.max, Int32.max)
        }
        state.attached(buffer.index)
    }

    /// Shows `buffer` (just written) on `subsurface`, damaged whole and committed (shown with the window's next
    /// commit).
    public func attach(_ buffer: Buffer, to subsurface: Subsurface) {
        subsurface.attach(buffer.proxy)
        state.attached(buffer.index)
    }

    /// Reads the buffers' queue until the compositor releases one of them, at most `releaseWait`; returns with every
    /// one still held when none came in that time.
    private func waitForRelease() throws(Failure) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let end = Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9 + Self.releaseWait
        while state.isAllHeld {
            while wl_display_prepare_read_queue(display, queue) != 0 {
                guard wl_display_dispatch_queue_pending(display, queue) >= 0 else { throw .connectionLost }
            }
            guard state.isAllHeld else {
                wl_display_cancel_read(display)
                return
            }
            _ = wl_display_flush(display)
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = end - (Double(now.tv_sec) + Double(now.tv_nsec) * 1e-9)
            guard left > 0 else {
                wl_display_cancel_read(display)
                return
            }
            var fd = pollfd(fd: wl_display_get_fd(display), events: Int16(POLLIN), revents: 0)
            if poll(&fd, 1, Int32((left * 1000).rounded(.up))) > 0, fd.revents & Int16(POLLIN) != 0 {
                guard wl_display_read_events(display) >= 0 else { throw .connectionLost }
            } else {
                wl_display_cancel_read(display)
                if fd.revents & Int16(POLLERR | POLLHUP) != 0 { throw .connectionLost }
            }
            guard wl_display_dispatch_queue_pending(display, queue) >= 0 else { throw .connectionLost }
        }
    }
}
