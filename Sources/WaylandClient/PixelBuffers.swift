import CLinux
import CWaylandClient
import Glibc

/// The `wl_shm` buffers of one surface whose pixels the CPU writes (a thin shape drawn without EGL: the
/// playground's pull line), used in turn: a buffer the compositor still reads is not written until it releases it
/// (`wl_buffer.release`), so a frame takes a free one of its size, or makes one (letting go of the free ones of
/// other sizes). Each buffer keeps its pixels between uses (`ARGB8888`, premultiplied; transparent when made), so
/// the writer changes only what differs from what that buffer held.
public final class PixelBuffers {
    /// The most buffers one surface has; when every one is still held, the one given out longest ago is written
    /// again (a compositor that never releases them shows a frame late rather than the app's memory growing).
    public static let capacity = 4

    /// One buffer: its proxy, its pixels, its size and whether the compositor still holds it.
    private final class Slot {
        let buffer: OpaquePointer
        let memory: UnsafeMutablePointer<UInt32>
        let width: Int, height: Int
        var held = false
        var lastUse = 0

        init(buffer: OpaquePointer, memory: UnsafeMutablePointer<UInt32>, width: Int, height: Int) {
            self.buffer = buffer
            self.memory = memory
            self.width = width
            self.height = height
        }

        deinit {
            wl_buffer_destroy(buffer)
            munmap(memory, width * height * 4)
        }
    }

    private let shm: OpaquePointer
    private var slots: [Slot?] = Array(repeating: nil, count: PixelBuffers.capacity)
    private let listener: UnsafeMutablePointer<wl_buffer_listener>
    private var uses = 0

    /// Whether `window`'s compositor offers `wl_shm` (then `init` makes buffers).
    public static func areOffered(for window: Window) -> Bool { window.registry.shm != nil }

    /// Buffers on the `wl_shm` of `window`'s display; nil when the compositor offers none.
    public init?(window: Window) {
        guard let shm = window.registry.shm?.proxy else { return nil }
        self.shm = shm
        listener = .allocate(capacity: 1)
        listener.initialize(to: wl_buffer_listener(release: { data, _ in
            guard let data else { return }
            Listener.object(Slot.self, data).held = false
        }))
    }

    deinit {
        for index in slots.indices { slots[index] = nil }
        listener.deinitialize(count: 1)
        listener.deallocate()
    }

    /// A buffer of `width` × `height` pixels the compositor does not hold: its index (for `attach` and for the
    /// caller's record of what it holds), its pixels, and whether it was just made (transparent: whatever the caller
    /// remembers of that index is gone). Nil when the memory or the buffer cannot be had.
    public func take(width: Int, height: Int) -> (index: Int, pixels: UnsafeMutablePointer<UInt32>, isNew: Bool)? {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else { return nil }
        uses += 1
        // A free one of this size.
        for index in slots.indices {
            guard let slot = slots[index], !slot.held, slot.width == width, slot.height == height else { continue }
            slot.lastUse = uses
            return (index, slot.memory, false)
        }
        // Else a new one, where a free one of another size was (let go: a layer that grew will not need it again,
        // and the memory the surface holds stays what the compositor holds plus one) or no buffer is; when the
        // compositor holds every one, in place of the one given out longest ago.
        var place: Int?, oldest = 0
        for index in slots.indices {
            if let slot = slots[index], !slot.held { slots[index] = nil }
            if slots[index] == nil {
                if place == nil { place = index }
            } else if let slot = slots[index], slot.lastUse < (slots[oldest]?.lastUse ?? Int.max) {
                oldest = index
            }
        }
        let index = place ?? oldest
        slots[index] = nil
        guard let slot = makeSlot(width: width, height: height) else { return nil }
        slot.lastUse = uses
        slots[index] = slot
        return (index, slot.memory, true)
    }

    /// Shows buffer `index` on `subsurface` (damaged whole, committed; shown with the window's next commit); the
    /// compositor holds it until it releases it.
    public func attach(_ index: Int, to subsurface: Subsurface) {
        guard let slot = slots[index] else { return }
        slot.held = true
        subsurface.attach(slot.buffer)
    }

    /// A new buffer in its own memory (a memfd the compositor maps), transparent.
    private func makeSlot(width: Int, height: Int) -> Slot? {
        let bytes = width * height * 4
        guard let (pool, map) = makeShmPool(shm, bytes: bytes, name: "momentum-pixels") else { return nil }
        defer { wl_shm_pool_destroy(pool) }
        guard let buffer = wl_shm_pool_create_buffer(pool, 0, Int32(width), Int32(height), Int32(width * 4),
                                                     UInt32(WL_SHM_FORMAT_ARGB8888.rawValue)) else {
            munmap(map, bytes)
            return nil
        }
        let slot = Slot(buffer: buffer, memory: map.bindMemory(to: UInt32.self, capacity: width * height),
                        width: width, height: height)
        wl_buffer_add_listener(buffer, listener, Listener.data(slot))
        return slot
    }
}
