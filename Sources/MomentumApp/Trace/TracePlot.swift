#if canImport(Glibc)
import Glibc
#endif

/// Draws a trace as a self-contained SVG: position over time above, velocity over time below, x and y where they
/// move, the target as a dotted step line, dashed verticals at each retarget, and optionally the abrupt
/// (restart-from-rest) run in lighter colours — the seed's "abrupt vs smooth" picture.
struct TracePlot {
    /// The run to draw.
    var run: TraceRun
    /// The restart-from-rest run to overlay, if any.
    var abrupt: TraceRun?
    /// The configuration (initial target, retargets, title details).
    var config: TraceConfiguration

    static let width = 960.0
    static let height = 720.0
    private static let left = 84.0, right = 190.0, top = 72.0, bottom = 56.0, gap = 64.0
    private static let colours = (x: "#1f5fbf", y: "#d0422b")
    private static let lightColours = (x: "#9dbbe8", y: "#f0aa9d")

    /// The SVG document.
    func svg() -> String {
        let panelHeight = (Self.height - Self.top - Self.bottom - Self.gap) / 2
        let plotWidth = Self.width - Self.left - Self.right
        let runs = [run] + (abrupt.map { [$0] } ?? [])
        let tMax = max(runs.flatMap(\.rows).map(\.t).max() ?? 0, 1e-3)
        let time = Axis(min: 0, max: tMax)
        let axes = movingAxes(runs)

        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(n(Self.width))" height="\(n(Self.height))" \
        viewBox="0 0 \(n(Self.width)) \(n(Self.height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif" font-size="12">
        <rect width="100%" height="100%" fill="white"/>
        <text x="\(n(Self.left))" y="22" font-size="15" font-weight="bold">momentum trace · \(config.backend.name)</text>
        <text x="\(n(Self.left))" y="40" fill="#444">\(escape(subtitle))</text>

        """
        let panels: [(name: String, top: Double, value: (TraceRow) -> SIMD2<Double>, targets: Bool)] = [
            ("position", Self.top, { $0.position }, true),
            ("velocity (units/s)", Self.top + panelHeight + Self.gap, { $0.velocity }, false),
        ]
        for panel in panels {
            var values: [Double] = []
            for r in runs {
                for row in series(r) { for a in axes { values.append(panel.value(row)[a]) } }
            }
            if panel.targets { for step in targetSteps(until: tMax) { for a in axes { values.append(step.target[a]) } } }
            let lo = values.min() ?? 0, hi = values.max() ?? 0
            let pad = hi > lo ? (hi - lo) * 0.06 : 1
            let valueAxis = Axis(min: lo - pad, max: hi + pad)
            let frame = Frame(x: Self.left, y: panel.top, width: plotWidth, height: panelHeight, time: time, value: valueAxis)
            out += frame.axesSVG(title: panel.name, timeLabel: panel.targets ? nil : "time (s)")
            if panel.targets {
                for a in axes {
                    out += frame.stepLine(targetSteps(until: tMax).map { ($0.time, $0.target[a]) }, end: tMax,
                                          colour: a == 0 ? Self.colours.x : Self.colours.y)
                }
            }
            if let abrupt {
                for a in axes {
                    out += frame.polyline(series(abrupt).map { ($0.t, panel.value($0)[a]) },
                                          colour: a == 0 ? Self.lightColours.x : Self.lightColours.y, width: 2)
                }
            }
            for a in axes {
                out += frame.polyline(series(run).map { ($0.t, panel.value($0)[a]) },
                                      colour: a == 0 ? Self.colours.x : Self.colours.y, width: 2)
            }
            out += frame.retargetLines(config.retargets, labelled: panel.targets)
        }
        out += legend(axes)
        out += "</svg>\n"
        return out
    }

    private var subtitle: String {
        var text = "\(config.backend.summary) · \(TraceNumber.short(config.rate)) Hz"
        if config.jitter > 0 { text += " ±\(TraceNumber.short(config.jitter * 100)) % (seed \(config.seed))" }
        return text
    }

    /// Rows with each retarget's before/after states inserted at its instant (an abrupt restart shows as a jump).
    private func series(_ run: TraceRun) -> [TraceRow] {
        var result: [TraceRow] = []
        var events = run.retargets[...]
        for row in run.rows {
            while let event = events.first, event.retarget.time <= row.t {
                result.append(event.before)
                result.append(event.after)
                events.removeFirst()
            }
            result.append(row)
        }
        return result
    }

    /// Components (0 = x, 1 = y) whose position or target changes; x alone if nothing moves.
    private func movingAxes(_ runs: [TraceRun]) -> [Int] {
        let moving = (0..<2).filter { a in
            let values = runs.flatMap(\.rows).map { $0.position[a] } + targetSteps(until: .infinity).map { $0.target[a] }
            guard let lo = values.min(), let hi = values.max() else { return false }
            return hi - lo > 1e-9
        }
        return moving.isEmpty ? [0] : moving
    }

    private func targetSteps(until end: Double) -> [(time: Double, target: SIMD2<Double>)] {
        [(0, config.to)] + config.retargets.filter { $0.time <= end }.map { ($0.time, $0.target) }
    }

    private func legend(_ axes: [Int]) -> String {
        var entries: [(String, String, String)] = []  // colour, dash, label
        for a in axes {
            let name = a == 0 ? "x" : "y"
            entries.append((a == 0 ? Self.colours.x : Self.colours.y, "", "\(name) (velocity kept)"))
            if abrupt != nil {
                entries.append((a == 0 ? Self.lightColours.x : Self.lightColours.y, "", "\(name) restart at rest"))
            }
            entries.append((a == 0 ? Self.colours.x : Self.colours.y, "2 3", "\(name) target"))
        }
        if !config.retargets.isEmpty { entries.append(("#555555", "6 4", "retarget")) }
        let x0 = Self.width - Self.right + 18
        var out = ""
        for (i, entry) in entries.enumerated() {
            let y = Self.top + 10 + Double(i) * 20
            let width = entry.1 == "2 3" ? 1.2 : 2
            let dash = entry.1.isEmpty ? "" : " stroke-dasharray=\"\(entry.1)\""
            out += "<line x1=\"\(n(x0))\" y1=\"\(n(y))\" x2=\"\(n(x0 + 26))\" y2=\"\(n(y))\" stroke=\"\(entry.0)\" "
                + "stroke-width=\"\(n(width))\"\(dash)/>"
            out += "<text x=\"\(n(x0 + 32))\" y=\"\(n(y + 4))\">\(escape(entry.2))</text>\n"
        }
        return out
    }

    /// A linear axis with "nice" ticks (1, 2, 5 × 10ⁿ).
    struct Axis {
        var min: Double
        var max: Double

        var ticks: [Double] {
            let span = max - min
            guard span > 0, span.isFinite else { return [min] }
            let raw = span / 8
            let magnitude = Glibc.pow(10, Glibc.floor(Glibc.log10(raw)))
            let step = [1.0, 2, 5, 10].map { $0 * magnitude }.first { $0 >= raw } ?? 10 * magnitude
            var tick = (min / step).rounded(.up) * step
            var result: [Double] = []
            while tick <= max + step * 1e-9 {
                result.append(abs(tick) < step * 1e-9 ? 0 : tick)
                tick += step
            }
            return result
        }
    }

    /// One panel's plotting rectangle and its two axes.
    struct Frame {
        var x: Double, y: Double, width: Double, height: Double
        var time: Axis, value: Axis

        func px(_ t: Double) -> Double { x + (t - time.min) / (time.max - time.min) * width }
        func py(_ v: Double) -> Double { y + height - (v - value.min) / (value.max - value.min) * height }

        func axesSVG(title: String, timeLabel: String?) -> String {
            var out = "<text x=\"\(n(x))\" y=\"\(n(y - 8))\" font-weight=\"bold\">\(escape(title))</text>\n"
            out += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#fbfbfb\" "
                + "stroke=\"#333\" stroke-width=\"1\"/>\n"
            for t in time.ticks {
                let X = px(t)
                out += "<line x1=\"\(n(X))\" y1=\"\(n(y))\" x2=\"\(n(X))\" y2=\"\(n(y + height))\" stroke=\"#e4e4e4\"/>"
                out += "<line x1=\"\(n(X))\" y1=\"\(n(y + height))\" x2=\"\(n(X))\" y2=\"\(n(y + height + 5))\" stroke=\"#333\"/>"
                out += "<text x=\"\(n(X))\" y=\"\(n(y + height + 18))\" text-anchor=\"middle\">\(TraceNumber.short(t))</text>\n"
            }
            for v in value.ticks {
                let Y = py(v)
                out += "<line x1=\"\(n(x))\" y1=\"\(n(Y))\" x2=\"\(n(x + width))\" y2=\"\(n(Y))\" stroke=\"#e4e4e4\"/>"
                out += "<line x1=\"\(n(x - 5))\" y1=\"\(n(Y))\" x2=\"\(n(x))\" y2=\"\(n(Y))\" stroke=\"#333\"/>"
                out += "<text x=\"\(n(x - 8))\" y=\"\(n(Y + 4))\" text-anchor=\"end\">\(TraceNumber.short(v))</text>\n"
            }
            if value.min < 0 && value.max > 0 {
                out += "<line x1=\"\(n(x))\" y1=\"\(n(py(0)))\" x2=\"\(n(x + width))\" y2=\"\(n(py(0)))\" stroke=\"#999\"/>\n"
            }
            if let timeLabel {
                out += "<text x=\"\(n(x + width / 2))\" y=\"\(n(y + height + 40))\" text-anchor=\"middle\">"
                    + "\(escape(timeLabel))</text>\n"
            }
            return out
        }

        func polyline(_ points: [(Double, Double)], colour: String, width strokeWidth: Double) -> String {
            let list = points.map { "\(n(px($0.0))),\(n(py($0.1)))" }.joined(separator: " ")
            return "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(n(strokeWidth))\" "
                + "stroke-linejoin=\"round\" points=\"\(list)\"/>\n"
        }

        func stepLine(_ steps: [(Double, Double)], end: Double, colour: String) -> String {
            var points: [(Double, Double)] = []
            for (i, step) in steps.enumerated() {
                if i > 0 { points.append((step.0, steps[i - 1].1)) }
                points.append(step)
            }
            if let last = steps.last { points.append((end, last.1)) }
            let list = points.map { "\(n(px($0.0))),\(n(py($0.1)))" }.joined(separator: " ")
            return "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.2\" stroke-dasharray=\"2 3\" "
                + "opacity=\"0.8\" points=\"\(list)\"/>\n"
        }

        func retargetLines(_ retargets: [TraceRetarget], labelled: Bool) -> String {
            var out = ""
            for (i, r) in retargets.enumerated() where r.time <= time.max {
                let X = px(r.time)
                out += "<line x1=\"\(n(X))\" y1=\"\(n(y))\" x2=\"\(n(X))\" y2=\"\(n(y + height))\" stroke=\"#555\" "
                    + "stroke-width=\"1.2\" stroke-dasharray=\"6 4\"/>\n"
                if labelled {
                    let label = "retarget @ \(TraceNumber.short(r.time)) s → "
                        + "(\(TraceNumber.short(r.target.x)), \(TraceNumber.short(r.target.y)))"
                    let ly = y + 14 + Double(i % 3) * 14
                    let anchor = X > x + width * 0.7 ? "end" : "start"
                    let lx = anchor == "end" ? X - 4 : X + 4
                    out += "<text x=\"\(n(lx))\" y=\"\(n(ly))\" text-anchor=\"\(anchor)\" fill=\"#333\" "
                        + "font-size=\"11\">\(escape(label))</text>\n"
                }
            }
            return out
        }
    }
}

/// A coordinate with two decimals.
private func n(_ value: Double) -> String { TraceNumber.fixed(value, decimals: 2) }

/// Text escaped for SVG content and attributes.
private func escape(_ text: String) -> String {
    text.replacing("&", with: "&amp;").replacing("<", with: "&lt;")
        .replacing(">", with: "&gt;").replacing("\"", with: "&quot;")
}
