import RealModule
import MomentumCore
import MomentumLayers

extension PlaygroundScene {
    /// Appends the card (a header band and a dot on it turn and scale with it) and, while the position animates,
    /// a faint ring where it is heading.
    public func draw(into list: inout DrawList) {
        if !isHeld && !backend.isAtRest {
            list.addCircle(center: backend.target, radius: 10, fill: RGBA(r: 1, g: 1, b: 1, a: 0.25))
        }
        let shape = card
        list.append(.roundedRect(shape))
        let turn = SIMD2(Double.cos(shape.rotation), Double.sin(shape.rotation))
        // A point fixed on the card (offset from its centre in the card's own frame) as drawn on screen.
        func onCard(_ offset: SIMD2<Double>) -> SIMD2<Double> {
            let o = offset * shape.scale
            return shape.rect.center + SIMD2(turn.x * o.x - turn.y * o.y, turn.y * o.x + turn.x * o.y)
        }
        let band = SIMD2(Self.cardSide - 32, 26.0)
        let bandCentre = onCard(SIMD2(0, -Self.cardSide / 2 + 16 + band.y / 2))
        list.append(.roundedRect(RoundedRect(rect: DrawRect(origin: bandCentre - band / 2, size: band), cornerRadius: 8,
                                             fill: RGBA(r: 1, g: 1, b: 1, a: 0.85), rotation: shape.rotation,
                                             scale: shape.scale)))
        let dot = 12.0
        let dotCentre = onCard(SIMD2(0, 34))
        list.append(.roundedRect(RoundedRect(rect: DrawRect(origin: dotCentre - SIMD2(repeating: dot / 2),
                                                            size: SIMD2(repeating: dot)),
                                             cornerRadius: dot / 2, fill: RGBA(hex: 0xFFD60A), scale: shape.scale)))
    }

    /// The card's state for the trace: position, velocity, scale, rotation and their velocities and targets,
    /// state, and what drives each (`finger`/`fingers`, the backend's name or `spring`, `none` at rest).
    public func traceRecord() -> [TraceField] {
        let positionDriver = isHeld ? "finger" : (backend.isAtRest ? "none" : backendName)
        let scaleDriver = state == .pinching ? "fingers" : (scaleAnimation.isAtRest ? "none" : "spring")
        let angleDriver = state == .pinching ? "fingers" : (angleAnimation.isAtRest ? "none" : "spring")
        return [
            TraceField("state", .string(state.rawValue)),
            TraceField("position", .vector(position)), TraceField("velocity", .vector(velocity)),
            TraceField("target", .vector(target)),
            TraceField("scale", .number(scale)), TraceField("scale_velocity", .number(scaleVelocity)),
            TraceField("scale_target", .number(scaleTarget)),
            TraceField("angle", .number(angle)), TraceField("angular_velocity", .number(angularVelocity)),
            TraceField("angle_target", .number(angleTarget)),
            TraceField("driver", .string(positionDriver)), TraceField("scale_driver", .string(scaleDriver)),
            TraceField("angle_driver", .string(angleDriver)), TraceField("backend", .string(backendName)),
        ]
    }
}
