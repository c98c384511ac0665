import CWaylandClient
import Glibc

/// One-pixel `wl_shm` buffers of one colour each, made once per colour and kept: a surface that shows a plain
/// colour (a dimming shade whose alpha changes every frame) attaches one and lets the compositor stretch it
/// (`wp_viewporter`), with no EGL surface, no drawing and no buffer copy. A buffer is never written after it is
/// made, so the same one may be attached again while the compositor still holds it.
public final class SolidBuffers {
    /// How many colours the pool holds; a colour beyond them gets no buffer (the caller draws it another way).
    public static let capacity = 4096

    private let pool: OpaquePointer
    private let memory: UnsafeMutablePointer<UInt32>
    private var buffers: [UInt32: OpaquePointer] = [:]

    /// A pool on the `wl_shm` of `window`'s display; nil when the compositor offers none or the memory cannot be had.
    public init?(window: Window) {
        guard let shm = window.registry.shm?.proxy else { return nil }
        guard let made = makeShmPool(shm, bytes: Self.capacity * 4, name: "momentum-solid") else { return nil }
        pool = made.pool
        memory = made.memory.bindMemory(to: UInt32.self, capacity: Self.capacity)
    }

    deinit {
        for buffer in buffers.values { wl_buffer_destroy(buffer) }
        wl_shm_pool_destroy(pool)
        munmap(memory, Self.capacity * 4)
    }

    /// The buffer of `argb` (premultiplied, `WL_SHM_FORMAT_ARGB8888`: alpha in the top byte), made at first use;
    /// nil once the pool is full.
    public func buffer(argb: UInt32) -> OpaquePointer? {
        if let buffer = buffers[argb] { return buffer }
        let index = buffers.count
        guard index < Self.capacity else { return nil }
        memory[index] = argb
        guard let buffer = wl_shm_pool_create_buffer(pool, Int32(index * 4), 1, 1, 4,
                                                     UInt32(WL_SHM_FORMAT_ARGB8888.rawValue)) else { return nil }
        buffers[argb] = buffer
        return buffer
    }
}
