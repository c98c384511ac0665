import MomentumCore
import MomentumLayers

/// The on-screen scene switcher: a row of pills along the top-left edge. Touches that go down on it belong to it
/// (the scene never sees them); lifting on the pill it went down on selects that scene.
public struct SceneSwitcher: Sendable {
    /// Scene names, in order.
    public let names: [String]
    /// The index of the scene shown.
    public var selected: Int
    private var owned: [Int32: Int] = [:]

    /// Pill size and spacing (logical px).
    static let pill = SIMD2<Double>(112, 30), gap = 8.0, margin = 12.0

    /// Creates a switcher over `names` with `selected` shown.
    public init(names: [String], selected: Int) {
        self.names = names
        self.selected = selected
    }

    /// The rectangle of pill `index`.
    public func rect(of index: Int) -> DrawRect {
        DrawRect(x: Self.margin + Double(index) * (Self.pill.x + Self.gap), y: Self.margin,
                 width: Self.pill.x, height: Self.pill.y)
    }

    private func pill(at p: SIMD2<Double>) -> Int? {
        names.indices.first { i in
            let r = rect(of: i)
            return p.x >= r.x && p.x <= r.maxX && p.y >= r.y && p.y <= r.maxY
        }
    }

    /// Takes the switcher's own touches out of `frame`; returns what is left for the scene (nil when nothing)
    /// and the newly selected scene index, if a pill was tapped.
    public mutating func filter(_ frame: TouchFrame) -> (rest: TouchFrame?, selection: Int?) {
        if frame.isCancel {
            owned.removeAll()
            return (frame, nil)
        }
        var rest: [TouchChange] = []
        var selection: Int?
        for change in frame.changes {
            switch change.phase {
            case .down:
                if let index = pill(at: change.position) { owned[change.id] = index } else { rest.append(change) }
            case .motion:
                if owned[change.id] == nil { rest.append(change) }
            case .up:
                if let index = owned.removeValue(forKey: change.id) {
                    if pill(at: change.position) == index, index != selected {
                        selected = index
                        selection = index
                    }
                } else {
                    rest.append(change)
                }
            case .cancel:
                if owned.removeValue(forKey: change.id) == nil { rest.append(change) }
            }
        }
        return (rest.isEmpty ? nil : TouchFrame(changes: rest), selection)
    }

    /// Draws the pills; the selected one is filled.
    public func draw(into list: inout DrawList) {
        for i in names.indices {
            let r = rect(of: i)
            let on = i == selected
            list.addRoundedRect(r, cornerRadius: r.height / 2,
                                fill: on ? RGBA(r: 1, g: 1, b: 1, a: 0.92) : RGBA(r: 1, g: 1, b: 1, a: 0.18))
            let size = 14.0
            list.addLabel(names[i].prefix(1).uppercased() + names[i].dropFirst(),
                          at: SIMD2(r.center.x, TextRun.baseline(centring: r.center.y, size: size)), size: size,
                          weight: .semibold, color: on ? RGBA(hex: 0x1B2A49) : RGBA(r: 1, g: 1, b: 1, a: 0.9),
                          alignment: .center)
        }
    }
}
