/// Lines over time (or any x): several series, optional dots at the points, horizontal reference lines (a refresh
/// interval), vertical event markers with labels, shaded spans, and breaks: x ranges with nothing to show (an idle
/// gap) drawn as a narrow hatched column labelled with their length instead of a long flat line.
///
///     TimeSeriesChart(title: "Frame interval", y: AxisLabel("interval", unit: "ms"),
///                     series: [ChartSeries("interval", points: intervals, markers: true)],
///                     references: [ReferenceLine(16.67, label: "refresh 16.67 ms")],
///                     breaks: [3.1...5.8])
struct TimeSeriesChart: SVGChart {
    var title: String
    /// The x axis (time in seconds by default).
    var x = AxisLabel("time", unit: "s")
    /// The value axis.
    var y: AxisLabel
    /// The lines, each in x order.
    var series: [ChartSeries]
    /// Horizontal lines at values of y (included in the y range).
    var references: [ReferenceLine] = []
    /// Vertical lines at instants (those outside the series' x range are left out).
    var markers: [EventMarker] = []
    /// Shaded stretches of x (clipped to the series' x range).
    var spans: [ShadedSpan] = []
    /// Ranges of x drawn collapsed, as a break labelled with their length in x units (`x.unit`). Lines are not
    /// drawn across a break.
    var breaks: [ClosedRange<Double>] = []
    /// The y range always includes zero (a velocity, a duration).
    var includeZero = false
    /// The SVG's size in pixels.
    var width = 960.0, height = 300.0

    init(title: String, x: AxisLabel = AxisLabel("time", unit: "s"), y: AxisLabel, series: [ChartSeries],
         references: [ReferenceLine] = [], markers: [EventMarker] = [], spans: [ShadedSpan] = [],
         breaks: [ClosedRange<Double>] = [], includeZero: Bool = false, width: Double = 960, height: Double = 300) {
        self.title = title
        self.x = x
        self.y = y
        self.series = series
        self.references = references
        self.markers = markers
        self.spans = spans
        self.breaks = breaks
        self.includeZero = includeZero
        self.width = width
        self.height = height
    }

    /// The layout the chart is drawn with: nil when no series has a finite point ("no data").
    func frame() -> PlotFrame? {
        let points = series.flatMap(\.finitePoints)
        guard let xScale = NiceScale(fitting: points.map(\.x), ticks: Int(width / 90), tight: true),
              let yScale = NiceScale(fitting: points.map(\.y) + references.map(\.value).filter(\.isFinite),
                                     ticks: Int(height / 60), includeZero: includeZero)
        else { return nil }
        let canvas = SVGCanvas(width: width, height: height, title: title, legend: legend())
        let a = canvas.plotArea
        // Ticks for the visible time alone: a long break would otherwise leave two ticks on the axis.
        var x = xScale
        let hidden = PlotFrame.normalised(breaks, within: x.lower...x.upper).reduce(0) { $0 + $1.upperBound - $1.lowerBound }
        if hidden > 0, x.upper - x.lower - hidden > 0 {
            x.step = NiceScale.niceStep((x.upper - x.lower - hidden) / Double(max(1, Int(width / 90))))
        }
        return PlotFrame(width: width, height: height, left: a.left, top: a.top, right: a.right, bottom: a.bottom,
                         x: x, y: yScale, breaks: breaks)
    }

    func svg() -> String {
        var canvas = SVGCanvas(width: width, height: height, title: title, legend: legend())
        guard let f = frame() else {
            canvas.noData(x: x, y: y)
            return canvas.finished()
        }
        canvas.axes(f, x: x, y: y)
        var out = ""
        // Spans under everything else.
        for span in spans where span.from.isFinite && span.to.isFinite && span.to >= f.x.lower && span.from <= f.x.upper {
            let x0 = f.px(max(span.from, f.x.lower)), x1 = f.px(min(span.to, f.x.upper))
            let w = max(x1 - x0, 1.5)
            let color = ReportText.escape(span.color)
            out += "<rect class=\"span\" x=\"\(svgNum(x0))\" y=\"\(svgNum(f.top))\" width=\"\(svgNum(w))\" "
            out += "height=\"\(svgNum(f.bottom - f.top))\" fill=\"\(color)\" fill-opacity=\"0.13\"/>\n"
            // Its ends (a finger's down and up) as thin lines.
            for edge in [x0, x0 + w] where w > 1.5 {
                out += "<line class=\"span-edge\" x1=\"\(svgNum(edge))\" y1=\"\(svgNum(f.top))\" x2=\"\(svgNum(edge))\" "
                out += "y2=\"\(svgNum(f.bottom))\" stroke=\"\(color)\" stroke-opacity=\"0.6\"/>\n"
            }
        }
        canvas.append(out)
        canvas.horizontalReferences(references, frame: f)
        out = ""
        for (index, s) in series.enumerated() {
            let color = ReportText.escape(s.color ?? ChartPalette.color(index))
            let dash = s.dashed ? " stroke-dasharray=\"6 3\"" : ""
            let points = s.points
            for run in runs(points, frame: f) where run.count > 1 {
                out += "<polyline class=\"series\" data-series=\"\(ReportText.escape(s.name))\" fill=\"none\" "
                out += "stroke=\"\(color)\" stroke-width=\"1.8\" stroke-linejoin=\"round\"\(dash) points=\""
                out += run.map { "\(svgNum(f.px($0.x))),\(svgNum(f.py($0.y)))" }.joined(separator: " ")
                out += "\"/>\n"
            }
            // A point alone between breaks (or a series of one point) shows as a dot.
            let lone = runs(points, frame: f).filter { $0.count == 1 }.flatMap { $0 }
            for p in s.markers ? s.finitePoints : lone {
                out += "<circle class=\"point\" data-series=\"\(ReportText.escape(s.name))\" cx=\"\(svgNum(f.px(p.x)))\" "
                out += "cy=\"\(svgNum(f.py(p.y)))\" r=\"\(s.markers ? "2.2" : "2.6")\" fill=\"\(color)\"/>\n"
            }
        }
        canvas.append(out)
        canvas.append(markerSVG(f))
        canvas.append(breakSVG(f))
        return canvas.finished()
    }

    /// The finite points split where a break lies between two of them and where a point is not finite.
    private func runs(_ points: [(x: Double, y: Double)], frame f: PlotFrame) -> [[(x: Double, y: Double)]] {
        var result: [[(x: Double, y: Double)]] = []
        var current: [(x: Double, y: Double)] = []
        for p in points {
            guard p.x.isFinite, p.y.isFinite else {
                if !current.isEmpty { result.append(current) }
                current = []
                continue
            }
            if let last = current.last, f.breakBetween(last.x, p.x) {
                result.append(current)
                current = []
            }
            current.append(p)
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    private func markerSVG(_ f: PlotFrame) -> String {
        var out = ""
        // Labels go in up to three rows at the top of the plot; one that fits in no row is left out.
        var rowEnds = [Double](repeating: -.infinity, count: 3)
        for m in markers where m.x.isFinite && m.x >= f.x.lower && m.x <= f.x.upper {
            let x = f.px(m.x)
            let color = ReportText.escape(m.color)
            let dash = m.dashed ? " stroke-dasharray=\"3 3\"" : ""
            out += "<line class=\"marker\" x1=\"\(svgNum(x))\" y1=\"\(svgNum(f.top))\" x2=\"\(svgNum(x))\" "
            out += "y2=\"\(svgNum(f.bottom))\" stroke=\"\(color)\" stroke-width=\"1\"\(dash)/>\n"
            guard let label = m.label, !label.isEmpty else { continue }
            let w = SVGCanvas.textWidth(label, fontSize: 10)
            let startsRight = x + 3 + w <= f.right
            let from = startsRight ? x + 3 : x - 3 - w, to = startsRight ? x + 3 + w : x - 3
            guard let row = rowEnds.firstIndex(where: { $0 + 4 < from }) else { continue }
            rowEnds[row] = to
            let ly = f.top + 12 + Double(row) * 12
            out += "<text class=\"marker-label\" x=\"\(svgNum(startsRight ? x + 3 : x - 3))\" y=\"\(svgNum(ly))\" "
            out += "text-anchor=\"\(startsRight ? "start" : "end")\" font-size=\"10\" fill=\"\(color)\">"
            out += "\(ReportText.escape(label))</text>\n"
        }
        return out
    }

    private func breakSVG(_ f: PlotFrame) -> String {
        var out = ""
        for b in f.breaks {
            let x0 = f.px(b.lowerBound), x1 = x0 + f.breakWidth
            let mid = (x0 + x1) / 2
            let length = ReportText.number(b.upperBound - b.lowerBound, significant: 2)
            out += "<g class=\"break\">"
            out += "<rect x=\"\(svgNum(x0))\" y=\"\(svgNum(f.top - 1))\" width=\"\(svgNum(x1 - x0))\" "
            out += "height=\"\(svgNum(f.bottom - f.top + 2))\" fill=\"#ffffff\"/>"
            // Two slanted edges, the usual mark of a cut axis.
            for edge in [x0, x1] {
                out += "<line x1=\"\(svgNum(edge - 3))\" y1=\"\(svgNum(f.bottom + 6))\" x2=\"\(svgNum(edge + 3))\" "
                out += "y2=\"\(svgNum(f.top - 6))\" stroke=\"#999\" stroke-width=\"1\"/>"
            }
            out += "<text x=\"\(svgNum(mid))\" y=\"\(svgNum((f.top + f.bottom) / 2 - 4))\" text-anchor=\"middle\" "
            out += "font-size=\"10\" fill=\"#666\">idle</text>"
            out += "<text x=\"\(svgNum(mid))\" y=\"\(svgNum((f.top + f.bottom) / 2 + 9))\" text-anchor=\"middle\" "
            out += "font-size=\"10\" fill=\"#666\">\(ReportText.escape(x.unit.isEmpty ? length : length + " " + x.unit))</text>"
            out += "</g>\n"
        }
        return out
    }

    private func legend() -> [LegendEntry] {
        var entries: [LegendEntry] = []
        for (index, s) in series.enumerated() {
            entries.append(LegendEntry(label: s.name, color: s.color ?? ChartPalette.color(index),
                                       swatch: s.dashed ? .dashed : .line))
        }
        for r in references { entries.append(LegendEntry(label: r.label, color: r.color, swatch: .dashed)) }
        var groups: Set<String> = []
        for s in spans where groups.insert("span:" + s.group).inserted {
            entries.append(LegendEntry(label: s.group, color: s.color, swatch: .box))
        }
        for m in markers where groups.insert("marker:" + m.group).inserted {
            entries.append(LegendEntry(label: m.group, color: m.color, swatch: m.dashed ? .dashed : .line))
        }
        return entries
    }
}
