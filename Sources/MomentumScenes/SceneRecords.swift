import MomentumCore
import MomentumLayers

// Each scene's per-frame trace record, typed: its keys (`Key`), how it is written (`fields`) and read back
// (`init(_:)`). The gallery's is in GalleryScene+Trace.swift.

extension ControlCenter {
    enum Key: String { case playing, track }

    /// The state as the trace writes it: each toggle, each level, playing and track.
    public func traceRecord() -> TraceValue {
        var fields: [TraceField] = []
        fields.reserveCapacity(Toggle.allCases.count + Slider.allCases.count + 2)
        for toggle in Toggle.allCases { fields.append(TraceField(toggle, .bool(on(toggle)))) }
        for slider in Slider.allCases { fields.append(TraceField(slider, .number(value(slider)))) }
        fields.append(TraceField(Key.playing, .bool(isPlaying)))
        fields.append(TraceField(Key.track, .number(Double(track))))
        return .object(fields)
    }

    /// The state a trace record wrote.
    init(_ f: RecordFields) throws(SceneRecordError) {
        self.init()
        for toggle in Toggle.allCases { isOn[toggle] = try f.bool(toggle) }
        for slider in Slider.allCases { level[slider] = try f.number(slider) }
        isPlaying = try f.bool(Key.playing)
        guard let track = Int(exactly: try f.number(Key.track)), Self.tracks.indices.contains(track) else {
            throw SceneRecordError("with a \"track\" that is not one of the tracks")
        }
        self.track = track
    }
}

extension PanelScene {
    /// The panel on one frame: what it does, where it is heading, its top edge and velocity as drawn, its visible
    /// rectangle, the backend, the Control Center's state.
    public struct Record: Sendable, Equatable {
        public var state: State, target: Target
        public var y: Double, vy: Double
        public var rect: DrawRect
        public var backend: String
        public var controls: ControlCenter {
            didSet { controlsTrace = nil }
        }
        /// `controls.traceRecord()`, when the scene that made the record had it made already (the panel makes it
        /// when its controls change, not on every frame).
        @usableFromInline
        var controlsTrace: TraceValue?

        @usableFromInline
        enum Key: String { case state, target, y, vy, rect, backend, controls }

        /// Writes the record's fields, in order, to `w` (the trace's JSON writer: every frame's record while the
        /// panel slides, no array or tree made for it).
        @inlinable
        public func write<W: TraceValueWriter>(to w: inout W) {
            w.string(Key.state, state.rawValue)
            w.string(Key.target, target.rawValue)
            w.number(Key.y, y)
            w.number(Key.vy, vy)
            w.array(Key.rect) { w in
                w.number(rect.x)
                w.number(rect.y)
                w.number(rect.width)
                w.number(rect.height)
            }
            w.string(Key.backend, backend)
            w.key(Key.controls.rawValue)
            w.value(controlsTrace ?? controls.traceRecord())
        }

        /// The record's fields, in order (`write(to:)` into a tree).
        public var fields: [TraceField] {
            var tree = TraceTree()
            write(to: &tree)
            return tree.fields
        }

        public static func == (a: Record, b: Record) -> Bool {
            a.state == b.state && a.target == b.target && a.y == b.y && a.vy == b.vy && a.rect == b.rect
                && a.backend == b.backend && a.controls == b.controls
        }

        init(_ f: RecordFields) throws(SceneRecordError) {
            state = try f.named(Key.state)
            target = try f.named(Key.target)
            y = try f.number(Key.y)
            vy = try f.number(Key.vy)
            rect = try f.rect(Key.rect)
            backend = try f.string(Key.backend)
            controls = try ControlCenter(f.object(Key.controls))
        }

        public init(state: State, target: Target, y: Double, vy: Double, rect: DrawRect, backend: String,
             controls: ControlCenter, controlsTrace: TraceValue? = nil) {
            self.state = state
            self.target = target
            self.y = y
            self.vy = vy
            self.rect = rect
            self.backend = backend
            self.controls = controls
            self.controlsTrace = controlsTrace
        }
    }
}

extension TransitionScene {
    /// The card on one frame: what it does, its top edge and velocity, the transition's completion, the backdrop's
    /// progress and dimming, what drives the card, where it is heading.
    public struct Record: Sendable, Equatable {
        public var state: State
        public var cardY: Double, cardVY: Double
        public var completion: Double
        public var backdropFraction: Double, dim: Double
        public var driver: Driver, target: Target

        enum Key: String {
            case state, completion, dim, driver, target
            case cardY = "card_y", cardVY = "card_vy", backdropFraction = "backdrop_fraction"
        }

        public var fields: [TraceField] {
            [TraceField(Key.state, .string(state.rawValue)), TraceField(Key.cardY, .number(cardY)),
             TraceField(Key.cardVY, .number(cardVY)), TraceField(Key.completion, .number(completion)),
             TraceField(Key.backdropFraction, .number(backdropFraction)), TraceField(Key.dim, .number(dim)),
             TraceField(Key.driver, .string(driver.rawValue)), TraceField(Key.target, .string(target.rawValue))]
        }

        init(_ f: RecordFields) throws(SceneRecordError) {
            state = try f.named(Key.state)
            cardY = try f.number(Key.cardY)
            cardVY = try f.number(Key.cardVY)
            completion = try f.number(Key.completion)
            backdropFraction = try f.number(Key.backdropFraction)
            dim = try f.number(Key.dim)
            driver = try f.named(Key.driver)
            target = try f.named(Key.target)
        }

        public init(state: State, cardY: Double, cardVY: Double, completion: Double, backdropFraction: Double, dim: Double,
             driver: Driver, target: Target) {
            self.state = state
            self.cardY = cardY
            self.cardVY = cardVY
            self.completion = completion
            self.backdropFraction = backdropFraction
            self.dim = dim
            self.driver = driver
            self.target = target
        }
    }
}

extension PlaygroundScene {
    /// The card on one frame: what it does; its centre, velocity and where it is heading; its scale and angle with
    /// their velocities and targets; what drives each (`finger`, `fingers`, the backend's name, `spring`, `none`).
    public struct Record: Sendable, Equatable {
        public var state: State
        public var position: SIMD2<Double>, velocity: SIMD2<Double>, target: SIMD2<Double>
        public var scale: Double, scaleVelocity: Double, scaleTarget: Double
        public var angle: Double, angularVelocity: Double, angleTarget: Double
        public var driver: String, scaleDriver: String, angleDriver: String
        public var backend: String
        /// The tile's centre and velocity as drawn, and what drives it (`finger`, `dynamics`, `none`).
        public var tile: SIMD2<Double>, tileVelocity: SIMD2<Double>, tileDriver: String
        /// The tile's angle as drawn (rad) and its angular velocity (rad/s): it spins when hit off-centre (0 in
        /// traces from before it could).
        public var tileAngle: Double, tileAngularVelocity: Double

        enum Key: String {
            case state, position, velocity, target, scale, angle, driver, backend, tile
            case tileVelocity = "tile_velocity", tileDriver = "tile_driver"
            case tileAngle = "tile_angle", tileAngularVelocity = "tile_angular_velocity"
            case scaleVelocity = "scale_velocity", scaleTarget = "scale_target"
            case angularVelocity = "angular_velocity", angleTarget = "angle_target"
            case scaleDriver = "scale_driver", angleDriver = "angle_driver"
        }

        public var fields: [TraceField] {
            [TraceField(Key.state, .string(state.rawValue)),
             TraceField(Key.position, .vector(position)), TraceField(Key.velocity, .vector(velocity)),
             TraceField(Key.target, .vector(target)),
             TraceField(Key.scale, .number(scale)), TraceField(Key.scaleVelocity, .number(scaleVelocity)),
             TraceField(Key.scaleTarget, .number(scaleTarget)),
             TraceField(Key.angle, .number(angle)), TraceField(Key.angularVelocity, .number(angularVelocity)),
             TraceField(Key.angleTarget, .number(angleTarget)),
             TraceField(Key.driver, .string(driver)), TraceField(Key.scaleDriver, .string(scaleDriver)),
             TraceField(Key.angleDriver, .string(angleDriver)), TraceField(Key.backend, .string(backend)),
             TraceField(Key.tile, .vector(tile)), TraceField(Key.tileVelocity, .vector(tileVelocity)),
             TraceField(Key.tileDriver, .string(tileDriver)), TraceField(Key.tileAngle, .number(tileAngle)),
             TraceField(Key.tileAngularVelocity, .number(tileAngularVelocity))]
        }

        init(_ f: RecordFields) throws(SceneRecordError) {
            state = try f.named(Key.state)
            position = try f.vector(Key.position)
            velocity = try f.vector(Key.velocity)
            target = try f.vector(Key.target)
            scale = try f.number(Key.scale)
            scaleVelocity = try f.number(Key.scaleVelocity)
            scaleTarget = try f.number(Key.scaleTarget)
            angle = try f.number(Key.angle)
            angularVelocity = try f.number(Key.angularVelocity)
            angleTarget = try f.number(Key.angleTarget)
            driver = try f.string(Key.driver)
            scaleDriver = try f.string(Key.scaleDriver)
            angleDriver = try f.string(Key.angleDriver)
            backend = try f.string(Key.backend)
            tile = try f.vector(Key.tile)
            tileVelocity = try f.vector(Key.tileVelocity)
            tileDriver = try f.string(Key.tileDriver)
            tileAngle = try f.optionalNumber(Key.tileAngle) ?? 0
            tileAngularVelocity = try f.optionalNumber(Key.tileAngularVelocity) ?? 0
        }

        public init(state: State, position: SIMD2<Double>, velocity: SIMD2<Double>, target: SIMD2<Double>, scale: Double,
             scaleVelocity: Double, scaleTarget: Double, angle: Double, angularVelocity: Double, angleTarget: Double,
             driver: String, scaleDriver: String, angleDriver: String, backend: String,
             tile: SIMD2<Double> = .zero, tileVelocity: SIMD2<Double> = .zero, tileDriver: String = "none",
             tileAngle: Double = 0, tileAngularVelocity: Double = 0) {
            self.tile = tile
            self.tileAngle = tileAngle
            self.tileAngularVelocity = tileAngularVelocity
            self.tileVelocity = tileVelocity
            self.tileDriver = tileDriver
            self.state = state
            self.position = position
            self.velocity = velocity
            self.target = target
            self.scale = scale
            self.scaleVelocity = scaleVelocity
            self.scaleTarget = scaleTarget
            self.angle = angle
            self.angularVelocity = angularVelocity
            self.angleTarget = angleTarget
            self.driver = driver
            self.scaleDriver = scaleDriver
            self.angleDriver = angleDriver
            self.backend = backend
        }
    }
}

extension ScrollScene {
    /// The list on one frame: what it does, its offset (as drawn) and velocity, the most negative offset, and the
    /// viewport's top and height.
    public struct Record: Sendable, Equatable {
        public var state: State
        public var offset: Double, velocity: Double, minOffset: Double
        public var viewportY: Double, viewportHeight: Double

        enum Key: String { case state, offset, velocity, viewport, minOffset = "min_offset" }

        public var fields: [TraceField] {
            [TraceField(Key.state, .string(state.rawValue)), TraceField(Key.offset, .number(offset)),
             TraceField(Key.velocity, .number(velocity)), TraceField(Key.minOffset, .number(minOffset)),
             TraceField(Key.viewport, .numbers([viewportY, viewportHeight]))]
        }

        init(_ f: RecordFields) throws(SceneRecordError) {
            state = try f.named(Key.state)
            offset = try f.number(Key.offset)
            velocity = try f.number(Key.velocity)
            minOffset = try f.number(Key.minOffset)
            let viewport = try f.numbers(Key.viewport)
            guard viewport.count == 2 else { throw SceneRecordError("without \"viewport\" as [y, height]") }
            viewportY = viewport[0]
            viewportHeight = viewport[1]
        }

        public init(state: State, offset: Double, velocity: Double, minOffset: Double, viewportY: Double,
             viewportHeight: Double) {
            self.state = state
            self.offset = offset
            self.velocity = velocity
            self.minOffset = minOffset
            self.viewportY = viewportY
            self.viewportHeight = viewportHeight
        }
    }
}
