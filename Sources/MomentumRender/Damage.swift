import MomentumLayers
import MomentumText

extension PixelRect {
    /// The smallest pixel rectangle holding every pixel whose centre lies in the box `minimum`…`maximum` (buffer
    /// px): a triangle inside that box covers no pixel outside it.
    init(enclosing minimum: SIMD2<Float>, _ maximum: SIMD2<Float>) {
        func whole(_ value: Float) -> Int { Int(max(min(value, 1e8), -1e8)) }
        self.init(minX: whole(minimum.x.rounded(.down)), minY: whole(minimum.y.rounded(.down)),
                  maxX: whole(maximum.x.rounded(.up)), maxY: whole(maximum.y.rounded(.up)))
    }
}

/// The pixels a frame must redraw: a few disjoint rectangles inside the viewport.
public struct DamageRegion: Equatable, Sendable {
    /// At most this many rectangles are kept (each is one scissored pass); more are merged.
    public static let rectangleLimit = 6

    /// Disjoint rectangles, none empty.
    public private(set) var rects: [PixelRect] = []
    /// The viewport the rectangles are clipped to.
    public let bounds: PixelRect

    /// Nothing damaged in a `width`×`height` viewport.
    public init(width: Int, height: Int) {
        bounds = PixelRect(width: width, height: height)
    }

    /// The whole `width`×`height` viewport damaged.
    public static func full(width: Int, height: Int) -> DamageRegion {
        var region = DamageRegion(width: width, height: height)
        region.add(region.bounds)
        return region
    }

    /// Pixels to redraw (the rectangles are disjoint, so this is their total area).
    public var area: Int { rects.reduce(0) { $0 + $1.area } }
    public var isEmpty: Bool { rects.isEmpty }
    /// Whether the region is the whole viewport.
    public var isFull: Bool { rects.count == 1 && rects[0] == bounds }

    /// Adds `rect` (clipped to the viewport). Overlapping rectangles merge into their union, and past
    /// `rectangleLimit` the pair whose union adds the fewest pixels merges, so the rectangles stay disjoint and few.
    public mutating func add(_ rect: PixelRect) {
        var pending = rect.intersection(bounds)
        guard !pending.isEmpty else { return }
        // Absorb every rectangle that meets the new one, repeatedly (a union can reach further ones).
        var absorbed = true
        while absorbed {
            absorbed = false
            if let index = rects.firstIndex(where: { $0.intersects(pending) }) {
                pending = pending.union(rects.remove(at: index))
                absorbed = true
            }
        }
        rects.append(pending)
        while rects.count > Self.rectangleLimit { mergeCheapestPair() }
    }

    /// Adds every rectangle of `other`.
    public mutating func formUnion(_ other: DamageRegion) {
        for rect in other.rects { add(rect) }
    }

    private mutating func mergeCheapestPair() {
        var best = (i: 0, j: 1, cost: Int.max)
        for i in rects.indices {
            for j in rects.indices where j > i {
                let cost = rects[i].union(rects[j]).area - rects[i].area - rects[j].area
                if cost < best.cost { best = (i, j, cost) }
            }
        }
        let merged = rects[best.i].union(rects[best.j])
        rects.remove(at: best.j)
        rects.remove(at: best.i)
        add(merged)
    }
}

/// Which commands of two draw lists differ, as an order-keeping match: every command outside the longest common
/// subsequence changed. A pixel that only unchanged commands cover (in both lists, in the same order) is the same
/// in both frames, so the damage is the bounds of the unmatched commands of both lists.
///
/// The alignment compares each command's hash (computed once per frame), and every pair it matches is then checked
/// for real equality, so a hash collision can only add damage, never hide a change. Its table is kept between
/// frames, so diffing allocates nothing once warm.
struct CommandDiff {
    /// Beyond this many cells the middle is not aligned: every command in it counts as changed.
    static let alignmentCellLimit = 1 << 16

    private var table: [Int32] = []

    /// Indices of `old` and of `new` outside an order-keeping common subsequence (the longest one when the differing
    /// middle is small enough to align).
    static func unmatched(old: [DrawCommand], new: [DrawCommand]) -> (old: [Int], new: [Int]) {
        var diff = CommandDiff()
        return diff.unmatched(old: old, oldKeys: old.map(\.hashValue), new: new, newKeys: new.map(\.hashValue))
    }

    /// As `unmatched(old:new:)`, given each command's hash in `oldKeys` and `newKeys`.
    mutating func unmatched(old: [DrawCommand], oldKeys: [Int], new: [DrawCommand], newKeys: [Int])
        -> (old: [Int], new: [Int]) {
        var changedOld: [Int] = []
        var changedNew: [Int] = []
        // Matched by hash; unequal after all: both changed.
        func match(_ i: Int, _ j: Int) {
            if old[i] != new[j] {
                changedOld.append(i)
                changedNew.append(j)
            }
        }
        var prefix = 0
        while prefix < old.count, prefix < new.count, oldKeys[prefix] == newKeys[prefix] {
            match(prefix, prefix)
            prefix += 1
        }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              oldKeys[old.count - 1 - suffix] == newKeys[new.count - 1 - suffix] {
            match(old.count - 1 - suffix, new.count - 1 - suffix)
            suffix += 1
        }
        let rows = old.count - suffix - prefix
        let columns = new.count - suffix - prefix
        if rows == 0 || columns == 0 || rows * columns > Self.alignmentCellLimit {
            changedOld += prefix ..< prefix + rows
            changedNew += prefix ..< prefix + columns
            return (changedOld.sorted(), changedNew.sorted())
        }
        // Longest common subsequence of the middles (dynamic programming over suffix lengths).
        let width = columns + 1
        let cells = (rows + 1) * width
        if table.count < cells { table = [Int32](repeating: 0, count: cells) }
        table.withUnsafeMutableBufferPointer { length in
            for j in 0...columns { length[rows * width + j] = 0 }
            for i in stride(from: rows - 1, through: 0, by: -1) {
                length[i * width + columns] = 0
                let key = oldKeys[prefix + i]
                for j in stride(from: columns - 1, through: 0, by: -1) {
                    let here = i * width + j
                    length[here] = key == newKeys[prefix + j]
                        ? length[here + width + 1] + 1
                        : max(length[here + width], length[here + 1])
                }
            }
        }
        var i = 0
        var j = 0
        while i < rows, j < columns {
            if oldKeys[prefix + i] == newKeys[prefix + j] {
                match(prefix + i, prefix + j)
                i += 1
                j += 1
            } else if table[(i + 1) * width + j] >= table[i * width + j + 1] {
                changedOld.append(prefix + i)
                i += 1
            } else {
                changedNew.append(prefix + j)
                j += 1
            }
        }
        changedOld += prefix + i ..< prefix + rows
        changedNew += prefix + j ..< prefix + columns
        return (changedOld.sorted(), changedNew.sorted())
    }
}
