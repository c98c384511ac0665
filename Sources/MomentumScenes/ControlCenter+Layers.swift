import MomentumCore
import MomentumLayers

extension ControlCenterLayout {
    /// Adds the Control Center's layers for `state` under `panel` (the panel's coordinates): the grabber, the
    /// toggles, the media tile and the sliders; `pressed` is drawn held down. Every part is unturned and opaque, so
    /// the panel can still be drawn apart and moved by the compositor. Returns the toggles' tiles and the sliders'
    /// tracks with their controls' names (for their `Layer.role`).
    func build(into tree: inout LayerTree, under panel: LayerID, state: ControlCenter,
               pressed: ControlCenter.Control?) -> [(layer: LayerID, name: String)] {
        var controls: [(layer: LayerID, name: String)] = []
        let s = scale
        tree.add(Layer(frame: DrawRect(x: (width / 2 - 22 * s).rounded(), y: (10 * s).rounded(), width: (44 * s).rounded(),
                                       height: (6 * s).rounded()),
                       backgroundColor: Palette.handle, cornerRadius: 3 * s), to: panel)
        for toggle in ControlCenter.Toggle.allCases {
            guard let frame = toggles[toggle] else { continue }
            let tile = addToggle(toggle, in: frame, on: state.on(toggle), pressed: pressed == .toggle(toggle),
                                 tree: &tree, panel: panel)
            controls.append((tile, ControlCenter.Control.toggle(toggle).name))
        }
        if let media { addMedia(in: media, state: state, pressed: pressed, tree: &tree, panel: panel) }
        for slider in ControlCenter.Slider.allCases {
            guard let track = sliders[slider] else { continue }
            let layer = addSlider(slider, track: track, level: state.value(slider), tree: &tree, panel: panel)
            controls.append((layer, ControlCenter.Control.slider(slider).name))
        }
        return controls
    }

    private func addToggle(_ toggle: ControlCenter.Toggle, in frame: DrawRect, on: Bool, pressed: Bool,
                           tree: inout LayerTree, panel: LayerID) -> LayerID {
        let s = scale
        let tile = tree.add(Layer(frame: frame, backgroundColor: pressed ? Palette.cardPressed : Palette.card,
                                  cornerRadius: 16 * s), to: panel)
        let discColor = on ? toggle.tint : Palette.well
        let side = (36 * s).rounded()
        let disc = DrawRect(x: (10 * s).rounded(), y: ((frame.height - side) / 2).rounded(), width: side, height: side)
        tree.add(Layer(frame: disc, backgroundColor: discColor, cornerRadius: side / 2), to: tile)
        for part in toggle.icon.layers(in: disc.insetBy(8 * s), color: on ? Palette.white : Palette.ink,
                                       background: discColor) {
            tree.add(part, to: tile)
        }
        let textX = (56 * s).rounded(), textWidth = max(frame.width - 62 * s, 1)
        tree.add(.text(toggle.label, frame: DrawRect(x: textX, y: (14 * s).rounded(), width: textWidth, height: 14 * s),
                       size: 11.5 * s, color: Palette.ink, weight: .semibold), to: tile)
        tree.add(.text(on ? "On" : "Off", frame: DrawRect(x: textX, y: (33 * s).rounded(), width: textWidth,
                                                          height: 12 * s),
                       size: 9.5 * s, color: Palette.secondary), to: tile)
        return tile
    }

    private func addMedia(in frame: DrawRect, state: ControlCenter, pressed: ControlCenter.Control?,
                          tree: inout LayerTree, panel: LayerID) {
        let s = scale
        let tile = tree.add(Layer(frame: frame, backgroundColor: Palette.card, cornerRadius: 16 * s), to: panel)
        let local = { (r: DrawRect) in r.offsetBy(-frame.origin) }
        if let artwork = artwork.map(local) {
            tree.add(Layer(frame: artwork, backgroundColor: Palette.pink, cornerRadius: 10 * s), to: tile)
            for part in Icon.note.layers(in: artwork.insetBy(artwork.width * 0.22), color: Palette.white,
                                         background: Palette.pink) {
                tree.add(part, to: tile)
            }
            let track = ControlCenter.tracks[state.track]
            let tall = frame.height >= 110 * s
            // The text runs from the artwork to the buttons (short tile) or to the tile's edge (tall tile).
            let textRight = tall ? frame.width - 14 * s
                : (buttons[.playPause].map(local)?.x ?? frame.width) - 8 * s
            let x = (artwork.maxX + 12 * s).rounded(), width = max(textRight - x, 1)
            tree.add(.text(track.title, frame: DrawRect(x: x, y: (artwork.y + 6 * s).rounded(), width: width,
                                                        height: 14 * s),
                           size: 11.5 * s, color: Palette.ink, weight: .semibold), to: tile)
            tree.add(.text(state.isPlaying ? "\(track.artist) · Playing" : track.artist,
                           frame: DrawRect(x: x, y: (artwork.y + 25 * s).rounded(), width: width, height: 12 * s),
                           size: 9.5 * s, color: Palette.secondary), to: tile)
            // The progress of the track (the demo plays no sound: a still mark of where it is).
            let barHeight = (4 * s).rounded()
            let bar = DrawRect(x: x, y: artwork.maxY - barHeight - 2 * s, width: width, height: barHeight)
            tree.add(Layer(frame: bar, backgroundColor: Palette.well, cornerRadius: barHeight / 2), to: tile)
            let progress = 0.2 + 0.15 * Double(state.track)
            tree.add(Layer(frame: DrawRect(x: bar.x, y: bar.y, width: (bar.width * progress).rounded(),
                                           height: barHeight),
                           backgroundColor: Palette.secondary, cornerRadius: barHeight / 2), to: tile)
        }
        for button in ControlCenter.Button.allCases {
            guard let target = buttons[button].map(local) else { continue }
            if pressed == .button(button) {
                tree.add(Layer(frame: target, backgroundColor: Palette.cardPressed, cornerRadius: target.width / 2),
                         to: tile)
            }
            let icon: Icon = switch button {
            case .previous: .previous
            case .next: .next
            case .playPause: state.isPlaying ? .pause : .play
            }
            let glyph = target.insetBy((button == .playPause ? 8 : 10) * s)
            for part in icon.layers(in: glyph, color: Palette.ink,
                                    background: pressed == .button(button) ? Palette.cardPressed : Palette.card) {
                tree.add(part, to: tile)
            }
        }
    }

    private func addSlider(_ slider: ControlCenter.Slider, track: DrawRect, level: Double, tree: inout LayerTree,
                           panel: LayerID) -> LayerID {
        let s = scale
        let captionY = (track.y - Self.caption * s + 2 * s).rounded()
        let upright = Self.isUpright(track)
        if upright {
            // An upright slider (iOS's in landscape): its caption centred over it; the level is the fill's height.
            tree.add(.text(slider.label, frame: DrawRect(x: track.x, y: captionY, width: track.width, height: 12 * s),
                           size: 9.5 * s, color: Palette.secondary, weight: .semibold, alignment: .center), to: panel)
        } else {
            tree.add(.text(slider.label, frame: DrawRect(x: track.x + 2 * s, y: captionY, width: track.width / 2,
                                                         height: 12 * s),
                           size: 9.5 * s, color: Palette.secondary, weight: .semibold), to: panel)
            tree.add(.text("\(Int((level * 100).rounded())) %",
                           frame: DrawRect(x: track.x + track.width / 2, y: captionY, width: track.width / 2 - 2 * s,
                                           height: 12 * s),
                           size: 9.5 * s, color: Palette.secondary, alignment: .trailing), to: panel)
        }
        let radius = (upright ? 18 : 12) * s
        let trackLayer = tree.add(Layer(frame: track, backgroundColor: Palette.well, cornerRadius: radius), to: panel)
        let length = Self.fill(level: level, on: track).rounded()
        let fill = upright ? DrawRect(x: track.x, y: track.maxY - length, width: track.width, height: length)
            : DrawRect(x: track.x, y: track.y, width: length, height: track.height)
        tree.add(Layer(frame: fill, backgroundColor: Palette.accent, cornerRadius: radius), to: panel)
        // The glyph in the always-filled square at the track's start (its left end, or its foot upright).
        let side = min(track.width, track.height), glyphSide = (20 * s).rounded()
        let glyph = DrawRect(x: (track.x + (side - glyphSide) / 2).rounded(),
                             y: ((upright ? track.maxY - side : track.y) + (side - glyphSide) / 2).rounded(),
                             width: glyphSide, height: glyphSide)
        for part in slider.icon.layers(in: glyph, color: Palette.white, background: Palette.accent) {
            tree.add(part, to: panel)
        }
        return trackLayer
    }
}
