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
        // Each presented value read once (the satellite's pose samples its path; the covers' z order sorts them).
        let anchor = layout.coversAnchor
        let pose = satellite
        let lanesRunning = isAnimating(.lanes), shakeRunning = isAnimating(.shake)
        let coversRunning = isAnimating(.covers)
        let cards = presentedCovers
        return .gallery(Record(
            time: time,
            lanes: Record.Lanes(
                running: lanesRunning,
                dots: GalleryLane.all.indices.map { i in
                    let fraction = laneFraction(i)
                    return Record.Lanes.Dot(timing: GalleryLane.all[i].name, retarget: GalleryLane.all[i].retargetName,
                                            x: layout.laneX(fraction: fraction), fraction: fraction, model: laneModel(i))
                },
                progress: lanesRunning ? laneProgress ?? 1 : nil,
                driver: lanesRunning ? Self.laneDriver : nil,
                localTime: lanesRunning ? laneLocalTime ?? 0 : nil),
            shake: Record.Shake(
                offset: shakeOffset, model: shakeModelOffset, running: shakeRunning,
                driver: shakeRunning ? Self.shakeDriver : nil,
                localTimes: shakeRunning ? shakeLocalTimes : nil),
            satellite: Record.Satellite(
                position: layout.orbitCenter + pose.position, velocity: pose.velocity, angle: pose.angle,
                progress: pose.progress, modelProgress: orbitModelProgress, running: isAnimating(.satellite),
                driver: orbitLocalTime == nil ? nil : Self.orbitDriver, localTime: orbitLocalTime),
            covers: Record.Covers(
                cards: cards.map { card in
                    Record.Covers.Card(id: card.id, position: anchor + card.position, rotation: card.rotation, z: card.z)
                },
                order: Self.order(of: cards), modelOrder: covers.order, running: coversRunning,
                driver: coversRunning ? Self.coversDriver : nil,
                localTimes: coversRunning ? coverLocalTimes : nil)))
    }

    /// The trace's descriptions of what drives each item while it runs (made once, not on every frame).
    static let laneDriver = "basic x, one per lane, timing function = lane, \(laneDuration) s"
    static let shakeDriver = "keyframe x additive, values 0 10 -10 10 0, \(shakeDuration) s"
    static let orbitDriver = "path position+rotation, paced, rotate-auto, \(GalleryOrbit.lapDuration) s x \(GalleryOrbit.orbits)"
    static let coversDriver = "group (position keyframe, rotation keyframe, z basic), "
        + "\(GalleryCoverStack.duration) s, begin +\(GalleryCoverStack.delay) s"

    /// The ids of `cards` in presented z order, back to front.
    static func order(of cards: [GalleryCoverStack.Card]) -> [Int] {
        cards.sorted { ($0.z, $0.id) < ($1.z, $1.id) }.map(\.id)
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

        @usableFromInline
        enum Key: String {
            case time, lanes, shake, satellite, covers, running, dots, timing, retarget, x, fraction, model, p
            case driver, offset, position, velocity, angle, progress, cards, order, id, rotation, z
            case localTime = "local_time", modelProgress = "model_progress", modelOrder = "model_order"
        }

        /// The record's fields, in order (`write(to:)` into a tree).
        public var fields: [TraceField] {
            var tree = TraceTree()
            write(to: &tree)
            return tree.fields
        }

        /// Writes the record's fields, in order, to `w` (the trace's JSON writer makes no tree of them).
        @inlinable
        public func write<W: TraceValueWriter>(to w: inout W) {
            w.number(Key.time, time)
            w.object(Key.lanes) { w in
                w.bool(Key.running, lanes.running)
                w.array(Key.dots) { w in
                    for dot in lanes.dots {
                        w.object { w in
                            w.string(Key.timing, dot.timing)
                            w.string(Key.retarget, dot.retarget)
                            w.number(Key.x, dot.x)
                            w.number(Key.fraction, dot.fraction)
                            w.number(Key.model, dot.model)
                        }
                    }
                }
                w.number(Key.p, lanes.progress)
                w.string(Key.driver, lanes.driver)
                w.number(Key.localTime, lanes.localTime)
            }
            w.object(Key.shake) { w in
                w.number(Key.offset, shake.offset)
                w.number(Key.model, shake.model)
                w.bool(Key.running, shake.running)
                w.string(Key.driver, shake.driver)
                w.numbers(Key.localTime, shake.localTimes)
            }
            w.object(Key.satellite) { w in
                w.vector(Key.position, satellite.position)
                w.vector(Key.velocity, satellite.velocity)
                w.number(Key.angle, satellite.angle)
                w.number(Key.progress, satellite.progress)
                w.number(Key.modelProgress, satellite.modelProgress)
                w.bool(Key.running, satellite.running)
                w.string(Key.driver, satellite.driver)
                w.number(Key.localTime, satellite.localTime)
            }
            w.object(Key.covers) { w in
                w.array(Key.cards) { w in
                    for card in covers.cards {
                        w.object { w in
                            w.number(Key.id, Double(card.id))
                            w.vector(Key.position, card.position)
                            w.number(Key.rotation, card.rotation)
                            w.number(Key.z, card.z)
                        }
                    }
                }
                w.key(Key.order.rawValue)
                w.numbers(covers.order.lazy.map(Double.init))
                w.key(Key.modelOrder.rawValue)
                w.numbers(covers.modelOrder.lazy.map(Double.init))
                w.bool(Key.running, covers.running)
                w.string(Key.driver, covers.driver)
                w.numbers(Key.localTime, covers.localTimes)
            }
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
