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
    public func traceRecord() -> [TraceField] {
        [TraceField("time", .number(time)),
         TraceField("lanes", lanesTrace()),
         TraceField("shake", shakeTrace()),
         TraceField("satellite", satelliteTrace()),
         TraceField("covers", coversTrace())]
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

    private func lanesTrace() -> TraceValue {
        let running = isAnimating(.lanes)
        let dots: [TraceValue] = GalleryLane.all.indices.map { i in
            .object([TraceField("timing", .string(GalleryLane.all[i].name)),
                     TraceField("retarget", .string(GalleryLane.all[i].retargetName)),
                     TraceField("x", .number(laneX(i))),
                     TraceField("fraction", .number(laneFraction(i))),
                     TraceField("model", .number(laneModel(i)))])
        }
        var fields = [TraceField("running", .bool(running)), TraceField("dots", .array(dots))]
        if running {
            fields.append(TraceField("p", .number(laneProgress ?? 1)))
            fields.append(TraceField("driver", .string("basic x, one per lane, timing function = lane, \(Self.laneDuration) s")))
            fields.append(TraceField("local_time", .number(laneLocalTime ?? 0)))
        }
        return .object(fields)
    }

    private func shakeTrace() -> TraceValue {
        var fields = [TraceField("offset", .number(shakeOffset)), TraceField("model", .number(shakeModelOffset)),
                      TraceField("running", .bool(isAnimating(.shake)))]
        if isAnimating(.shake) {
            fields.append(TraceField("driver", .string("keyframe x additive, values 0 10 -10 10 0, \(Self.shakeDuration) s")))
            fields.append(TraceField("local_time", .array(shakeLocalTimes.map { .number($0) })))
        }
        return .object(fields)
    }

    private func satelliteTrace() -> TraceValue {
        let pose = satellite
        var fields = [TraceField("position", .vector(satellitePosition)), TraceField("velocity", .vector(pose.velocity)),
                      TraceField("angle", .number(pose.angle)), TraceField("progress", .number(pose.progress)),
                      TraceField("model_progress", .number(orbitModelProgress)),
                      TraceField("running", .bool(isAnimating(.satellite)))]
        if let local = orbitLocalTime {
            fields.append(TraceField("driver", .string(
                "path position+rotation, paced, rotate-auto, \(GalleryOrbit.lapDuration) s x \(GalleryOrbit.orbits)")))
            fields.append(TraceField("local_time", .number(local)))
        }
        return .object(fields)
    }

    private func coversTrace() -> TraceValue {
        let anchor = layout.coversAnchor
        let cards: [TraceValue] = presentedCovers.map { card in
            .object([TraceField("id", .number(Double(card.id))), TraceField("position", .vector(anchor + card.position)),
                     TraceField("rotation", .number(card.rotation)), TraceField("z", .number(card.z))])
        }
        var fields = [TraceField("cards", .array(cards)),
                      TraceField("order", .array(coverOrder.map { .number(Double($0)) })),
                      TraceField("model_order", .array(covers.order.map { .number(Double($0)) })),
                      TraceField("running", .bool(isAnimating(.covers)))]
        if isAnimating(.covers) {
            fields.append(TraceField("driver", .string(
                "group (position keyframe, rotation keyframe, z basic), \(GalleryCoverStack.duration) s, begin +\(GalleryCoverStack.delay) s")))
            fields.append(TraceField("local_time", .array(coverLocalTimes.map { .number($0) })))
        }
        return .object(fields)
    }
}
