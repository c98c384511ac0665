import Foundation  // pow
import MomentumCore
import MomentumLayers
@testable import MomentumScenes
@testable import MomentumRun
import Testing
@testable import MomentumApp

/// The playground as a new user first reads it, measured with the renderer's shaper: what the fingers can do is
/// shown on a landscape phone too (a word a chip in its compact bar), and the card's face is a real card (a photo,
/// its title and a line in real text) that stays readable on the card however it is turned or pinched.
struct PlaygroundFaceTests {
    private static func runs(_ list: DrawList) -> [TextRun] {
        list.commands.compactMap { command -> TextRun? in
            if case .text(let run) = command { return run }
            return nil
        }
    }

    /// A playground at rest in a window of `size`, and what it draws.
    private static func drawn(_ size: SIMD2<Double>) -> (scene: PlaygroundScene, list: DrawList) {
        let scene = PlaygroundScene(size: size)
        var list = DrawList()
        scene.draw(into: &list)
        return (scene, list)
    }

    /// WCAG's contrast ratio of two opaque colours.
    private static func contrast(_ a: RGBA, _ b: RGBA) -> Double {
        func luminance(_ c: RGBA) -> Double {
            func channel(_ v: Float) -> Double {
                let v = Double(v)
                return v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b)
        }
        let (high, low) = (max(luminance(a), luminance(b)), min(luminance(a), luminance(b)))
        return (high + 0.05) / (low + 0.05)
    }

    /// On a short window (a phone in landscape: no room in the field for the hint) the compact bar shows four chips,
    /// "Drag", "Pinch", "Twist", "Tap", each label whole on its chip in the guide's 13 px type, the chips apart, inside
    /// the bar (8 px from its edges) between the switcher's pill and the HUD's short box (12 px from each), and no
    /// touch target under them. Fails on main, whose 720x360 playground says nothing of pinch or twist.
    @Test(arguments: [SIMD2<Double>(720, 360), SIMD2(640, 360), SIMD2(844, 390), SIMD2(1280, 400)])
    func aShortWindowsBarShowsTheGestures(size: SIMD2<Double>) throws {
        try Self.expectBarChips(at: size, labelInset: 24)
        // A taller window keeps its hint (or its guide) in the field: no bar chips there.
        #expect(!Self.runs(Self.drawn(SIMD2(360, 720)).list).contains { $0.string == "Drag" })
    }

    /// The smallest landscape phone (568x320: 236 px between the pill and the HUD's box, too narrow for the glyphs'
    /// chips) still names the four gestures in its bar: the words alone on their chips, each 8 px or more from its
    /// chip's ends, with every other rule of the wider bars. Fails on main, which shows no chip there.
    @Test func theSmallestLandscapePhoneNamesTheGesturesInWords() throws {
        try Self.expectBarChips(at: SIMD2(568, 320), labelInset: 8)
    }

    /// The compact bar's four chips at `size`, each label `labelInset` px or more from its chip's left end (the
    /// glyph's room), as `aShortWindowsBarShowsTheGestures` says.
    private static func expectBarChips(at size: SIMD2<Double>, labelInset: Double) throws {
        let widths = try TextWidths()
        let (scene, list) = Self.drawn(size)
        let runs = Self.runs(list)
        let band = SceneChrome.bandHeight(for: size), hud = HUD.box(for: size)
        let pillRight = SceneSwitcher.margin + SceneSwitcher.menuButton.x
        let chips = list.commands.compactMap { command -> RoundedRect? in
            if case .roundedRect(let r) = command, r.rect.maxY <= band, r.rect.height >= 24 { return r }
            return nil
        }
        #expect(chips.count == 4, "\(size): \(chips.count) chips in the bar")
        var previous: DrawRect?
        for label in PlaygroundDecor.compactLabels {
            let run = try #require(runs.first { $0.string == label }, "\"\(label)\" drawn at \(size)")
            #expect(run.size >= 13, "\(label): \(run.size) px type")
            let box = DrawnLayout.box(of: run, width: widths.width(of: run))
            let chip = try #require(chips.first { $0.rect.insetBy(4).contains(box.center) }, "\(label) on a chip")
            #expect(chip.rect.x + labelInset <= box.x && box.maxX + 6 <= chip.rect.maxX,
                    "\(label) \(box) whole on \(chip.rect)")
            #expect(chip.rect.y >= 8 && chip.rect.maxY <= band - 8, "\(label)'s chip \(chip.rect) inside the bar")
            #expect(chip.rect.x >= pillRight + 12 && chip.rect.maxX <= hud.x - 12,
                    "\(label)'s chip \(chip.rect) between the pill (to \(pillRight)) and the HUD \(hud)")
            if let previous { #expect(chip.rect.x >= previous.maxX + 6, "\(label)'s chip apart from the one before") }
            previous = chip.rect
        }
        for target in scene.touchTargets {
            #expect(target.rect.y >= band, "\(target.name) \(target.rect) below the bar at \(size)")
        }
    }

    /// The card's face at every size the tours use: its title and line drawn as real text (13 px type or more on a
    /// phone's card, larger on a larger card), dark on the white card (contrast 4.5:1 or more), whole inside the card
    /// (8 px in from its sides, under the photo).
    @Test(arguments: [SIMD2<Double>(360, 720), SIMD2(720, 360), SIMD2(800, 600), SIMD2(1920, 1080)])
    func theCardsFaceIsARealCard(size: SIMD2<Double>) throws {
        let widths = try TextWidths()
        let (scene, list) = Self.drawn(size)
        let card = scene.card.rect, k = scene.side / PlaygroundScene.cardSide
        for string in [PlaygroundDecor.faceTitle, PlaygroundDecor.faceLine] {
            let run = try #require(Self.runs(list).first { $0.string == string }, "\"\(string)\" at \(size)")
            #expect(run.size >= 13 * k - 0.01, "\(string): \(run.size) px type on a \(scene.side) px card")
            #expect(Self.contrast(run.color, Palette.card) >= 4.5, "\(string): \(Self.contrast(run.color, Palette.card))")
            let box = DrawnLayout.box(of: run, width: widths.width(of: run))
            #expect(box.x >= card.x + 8 * k && box.maxX <= card.maxX - 8 * k && box.maxY <= card.maxY - 4 * k,
                    "\(string) \(box) inside the card \(card) at \(size)")
            #expect(box.y >= card.y + (10 + 160 * 0.58 + 4) * k, "\(string) \(box) under the photo")
        }
    }

    /// Turned and pinched, the face's text turns and scales with the card: each line turned by the card's angle, its
    /// type scaled with it, and its box (turned with it) still inside the card, in the card's own coordinates.
    @Test(arguments: [(0.0, 1.0), (0.5, 1.0), (-1.2, 1.4), (Double.pi / 2, 0.8), (Double.pi, 1.0)])
    func theFacesTextTurnsAndScalesWithTheCard(angle: Double, scale: Double) throws {
        let widths = try TextWidths()
        var tree = LayerTree(size: SIMD2(600, 600))
        let centre = SIMD2<Double>(300, 300), side = PlaygroundScene.cardSide
        let card = tree.add(Layer(frame: DrawRect(origin: centre - side / 2, size: SIMD2(side, side)),
                                  backgroundColor: Palette.card, cornerRadius: PlaygroundScene.cornerRadius))
        PlaygroundDecor.addCardFace(to: card, side: side, in: &tree)
        tree[card].rotation = angle
        tree[card].scale = scale
        var list = DrawList()
        tree.draw(into: &list)
        let c = cos(-angle), s = sin(-angle)
        /// A point on screen in the card's own coordinates (its top-left corner at 0, unturned, unscaled).
        func local(_ p: SIMD2<Double>) -> SIMD2<Double> {
            let d = p - centre
            return SIMD2(c * d.x - s * d.y, s * d.x + c * d.y) / scale + side / 2
        }
        for string in [PlaygroundDecor.faceTitle, PlaygroundDecor.faceLine] {
            let run = try #require(Self.runs(list).first { $0.string == string })
            #expect(abs(run.rotation - angle) < 1e-9, "\(string) turned \(run.rotation), the card \(angle)")
            #expect(run.size >= 13 * scale - 0.01, "\(string): \(run.size) px type at scale \(scale)")
            var flat = run
            flat.rotation = 0
            let box = DrawnLayout.box(of: flat, width: widths.width(of: run))
            let turn = SIMD2(cos(angle), sin(angle))
            for corner in [box.origin, SIMD2(box.maxX, box.y), SIMD2(box.x, box.maxY), SIMD2(box.maxX, box.maxY)] {
                let d = corner - run.position
                let onScreen = run.position + SIMD2(turn.x * d.x - turn.y * d.y, turn.y * d.x + turn.x * d.y)
                let p = local(onScreen)
                #expect(p.x >= 8 && p.x <= side - 8 && p.y >= 10 + side * 0.58 && p.y <= side - 4,
                        "\(string)'s corner at \(p) on the card, turned \(angle), scale \(scale)")
            }
        }
    }
}
