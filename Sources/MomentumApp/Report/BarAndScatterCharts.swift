/// A set of values with the name the chart's legend gives it and an optional colour (the palette's otherwise).
struct NamedValues {
    var name: String
    var values: [Double]
    var color: String?
    init(_ name: String, values: [Double], color: String? = nil) {
        self.name = name
        self.values = values
        self.color = color
    }
}

/// One bar per item (e.g. per frame) made of stacked segments (e.g. callback → commit → present, or tick and
/// render), with horizontal reference lines (a frame budget).
///
///     StackedBarChart(title: "Work per frame", x: AxisLabel("frame"), y: AxisLabel("time", unit: "ms"),
///                     positions: frames.map(\.seq),
///                     segments: [.init("tick", values: ticks), .init("render", values: renders)],
///                     references: [ReferenceLine(16.67, label: "refresh")])
struct StackedBarChart: SVGChart {
    /// One layer of every bar: its legend name and one value per bar (NaN, infinite and negative values count as 0).
    typealias Segment = NamedValues

    var title: String
    /// What the bars stand for (their x positions).
    var x: AxisLabel
    var y: AxisLabel
    /// Each bar's x position (e.g. the frame number), in order; bars are as wide as the closest two are apart.
    var positions: [Double]
    /// The segments, bottom first; each has one value per position (missing values count as 0). With no finite
    /// value at all the chart says "no data".
    var segments: [Segment]
    /// Horizontal lines at values of y.
    var references: [ReferenceLine] = []
    var width = 960.0, height = 300.0

    init(title: String, x: AxisLabel, y: AxisLabel, positions: [Double], segments: [Segment],
         references: [ReferenceLine] = [], width: Double = 960, height: Double = 300) {
        self.title = title
        self.x = x
        self.y = y
        self.positions = positions
        self.segments = segments
        self.references = references
        self.width = width
        self.height = height
    }

    private func value(_ segment: Segment, _ index: Int) -> Double {
        guard index < segment.values.count else { return 0 }
        let v = segment.values[index]
        return v.isFinite && v > 0 ? v : 0
    }

    func svg() -> String {
        let legend = segments.enumerated().map {
            LegendEntry(label: $0.element.name, color: $0.element.color ?? ChartPalette.color($0.offset), swatch: .box)
        } + references.map { LegendEntry(label: $0.label, color: $0.color, swatch: .dashed) }
        var canvas = SVGCanvas(width: width, height: height, title: title, legend: legend)
        let bars = positions.indices.filter { positions[$0].isFinite }
        let sortedPositions = bars.map { positions[$0] }.sorted()
        let spacing = zip(sortedPositions, sortedPositions.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.min() ?? 1
        let totals = bars.map { i in segments.reduce(0) { $0 + value($1, i) } }
        let anyValue = bars.contains { i in segments.contains { i < $0.values.count && $0.values[i].isFinite } }
        guard anyValue, let lo = sortedPositions.first, let hi = sortedPositions.last,
              let yScale = NiceScale(fitting: totals + references.map(\.value).filter(\.isFinite),
                                     ticks: Int(height / 60), includeZero: true)
        else {
            canvas.noData(x: x, y: y)
            return canvas.finished()
        }
        var xScale = NiceScale(lower: lo - spacing / 2, upper: hi + spacing / 2, ticks: Int(width / 90))
        xScale.step = max(xScale.step, spacing)
        let a = canvas.plotArea
        let f = PlotFrame(width: width, height: height, left: a.left, top: a.top, right: a.right, bottom: a.bottom,
                          x: xScale, y: yScale)
        canvas.axes(f, x: x, y: y)
        let slot = f.px(lo + spacing) - f.px(lo)
        let barWidth = slot >= 4 ? slot * 0.8 : max(slot, 0.5)
        var out = ""
        for i in bars {
            var base = 0.0
            let cx = f.px(positions[i])
            out += "<g class=\"bar\">"
            for (s, segment) in segments.enumerated() {
                let v = value(segment, i)
                guard v > 0 else { continue }
                let y0 = f.py(base), y1 = f.py(base + v)
                let color = ReportText.escape(segment.color ?? ChartPalette.color(s))
                out += "<rect x=\"\(svgNum(cx - barWidth / 2))\" y=\"\(svgNum(y1))\" width=\"\(svgNum(barWidth))\" "
                out += "height=\"\(svgNum(max(y0 - y1, 0)))\" fill=\"\(color)\"><title>"
                out += ReportText.escape("\(x.name) \(ReportText.number(positions[i], significant: 7)): \(segment.name) "
                    + "\(ReportText.number(v))\(y.unit.isEmpty ? "" : " " + y.unit)")
                out += "</title></rect>"
                base += v
            }
            out += "</g>\n"
        }
        canvas.append(out)
        canvas.horizontalReferences(references, frame: f)
        return canvas.finished()
    }
}

/// Points of one or more series as dots, e.g. render time against pixels drawn; horizontal reference lines.
///
///     ScatterChart(title: "Render time by pixels drawn", x: AxisLabel("drawn", unit: "Mpx"),
///                  y: AxisLabel("render", unit: "ms"), series: [ChartSeries("frames", points: pairs)])
struct ScatterChart: SVGChart {
    var title: String
    var x: AxisLabel
    var y: AxisLabel
    /// The series; each point is a dot.
    var series: [ChartSeries]
    /// Horizontal lines at values of y.
    var references: [ReferenceLine] = []
    /// Both axes start at zero.
    var includeZero = true
    var width = 960.0, height = 300.0

    init(title: String, x: AxisLabel, y: AxisLabel, series: [ChartSeries], references: [ReferenceLine] = [],
         includeZero: Bool = true, width: Double = 960, height: Double = 300) {
        self.title = title
        self.x = x
        self.y = y
        self.series = series
        self.references = references
        self.includeZero = includeZero
        self.width = width
        self.height = height
    }

    func svg() -> String {
        let legend = series.enumerated().map {
            LegendEntry(label: $0.element.name, color: $0.element.color ?? ChartPalette.color($0.offset), swatch: .dot)
        } + references.map { LegendEntry(label: $0.label, color: $0.color, swatch: .dashed) }
        var canvas = SVGCanvas(width: width, height: height, title: title, legend: legend)
        let points = series.flatMap(\.finitePoints)
        guard let xScale = NiceScale(fitting: points.map(\.x), ticks: Int(width / 90), includeZero: includeZero),
              let yScale = NiceScale(fitting: points.map(\.y) + references.map(\.value).filter(\.isFinite),
                                     ticks: Int(height / 60), includeZero: includeZero)
        else {
            canvas.noData(x: x, y: y)
            return canvas.finished()
        }
        let a = canvas.plotArea
        let f = PlotFrame(width: width, height: height, left: a.left, top: a.top, right: a.right, bottom: a.bottom,
                          x: xScale, y: yScale)
        canvas.axes(f, x: x, y: y)
        canvas.horizontalReferences(references, frame: f)
        var out = ""
        for (index, s) in series.enumerated() {
            let color = ReportText.escape(s.color ?? ChartPalette.color(index))
            for p in s.finitePoints {
                out += "<circle class=\"point\" data-series=\"\(ReportText.escape(s.name))\" cx=\"\(svgNum(f.px(p.x)))\" "
                out += "cy=\"\(svgNum(f.py(p.y)))\" r=\"3\" fill=\"\(color)\" fill-opacity=\"0.6\"/>\n"
            }
        }
        canvas.append(out)
        return canvas.finished()
    }
}
