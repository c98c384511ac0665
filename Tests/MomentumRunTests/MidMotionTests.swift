import MomentumLayers
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing

/// `--mid-screenshots` and `--trace-drawn` on the run core, on a manual clock: the pictures are taken mid-animation,
/// and what frames drew reaches the trace as the layout checks read it.
struct MidMotionTests {
    static func autoplay(_ scene: SceneKind) -> RunCoreDriver {
        var configuration = RunConfiguration()
        configuration.scene = scene
        configuration.autoplay = true
        configuration.midScreenshots = true
        configuration.traceDrawn = true
        return RunCoreDriver(configuration: configuration)
    }

    /// The kind of instant each picture shows, read from the scene's record of the frame it was asked for (800x600).
    static func moments(_ driver: RunCoreDriver) -> [String] {
        driver.snapshots.compactMap { shot in
            driver.lines.last { $0.t <= shot.t + 1e-9 && $0.sceneState != nil }?.sceneState
                .flatMap { MidMotion.moment(of: $0, size: SIMD2(800, 600)) }
        }
    }

    @Test("the transition is pictured half presented, twice, in two motions")
    func transitionHalfPresented() throws {
        var driver = Self.autoplay(.transition)
        driver.run(until: 4)
        #expect(driver.snapshots.map(\.index) == [1, 2])
        for shot in driver.snapshots {
            // The record of the frame the picture was asked for (written at the same commit).
            let record = try #require(driver.lines.last { $0.t <= shot.t + 1e-9 && $0.transition != nil }?.transition)
            #expect((0.3...0.7).contains(record.completion), "completion \(record.completion) at \(shot.t) s")
            #expect(record.state == .presenting || record.state == .dismissing)
        }
        let gap = try #require(driver.snapshots.last).t - (try #require(driver.snapshots.first)).t
        #expect(gap > 0.5, "the second picture \(gap) s after the first")
    }

    @Test("the panel is pictured half way between closed and open, not as it sets off")
    func panelHalfWay() throws {
        var driver = Self.autoplay(.panel)
        driver.run(until: 4)
        #expect(driver.snapshots.map(\.index) == [1, 2])
        let layout = PanelLayout(width: 800, height: 600)
        let closed = layout.y(for: .closed), open = layout.y(for: .open)
        for shot in driver.snapshots {
            let record = try #require(driver.lines.last { $0.t <= shot.t + 1e-9 && $0.panel != nil }?.panel)
            let fraction = (record.rect.y - closed) / (open - closed)
            #expect(record.state == .animating && (0.25...0.75).contains(fraction), "\(fraction) of the way at \(shot.t) s")
        }
    }

    @Test("the gallery is pictured with its lanes half run and its covers mid-shuffle")
    func galleryMidShuffle() {
        var driver = Self.autoplay(.gallery)
        driver.run(until: 40)
        #expect(driver.snapshots.map(\.index) == [1, 2])
        let moments = Self.moments(driver)
        #expect(Set(moments) == ["lanes", "mid-shuffle"], "\(moments)")
    }

    @Test("the playground is pictured twice: the card in flight, then the tile knocked or a flight two seconds on")
    func playgroundTwoPictures() throws {
        var driver = Self.autoplay(.playground)
        driver.run(until: 8)
        #expect(driver.snapshots.map(\.index) == [1, 2])
        let moments = Self.moments(driver)
        #expect(moments.count == 2 && moments.first == "flight", "\(moments)")
        if moments == ["flight", "flight"], let first = driver.snapshots.first, let second = driver.snapshots.last {
            #expect(second.t - first.t >= 2, "the second flight \(second.t - first.t) s after the first")
        }
    }

    @Test("what frames draw reaches the trace every other frame in motion and at rest, and reads back the same")
    func drawnLines() throws {
        var driver = Self.autoplay(.panel)
        driver.run(until: 3)
        let drawn = driver.lines.compactMap(\.drawn)
        #expect(drawn.contains { $0.atRest } && drawn.contains { !$0.atRest })
        let frames = driver.lines.filter { $0.frame != nil }.count
        #expect(drawn.count >= frames / 2 && drawn.count <= frames)
        // The panel, its controls while it rests open, text.
        let open = try #require(drawn.last { $0.atRest })
        #expect(open.layout.marks.contains { $0.role == .sheet("panel") })
        #expect(!open.layout.texts.isEmpty)
        // Written and read back, a line says the same (numbers to a hundredth of a px, as written).
        for line in driver.lines where line.drawn != nil {
            #expect(try TraceLine(decoding: Array(line.encoded.utf8.dropLast())).encoded == line.encoded)
        }
    }
}
