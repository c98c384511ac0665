import MomentumCore
import MomentumLayers
import MomentumScenes
import Testing
@testable import MomentumApp

/// The layout check in motion (`DrawnLayout.problems`) over every scene at every size `momentum headless
/// --all-sizes` tours: each scene runs its `--autoplay` motions on a manual clock at 60 Hz, and every frame's
/// presentation tree is judged as the renderer gets it (text widths from the renderer's shaper), at rest too.
struct MotionLayoutTests {
    /// Runs `kind` at `screen` through `motions` autoplay motions (each until it rests), judging every `every`-th
    /// frame and each rest; returns each problem (by kind and the names involved) the first time it is seen.
    static func sweep(_ kind: SceneKind, screen: HeadlessCommand.Screen, motions: Int, every: Int = 2,
                      widths: TextWidths) -> [LayoutFindings.Finding] {
        let size = SIMD2(Double(screen.width), Double(screen.height))
        var scene = kind.make(size: size, backend: .spring)
        scene.setOutputScale(Double(screen.scale))
        var findings = LayoutFindings(scene: kind.rawValue, size: screen.name, width: size.x, height: size.y,
                                      widths: widths)
        var t = 0.0
        func judge(atRest: Bool) { findings.judge(scene.drawnLayout(), t: t, atRest: atRest) }
        // Each motion from its start to its rest, every `every`-th frame and at rest; the next starts at rest.
        var started = 0, frame = 0
        while t < 60 {
            if !scene.needsFrames {
                judge(atRest: true)
                guard started < motions, scene.autoplay() else { break }
                started += 1
            }
            _ = scene.advance(by: 1.0 / 60)
            t += 1.0 / 60
            frame += 1
            if frame % every == 0, scene.needsFrames { judge(atRest: false) }
        }
        #expect(started == motions, "\(kind.rawValue) \(screen.name): \(started) of \(motions) motions ran by t = 60 s")
        return findings.all
    }

    @Test(arguments: SceneKind.allCases) func everySizeInMotion(_ kind: SceneKind) throws {
        let widths = try TextWidths()
        var findings: [LayoutFindings.Finding] = []
        for screen in HeadlessCommand.allSizes {
            // The gallery's autoplay runs its four items in turn; the others alternate two motions.
            findings += Self.sweep(kind, screen: screen, motions: kind == .gallery ? 4 : 2, widths: widths)
        }
        #expect(findings.isEmpty, "\(findings.count) layout problems:\n\(findings.map(\.description).joined(separator: "\n"))")
    }

    /// A layout made to fail: a bar over a control, a control drawn over most of another, two titles cross-fading at one
    /// spot, a button over a list row's sender, a control half out of the window at rest. Each is named with both things; a cross-fade whose fading
    /// side is nearly gone, and text under an opaque card, pass.
    @Test func aDeliberatelyBrokenLayoutFailsNamingBothThings() throws {
        let widths = try TextWidths()
        var tree = LayerTree(size: SIMD2(360, 720))
        let title = { (string: String, opacity: Double) -> Layer in
            var layer = Layer.text(string, frame: DrawRect(x: 20, y: 60, width: 150, height: 20), size: 20,
                                   color: RGBA(r: 0, g: 0, b: 0, a: 1), weight: .semibold)
            layer.opacity = opacity
            return layer
        }
        var button = Layer(frame: DrawRect(x: 100, y: 80, width: 160, height: 52), backgroundColor: RGBA(hex: 0x3478F6))
        button.role = .control("open-message")
        tree.add(button)
        var row = Layer(frame: DrawRect(x: 16, y: 100, width: 328, height: 52), backgroundColor: RGBA(hex: 0xF4F5F8))
        row.role = .control("row")
        tree.add(row)
        var bar = Layer(frame: DrawRect(x: 0, y: 0, width: 360, height: 96), backgroundColor: RGBA(hex: 0xF7F8FA))
        bar.role = .bar("header")
        let header = tree.add(bar)
        let inbox = tree.add(title("Inbox", 0.5), to: header)
        tree.add(title("Message", 0.5), to: header)
        // A list row's sender, and a button drawn over it.
        tree.add(.text("Ada Lovelace", frame: DrawRect(x: 32, y: 300, width: 200, height: 16), size: 11,
                       color: RGBA(hex: 0x1B2A49), weight: .semibold))
        var send = Layer(frame: DrawRect(x: 100, y: 290, width: 200, height: 40), backgroundColor: RGBA(hex: 0x3478F6))
        send.role = .control("send")
        tree.add(send)
        var slider = Layer(frame: DrawRect(x: 16, y: 690, width: 328, height: 44), backgroundColor: RGBA(hex: 0xE5E5EA))
        slider.role = .control("volume")
        tree.add(slider)
        // A caption run to 4 px of the window's right side (the gallery's shake caption came to 7 px of it).
        tree.add(.text("tap: shake (additive keyframes)", frame: DrawRect(x: 146, y: 400, width: 210, height: 14),
                       size: 9.5, color: RGBA(r: 1, g: 1, b: 1, a: 0.78), alignment: .trailing))

        let problems = tree.drawnLayout().problems(width: 360, height: 720, atRest: true, measure: widths.width(of:))
        let said = problems.map(\.description)
        #expect(problems.count == 6, "\(said)")
        #expect(said.contains { $0.hasPrefix("at the edge: text \"tap: shake (additive keyframes)\"") && $0.contains(" px from a side of the 360x720 window") }, "\(said)")
        // In motion a line may pass the edge (a sheet sliding off).
        #expect(!tree.drawnLayout().problems(width: 360, height: 720, atRest: false, measure: widths.width(of:))
            .contains { $0.kind == .atEdge })
        #expect(said.contains { $0.hasPrefix("covers: send [100, 290, 200, 40] / text \"Ada Lovelace\"") }, "\(said)")
        #expect(said.contains { $0.hasPrefix("under a bar: open-message [100, 80, 160, 52] / header [0, 0, 360, 96]") })
        #expect(said.contains { $0.hasPrefix("hides: row [16, 100, 328, 52] / open-message [100, 80, 160, 52]") })
        #expect(said.contains { $0.hasPrefix("text over text: text \"Inbox\"") && $0.contains("text \"Message\"") })
        #expect(said.contains { $0 == "off-screen: volume [16, 690, 328, 44] / partly outside the 360x720 window" })

        // The cross-fade done as a navigation bar does it: the outgoing title below `visibleAlpha` when the incoming
        // one shows.
        tree[inbox].opacity = 0.1
        let fixed = tree.drawnLayout().problems(width: 360, height: 720, atRest: false, measure: widths.width(of:))
        #expect(!fixed.contains { $0.kind == .textOverText }, "\(fixed)")
        // Both titles shown again, and a card drawn over them with a title of its own at the same spot: the two
        // under the card read over each other (one problem), the card's reads alone.
        tree[inbox].opacity = 1
        let cover = tree.add(Layer(frame: DrawRect(x: 0, y: 40, width: 360, height: 50),
                                   backgroundColor: RGBA(hex: 0xFFFFFF)), to: header)
        tree.add(.text("Message", frame: DrawRect(x: 20, y: 20, width: 150, height: 20), size: 20,
                       color: RGBA(r: 0, g: 0, b: 0, a: 1), weight: .semibold), to: cover)
        let covered = tree.drawnLayout().problems(width: 360, height: 720, atRest: false, measure: widths.width(of:))
        #expect(covered.filter { $0.kind == .textOverText }.count == 1, "\(covered)")
    }

    /// Two lines on a card that turns (the playground's title and line): judged in their own frame, they do not read
    /// over each other however far the card turns (the boxes around them turned overlap from about 0.4 rad); two
    /// lines turned alike at the same spot still do, and so does a turned line over an unturned one.
    @Test func linesTurnedWithTheirCardAreJudgedInTheirOwnFrame() throws {
        let widths = try TextWidths()
        for angle in [0.3, 0.8, -1.2, Double.pi / 2] {
            var tree = LayerTree(size: SIMD2(400, 400))
            // A line under the card, across its middle (the playground's legend as the card flies over it).
            tree.add(.text("spring to the ring: response 0.5 s", frame: DrawRect(x: 130, y: 196, width: 140, height: 14),
                           size: 9.5, color: RGBA(r: 1, g: 1, b: 1, a: 0.82)))
            let card = tree.add(Layer(frame: DrawRect(x: 120, y: 120, width: 160, height: 160),
                                      backgroundColor: RGBA(hex: 0xFFFFFF), cornerRadius: 28))
            let ink = RGBA(r: 0, g: 0, b: 0, a: 1)
            tree.add(.text("Golden Hour", frame: DrawRect(x: 14, y: 115, width: 132, height: 16), size: 11, color: ink,
                           weight: .semibold), to: card)
            let line = tree.add(.text("Big Sur · 12 photos", frame: DrawRect(x: 14, y: 135, width: 132, height: 14),
                                      size: 9.5, color: ink), to: card)
            tree[card].rotation = angle
            let apart = tree.drawnLayout().problems(width: 400, height: 400, atRest: false, measure: widths.width(of:))
            #expect(!apart.contains { $0.kind == .textOverText }, "turned \(angle): \(apart)")
            // The card's fill hides the line under it; without it the card's lines read over that one where they
            // cross it.
            tree[card].backgroundColor = RGBA(r: 1, g: 1, b: 1, a: 0.2)
            let bare = tree.drawnLayout().problems(width: 400, height: 400, atRest: false, measure: widths.width(of:))
            #expect(bare.contains { $0.kind == .textOverText && $0.description.contains("spring to the ring") }
                    == (abs(angle) > 0.5), "turned \(angle), no fill: \(bare)")
            tree[card].backgroundColor = RGBA(hex: 0xFFFFFF)
            tree[line].frame = DrawRect(x: 14, y: 117, width: 132, height: 14)
            let over = tree.drawnLayout().problems(width: 400, height: 400, atRest: false, measure: widths.width(of:))
            #expect(over.contains { $0.kind == .textOverText }, "turned \(angle), one over the other: \(over)")
        }
    }
}
