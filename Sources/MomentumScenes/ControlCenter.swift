import MomentumCore
import MomentumLayers

/// What the Control Center panel holds: four labelled toggles, a media tile and two sliders, and their state.
/// Pure state; `ControlCenterLayout` places it and `PanelScene` turns touches into changes.
public struct ControlCenter: Sendable, Equatable {
    /// A labelled on/off tile.
    public enum Toggle: String, Sendable, CaseIterable {
        case wifi, bluetooth, airplane, focus

        /// The tile's label.
        public var label: String {
            switch self {
            case .wifi: "Wi-Fi"
            case .bluetooth: "Bluetooth"
            case .airplane: "Airplane"
            case .focus: "Focus"
            }
        }
        /// The tile's glyph.
        public var icon: Icon {
            switch self {
            case .wifi: .wifi
            case .bluetooth: .bluetooth
            case .airplane: .airplane
            case .focus: .moon
            }
        }
        /// The glyph's disc when on.
        public var tint: RGBA {
            switch self {
            case .wifi, .bluetooth: Palette.accent
            case .airplane: Palette.orange
            case .focus: Palette.indigo
            }
        }
    }

    /// A level control: a horizontal track, or an upright one in the landscape columns.
    public enum Slider: String, Sendable, CaseIterable {
        case brightness, volume

        /// The caption.
        public var label: String { self == .brightness ? "Brightness" : "Volume" }
        /// The glyph at the track's start.
        public var icon: Icon { self == .brightness ? .sun : .speaker }
    }

    /// The media tile's transport buttons.
    public enum Button: String, Sendable, CaseIterable {
        case previous, playPause = "play-pause", next
    }

    /// A touch target of the panel.
    public enum Control: Sendable, Hashable {
        case toggle(Toggle)
        case slider(Slider)
        case button(Button)

        /// The name the trace uses.
        public var name: String {
            switch self {
            case .toggle(let t): t.rawValue
            case .slider(let s): s.rawValue
            case .button(let b): b.rawValue
            }
        }
    }

    /// The tracks the media tile steps through: title and artist.
    public static let tracks: [(title: String, artist: String)] = [
        ("Momentum", "Seed 000"), ("Velocity", "Seed 002"), ("Additive", "Seed 003"), ("Presentation", "Seed 004"),
    ]

    /// Which toggles are on.
    public var isOn: [Toggle: Bool] = [.wifi: true, .bluetooth: true, .airplane: false, .focus: false]
    /// The sliders' levels, 0…1.
    public var level: [Slider: Double] = [.brightness: 0.7, .volume: 0.45]
    /// Whether the media tile plays.
    public var isPlaying = false
    /// The track shown (an index into `tracks`).
    public var track = 0

    /// A state with the defaults above.
    public init() {}

    /// Whether `toggle` is on.
    public func on(_ toggle: Toggle) -> Bool { isOn[toggle] ?? false }
    /// The level of `slider`, 0…1.
    public func value(_ slider: Slider) -> Double { level[slider] ?? 0 }

    /// A tap on a toggle or button: flips or steps it; returns the new value for the trace.
    public mutating func activate(_ control: Control) -> TraceValue {
        switch control {
        case .toggle(let t):
            isOn[t] = !on(t)
            return .bool(on(t))
        case .slider(let s):
            return .number(value(s))
        case .button(.playPause):
            isPlaying.toggle()
            return .bool(isPlaying)
        case .button(.next):
            track = (track + 1) % Self.tracks.count
            return .number(Double(track))
        case .button(.previous):
            track = (track + Self.tracks.count - 1) % Self.tracks.count
            return .number(Double(track))
        }
    }

    /// Sets a slider's level, clamped to 0…1.
    public mutating func set(_ slider: Slider, to value: Double) { level[slider] = min(max(value, 0), 1) }
}

/// Where the Control Center's parts sit inside the panel (the panel's own coordinates, logical px): a grabber, then
/// the toggles in a 2 × 2 grid, the media tile (beside the toggles on a wide panel, under them on a narrow one) and
/// the two sliders, each under a caption; on a phone in landscape the toggles over the media tile on the left, the
/// sliders upright side by side on the right. What does not fit the height the panel may take is left out, media first.
public struct ControlCenterLayout: Sendable, Equatable {
    /// Panel width.
    public let width: Double
    /// The toggles' tiles.
    public let toggles: [ControlCenter.Toggle: DrawRect]
    /// The media tile, if shown.
    public let media: DrawRect?
    /// The transport buttons' touch targets (with the media tile).
    public let buttons: [ControlCenter.Button: DrawRect]
    /// The sliders' tracks, if shown (their captions sit above them).
    public let sliders: [ControlCenter.Slider: DrawRect]
    /// The panel height the content needs (bottom margin included).
    public let height: Double
    /// Every measure's factor over the phone's (the constants below are the phone's).
    public let scale: Double

    /// Side margin and gaps.
    public static let margin = 16.0, gap = 10.0
    /// Where the first row starts (under the grabber).
    public static let top = 32.0
    /// A toggle tile's height.
    public static let tileHeight = 56.0
    /// A slider's caption height and track height.
    public static let caption = 20.0, track = 36.0
    /// A media tile's height when it sits under the toggles.
    public static let mediaHeight = 84.0
    /// Panels at least this wide put the media tile beside the toggles.
    public static let wideWidth = 560.0
    /// Panels at least this wide put the sliders in a third column beside the media.
    public static let largeWidth = 960.0
    /// Space below the last part.
    public static let bottom = 24.0
    /// The least space below the last part, where the full `bottom` would leave a slider out.
    public static let tightBottom = 12.0

    /// Panels at least this wide lay their controls in two columns when asked to (`landscape`).
    public static let landscapeWidth = 500.0
    /// The narrowest a toggle's tile gets in the landscape columns ("Bluetooth" whole beside its glyph).
    public static let landscapeTileWidth = 136.0
    /// An upright slider's width (the landscape columns').
    public static let uprightWidth = 72.0

    /// Lays out a panel `width` wide whose height may be at most `maxHeight`, every measure (margins, tiles, type)
    /// `scale` times the phone's (larger on a large screen, `PanelLayout.controlScale`). `landscape` (a phone held
    /// sideways, `PanelLayout`): on a panel at least `landscapeWidth` wide and narrower than `largeWidth`, the
    /// controls in two columns as iOS's Control Center lays them in landscape: the toggles over the media tile left,
    /// the sliders upright right.
    /// The landscape columns leave `headroom` of `maxHeight` unused above the panel (room under a bar) where their
    /// parts all fit without it; where they do not, they take it before leaving the media tile out.
    public init(width: Double, maxHeight: Double, scale: Double = 1, landscape: Bool = false, headroom: Double = 0) {
        if landscape, width < Self.largeWidth * scale, width >= Self.landscapeWidth * scale {
            self.init(columnsWidth: width, maxHeight: maxHeight, scale: scale, headroom: headroom)
        } else {
            self.init(stackedWidth: width, maxHeight: maxHeight, scale: scale)
        }
    }

    /// The layout of a phone held upright, a desktop window or a large screen (see the type's comment).
    private init(stackedWidth width: Double, maxHeight: Double, scale: Double) {
        self.width = width
        self.scale = scale
        let s = scale, m = Self.margin * s, g = Self.gap * s
        let top = Self.top * s, tileHeight = Self.tileHeight * s, bottom = Self.bottom * s
        let caption = Self.caption * s, trackHeight = Self.track * s
        let wide = width >= Self.wideWidth * s
        let inner = width - 2 * m
        // A large panel (a desktop's) is one row of three columns as tall as the toggles: toggles, media, sliders.
        let large = width >= Self.largeWidth * s
        let gridWidth = large ? ((inner - 4 * g) / 3).rounded(.down) : wide ? (inner - 2 * g) / 2 : inner
        let tileWidth = ((gridWidth - g) / 2).rounded(.down)
        toggles = Self.toggleGrid(x: m, top: top, tileWidth: tileWidth, tileHeight: tileHeight, gap: g)
        let gridBottom = (top + 2 * tileHeight + g).rounded()
        let sliderBlock = caption + trackHeight
        var y = gridBottom
        // Media: beside the grid when wide (free), else under it if the sliders still fit after it.
        var media: DrawRect?
        if large {
            media = DrawRect(x: m + gridWidth + 2 * g, y: top, width: gridWidth, height: gridBottom - top)
        } else if wide {
            media = DrawRect(x: m + gridWidth + 2 * g, y: top, width: inner - gridWidth - 2 * g,
                             height: gridBottom - top)
        } else if y + 1.6 * g + Self.mediaHeight * s + 2 * (1.4 * g + sliderBlock) + bottom <= maxHeight {
            media = DrawRect(x: m, y: y + 1.6 * g, width: inner, height: Self.mediaHeight * s)
            y += 1.6 * g + Self.mediaHeight * s
        }
        self.media = media
        var sliders: [ControlCenter.Slider: DrawRect] = [:]
        let all = ControlCenter.Slider.allCases
        // Under the last control the margin may shrink to `tightBottom` before a slider is left out or squeezed
        // beside the other (a phone in landscape under its compact bar: the stacked sliders then take the height).
        let tightBottom = Self.tightBottom * s
        let stackedFits = y + Double(all.count) * (1.4 * g + sliderBlock) + tightBottom <= maxHeight
        if large, gridBottom + bottom <= maxHeight {
            // The third column: the sliders stacked, each (caption and track) as tall as a toggle.
            let x = m + 2 * (gridWidth + 2 * g)
            for (k, slider) in all.enumerated() {
                sliders[slider] = DrawRect(x: x, y: (top + Double(k) * (sliderBlock + g) + caption).rounded(),
                                           width: inner - (x - m), height: trackHeight.rounded())
            }
        } else if wide, !stackedFits, y + 1.4 * g + sliderBlock + bottom <= maxHeight {
            // A wide panel in a short container (a phone in landscape): the sliders side by side in one row, so
            // every control is there (stacked, the last ran off the bottom).
            let sliderWidth = ((inner - 2 * g) / Double(all.count)).rounded(.down)
            for (k, slider) in all.enumerated() {
                sliders[slider] = DrawRect(x: m + Double(k) * (sliderWidth + 2 * g), y: y + 1.4 * g + caption,
                                           width: sliderWidth, height: trackHeight)
            }
            y += 1.4 * g + sliderBlock
        } else {
            for slider in all where y + 1.4 * g + sliderBlock + tightBottom <= maxHeight {
                sliders[slider] = DrawRect(x: m, y: y + 1.4 * g + caption, width: inner, height: trackHeight)
                y += 1.4 * g + sliderBlock
            }
        }
        self.sliders = sliders
        // The full margin where there is room; else what the container leaves (at least `tightBottom`).
        height = min(y + bottom, max(maxHeight, y + tightBottom)).rounded()
        buttons = media.map { Self.buttons(in: $0, scale: s) } ?? [:]
    }

    /// The landscape layout (see `init(width:maxHeight:scale:landscape:)`), as iOS lays its Control Center out on
    /// a phone held sideways: the toggles' 2 × 2 grid in the left column (its tiles at least `landscapeTileWidth`)
    /// over the media tile (a short one: play/pause and next at its right; left out first where the height does not
    /// hold it), and at the right Brightness and Volume upright side by side (`uprightWidth` each), each under its
    /// caption and reaching from the first row of toggles to the foot of the left column.
    private init(columnsWidth width: Double, maxHeight: Double, scale s: Double, headroom: Double) {
        self.width = width
        scale = s
        let m = Self.margin * s, g = Self.gap * s, top = Self.top * s, tileHeight = Self.tileHeight * s
        let inner = width - 2 * m
        let sliderWidth = (Self.uprightWidth * s).rounded()
        let slidersWidth = 2 * sliderWidth + g
        let gridWidth = max((inner - slidersWidth - 2 * g).rounded(.down), (2 * Self.landscapeTileWidth * s + g).rounded())
        let tileWidth = ((gridWidth - g) / 2).rounded(.down)
        toggles = Self.toggleGrid(x: m, top: top, tileWidth: tileWidth, tileHeight: tileHeight, gap: g)
        var y = (top + 2 * tileHeight + g).rounded()
        let mediaHeight = Self.mediaHeight * s
        // The media tile 1.6 gaps under the toggles, or where the height is tight (568x320) one gap, as between the
        // toggles' rows; in the height less the headroom, else (a window a few px shorter) in the whole height.
        let fits = [(y + 1.6 * g, maxHeight - headroom), (y + g, maxHeight - headroom), (y + 1.6 * g, maxHeight),
                    (y + g, maxHeight)].first { $0.0 + mediaHeight + Self.tightBottom * s <= $0.1 }
        let room = fits?.1 ?? maxHeight - headroom
        if let mediaY = fits?.0 {
            media = DrawRect(x: m, y: mediaY, width: 2 * tileWidth + g, height: mediaHeight)
            y = mediaY + mediaHeight
        } else {
            media = nil
        }
        let right = m + inner - slidersWidth, trackTop = (top + Self.caption * s).rounded()
        var sliders: [ControlCenter.Slider: DrawRect] = [:]
        for (k, slider) in ControlCenter.Slider.allCases.enumerated() {
            sliders[slider] = DrawRect(x: right + Double(k) * (sliderWidth + g), y: trackTop, width: sliderWidth,
                                       height: (y - trackTop).rounded())
        }
        self.sliders = sliders
        height = min(y + Self.bottom * s, max(room, y + Self.tightBottom * s)).rounded()
        buttons = media.map { Self.buttons(in: $0, scale: s) } ?? [:]
    }

    /// The toggles' 2 × 2 grid from (`x`, `top`): tiles `tileWidth` × `tileHeight`, `gap` apart.
    private static func toggleGrid(x: Double, top: Double, tileWidth: Double, tileHeight: Double,
                                   gap: Double) -> [ControlCenter.Toggle: DrawRect] {
        var toggles: [ControlCenter.Toggle: DrawRect] = [:]
        for (k, toggle) in ControlCenter.Toggle.allCases.enumerated() {
            toggles[toggle] = DrawRect(x: x + Double(k % 2) * (tileWidth + gap),
                                       y: (top + Double(k / 2) * (tileHeight + gap)).rounded(),
                                       width: tileWidth, height: tileHeight.rounded())
        }
        return toggles
    }

    /// The transport buttons of a media tile: a centred row along its bottom (tall tile), or play/pause and next at
    /// its right (short tile).
    private static func buttons(in tile: DrawRect, scale: Double) -> [ControlCenter.Button: DrawRect] {
        let size = (40 * scale).rounded(), gap = 8 * scale
        var result: [ControlCenter.Button: DrawRect] = [:]
        if tile.height >= 110 * scale {
            let all = ControlCenter.Button.allCases
            let left = tile.x + (tile.width - Double(all.count) * size - Double(all.count - 1) * 3 * gap) / 2
            for (k, button) in all.enumerated() {
                result[button] = DrawRect(x: (left + Double(k) * (size + 3 * gap)).rounded(),
                                          y: (tile.maxY - size - 4 * scale).rounded(),
                                          width: size, height: size)
            }
        } else {
            let y = tile.y + (tile.height - size) / 2
            result[.next] = DrawRect(x: tile.maxX - gap - size, y: y, width: size, height: size)
            result[.playPause] = DrawRect(x: tile.maxX - gap - 2 * size - 4 * scale, y: y, width: size, height: size)
        }
        return result
    }

    /// The artwork square of the media tile.
    public var artwork: DrawRect? {
        media.map { tile in
            let inset = (14 * scale).rounded()
            let side = tile.height >= 110 * scale ? (52 * scale).rounded() : tile.height - 2 * inset
            return DrawRect(x: tile.x + inset, y: tile.y + inset, width: side, height: side)
        }
    }

    /// The slider's whole touch target: its caption and track (a finger need not hit the thin track exactly).
    public func target(of slider: ControlCenter.Slider) -> DrawRect? {
        sliders[slider].map {
            DrawRect(x: $0.x, y: $0.y - Self.caption * scale, width: $0.width, height: $0.height + Self.caption * scale)
        }
    }

    /// Every touch target with its control.
    public var targets: [(control: ControlCenter.Control, rect: DrawRect)] {
        var all: [(ControlCenter.Control, DrawRect)] = []
        for toggle in ControlCenter.Toggle.allCases { if let r = toggles[toggle] { all.append((.toggle(toggle), r)) } }
        for button in ControlCenter.Button.allCases { if let r = buttons[button] { all.append((.button(button), r)) } }
        for slider in ControlCenter.Slider.allCases { if let r = target(of: slider) { all.append((.slider(slider), r)) } }
        return all
    }

    /// The control at `point` (panel coordinates), if any.
    public func control(at point: SIMD2<Double>) -> ControlCenter.Control? {
        targets.first { $0.rect.contains(point) }?.control
    }

    /// Whether `track` stands upright (a landscape panel's slider): its level rises from its foot.
    public static func isUpright(_ track: DrawRect) -> Bool { track.height > track.width }

    /// The fill's length for `level` on `track` (along its axis: its width, or its height upright).
    public static func fill(level: Double, on track: DrawRect) -> Double {
        fillWidth(level: level, track: max(track.width, track.height), height: min(track.width, track.height))
    }

    /// Where `point` (panel coordinates) lies along `track`'s axis: from its left edge rightward, or upright from
    /// its foot upward (the fill's end there).
    public static func along(_ track: DrawRect, _ point: SIMD2<Double>) -> Double {
        isUpright(track) ? track.maxY - point.y : point.x - track.x
    }

    /// The level for a fill `fill` long on `track` (along its axis).
    public static func level(fill: Double, on track: DrawRect) -> Double {
        level(fill: fill, track: max(track.width, track.height), height: min(track.width, track.height))
    }

    /// The level for a fill's end at `point` (panel coordinates) on `track`.
    public static func level(at point: SIMD2<Double>, on track: DrawRect) -> Double {
        level(fill: along(track, point), on: track)
    }

    /// The finger's coordinate that moves a fill along `track` (x, or −y upright: a finger moving up raises it).
    public static func fingerAxis(_ track: DrawRect, _ finger: SIMD2<Double>) -> Double {
        isUpright(track) ? -finger.y : finger.x
    }

    /// The fill's width for a level on a slider track `width` wide and `height` tall: the glyph's square (the
    /// track's height) is always filled.
    public static func fillWidth(level: Double, track width: Double, height: Double = track) -> Double {
        height + min(max(level, 0), 1) * (width - height)
    }

    /// The level for a fill `fill` px wide on a track `width` wide and `height` tall.
    public static func level(fill: Double, track width: Double, height: Double = track) -> Double {
        width > height ? min(max((fill - height) / (width - height), 0), 1) : 0
    }
}
