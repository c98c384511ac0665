/// Where a moving layer is heading against where it is drawn: Core Animation's model layer beside its presentation
/// layer, for showing the concept on screen (seeds 003 and 004).
public struct ModelGhost: Equatable, Sendable {
    /// The layer.
    public var layer: LayerID
    /// The model layer's frame (where the running position animation is heading), root coordinates.
    public var model: DrawRect
    /// The presentation's centre now, root coordinates.
    public var presented: SIMD2<Double>
    /// The presentation's velocity now (px/s).
    public var velocity: SIMD2<Double>
    /// The layer's corner radius.
    public var cornerRadius: Double
}

extension LayerTree {
    /// The layers directly under the root whose position animates now, each with its model frame and its presented
    /// centre and velocity.
    public func modelGhosts() -> [ModelGhost] {
        sublayers(of: root).compactMap { id in
            guard isAnimating(.position, of: id) else { return nil }
            let model = self[id]
            let presented = self.presented(.position, of: id)
            // The presented centre: the anchor point's offset from the centre, at the presented position.
            let anchorOffset = (SIMD2(0.5, 0.5) - model.anchorPoint) * model.size
            return ModelGhost(layer: id, model: model.frame, presented: presented.value + anchorOffset,
                              velocity: presented.velocity, cornerRadius: model.cornerRadius)
        }
    }

    /// Appends the ghosts: a translucent outline of each model frame and an arrow of each velocity (the distance
    /// covered in 0.1 s), so where a motion heads and how fast it goes are seen. Returns how many it drew.
    @discardableResult
    public func drawModelGhosts(into list: inout DrawList) -> Int {
        let ink = RGBA(r: 1, g: 0.84, b: 0.2, a: 0.9)
        let ghosts = modelGhosts()
        for ghost in ghosts {
            let r = ghost.model
            list.addRoundedRect(r, cornerRadius: ghost.cornerRadius, fill: RGBA(r: 1, g: 0.84, b: 0.2, a: 0.16))
            for edge in [DrawRect(x: r.x, y: r.y, width: r.width, height: 2),
                         DrawRect(x: r.x, y: r.maxY - 2, width: r.width, height: 2),
                         DrawRect(x: r.x, y: r.y, width: 2, height: r.height),
                         DrawRect(x: r.maxX - 2, y: r.y, width: 2, height: r.height)] {
                list.addRect(edge, fill: ink)
            }
            list.addLabel("model", at: SIMD2(r.x + 8, r.y + 16), size: 11, weight: .semibold, color: ink)
            let tip = ghost.presented + ghost.velocity * 0.1
            let length = ((tip - ghost.presented) * (tip - ghost.presented)).sum().squareRoot()
            guard length > 4 else { continue }
            list.addLine(from: ghost.presented, to: tip, width: 3, color: ink)
            let back = (ghost.presented - tip) / length * 12, side = SIMD2(-back.y, back.x) * 0.5
            list.addLine(from: tip, to: tip + back + side, width: 3, color: ink)
            list.addLine(from: tip, to: tip + back - side, width: 3, color: ink)
        }
        return ghosts.count
    }
}
