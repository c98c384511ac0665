import MomentumLayers

/// The panel scene's lock-screen notifications: on a screen with room to spare above the open panel (a desktop's,
/// a tablet's) two notifications under the hint, as a lock screen holds them, so the wallpaper is a lock screen
/// and not a gradient with a clock in the middle of it. Static layers on the root, under the panel (drawn once into
/// the window); hidden where they do not fit.
struct PanelNotifications {
    private let cards: [LayerID]
    /// A card's size at type scale 1 and the space between two cards.
    static let cardSize = SIMD2(420.0, 62.0), gap = 10.0
    /// The space kept above the cards (from what is over them).
    static let above = 28.0

    private struct Notice {
        let badge: Badge, title: String, body: String, time: String
    }

    private enum Badge {
        case initials(String, RGBA)
        case icon(Icon, RGBA)
    }

    private static let notices = [
        Notice(badge: .initials("AL", Palette.indigo), title: "Ada Lovelace",
               body: "Notes on the engine: the spring's closed form, plotted", time: "now"),
        Notice(badge: .icon(.sun, Palette.orange), title: "Weather",
               body: "Clear all afternoon, 14° by three", time: "8:02"),
    ]

    /// Adds the cards to `tree`'s root (hidden until placed), under anything added after.
    init(into tree: inout LayerTree) {
        let size = Self.cardSize
        cards = Self.notices.map { notice in
            var card = Layer(frame: DrawRect(x: 0, y: 0, width: size.x, height: size.y),
                             backgroundColor: RGBA(r: 1, g: 1, b: 1, a: 0.14), cornerRadius: 18)
            card.isHitTestable = false
            card.isHidden = true
            let id = tree.add(card)
            let badge = DrawRect(x: 13, y: ((size.y - 36) / 2).rounded(), width: 36, height: 36)
            switch notice.badge {
            case let .initials(letters, color):
                tree.add(Layer(frame: badge, backgroundColor: color, cornerRadius: 18), to: id)
                tree.add(.text(letters, frame: DrawRect(x: badge.x, y: badge.y + 13, width: badge.width, height: 12),
                               size: 10, color: Palette.white, weight: .semibold, alignment: .center), to: id)
            case let .icon(icon, color):
                tree.add(Layer(frame: badge, backgroundColor: color, cornerRadius: 9), to: id)
                for part in icon.layers(in: badge.insetBy(7), color: Palette.white, background: color) {
                    tree.add(part, to: id)
                }
            }
            let textX = badge.maxX + 12, textWidth = size.x - textX - 14
            tree.add(.text(notice.title, frame: DrawRect(x: textX, y: 15, width: textWidth - 44, height: 14),
                           size: 10.5, color: RGBA(r: 1, g: 1, b: 1, a: 0.95), weight: .semibold), to: id)
            tree.add(.text(notice.time, frame: DrawRect(x: textX, y: 16, width: textWidth, height: 12), size: 9,
                           color: RGBA(r: 1, g: 1, b: 1, a: 0.7), alignment: .trailing), to: id)
            tree.add(.text(notice.body, frame: DrawRect(x: textX, y: 35, width: textWidth, height: 13), size: 9.5,
                           color: RGBA(r: 1, g: 1, b: 1, a: 0.8)), to: id)
            return id
        }
    }

    /// The height the cards take at type `scale`, the space above them included.
    static func height(scale: Double) -> Double {
        (above + Double(notices.count) * cardSize.y + Double(notices.count - 1) * gap) * scale
    }

    /// Shows the cards centred across `area` from its top at type `scale`, or hides them (`show` false, or an area
    /// too narrow for them with 24 px on each side).
    func place(in tree: inout LayerTree, area: DrawRect, scale: Double, show: Bool) {
        let width = Self.cardSize.x * scale
        let fits = show && area.width >= width + 48
        var y = area.y + Self.above * scale
        for id in cards {
            tree[id].isHidden = !fits
            guard fits else { continue }
            tree[id].scale = scale
            tree[id].position = SIMD2((area.x + area.width / 2).rounded(), (y + Self.cardSize.y * scale / 2).rounded())
            y += ((Self.cardSize.y + Self.gap) * scale).rounded()
        }
    }
}
