import RealModule

extension DrawCommand {
    /// A rectangle (logical px) holding every pixel the command can touch, never smaller than what a renderer
    /// draws: anti-aliased edges, shadows and mitred joints included, text at a full em per character. A background
    /// reaches everywhere.
    public var reach: DrawRect {
        switch self {
        case .background:
            return DrawRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)
        case let .rect(rect, _):
            return rect.insetBy(-1)
        case let .roundedRect(shape):
            var reach = shape.boundingBox.insetBy(-1)
            if let shadow = shape.shadow {
                // 3σ (σ = blur / 2) beyond the shape, moved by the offset, as the renderer draws it.
                let blur = 1.5 * Swift.max(shadow.blurRadius, 0) * Swift.max(shape.scale, 1) + 1
                reach = reach.union(reach.offsetBy(shadow.offset).insetBy(-blur))
            }
            return reach
        case let .line(segment):
            let low = pointwiseMin(segment.from, segment.to), high = pointwiseMax(segment.from, segment.to)
            return DrawRect(origin: low, size: high - low).insetBy(-(2 * Swift.max(segment.width, 0) + 1))
        case let .text(run):
            let width = Double(run.string.unicodeScalars.count) * run.size
            let x = switch run.alignment {
            case .leading: run.position.x
            case .center: run.position.x - width / 2
            case .trailing: run.position.x - width
            }
            let box = DrawRect(x: x - run.size, y: run.position.y - 1.2 * run.size, width: width + 2 * run.size,
                               height: 1.7 * run.size)
            return run.rotation == 0 ? box : run.turned(box).insetBy(-1)
        case let .raster(run):
            guard let first = run.corners.first else { return DrawRect(origin: .zero, size: .zero) }
            let low = run.corners.reduce(first) { pointwiseMin($0, $1) }
            let high = run.corners.reduce(first) { pointwiseMax($0, $1) }
            return DrawRect(origin: low, size: high - low).insetBy(-1)
        }
    }

    /// The command moved by `delta` logical px (a background, which fills the viewport, stays as it is).
    public func offsetBy(_ delta: SIMD2<Double>) -> DrawCommand {
        switch self {
        case .background:
            return self
        case let .rect(rect, fill):
            return .rect(rect.offsetBy(delta), fill: fill)
        case var .roundedRect(shape):
            shape.rect = shape.rect.offsetBy(delta)
            return .roundedRect(shape)
        case var .line(segment):
            segment.from += delta
            segment.to += delta
            return .line(segment)
        case var .text(run):
            run.position += delta
            return .text(run)
        case var .raster(run):
            run.corners = run.corners.map { $0 + delta }
            return .raster(run)
        }
    }
}

extension DrawList {
    /// The list moved by `delta` logical px (see `DrawCommand.offsetBy`).
    public func offsetBy(_ delta: SIMD2<Double>) -> DrawList {
        DrawList(commands: commands.map { $0.offsetBy(delta) })
    }

    /// The colour of a list that is one plain rectangle from the origin filling `size` (to within a pixel): what a
    /// renderer can show as a single pixel the compositor stretches. Nil for anything else.
    public func solidFill(size: SIMD2<Double>) -> RGBA? {
        guard commands.count == 1, case let .rect(rect, fill) = commands[0], rect.origin == .zero,
              (rect.size - size).x.magnitude < 1, (rect.size - size).y.magnitude < 1 else { return nil }
        return fill
    }
}
