/// What one set of app-owned `wl_shm` buffers holds and which buffer a frame may write, without the buffers: the
/// decisions of `ShmBuffers`, drivable without a compositor.
///
/// At most `capacity` buffers, in slots. A buffer attached by a commit is held by the compositor until its
/// `wl_buffer.release`, and a held buffer is never handed out (the compositor may be reading it). A frame takes the
/// free buffer of its size holding the newest frame (its age: commits since it was attached, 0 when never attached,
/// so the least to redraw), else a new one made where a slot is empty; free buffers of another size are let go at
/// once (the memory held stays what the compositor holds plus one), held ones when released. When every slot holds
/// a buffer the compositor still holds, there is none to write: the caller waits for a release (`ShmBuffers` waits
/// at most `ShmBuffers.releaseWait`) and ends the run with `allHeldMessage` if none comes.
public struct ShmBufferSlots: Equatable, Sendable {
    /// The most buffers one set has, whatever their sizes: two in steady state under a compositor that releases the
    /// shown one when the next is attached (pixman weston), a third or fourth while a release is late or the size
    /// changes. A compositor that never releases does not get a new buffer every frame.
    public static let capacity = 4

    /// One buffer: its size, whether the compositor holds it, and its age.
    public struct Slot: Equatable, Sendable {
        public let width: Int
        public let height: Int
        /// Attached by a commit and not released yet: not written, not let go.
        public internal(set) var isHeld = false
        /// Commits since it was attached (1: the last one); 0 for a buffer never attached (its pixels as made).
        public internal(set) var age = 0
    }

    /// Which buffer a frame writes.
    public enum Choice: Equatable, Sendable {
        /// The free buffer in this slot, of the size asked (its `age` says which frames it missed).
        case reuse(Int)
        /// None free of the size: make one in this (empty) slot and report it with `made`.
        case make(Int)
        /// Every slot holds a buffer the compositor has not released: none may be written now.
        case allHeld
    }

    /// The buffers by slot (nil: no buffer there).
    public private(set) var slots: [Slot?] = Array(repeating: nil, count: ShmBufferSlots.capacity)

    /// An empty set.
    public init() {}

    /// The buffer a frame of `width`×`height` writes. Free buffers of another size are let go first (their slots
    /// emptied: the owner frees what it holds there).
    public mutating func acquire(width: Int, height: Int) -> Choice {
        var best: Int?, empty: Int?
        for index in slots.indices {
            guard let slot = slots[index] else {
                if empty == nil { empty = index }
                continue
            }
            guard !slot.isHeld else { continue }
            if slot.width != width || slot.height != height {
                slots[index] = nil
                if empty == nil { empty = index }
            } else if let other = best.flatMap({ slots[$0] }), Self.rank(other.age) <= Self.rank(slot.age) {
                continue
            } else {
                best = index
            }
        }
        if let best { return .reuse(best) }
        if let empty { return .make(empty) }
        return .allHeld
    }

    /// Ages ranked for reuse: the newest frame first, a buffer never attached (all to draw) last.
    private static func rank(_ age: Int) -> Int { age == 0 ? Int.max : age }

    /// A buffer of `width`×`height` was made in slot `index` (which `acquire` named: empty).
    public mutating func made(_ index: Int, width: Int, height: Int) {
        slots[index] = Slot(width: width, height: height)
    }

    /// The buffer in slot `index` was attached by a commit: held by the compositor, age 1; every other attached
    /// buffer one commit older.
    public mutating func attached(_ index: Int) {
        for other in slots.indices where other != index {
            if let age = slots[other]?.age, age > 0 { slots[other]?.age = age + 1 }
        }
        slots[index]?.age = 1
        slots[index]?.isHeld = true
    }

    /// The compositor released the buffer in slot `index` (`wl_buffer.release`): it may be written again.
    public mutating func released(_ index: Int) {
        slots[index]?.isHeld = false
    }

    /// The slot of the buffer of `width`×`height` holding the last frame committed (age 1), held or not: the one to
    /// copy what an older buffer missed from.
    public func newest(width: Int, height: Int) -> Int? {
        slots.firstIndex { $0?.age == 1 && $0?.width == width && $0?.height == height }
    }

    /// Every buffer's frame taken as unknown (age 0: all of it to draw at its next use): the surface showed frames
    /// that none of them was given (a window's patches, drawn into buffers of their own).
    public mutating func forgetFrames() {
        for index in slots.indices { slots[index]?.age = 0 }
    }

    /// Lets go of every buffer the compositor does not hold (their slots emptied: the owner frees what it holds
    /// there); a buffer held stays.
    public mutating func letGoOfFree() {
        for index in slots.indices where slots[index]?.isHeld == false { slots[index] = nil }
    }

    /// Whether every slot holds a buffer the compositor has not released.
    public var isAllHeld: Bool { slots.allSatisfy { $0?.isHeld == true } }

    /// The run's one-line error when the compositor released none of `owner`'s buffers (`"the window's"`) in
    /// `seconds` while a frame of `width`×`height` px waited for one.
    public static func allHeldMessage(owner: String, width: Int, height: Int, seconds: Double) -> String {
        let wait = seconds == seconds.rounded() ? "\(Int(seconds))" : "\(seconds)"
        return "the compositor holds all \(capacity) of \(owner) wl_shm buffers and released none in \(wait) s "
            + "(a frame of \(width)x\(height) px waits for one)"
    }
}
