import MomentumCore
import MomentumLayers

extension PlaygroundScene {
    /// Appends the presented layers: the card (a header band and a dot on it turn and scale with it) and, while
    /// the position animates, a faint ring where it is heading.
    public func draw(into list: inout DrawList) { layers.draw(into: &list) }

    /// The card as drawn (the axis-aligned box around its turned, scaled shape) and the bodies.
    public var touchTargets: [TouchTarget] {
        let shape = card
        let half = shape.scaledHalfSize
        let c = Double.cos(shape.rotation), s = Double.sin(shape.rotation)
        let extent = SIMD2(abs(c) * half.x + abs(s) * half.y, abs(s) * half.x + abs(c) * half.y)
        return [TouchTarget("card", DrawRect(origin: shape.rect.center - extent, size: 2 * extent))]
            + bodies.map { TouchTarget($0.name, layers.presentation(of: $0.layer).frame) }
    }

    /// The card's state for the trace: position, velocity, scale, rotation and their velocities and targets,
    /// state, and what drives each (`finger`/`fingers`, the backend's name or `spring`, `none` at rest).
    public var record: SceneRecord {
        let positionDriver = isHeld ? "finger" : (isAnimating(.position) ? backendName : "none")
        let scaleDriver = state == .pinching ? "fingers" : (isAnimating(.scale) ? "spring" : "none")
        let angleDriver = state == .pinching ? "fingers" : (isAnimating(.rotation) ? "spring" : "none")
        return .playground(Record(state: state, position: position, velocity: velocity, target: target, scale: scale,
                                  scaleVelocity: scaleVelocity, scaleTarget: scaleTarget, angle: angle,
                                  angularVelocity: angularVelocity, angleTarget: angleTarget, driver: positionDriver,
                                  scaleDriver: scaleDriver, angleDriver: angleDriver, backend: backendName,
                                  tile: tilePosition, tileVelocity: tileVelocity,
                                  tileDriver: tileHeld ? "finger" : (layers.isAnimating(.position, of: tileLayer) ? "dynamics" : "none"),
                                  tileAngle: tileAngle, tileAngularVelocity: tileAngularVelocity))
    }
}
