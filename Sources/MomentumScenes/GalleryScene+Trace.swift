import MomentumCore
import MomentumLayers

extension GalleryScene {
    /// Each item's touch area.
    public var touchTargets: [TouchTarget] {
        GalleryItem.allCases.map { item in
            let r = layout.frame(of: item)
            return TouchTarget(item.rawValue, DrawRect(origin: toWindow(r.origin), size: r.size * zoom))
        }
    }

    /// The scene's state for the trace: per item its presented values, the model values, which animation drives
    /// what and the local time of each running animation (seconds since its begin time; negative before it).
    public var record: SceneRecord {
        let anchor = layout.coversAnchor
        let pose = satellite
        let lanesRunning = isAnimating(.lanes), shakeRunning = isAnimating(.shake)
        let coversRunning = isAnimating(.covers)
        return .gallery(Record(
            time: time,
            lanes: Record.Lanes(
                running: lanesRunning,
                dots: GalleryLane.all.indices.map { i in
                    Record.Lanes.Dot(timing: GalleryLane.all[i].name, retarget: GalleryLane.all[i].retargetName,
                                     x: laneX(i), fraction: laneFraction(i), model: laneModel(i))
                },
                progress: lanesRunning ? laneProgress ?? 1 : nil,
                driver: lanesRunning ? "basic x, one per lane, timing function = lane, \(Self.laneDuration) s" : nil,
                localTime: lanesRunning ? laneLocalTime ?? 0 : nil),
            shake: Record.Shake(
                offset: shakeOffset, model: shakeModelOffset, running: shakeRunning,
                driver: shakeRunning ? "keyframe x additive, values 0 10 -10 10 0, \(Self.shakeDuration) s" : nil,
                localTimes: shakeRunning ? shakeLocalTimes : nil),
            satellite: Record.Satellite(
                position: satellitePosition, velocity: pose.velocity, angle: pose.angle, progress: pose.progress,
                modelProgress: orbitModelProgress, running: isAnimating(.satellite),
                driver: orbitLocalTime == nil ? nil
                    : "path position+rotation, paced, rotate-auto, \(GalleryOrbit.lapDuration) s x \(GalleryOrbit.orbits)",
                localTime: orbitLocalTime),
            covers: Record.Covers(
                cards: presentedCovers.map { card in
                    Record.Covers.Card(id: card.id, position: anchor + card.position, rotation: card.rotation, z: card.z)
                },
                order: coverOrder, modelOrder: covers.order, running: coversRunning,
                driver: coversRunning ? "group (position keyframe, rotation keyframe, z basic), "
                    + "\(GalleryCoverStack.duration) s, begin +\(GalleryCoverStack.delay) s" : nil,
                localTimes: coversRunning ? coverLocalTimes : nil)))
    }

    /// A compact presented value of one item (used by `restart` events to show continuity).
    func presentedTrace(_ item: GalleryItem) -> TraceValue {
        switch item {
        case .lanes: return .array(GalleryLane.all.indices.map { .number(laneX($0)) })
        case .shake: return .number(shakeOffset)
        case .satellite:
            let pose = satellite
            return .object([TraceField("position", .vector(satellitePosition)), TraceField("angle", .number(pose.angle))])
        case .covers:
            return .array(presentedCovers.map { .array([.number($0.position.x), .number($0.position.y),
                                                        .number($0.rotation), .number($0.z)]) })
        }
    }
}

extension GalleryScene {
    /// The gallery on one frame: its media time and each item's presented and model values, which animation drives
    /// it (a description, while one runs) and its local time.
    public struct Record: Sendable, Equatable {
        public var time: Double
        public var lanes: Lanes, shake: Shake, satellite: Satellite, covers: Covers

        /// The lanes: a dot per timing function.
        public struct Lanes: Sendable, Equatable {
            public var running: Bool
            public var dots: [Dot]
            /// While running: the progress of the timing, the driver, the local time.
            public var progress: Double?, driver: String?, localTime: Double?
            public struct Dot: Sendable, Equatable {
                public var timing: String, retarget: String
                public var x: Double, fraction: Double, model: Double
            }
        }

        /// The shaken form field: its offset presented and in the model.
        public struct Shake: Sendable, Equatable {
            public var offset: Double, model: Double, running: Bool
            public var driver: String?, localTimes: [Double]?
        }

        /// The orbiting satellite.
        public struct Satellite: Sendable, Equatable {
            public var position: SIMD2<Double>, velocity: SIMD2<Double>
            public var angle: Double, progress: Double, modelProgress: Double, running: Bool
            public var driver: String?, localTime: Double?
        }

        /// The cover stack: each card presented, the drawing order presented and in the model.
        public struct Covers: Sendable, Equatable {
            public var cards: [Card]
            public var order: [Int], modelOrder: [Int]
            public var running: Bool
            public var driver: String?, localTimes: [Double]?
            public struct Card: Sendable, Equatable {
                public var id: Int, position: SIMD2<Double>, rotation: Double, z: Double
            }
        }

        enum Key: String {
            case time, lanes, shake, satellite, covers, running, dots, timing, retarget, x, fraction, model, p
            case driver, offset, position, velocity, angle, progress, cards, order, id, rotation, z
            case localTime = "local_time", modelProgress = "model_progress", modelOrder = "model_order"
        }

        public var fields: [TraceField] {
            func optional(_ key: Key, _ value: TraceValue?) -> [TraceField] { value.map { [TraceField(key, $0)] } ?? [] }
            func ints(_ values: [Int]) -> TraceValue { .numbers(values.map(Double.init)) }
            let lanes = TraceValue.object([TraceField(Key.running, .bool(self.lanes.running)),
                                           TraceField(Key.dots, .array(self.lanes.dots.map { dot in
                .object([TraceField(Key.timing, .string(dot.timing)), TraceField(Key.retarget, .string(dot.retarget)),
                         TraceField(Key.x, .number(dot.x)), TraceField(Key.fraction, .number(dot.fraction)),
                         TraceField(Key.model, .number(dot.model))])
            }))] + optional(.p, self.lanes.progress.map { .number($0) })
                + optional(.driver, self.lanes.driver.map { .string($0) })
                + optional(.localTime, self.lanes.localTime.map { .number($0) }))
            let shake = TraceValue.object([TraceField(Key.offset, .number(self.shake.offset)),
                                           TraceField(Key.model, .number(self.shake.model)),
                                           TraceField(Key.running, .bool(self.shake.running))]
                + optional(.driver, self.shake.driver.map { .string($0) })
                + optional(.localTime, self.shake.localTimes.map { .numbers($0) }))
            let satellite = TraceValue.object([TraceField(Key.position, .vector(self.satellite.position)),
                                               TraceField(Key.velocity, .vector(self.satellite.velocity)),
                                               TraceField(Key.angle, .number(self.satellite.angle)),
                                               TraceField(Key.progress, .number(self.satellite.progress)),
                                               TraceField(Key.modelProgress, .number(self.satellite.modelProgress)),
                                               TraceField(Key.running, .bool(self.satellite.running))]
                + optional(.driver, self.satellite.driver.map { .string($0) })
                + optional(.localTime, self.satellite.localTime.map { .number($0) }))
            let covers = TraceValue.object([TraceField(Key.cards, .array(self.covers.cards.map { card in
                .object([TraceField(Key.id, .number(Double(card.id))), TraceField(Key.position, .vector(card.position)),
                         TraceField(Key.rotation, .number(card.rotation)), TraceField(Key.z, .number(card.z))])
            })), TraceField(Key.order, ints(self.covers.order)), TraceField(Key.modelOrder, ints(self.covers.modelOrder)),
                TraceField(Key.running, .bool(self.covers.running))]
                + optional(.driver, self.covers.driver.map { .string($0) })
                + optional(.localTime, self.covers.localTimes.map { .numbers($0) }))
            return [TraceField(Key.time, .number(time)), TraceField(Key.lanes, lanes), TraceField(Key.shake, shake),
                    TraceField(Key.satellite, satellite), TraceField(Key.covers, covers)]
        }

        public init(time: Double, lanes: Lanes, shake: Shake, satellite: Satellite, covers: Covers) {
            self.time = time
            self.lanes = lanes
            self.shake = shake
            self.satellite = satellite
            self.covers = covers
        }

        init(_ f: RecordFields) throws(SceneRecordError) {
            func ints(_ values: [Double]) throws(SceneRecordError) -> [Int] {
                try values.map { v throws(SceneRecordError) in
                    guard let i = Int(exactly: v) else { throw SceneRecordError("with a cover id that is not whole") }
                    return i
                }
            }
            time = try f.number(Key.time)
            let l = try f.object(Key.lanes)
            lanes = Lanes(running: try l.bool(Key.running), dots: try l.objects(Key.dots).map { d throws(SceneRecordError) in
                Lanes.Dot(timing: try d.string(Key.timing), retarget: try d.string(Key.retarget), x: try d.number(Key.x),
                          fraction: try d.number(Key.fraction), model: try d.number(Key.model))
            }, progress: try l.optionalNumber(Key.p), driver: l.optionalString(Key.driver),
                          localTime: try l.optionalNumber(Key.localTime))
            let s = try f.object(Key.shake)
            shake = Shake(offset: try s.number(Key.offset), model: try s.number(Key.model), running: try s.bool(Key.running),
                          driver: s.optionalString(Key.driver), localTimes: s.value(Key.localTime)?.numbers)
            let o = try f.object(Key.satellite)
            satellite = Satellite(position: try o.vector(Key.position), velocity: try o.vector(Key.velocity),
                                  angle: try o.number(Key.angle), progress: try o.number(Key.progress),
                                  modelProgress: try o.number(Key.modelProgress), running: try o.bool(Key.running),
                                  driver: o.optionalString(Key.driver), localTime: try o.optionalNumber(Key.localTime))
            let c = try f.object(Key.covers)
            covers = Covers(cards: try c.objects(Key.cards).map { card throws(SceneRecordError) in
                guard let id = Int(exactly: try card.number(Key.id)) else {
                    throw SceneRecordError("with a cover id that is not whole")
                }
                return Covers.Card(id: id, position: try card.vector(Key.position), rotation: try card.number(Key.rotation),
                                   z: try card.number(Key.z))
            }, order: try ints(try c.numbers(Key.order)), modelOrder: try ints(try c.numbers(Key.modelOrder)),
                            running: try c.bool(Key.running), driver: c.optionalString(Key.driver),
                            localTimes: c.value(Key.localTime)?.numbers)
        }
    }
}
