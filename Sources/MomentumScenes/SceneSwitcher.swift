import MomentumCore
import MomentumLayers

/// The on-screen scene switcher, along the window's top-left edge. Where the window leaves it room (`room`), a row
/// of pills, one per scene; where it does not (a phone in portrait), one pill naming the scene shown, with a menu
/// icon, that opens a list of every scene over a dimmed window. Touches that go down on it belong to it (the scene
/// never sees them); lifting on the pill or list row it went down on selects that scene. While the list is open
/// every touch is the switcher's: a tap outside the list closes it. In the compact band of a short window
/// (`SceneChrome.isCompact`) it is always the one pill, 8 px from the top, so a scene's title fits inline beside it.
public struct SceneSwitcher: Sendable {
    /// How the switcher shows.
    public enum Form: String, Sendable { case row, menu }

    /// Scene names, in order.
    public let names: [String]
    /// The names as the pills show them (capitalised once, not on every frame).
    private let titles: [String]
    /// The index of the scene shown.
    public var selected: Int {
        didSet { isOpen = false }
    }
    /// The width (logical px) the switcher may take from the window's left edge.
    public private(set) var room: Double
    /// True in the compact band of a short window (`setRoom(_:compact:)`): the menu pill, 8 px from the top.
    public private(set) var isCompact = false
    /// True while the menu's list is open.
    public private(set) var isOpen = false
    private var owned: [Int32: Int] = [:]

    /// Pill size and spacing (logical px); list rows are `row` high.
    static let pill = SIMD2<Double>(100, 30), gap = 8.0, margin = 12.0
    static let menuButton = SIMD2<Double>(144, 36), row = 48.0, listWidth = 220.0
    /// Owned touch index meaning "the menu button" and "outside the list" (scene indices are 0…).
    private static let buttonTouch = -1, outsideTouch = -2

    /// Creates a switcher over `names` with `selected` shown, with `room` logical px of width.
    public init(names: [String], selected: Int, room: Double = .infinity) {
        self.names = names
        titles = names.map(Self.title)
        self.selected = selected
        self.room = room
    }

    /// The width a row of pills needs, margins included.
    public static func rowWidth(count: Int) -> Double {
        2 * margin + Double(count) * pill.x + Double(max(0, count - 1)) * gap
    }

    /// Row when the pills fit the room (and the band is not compact), else menu.
    public var form: Form { !isCompact && Self.rowWidth(count: names.count) <= room ? .row : .menu }

    /// The top edge of the pills and of the menu pill: `margin`, `SceneChrome.compactInset` in the compact band.
    public var top: Double { isCompact ? SceneChrome.compactInset : Self.margin }

    /// Gives the switcher `room` logical px of width (the window changed, or what shares the top edge did), and
    /// tells it whether the band is compact (`SceneChrome.isCompact`).
    public mutating func setRoom(_ room: Double, compact: Bool = false) {
        self.room = room
        isCompact = compact
        if form == .row { isOpen = false }
    }

    /// The rectangle of pill `index` (row form).
    public func rect(of index: Int) -> DrawRect {
        DrawRect(x: Self.margin + Double(index) * (Self.pill.x + Self.gap), y: top,
                 width: Self.pill.x, height: Self.pill.y)
    }

    /// The menu button (menu form).
    public var buttonRect: DrawRect {
        DrawRect(origin: SIMD2(Self.margin, top), size: Self.menuButton)
    }

    /// The open list's row for scene `index` (menu form).
    public func listRect(of index: Int) -> DrawRect {
        DrawRect(x: Self.margin, y: buttonRect.maxY + 8 + Double(index) * Self.row, width: Self.listWidth,
                 height: Self.row)
    }

    /// The open list's card.
    public var listCard: DrawRect {
        DrawRect(x: Self.margin, y: buttonRect.maxY + 8, width: Self.listWidth, height: Double(names.count) * Self.row)
    }

    /// The touch targets the switcher shows now, in order, named: `scene:<name>` for pills and list rows, `menu`
    /// for the menu button.
    public var targets: [(name: String, rect: DrawRect)] {
        switch form {
        case .row: return names.indices.map { ("scene:\(names[$0])", rect(of: $0)) }
        case .menu:
            var all = [("menu", buttonRect)]
            if isOpen { all += names.indices.map { ("scene:\(names[$0])", listRect(of: $0)) } }
            return all
        }
    }

    /// The bottom edge of what the switcher shows when closed: content below it is not covered.
    public var bottom: Double { form == .row ? top + Self.pill.y : buttonRect.maxY }

    private func target(at p: SIMD2<Double>) -> Int? {
        func inside(_ r: DrawRect) -> Bool { p.x >= r.x && p.x <= r.maxX && p.y >= r.y && p.y <= r.maxY }
        switch form {
        case .row: return names.indices.first { inside(rect(of: $0)) }
        case .menu:
            if isOpen, let index = names.indices.first(where: { inside(listRect(of: $0)) }) { return index }
            if inside(buttonRect) { return Self.buttonTouch }
            return isOpen ? Self.outsideTouch : nil
        }
    }

    /// Takes the switcher's own touches out of `frame`; returns what is left for the scene (nil when nothing), the
    /// newly selected scene index if one was chosen, and whether the switcher's look changed (the menu opened or
    /// closed).
    public mutating func filter(_ frame: TouchFrame) -> (rest: TouchFrame?, selection: Int?, changed: Bool) {
        if frame.isCancel {
            owned.removeAll()
            return (frame, nil, false)
        }
        var rest: [TouchChange] = []
        var selection: Int?
        var changed = false
        for change in frame.changes {
            switch change.phase {
            case .down:
                if let index = target(at: change.position) { owned[change.id] = index } else { rest.append(change) }
            case .motion:
                if owned[change.id] == nil { rest.append(change) }
            case .up:
                guard let index = owned.removeValue(forKey: change.id) else {
                    rest.append(change)
                    continue
                }
                let lifted = target(at: change.position)
                if index == Self.buttonTouch {
                    if lifted == index {
                        isOpen.toggle()
                        changed = true
                    }
                } else if index == Self.outsideTouch {
                    isOpen = false
                    changed = true
                } else if lifted == index {
                    if isOpen { changed = true }
                    if index != selected {
                        selected = index
                        selection = index
                    }
                    isOpen = false
                }
            case .cancel:
                if owned.removeValue(forKey: change.id) == nil { rest.append(change) }
            }
        }
        return (rest.isEmpty ? nil : TouchFrame(changes: rest), selection, changed)
    }

    /// Draws the switcher: the row of pills (the selected one filled), or the menu button and, when open, the list
    /// over a dimmed window of `size`.
    public func draw(into list: inout DrawList, size: SIMD2<Double>) {
        switch form {
        case .row:
            for i in names.indices { drawPill(i, in: rect(of: i), into: &list) }
        case .menu:
            drawButton(into: &list)
            guard isOpen else { return }
            list.addRect(DrawRect(x: 0, y: 0, width: size.x, height: size.y), fill: RGBA(r: 0, g: 0, b: 0, a: 0.4))
            drawButton(into: &list)
            let card = listCard
            list.addRoundedRect(card, cornerRadius: 14, fill: RGBA(hex: 0xF4F5F8),
                                shadow: DropShadow(blurRadius: 18, offset: SIMD2(0, 6),
                                                   color: RGBA(r: 0, g: 0, b: 0, a: 0.35)))
            for i in names.indices {
                let r = listRect(of: i)
                if i == selected {
                    list.addRoundedRect(r.insetBy(4), cornerRadius: 10, fill: RGBA(hex: 0x3478F6))
                }
                if i > 0, i != selected, i - 1 != selected {
                    list.addRect(DrawRect(x: r.x + 16, y: r.y, width: r.width - 32, height: 1),
                                 fill: RGBA(hex: 0xDADCE2))
                }
                list.addLabel(titles[i], at: SIMD2(r.x + 20, TextRun.baseline(centring: r.center.y, size: 16)),
                              size: 16, weight: i == selected ? .semibold : .regular,
                              color: i == selected ? RGBA(r: 1, g: 1, b: 1, a: 1) : RGBA(hex: 0x1B2A49))
            }
        }
    }

    /// A one-pixel edge of the ink's colour at 16 % around the white pill `r` (drawn under it): the pill reads on a
    /// scene's light header bar (the transition's, #F7F8FA) as on the dark backdrop.
    private static func addEdge(around r: DrawRect, into list: inout DrawList) {
        list.addRoundedRect(r.insetBy(-1), cornerRadius: r.height / 2 + 1, fill: RGBA(hex: 0x1B2A49, alpha: 0.16))
    }

    private static func title(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    private func drawPill(_ i: Int, in r: DrawRect, into list: inout DrawList) {
        let on = i == selected
        // The selected pill's edge, so it reads on a scene's light header too (white on it, it was gone).
        if on { Self.addEdge(around: r, into: &list) }
        // Dark glass for the others: legible on the dark background and on a scene's light header alike.
        list.addRoundedRect(r, cornerRadius: r.height / 2,
                            fill: on ? RGBA(r: 1, g: 1, b: 1, a: 0.94) : RGBA(hex: 0x0B1020, alpha: 0.55))
        let size = 14.0
        list.addLabel(titles[i], at: SIMD2(r.center.x, TextRun.baseline(centring: r.center.y, size: size)),
                      size: size, weight: .semibold,
                      color: on ? RGBA(hex: 0x1B2A49) : RGBA(r: 1, g: 1, b: 1, a: 0.9), alignment: .center)
    }

    /// The menu button: a pill with a three-bar menu icon and the name of the scene shown.
    private func drawButton(into list: inout DrawList) {
        let r = buttonRect
        Self.addEdge(around: r, into: &list)
        list.addRoundedRect(r, cornerRadius: r.height / 2, fill: RGBA(r: 1, g: 1, b: 1, a: isOpen ? 1 : 0.92))
        let ink = RGBA(hex: 0x1B2A49)
        for bar in 0..<3 {
            list.addRoundedRect(DrawRect(x: r.x + 16, y: r.center.y - 6 + Double(bar) * 5, width: 16, height: 2),
                                cornerRadius: 1, fill: ink)
        }
        let size = 14.0
        list.addLabel(titles[selected], at: SIMD2(r.x + 42, TextRun.baseline(centring: r.center.y, size: size)),
                      size: size, weight: .semibold, color: ink)
    }
}
