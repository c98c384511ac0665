import RealModule

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
    /// Every layer whose position animates now (at any depth: the gallery's covers, dots and satellite are nested),
    /// each with its model frame and its presented centre and velocity, in root coordinates.
    public func modelGhosts() -> [ModelGhost] {
        var ghosts: [ModelGhost] = []
        var stack = sublayers(of: root).reversed().map { $0 }
        while let id = stack.popLast() {
            stack.append(contentsOf: sublayers(of: id).reversed())
            guard isAnimating(.position, of: id), let parent = parents[Int(id.index)] else { continue }
            let model = self[id]
            let outer = placement(of: parent)
            let parentLayer = presentation(of: parent)
            // The model's frame: the layer as its model puts it, under its parent as presented.
            let modelPlacement = outer.placing(model, in: parentLayer)
            let corners = [SIMD2(0.0, 0.0), SIMD2(model.size.x, 0), SIMD2(0, model.size.y), model.size]
                .map { modelPlacement.map($0, in: model) }
            let low = corners.dropFirst().reduce(corners[0]) { pointwiseMin($0, $1) }
            let high = corners.dropFirst().reduce(corners[0]) { pointwiseMax($0, $1) }
            let presented = self.presented(.position, of: id)
            let shown = presentation(of: id)
            var velocity = presented.velocity * outer.scale
            if outer.rotation != 0 {
                let c = Double.cos(outer.rotation), s = Double.sin(outer.rotation)
                velocity = SIMD2(c * velocity.x - s * velocity.y, s * velocity.x + c * velocity.y)
            }
            ghosts.append(ModelGhost(layer: id, model: DrawRect(origin: low, size: high - low),
                                     presented: outer.placing(shown, in: parentLayer).center(of: shown),
                                     velocity: velocity, cornerRadius: model.cornerRadius * modelPlacement.scale))
        }
        return ghosts
    }

    /// Appends the ghosts: an outline of each model frame (nothing filled: the scene underneath keeps its colours)
    /// and an arrow of each velocity (the distance covered in 0.1 s), so where a motion heads and how fast it goes
    /// are seen. Returns how many it drew.
    @discardableResult
    public func drawModelGhosts(into list: inout DrawList) -> Int {
        let ink = RGBA(r: 1, g: 0.84, b: 0.2, a: 0.9)
        let ghosts = modelGhosts()
        for ghost in ghosts {
            // At least 6 px across, so a small dot's model is seen too.
            let r = ghost.model.width >= 6 && ghost.model.height >= 6 ? ghost.model
                : DrawRect(x: ghost.model.x + ghost.model.width / 2 - 3, y: ghost.model.y + ghost.model.height / 2 - 3,
                           width: 6, height: 6)
            let line = Swift.min(2, Swift.max(1, Swift.min(r.width, r.height) / 8))
            for edge in [DrawRect(x: r.x, y: r.y, width: r.width, height: line),
                         DrawRect(x: r.x, y: r.maxY - line, width: r.width, height: line),
                         DrawRect(x: r.x, y: r.y, width: line, height: r.height),
                         DrawRect(x: r.maxX - line, y: r.y, width: line, height: r.height)] {
                list.addRect(edge, fill: ink)
            }
            if r.width >= 64 && r.height >= 24 {
                list.addLabel("model", at: SIMD2(r.x + 8, r.y + 16), size: 11, weight: .semibold, color: ink)
            }
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
