import MallocCounter
import MomentumCore
import MomentumLayers
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing

/// A frame that only moves layers drawn apart at rest (the panel's sheet sliding) does only that: the run core makes
/// no plan (no list built, split or compared, no layer drawn apart again), only moves the layers' frames, and makes
/// no allocation; what it hands the platform layer is what a whole build would give.
struct LayerOnlyFrameTests {
    /// Read at run time, so that the control array's size is not a constant the compiler could fold away.
    private var harnessSeed: UInt8 { UInt8(truncatingIfNeeded: CommandLine.arguments.count & 1) }

    /// The run core driven by hand, as the adapter drives it (effects carried out in order, arrays kept), untraced
    /// and without the HUD, as `scripts/bench-layer-frame.py --trace off` runs the panel: a callback every 1/60 s,
    /// its frame started at once, committed at once, shown at the next callback.
    struct Harness {
        var core: RunCore
        var now = 0.0
        private var arrays: [[RunEffect]] = []
        /// The last frame asked for: its sequence, whether only layers moved, and the scene's first layer drawn apart.
        var plan: (sequence: UInt64, movedOnly: Bool, layer: SeparateLayer?)?

        init(_ scene: SceneKind) {
            var configuration = RunConfiguration()
            configuration.scene = scene
            configuration.autoplay = true
            configuration.hud = false
            configuration.lateFrameStart = false
            core = RunCore(configuration: configuration, start: 0)
            arrays = Array(repeating: [], count: 4)
            for index in arrays.indices { arrays[index].reserveCapacity(32) }
            send(.configured(WindowConfiguration(width: 800, height: 600, scale: 1, bufferWidth: 800,
                                                 bufferHeight: 600, canSeparate: true)))
            send(.dispatched)
        }

        mutating func send(_ event: RunEvent) {
            var effects = arrays.popLast() ?? []
            core.handle(event, at: now, into: &effects)
            for effect in effects {
                switch effect {
                case .readInput: send(.inputRead(cpu: { 0 }))
                case .present(let frame):
                    plan = (frame.sequence, frame.movedOnly, frame.separated[SurfaceSlot.scene])
                    send(.committed(Commit(sequence: frame.sequence, drawStart: now, damage: FrameDamage(), cpu: 0)))
                default: break
                }
            }
            effects.removeAll(keepingCapacity: true)
            arrays.append(effects)
        }

        /// The next refresh: the last frame shown, the callback, its frame. Returns the allocations the callback's
        /// frame made (from the callback to its commit).
        mutating func refresh() -> Int {
            now += 1.0 / 60
            if let plan {
                send(.presented(PresentationFeedback(sequence: plan.sequence, nanoseconds: UInt64(now * 1e9),
                                                     hostTime: now, refreshNanoseconds: 16_666_667)))
            }
            malloc_counter_start()
            send(.frameCallback(milliseconds: UInt32((now * 1000).rounded())))
            send(.dispatched)
            return malloc_counter_stop()
        }
    }

    @Test("a frame in which only the panel's sheet slides makes no plan and no allocation: the core moves the sheet's frame to where a whole build puts it, nothing else")
    func panelSlideFramesOnlyMoveTheSheet() throws {
        // The counter counts (else "no allocation" below could not fail: it tells a Swift heap allocation by the
        // return address inside `swift_slowAlloc`, which another toolchain may lay out otherwise): an array made
        // between its start and stop is one allocation at least.
        malloc_counter_start()
        let made = [Int](repeating: 7, count: 64 + Int(harnessSeed))
        let counted = malloc_counter_stop()
        #expect(counted >= 1 && made.count >= 64, "the counter saw \(counted) allocations for a new array")
        var harness = Harness(.panel)
        // Warmed up for 20 s: the frame statistics' and the deadline's windows (the last 512 frames' renders) are
        // full by then, and no longer grow their storage (an allocation now and then while they fill).
        while harness.now < 20 { _ = harness.refresh() }
        var moved = 0, lastSequence = harness.plan?.sequence ?? 0
        var builds = harness.core.drawListBuilds, layerOnly = harness.core.layerOnlyFrames
        while harness.now < 26 {
            let allocations = harness.refresh()
            guard let plan = harness.plan, plan.sequence != lastSequence else { continue }
            lastSequence = plan.sequence
            defer { (builds, layerOnly) = (harness.core.drawListBuilds, harness.core.layerOnlyFrames) }
            // What a whole build of the tree as it is now draws apart (the scene has not advanced since the plan).
            var list = DrawList()
            let whole = harness.core.scene.layers.draw(into: &list, separating: SurfaceSlot.sceneCount).first
            let layer = try #require(plan.layer, "frame \(plan.sequence) shows the sheet on its own surface")
            #expect(layer.frame == whole?.frame, "frame \(plan.sequence): the sheet shown where a whole build puts it")
            #expect(layer.content == whole?.content, "frame \(plan.sequence): the sheet's drawing")
            guard plan.movedOnly else { continue }
            moved += 1
            #expect(harness.core.layerOnlyFrames == layerOnly + 1)
            #expect(harness.core.drawListBuilds == builds, "frame \(plan.sequence) built the window's list")
            #expect(allocations == 0, "frame \(plan.sequence) (only the sheet moved) made \(allocations) allocations")
        }
        // The autoplay opens and closes the sheet every ~1.5 s: most of its frames only slide it.
        #expect(moved >= 120, "only \(moved) frames in 6 s only moved the sheet")
    }

    @Test("a playground frame that only moves layers (the card flying clear of the tile and the puck, or a body sliding) makes almost no allocation: the contact check finds nothing near without making arrays, the legend's lines are not made again")
    func playgroundCardFlightFramesMakeNoArrays() throws {
        var harness = Harness(.playground)
        while harness.now < 2 { _ = harness.refresh() }
        var counted = 0, allocated = 0, lastSequence = harness.plan?.sequence ?? 0
        while harness.now < 12 {
            let allocations = harness.refresh()
            guard let plan = harness.plan, plan.sequence != lastSequence else { continue }
            lastSequence = plan.sequence
            guard plan.movedOnly else { continue }
            counted += 1
            allocated += allocations
        }
        // Before, `PlaygroundScene.collideAll` made six arrays (and `moving` two) on each such frame: 8.05 a frame;
        // then the legend's two lines, an array made each frame (`PlaygroundDecor.legend`): 1.0 a frame (335 in 333).
        // A frame where the autoplay sends the card on or a body comes to rest may make a few.
        #expect(Double(allocated) <= 0.1 * Double(counted),
                "\(allocated) allocations in \(counted) frames that only moved layers")
        // The autoplay's laps: most of their frames only move the card.
        #expect(counted >= 200, "only \(counted) frames in 10 s only moved layers")
    }
}
