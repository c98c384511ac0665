import MomentumCore
import MomentumLayers
import MomentumScenes
import Testing
import WaylandClient

/// The fuzzer's finite checks see every number: each walker visits as many floating-point leaves as a `Mirror`
/// walk finds (a field added to a drawing command or an event is caught here, not missed by the fuzzer), and a
/// NaN or infinity anywhere is reported with its path.
struct FiniteCheckTests {
    /// Floating-point leaves of `value` by reflection.
    static func mirrorLeaves(_ value: Any) -> Int {
        switch value {
        case is Double, is Float: return 1
        case is SIMD2<Double>, is SIMD2<Float>: return 2
        case is SIMD4<Double>, is SIMD4<Float>: return 4
        default: return Mirror(reflecting: value).children.reduce(0) { $0 + mirrorLeaves($1.value) }
        }
    }

    /// Leaves a walker visits.
    static func visited(_ walk: (FiniteCheck.Visitor) -> Void) -> Int {
        var count = 0
        walk { _, _ in
            count += 1
            return true
        }
        return count
    }

    static let color = RGBA(r: 0.1, g: 0.2, b: 0.3, a: 0.4)
    static let rect = DrawRect(x: 1, y: 2, width: 3, height: 4)

    static let commands: [DrawCommand] = [
        .background(top: color, bottom: color),
        .roundedRect(RoundedRect(rect: rect, cornerRadius: 5, fill: color,
                                 shadow: DropShadow(blurRadius: 6, offset: SIMD2(7, 8), color: color),
                                 rotation: 9, scale: 10, opacity: 0.5)),
        .roundedRect(RoundedRect(rect: rect, cornerRadius: 5, fill: color)),
        .rect(rect, fill: color),
        .line(LineSegment(from: SIMD2(1, 2), to: SIMD2(3, 4), width: 5, color: color,
                          previousDirection: SIMD2(1, 0), nextDirection: SIMD2(0, 1))),
        .line(LineSegment(from: SIMD2(1, 2), to: SIMD2(3, 4), width: 5, color: color)),
    ]

    static let gestureEvents: [GestureEvent] = [
        .touchDown(SIMD2(1, 2)), .panBegan(translation: SIMD2(1, 2)), .panChanged(translation: SIMD2(1, 2)),
        .panEnded(translation: SIMD2(1, 2), velocity: SIMD2(3, 4)), .pinchBegan(scale: 1), .pinchChanged(scale: 2),
        .pinchEnded(scale: 2, scaleVelocity: 3), .rotationBegan(angle: 0), .rotationChanged(angle: 1),
        .rotationEnded(angle: 1, angularVelocity: 2), .tap(SIMD2(1, 2)), .lifted(SIMD2(1, 2)), .cancelled,
    ]

    static let panTapEvents: [PanTapRecognizer.Event] = [
        .pressed(SIMD2(1, 2)), .panBegan(SIMD2(1, 2)), .panChanged(SIMD2(1, 2)),
        .panEnded(SIMD2(1, 2), velocity: SIMD2(3, 4)), .tap(SIMD2(1, 2)), .released(SIMD2(1, 2)), .cancelled,
    ]

    static let record: [TraceField] = [
        TraceField("state", .string("idle")), TraceField("y", .number(1)), TraceField("moving", .bool(true)),
        TraceField("position", .vector(SIMD2(2, 3))),
        TraceField("lanes", .object([TraceField("dots", .array([.object([TraceField("x", .number(4))]),
                                                                .array([.number(5), .number(6)])]))])),
    ]

    @Test func walkersVisitEveryNumberAMirrorFinds() {
        for command in Self.commands {
            #expect(Self.visited { FiniteCheck.walk(command, at: nil, $0) } == Self.mirrorLeaves(command),
                    "\(command)")
        }
        let list = DrawList(commands: Self.commands)
        #expect(Self.visited { FiniteCheck.walk(list, at: nil, $0) } == Self.mirrorLeaves(list))
        for event in Self.gestureEvents {
            #expect(Self.visited { FiniteCheck.walk(event, at: nil, $0) } == Self.mirrorLeaves(event), "\(event)")
        }
        for event in Self.panTapEvents {
            #expect(Self.visited { FiniteCheck.walk(event, at: nil, $0) } == Self.mirrorLeaves(event), "\(event)")
        }
        #expect(Self.visited { FiniteCheck.walk(Self.record, at: nil, $0) } == Self.mirrorLeaves(Self.record))
        let event = SceneEvent(.retarget, Self.record)
        #expect(Self.visited { FiniteCheck.walk(event, at: nil, $0) } == Self.mirrorLeaves(event))
        let frame = Touch.Frame(changes: [Touch.Change(id: 1, phase: .down, position: SIMD2(1, 2), time: 3),
                                          Touch.Change(id: 2, phase: .motion, position: SIMD2(4, 5), time: 6)])
        #expect(Self.visited { FiniteCheck.walk(frame, at: nil, $0) } == Self.mirrorLeaves(frame))
    }

    @Test func aNonFiniteNumberIsReportedWithItsPath() {
        var shape = RoundedRect(rect: Self.rect, cornerRadius: 5, fill: Self.color,
                                shadow: DropShadow(blurRadius: 6, offset: SIMD2(7, .nan)))
        let list = DrawList(commands: [.background(top: Self.color, bottom: Self.color), .roundedRect(shape)])
        #expect(FiniteCheck.firstNonFinite(at: "draw") { FiniteCheck.walk(list, at: $0, $1) }
                == "draw[1].roundedRect.shadow.offset.y = nan")
        shape.shadow = nil
        shape.fill.a = .infinity
        let faded = DrawList(commands: [.roundedRect(shape)])
        #expect(FiniteCheck.firstNonFinite(at: "d") { FiniteCheck.walk(faded, at: $0, $1) }
                == "d[0].roundedRect.fill.a = inf")
        let fine = DrawList(commands: Self.commands)
        #expect(FiniteCheck.firstNonFinite(at: "d") { FiniteCheck.walk(fine, at: $0, $1) } == nil)

        let record = [TraceField("covers", .object([TraceField("cards", .array([
            .object([TraceField("position", .vector(SIMD2(1, 2)))]),
            .object([TraceField("position", .vector(SIMD2(-.infinity, 2)))]),
        ]))]))]
        #expect(FiniteCheck.firstNonFinite(at: "trace") { FiniteCheck.walk(record, at: $0, $1) }
                == "trace.covers.cards[1].position[0] = -inf")
        #expect(FiniteCheck.firstNonFinite(at: "trace") { FiniteCheck.walk(Self.record, at: $0, $1) } == nil)

        let event = SceneEvent(.panEnded, [TraceField("velocity", .vector(SIMD2(0, .nan)))])
        #expect(FiniteCheck.firstNonFinite(at: "scene") { FiniteCheck.walk(event, at: $0, $1) }
                == "scene(pan-ended).velocity[1] = nan")
        let pinch = GestureEvent.pinchEnded(scale: 1, scaleVelocity: .infinity)
        #expect(FiniteCheck.firstNonFinite(at: "g") { FiniteCheck.walk(pinch, at: $0, $1) } == "g(\(pinch)) = inf")
        let pan = PanTapRecognizer.Event.panEnded(SIMD2(1, 2), velocity: SIMD2(.nan, 0))
        #expect(FiniteCheck.firstNonFinite(at: "p") { FiniteCheck.walk(pan, at: $0, $1) }
                == "p(\(pan)).velocity.x = nan")
        let frame = Touch.Frame(changes: [Touch.Change(id: 3, phase: .up, position: SIMD2(1, 2), time: .nan)])
        #expect(FiniteCheck.firstNonFinite(at: "touch") { FiniteCheck.walk(frame, at: $0, $1) }
                == "touch[0](up id 3).time = nan")
    }
}
