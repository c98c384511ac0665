import Testing
import WaylandClient

/// The decisions of one set of app-owned `wl_shm` buffers (the window's with `--surface-buffers shm`, the pull
/// line's), driven as a compositor would: commits attach, releases come late and out of order, sizes change.
@Suite struct ShmBufferSlotsTests {
    /// What the caller does with a choice: makes a buffer where asked; the slot written.
    private static func take(_ set: inout ShmBufferSlots, _ width: Int, _ height: Int) -> Int? {
        switch set.acquire(width: width, height: height) {
        case .reuse(let index): return index
        case .make(let index):
            set.made(index, width: width, height: height)
            return index
        case .allHeld: return nil
        }
    }

    @Test func aCompositorThatReleasesTheShownBufferAtTheNextAttachKeepsTwoBuffersInTurn() throws {
        var set = ShmBufferSlots()
        var written: [Int] = []
        var shown: Int?
        for _ in 0..<6 {
            let index = try #require(Self.take(&set, 800, 600))
            written.append(index)
            set.attached(index)
            if let shown { set.released(shown) }  // pixman weston: the old one goes when the new one is attached
            shown = index
        }
        #expect(written == [0, 1, 0, 1, 0, 1])
        #expect(set.slots.compactMap { $0 }.count == 2)
        // The free one missed only the last frame.
        #expect(set.slots[0]?.age == 2 && set.slots[1]?.age == 1)
    }

    /// A window whose frames went onto its patch: its buffers' frames are forgotten (each drawn whole at its next
    /// use, none named the newest to copy from), and the ones the compositor does not hold are let go, the shown
    /// one kept.
    @Test func buffersThatMissedFramesAreDrawnWholeAndTheFreeOnesLetGo() throws {
        var set = ShmBufferSlots()
        let first = try #require(Self.take(&set, 800, 600))
        set.attached(first)
        let second = try #require(Self.take(&set, 800, 600))
        set.attached(second)
        set.released(first)
        #expect(set.newest(width: 800, height: 600) == second && set.slots[first]?.age == 2)
        set.forgetFrames()
        #expect(set.slots.compactMap { $0?.age }.allSatisfy { $0 == 0 })
        #expect(set.newest(width: 800, height: 600) == nil)
        set.letGoOfFree()
        #expect(set.slots[first] == nil && set.slots[second]?.isHeld == true)
        // The next frame gets a buffer made anew (age 0: all of it drawn), the shown one still held.
        #expect(set.acquire(width: 800, height: 600) == .make(first))
    }

    @Test func aHeldBufferIsNeverHandedOutWhateverTheReleasesAndSizes() {
        // A deterministic walk: each step takes a buffer (at one of three sizes), attaches it, and releases a
        // random held one, or none, as a slow compositor does.
        var set = ShmBufferSlots()
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        let sizes = [(640, 480), (640, 480), (64, 32)]
        var handedOutHeld = 0, allHeld = 0
        for _ in 0..<2000 {
            let (width, height) = sizes[next(sizes.count)]
            let before = set.slots
            if let index = Self.take(&set, width, height) {
                if before[index]?.isHeld == true { handedOutHeld += 1 }
                #expect(set.slots[index]?.width == width && set.slots[index]?.height == height)
                set.attached(index)
            } else {
                allHeld += 1
                #expect(before.allSatisfy { $0?.isHeld == true })
            }
            let held = set.slots.indices.filter { set.slots[$0]?.isHeld == true }
            if !held.isEmpty, next(3) > 0 { set.released(held[next(held.count)]) }
            #expect(set.slots.compactMap { $0 }.count <= ShmBufferSlots.capacity)
        }
        #expect(handedOutHeld == 0)
        #expect(allHeld > 0)  // the walk did reach a full set
    }

    @Test func agesAfterReleasesOutOfOrderSayWhichFramesEachBufferMissed() throws {
        var set = ShmBufferSlots()
        // Three frames while the compositor holds them all: three buffers, frames 1, 2, 3.
        let a = try #require(Self.take(&set, 100, 100)); set.attached(a)
        let b = try #require(Self.take(&set, 100, 100)); set.attached(b)
        let c = try #require(Self.take(&set, 100, 100)); set.attached(c)
        #expect([a, b, c] == [0, 1, 2])
        #expect(set.slots.map { $0?.age } == [3, 2, 1, nil])
        // Released out of order: the newest first, then the oldest. The free one holding the newest frame is taken
        // (the least to redraw), even though another was released earlier or is older.
        set.released(c)
        set.released(a)
        #expect(set.acquire(width: 100, height: 100) == .reuse(c))
        set.attached(c)
        #expect(set.slots.map { $0?.age } == [4, 3, 1, nil])
        // Only the oldest is free: attached four commits ago, it missed the three since.
        #expect(set.acquire(width: 100, height: 100) == .reuse(a))
        #expect(set.slots[a]?.age == 4)
        #expect(set.newest(width: 100, height: 100) == c)
    }

    @Test func aResizeLetsFreeBuffersGoAtOnceAndHeldOnesWhenReleasedAndStartsAgeAtZero() throws {
        var set = ShmBufferSlots()
        let a = try #require(Self.take(&set, 100, 100)); set.attached(a)
        let b = try #require(Self.take(&set, 100, 100)); set.attached(b)
        set.released(a)  // a free, b held (shown)
        // A new size: the free one of the old size goes, its slot takes the new buffer; the held one stays.
        #expect(set.acquire(width: 200, height: 150) == .make(a))
        set.made(a, width: 200, height: 150)
        #expect(set.slots[a]?.age == 0)  // never attached: drawn whole
        #expect(set.slots[b]?.width == 100 && set.slots[b]?.isHeld == true)
        #expect(set.newest(width: 200, height: 150) == nil)  // nothing of this size to copy from
        set.attached(a)
        #expect(set.newest(width: 200, height: 150) == a)
        // The old-size buffer, once released, is let go at the next frame instead of being written.
        set.released(b)
        let c = try #require(Self.take(&set, 200, 150))
        #expect(c == b && set.slots[c]?.width == 200 && set.slots[c]?.age == 0)
    }

    @Test func aFullSetHandsOutNothingUntilARelease() throws {
        var set = ShmBufferSlots()
        for expected in 0..<ShmBufferSlots.capacity {
            let index = try #require(Self.take(&set, 320, 200))
            #expect(index == expected)
            set.attached(index)
        }
        #expect(set.isAllHeld)
        // Full: not the oldest overwritten, no fifth buffer, whatever the size asked.
        #expect(set.acquire(width: 320, height: 200) == .allHeld)
        #expect(set.acquire(width: 640, height: 400) == .allHeld)
        #expect(set.slots.compactMap { $0 }.count == ShmBufferSlots.capacity)
        // The compositor releases one: that one (it missed two frames) is written.
        set.released(2)
        #expect(!set.isAllHeld)
        #expect(set.acquire(width: 320, height: 200) == .reuse(2))
        #expect(set.slots[2]?.age == 2)
    }

    @Test func aFullSetOfAnotherSizeIsNotOverwrittenEither() throws {
        var set = ShmBufferSlots()
        for _ in 0..<ShmBufferSlots.capacity {
            let index = try #require(Self.take(&set, 50, 50))
            set.attached(index)
        }
        #expect(set.acquire(width: 60, height: 50) == .allHeld)
        set.released(1)
        // The released one is of the old size: let go, and its slot takes the new size.
        #expect(set.acquire(width: 60, height: 50) == .make(1))
        #expect(set.slots[1] == nil)
    }

    @Test func theErrorLineNamesTheOwnerTheCountTheWaitAndTheFrame() {
        let line = ShmBufferSlots.allHeldMessage(owner: "the window's", width: 3840, height: 2160, seconds: 2)
        #expect(line == "the compositor holds all 4 of the window's wl_shm buffers and released none in 2 s "
                + "(a frame of 3840x2160 px waits for one)")
        #expect(!line.contains("\n"))
        #expect(ShmBufferSlots.allHeldMessage(owner: "a layer's", width: 1, height: 2, seconds: 0.5)
            .contains("a layer's wl_shm buffers and released none in 0.5 s"))
    }
}
