import MomentumCore
import MomentumLayers
import MomentumRun
import MomentumScenes
import WaylandClient

/// Finds the first number that is not finite in what a scene traces, draws or reports. Every walker visits every
/// floating-point leaf (`FiniteCheckTests` counts them against a `Mirror` walk, so a new field cannot be missed
/// silently). Paths are built only when a path is given: a check walks once without (cheap, every frame) and, when
/// it finds a NaN or infinity, once more with, to say where.
enum FiniteCheck {
    /// Called with every floating-point leaf (and its path when one is being built); returning false stops the walk.
    typealias Visitor = (_ path: String?, _ value: Double) -> Bool

    /// The first non-finite leaf `walk` visits, as "path = value" under `root`; nil when every leaf is finite.
    static func firstNonFinite(at root: String, _ walk: (_ path: String?, _ visit: Visitor) -> Void) -> String? {
        var bad = false
        walk(nil) { _, value in
            bad = !value.isFinite
            return !bad
        }
        guard bad else { return nil }
        var found = "\(root): a non-finite value"
        walk(root) { path, value in
            guard !value.isFinite else { return true }
            found = "\(path ?? root) = \(value)"
            return false
        }
        return found
    }

    /// `path` + `suffix`, when a path is being built.
    private static func sub(_ path: String?, _ suffix: @autoclosure () -> String) -> String? {
        guard let path else { return nil }
        return path + suffix()
    }

    // MARK: Trace records and scene events

    /// Walks `fields` (a scene's trace record or an event's values); returns false when stopped.
    @discardableResult
    static func walk(_ fields: [TraceField], at path: String?, _ visit: Visitor) -> Bool {
        for field in fields {
            guard walk(field.value, at: sub(path, "." + field.key), visit) else { return false }
        }
        return true
    }

    /// Walks one trace value.
    @discardableResult
    static func walk(_ value: TraceValue, at path: String?, _ visit: Visitor) -> Bool {
        switch value {
        case .number(let x): return visit(path, x)
        case .string, .bool: return true
        case .array(let items):
            for i in items.indices { guard walk(items[i], at: sub(path, "[\(i)]"), visit) else { return false } }
            return true
        case .object(let fields): return walk(fields, at: path, visit)
        }
    }

    /// Walks a scene event's fields.
    @discardableResult
    static func walk(_ event: SceneEvent, at path: String?, _ visit: Visitor) -> Bool {
        walk(event.fields, at: sub(path, "(\(event.kind.rawValue))"), visit)
    }

    // MARK: Drawing

    /// Walks every command of `list`.
    @discardableResult
    static func walk(_ list: DrawList, at path: String?, _ visit: Visitor) -> Bool {
        // Index loops: `enumerated()` costs more than the check itself in a debug build.
        let commands = list.commands
        for i in commands.indices {
            guard walk(commands[i], at: sub(path, "[\(i)]"), visit) else { return false }
        }
        return true
    }

    /// Walks one drawing command.
    @discardableResult
    static func walk(_ command: DrawCommand, at path: String?, _ visit: Visitor) -> Bool {
        switch command {
        case .background(let top, let bottom):
            return walk(top, at: sub(path, ".background.top"), visit)
                && walk(bottom, at: sub(path, ".background.bottom"), visit)
        case .roundedRect(let shape):
            let p = sub(path, ".roundedRect")
            guard walk(shape.rect, at: sub(p, ".rect"), visit),
                  visit(sub(p, ".cornerRadius"), shape.cornerRadius),
                  walk(shape.fill, at: sub(p, ".fill"), visit),
                  visit(sub(p, ".rotation"), shape.rotation),
                  visit(sub(p, ".scale"), shape.scale),
                  visit(sub(p, ".opacity"), shape.opacity) else { return false }
            guard let shadow = shape.shadow else { return true }
            return visit(sub(p, ".shadow.blurRadius"), shadow.blurRadius)
                && walk(shadow.offset, at: sub(p, ".shadow.offset"), visit)
                && walk(shadow.color, at: sub(p, ".shadow.color"), visit)
        case .rect(let rect, let fill):
            return walk(rect, at: sub(path, ".rect"), visit) && walk(fill, at: sub(path, ".rect.fill"), visit)
        case .text(let run):
            let p = sub(path, ".text")
            return walk(run.position, at: sub(p, ".position"), visit) && visit(sub(p, ".size"), run.size)
                && walk(run.color, at: sub(p, ".color"), visit)
        case .line(let line):
            let p = sub(path, ".line")
            guard walk(line.from, at: sub(p, ".from"), visit), walk(line.to, at: sub(p, ".to"), visit),
                  visit(sub(p, ".width"), line.width), walk(line.color, at: sub(p, ".color"), visit)
            else { return false }
            if let d = line.previousDirection, !walk(d, at: sub(p, ".previousDirection"), visit) { return false }
            if let d = line.nextDirection, !walk(d, at: sub(p, ".nextDirection"), visit) { return false }
            return true
        case .raster(let run):
            let p = sub(path, ".raster")
            for (index, corner) in run.corners.enumerated() where !walk(corner, at: sub(p, ".corners[\(index)]"), visit) {
                return false
            }
            guard walk(run.size, at: sub(p, ".size"), visit), visit(sub(p, ".rasterScale"), run.rasterScale),
                  visit(sub(p, ".opacity"), run.opacity) else { return false }
            for (index, inner) in run.content.commands.enumerated()
            where !walk(inner, at: sub(p, ".content[\(index)]"), visit) { return false }
            return true
        }
    }

    static func walk(_ rect: DrawRect, at path: String?, _ visit: Visitor) -> Bool {
        walk(rect.origin, at: sub(path, ".origin"), visit) && walk(rect.size, at: sub(path, ".size"), visit)
    }

    static func walk(_ color: RGBA, at path: String?, _ visit: Visitor) -> Bool {
        visit(sub(path, ".r"), Double(color.r)) && visit(sub(path, ".g"), Double(color.g))
            && visit(sub(path, ".b"), Double(color.b)) && visit(sub(path, ".a"), Double(color.a))
    }

    static func walk(_ v: SIMD2<Double>, at path: String?, _ visit: Visitor) -> Bool {
        visit(sub(path, ".x"), v.x) && visit(sub(path, ".y"), v.y)
    }

    // MARK: Recognisers and platform input

    /// Walks a `MultiTouchGestureRecognizer` event.
    @discardableResult
    static func walk(_ event: GestureEvent, at path: String?, _ visit: Visitor) -> Bool {
        let p = sub(path, "(\(event))")
        switch event {
        case .touchDown(let v), .tap(let v), .lifted(let v), .panBegan(let v), .panChanged(let v):
            return walk(v, at: p, visit)
        case .panEnded(let t, let v):
            return walk(t, at: sub(p, ".translation"), visit) && walk(v, at: sub(p, ".velocity"), visit)
        case .pinchBegan(let x), .pinchChanged(let x), .rotationBegan(let x), .rotationChanged(let x):
            return visit(p, x)
        case .pinchEnded(let a, let b), .rotationEnded(let a, let b):
            return visit(p, a) && visit(p, b)
        case .cancelled:
            return true
        }
    }

    /// Walks a `PanTapRecognizer` event.
    @discardableResult
    static func walk(_ event: PanTapRecognizer.Event, at path: String?, _ visit: Visitor) -> Bool {
        let p = sub(path, "(\(event))")
        switch event {
        case .pressed(let v), .panBegan(let v), .panChanged(let v), .tap(let v), .released(let v):
            return walk(v, at: p, visit)
        case .panEnded(let position, let velocity):
            return walk(position, at: sub(p, ".position"), visit) && walk(velocity, at: sub(p, ".velocity"), visit)
        case .cancelled:
            return true
        }
    }

    /// Walks a touch frame as the seat assembled it (what the engine's `TouchChange` asserts is finite).
    @discardableResult
    static func walk(_ frame: Touch.Frame, at path: String?, _ visit: Visitor) -> Bool {
        for (i, change) in frame.changes.enumerated() {
            let p = sub(path, "[\(i)](\(change.phase) id \(change.id))")
            guard walk(change.position, at: sub(p, ".position"), visit), visit(sub(p, ".time"), change.time)
            else { return false }
        }
        return true
    }
}

extension FiniteCheck {
    // MARK: The run core's trace lines

    /// Walks a trace line (its time and its record's numbers).
    @discardableResult
    static func walk(_ line: TraceLine, at path: String?, _ visit: Visitor) -> Bool {
        visit(sub(path, ".t"), line.t) && walk(line.record, at: sub(path, "(\(line.record.event))"), visit)
    }

    /// Walks a trace record's numbers.
    @discardableResult
    static func walk(_ record: TraceRecord, at path: String?, _ visit: Visitor) -> Bool {
        switch record {
        case .clock, .window, .seat, .cursor, .discarded, .scene, .backend, .truncated, .system:
            return true
        case .unchanged(_, let step): return visit(sub(path, ".step"), step)
        case .configure(let c): return visit(sub(path, ".scale"), c.scale)
        case .touch(let t): return walk(t.position, at: sub(path, ".position"), visit) && visit(sub(path, ".time"), t.time)
        case .frame(let f):
            let optionals: [(String, Double?)] = [("callbackT", f.callbackT), ("wakeT", f.wakeT),
                                                  ("targetT", f.targetT), ("predictMicros", f.predictMicros)]
            guard visit(sub(path, ".step"), f.step), visit(sub(path, ".tickMicros"), f.tickMicros),
                  visit(sub(path, ".renderMicros"), f.renderMicros), visit(sub(path, ".commitT"), f.commitT),
                  visit(sub(path, ".cpuMicros"), f.cpuMicros) else { return false }
            if let surface = f.layerSurface, !walk(surface, at: sub(path, ".layerSurface"), visit) { return false }
            for (name, value) in optionals {
                if let value, !visit(sub(path, "." + name), value) { return false }
            }
            return true
        case .presented: return true
        case .sceneState(let state): return walk(state.fields, at: sub(path, "." + state.name), visit)
        case .gesture(let event): return walk(event, at: path, visit)
        case .switcher(let s): return walk(s.targets, at: sub(path, ".targets"), visit)
        case .layout(let l):
            return walk(l.targets, at: sub(path, ".targets"), visit) && walk(l.chrome, at: sub(path, ".chrome"), visit)
        case .drawn(let d):
            return walk(d.layout.texts.map { TouchTarget($0.run.string, DrawRect(origin: $0.run.position,
                                                                                  size: SIMD2($0.run.size, 0))) },
                        at: sub(path, ".texts"), visit)
                && walk(d.layout.fills.map { TouchTarget("fill", $0.shape.rect) }, at: sub(path, ".fills"), visit)
                && walk(d.layout.marks.map { TouchTarget($0.name, $0.rect) }, at: sub(path, ".marks"), visit)
        case .rest(let cpu): return visit(sub(path, ".cpu"), cpu)
        case .exit(let e): return visit(sub(path, ".cpu"), e.cpu)
        }
    }

    static func walk(_ targets: [TouchTarget], at path: String?, _ visit: Visitor) -> Bool {
        for (i, target) in targets.enumerated() {
            guard walk(target.rect, at: sub(path, "[\(i)] \(target.name)"), visit) else { return false }
        }
        return true
    }
}
