import Glibc
import MomentumRun

// The report kit's charts: self-contained SVG (no scripts, no external fonts or styles), deterministic (the same
// input gives the same bytes), with a title, a legend, axes with ticks and units. Values are plain `Double`s or
// `(x, y)` pairs; NaN and infinite values are dropped, and a chart left with nothing to draw says "no data".
//
//     let chart = TimeSeriesChart(
//         title: "Panel position", y: AxisLabel("y", unit: "px"),
//         series: [ChartSeries("y", points: samples)],
//         markers: [EventMarker(x: 1.2, label: "tap", group: "gesture")],
//         breaks: [2.0...4.5])
//     var report = HTMLReport(title: "Run")
//     report.chart(chart)
//
// Charts: `TimeSeriesChart`, `HistogramChart`, `CDFChart`, `StackedBarChart`, `ScatterChart`; documents:
// `HTMLReport`.

/// A chart that draws itself as one `<svg>` element.
protocol SVGChart {
    /// The chart's title (also the SVG's accessible name).
    var title: String { get }
    /// The complete `<svg>…</svg>` element, ending in a newline.
    func svg() -> String
}

/// What an axis shows and in which unit: `AxisLabel("time", unit: "s")` is titled "time (s)".
struct AxisLabel: Sendable {
    /// What the values are.
    var name: String
    /// Their unit; empty for a count or a plain number.
    var unit: String

    /// An axis titled `name (unit)`, or `name` alone without a unit.
    init(_ name: String, unit: String = "") {
        self.name = name
        self.unit = unit
    }

    /// The axis title.
    var text: String { unit.isEmpty ? name : "\(name) (\(unit))" }
}

/// One named line (or set of points) of a time series or scatter chart.
struct ChartSeries: Sendable {
    /// The legend's text.
    var name: String
    /// The points, in x order for a line. NaN and infinite values are not drawn; in a time series the line
    /// breaks there.
    var points: [(x: Double, y: Double)]
    /// A CSS colour; nil takes the next colour of `ChartPalette`.
    var color: String?
    /// Draw a dot at each point (a time series; a scatter chart always does).
    var markers: Bool
    /// Draw the line dashed.
    var dashed: Bool

    init(_ name: String, points: [(x: Double, y: Double)], color: String? = nil, markers: Bool = false,
         dashed: Bool = false) {
        self.name = name
        self.points = points
        self.color = color
        self.markers = markers
        self.dashed = dashed
    }

    /// The finite points.
    var finitePoints: [(x: Double, y: Double)] { points.filter { $0.x.isFinite && $0.y.isFinite } }
}

/// A straight reference line at `value` of the value axis (horizontal in a time series, a scatter or a bar chart;
/// vertical at an x value in a histogram or CDF), e.g. the refresh interval. Always inside the chart's range.
struct ReferenceLine: Sendable {
    /// Where the line is, in data units.
    var value: Double
    /// The legend's text (e.g. "refresh 16.7 ms").
    var label: String
    /// A CSS colour.
    var color: String

    init(_ value: Double, label: String, color: String = "#6b6b6b") {
        self.value = value
        self.label = label
        self.color = color
    }
}

/// A vertical line at an instant of a time series, e.g. a gesture; markers of one `group` share a legend entry.
struct EventMarker: Sendable {
    /// The instant, in x units.
    var x: Double
    /// Text beside the line; nil for none. Labels that would overlap others are left out (the line stays).
    var label: String?
    /// The legend's text for all markers of this group.
    var group: String
    /// A CSS colour.
    var color: String
    /// Draw the line dashed.
    var dashed: Bool

    init(x: Double, label: String? = nil, group: String, color: String = "#555555", dashed: Bool = true) {
        self.x = x
        self.label = label
        self.group = group
        self.color = color
        self.dashed = dashed
    }
}

/// A shaded stretch of x in a time series (e.g. while a finger is down); spans of one `group` share a legend entry.
struct ShadedSpan: Sendable {
    /// Where it starts and ends, in x units.
    var from: Double, to: Double
    /// The legend's text for all spans of this group.
    var group: String
    /// A CSS colour, drawn translucent.
    var color: String

    init(from: Double, to: Double, group: String, color: String = "#2a9d4b") {
        self.from = from
        self.to = to
        self.group = group
        self.color = color
    }
}

/// The colours series take in turn when they name none (distinct in print and for the common colour blindnesses).
enum ChartPalette {
    static let colors = ["#1f5fbf", "#d0422b", "#2a9d4b", "#8e44ad", "#e08a00", "#0e8c8c", "#7a5230", "#c2185b"]

    /// The `index`th colour, cycling.
    static func color(_ index: Int) -> String { colors[index % colors.count] }
}

/// A linear scale with "nice" ticks (1, 2 or 5 × 10ⁿ apart).
struct NiceScale: Equatable {
    /// The ends of the axis.
    var lower: Double, upper: Double
    /// The distance between ticks.
    var step: Double

    /// A scale holding every finite value of `values` (and zero when `includeZero`), about `ticks` ticks apart.
    /// `tight` keeps the ends at the data's extremes; otherwise they are widened to whole ticks. All-equal values
    /// get a range around them; nil when there are no finite values.
    init?(fitting values: [Double], ticks: Int = 6, includeZero: Bool = false, tight: Bool = false) {
        let finite = values.filter(\.isFinite)
        guard var lo = finite.min(), var hi = finite.max() else { return nil }
        if includeZero { lo = Swift.min(lo, 0); hi = Swift.max(hi, 0) }
        if hi - lo <= Swift.max(lo.magnitude, hi.magnitude) * 1e-12 {
            if lo == 0 && includeZero {
                hi = 1
            } else {
                let half = lo == 0 ? 1 : lo.magnitude * 0.1
                lo -= half
                hi += half
            }
        }
        let step = Self.niceStep((hi - lo) / Double(Swift.max(1, ticks)))
        self.step = step
        if tight {
            lower = lo
            upper = hi
        } else {
            lower = Glibc.floor(lo / step + 1e-9) * step
            upper = Glibc.ceil(hi / step - 1e-9) * step
        }
    }

    /// A scale from `lower` to `upper` with about `ticks` ticks.
    init(lower: Double, upper: Double, ticks: Int = 6) {
        self.lower = lower
        self.upper = upper > lower ? upper : lower + 1
        step = Self.niceStep((self.upper - self.lower) / Double(Swift.max(1, ticks)))
    }

    /// 1, 2 or 5 × 10ⁿ, the first at least `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw.isFinite, raw > 0 else { return 1 }
        let magnitude = Glibc.pow(10, Glibc.floor(Glibc.log10(raw)))
        for factor in [1.0, 2, 5] where factor * magnitude >= raw * (1 - 1e-9) { return factor * magnitude }
        return 10 * magnitude
    }

    /// The multiples of `step` from `lower` to `upper`.
    var ticks: [Double] {
        let first = Glibc.ceil(lower / step - 1e-9), last = Glibc.floor(upper / step + 1e-9)
        guard first <= last, last - first < 1000 else { return [] }
        return stride(from: first, through: last, by: 1).map { k in
            let value = k * step
            return value.magnitude < step * 1e-9 ? 0 : value
        }
    }
}

/// The pixel layout of one chart: the plot area inside the SVG and the data-to-pixel mapping, with x ranges
/// collapsed to a fixed width (`breaks`).
struct PlotFrame {
    /// The whole SVG's size.
    let width: Double, height: Double
    /// The plot area's edges, in pixels.
    let left: Double, top: Double, right: Double, bottom: Double
    /// The axes.
    let x: NiceScale, y: NiceScale
    /// Ranges of x drawn as a break of `breakWidth` pixels, sorted and apart.
    let breaks: [ClosedRange<Double>]
    /// The width each break takes.
    let breakWidth: Double
    private let xScale: Double

    init(width: Double, height: Double, left: Double, top: Double, right: Double, bottom: Double,
         x: NiceScale, y: NiceScale, breaks: [ClosedRange<Double>] = []) {
        self.width = width
        self.height = height
        self.left = left
        self.top = top
        self.right = right
        self.bottom = bottom
        self.x = x
        self.y = y
        let inside = Self.normalised(breaks, within: x.lower...x.upper)
        let hidden = inside.reduce(0) { $0 + ($1.upperBound - $1.lowerBound) }
        let plotWidth = right - left
        let visible = x.upper - x.lower - hidden
        if inside.isEmpty || visible <= (x.upper - x.lower) * 1e-6 {
            self.breaks = []
            breakWidth = 0
            xScale = plotWidth / (x.upper - x.lower)
        } else {
            self.breaks = inside
            breakWidth = Swift.min(40, plotWidth * 0.4 / Double(inside.count))
            xScale = (plotWidth - breakWidth * Double(inside.count)) / visible
        }
    }

    /// The breaks inside `range`, merged where they touch, each strictly inside or at its ends.
    static func normalised(_ breaks: [ClosedRange<Double>], within range: ClosedRange<Double>) -> [ClosedRange<Double>] {
        let clipped = breaks.compactMap { b -> ClosedRange<Double>? in
            guard b.lowerBound.isFinite, b.upperBound.isFinite else { return nil }
            let lo = Swift.max(b.lowerBound, range.lowerBound), hi = Swift.min(b.upperBound, range.upperBound)
            return hi > lo ? lo...hi : nil
        }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Double>] = []
        for b in clipped {
            if let last = merged.last, b.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, b.upperBound)
            } else {
                merged.append(b)
            }
        }
        return merged
    }

    /// The pixel column of `value`; a value inside a break goes to the break's nearer edge.
    func px(_ value: Double) -> Double {
        var position = left, cursor = x.lower
        for b in breaks {
            if value <= b.lowerBound { return position + (value - cursor) * xScale }
            position += (b.lowerBound - cursor) * xScale
            if value < b.upperBound {
                return value - b.lowerBound < b.upperBound - value ? position : position + breakWidth
            }
            position += breakWidth
            cursor = b.upperBound
        }
        return position + (value - cursor) * xScale
    }

    /// The pixel row of `value`.
    func py(_ value: Double) -> Double { bottom - (value - y.lower) / (y.upper - y.lower) * (bottom - top) }

    /// True when `value` lies inside a break (not at its edges).
    func isHidden(_ value: Double) -> Bool { breaks.contains { value > $0.lowerBound && value < $0.upperBound } }

    /// True when a break lies between `a` and `b` (a ≤ b), `a` drawn on its left and `b` on its right (a value
    /// inside a break counts as the side it is nearer): a line from one to the other is not drawn.
    func breakBetween(_ a: Double, _ b: Double) -> Bool {
        breaks.contains { brk in
            let middle = (brk.lowerBound + brk.upperBound) / 2
            return a < brk.upperBound && b > brk.lowerBound && a <= middle && b > middle
        }
    }
}

/// One legend entry: a line, a dashed line, a box or a dot in `color`, then `label`.
struct LegendEntry {
    enum Swatch { case line, dashed, box, dot }
    var label: String
    var color: String
    var swatch: Swatch
}

/// Builds one chart's SVG text: the frame around the plot (title, legend, axes, grid) and the shapes in it.
/// Everything the chart types share.
struct SVGCanvas {
    static let fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"
    static let margin = (left: 72.0, right: 20.0, bottom: 48.0)
    private(set) var text = ""
    let width: Double, height: Double
    /// Where the plot area starts below the title and legend.
    let plotTop: Double
    private let legend: [LegendEntry]

    /// A canvas `width` × `height` titled `title` with `legend` under the title (wrapped into rows).
    init(width: Double, height: Double, title: String, legend: [LegendEntry]) {
        self.width = width
        self.height = height
        self.legend = legend
        let rows = Self.legendRows(legend, width: width - Self.margin.left - Self.margin.right)
        plotTop = 30 + Double(rows.count) * 17 + 10
        text += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(svgNum(width))\" height=\"\(svgNum(height))\" "
        text += "viewBox=\"0 0 \(svgNum(width)) \(svgNum(height))\" font-family=\"\(Self.fontFamily)\" font-size=\"12\" "
        text += "role=\"img\" aria-label=\"\(ReportText.escape(title))\">\n"
        text += "<title>\(ReportText.escape(title))</title>\n"
        text += "<rect width=\"\(svgNum(width))\" height=\"\(svgNum(height))\" fill=\"#ffffff\"/>\n"
        text += "<text x=\"\(svgNum(Self.margin.left))\" y=\"20\" font-size=\"14\" font-weight=\"bold\" fill=\"#222\">"
        text += "\(ReportText.escape(title))</text>\n"
        for (row, entries) in rows.enumerated() {
            var x = Self.margin.left
            let y = 38 + Double(row) * 17
            for entry in entries {
                text += swatch(entry, x: x, y: y)
                text += "<text x=\"\(svgNum(x + 28))\" y=\"\(svgNum(y + 4))\" fill=\"#333\">\(ReportText.escape(entry.label))</text>\n"
                x += Self.legendWidth(entry)
            }
        }
    }

    /// The plot area's edges for this canvas.
    var plotArea: (left: Double, top: Double, right: Double, bottom: Double) {
        (Self.margin.left, plotTop, width - Self.margin.right, height - Self.margin.bottom)
    }

    /// An estimate of `text`'s width in pixels at `fontSize` (DejaVu Sans runs about 0.62 em a character).
    static func textWidth(_ text: String, fontSize: Double = 12) -> Double { Double(text.count) * fontSize * 0.62 }

    private static func legendWidth(_ entry: LegendEntry) -> Double { 28 + textWidth(entry.label) + 18 }

    private static func legendRows(_ legend: [LegendEntry], width: Double) -> [[LegendEntry]] {
        var rows: [[LegendEntry]] = []
        var used = Double.infinity
        for entry in legend {
            let w = legendWidth(entry)
            if used + w > width {
                rows.append([entry])
                used = w
            } else {
                rows[rows.count - 1].append(entry)
                used += w
            }
        }
        return rows
    }

    private func swatch(_ entry: LegendEntry, x: Double, y: Double) -> String {
        let color = ReportText.escape(entry.color)
        switch entry.swatch {
        case .line:
            return "<line x1=\"\(svgNum(x))\" y1=\"\(svgNum(y))\" x2=\"\(svgNum(x + 22))\" y2=\"\(svgNum(y))\" stroke=\"\(color)\" stroke-width=\"2\"/>"
        case .dashed:
            return "<line x1=\"\(svgNum(x))\" y1=\"\(svgNum(y))\" x2=\"\(svgNum(x + 22))\" y2=\"\(svgNum(y))\" stroke=\"\(color)\" "
                + "stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>"
        case .box:
            return "<rect x=\"\(svgNum(x))\" y=\"\(svgNum(y - 6))\" width=\"22\" height=\"12\" fill=\"\(color)\" fill-opacity=\"0.35\" "
                + "stroke=\"\(color)\"/>"
        case .dot:
            return "<circle cx=\"\(svgNum(x + 11))\" cy=\"\(svgNum(y))\" r=\"4\" fill=\"\(color)\"/>"
        }
    }

    /// Appends raw SVG.
    mutating func append(_ svg: String) { text += svg }

    /// The plot area's background, grid, ticks with labels and axis titles for `frame`.
    mutating func axes(_ frame: PlotFrame, x xLabel: AxisLabel, y yLabel: AxisLabel,
                       xTickLabel: (Double) -> String? = { _ in nil }) {
        let f = frame
        text += "<rect x=\"\(svgNum(f.left))\" y=\"\(svgNum(f.top))\" width=\"\(svgNum(f.right - f.left))\" height=\"\(svgNum(f.bottom - f.top))\" "
        text += "fill=\"#fafafa\" stroke=\"#bbbbbb\"/>\n"
        text += "<g class=\"y-ticks\">\n"
        for v in f.y.ticks {
            let y = f.py(v)
            text += "<line x1=\"\(svgNum(f.left))\" y1=\"\(svgNum(y))\" x2=\"\(svgNum(f.right))\" y2=\"\(svgNum(y))\" stroke=\"#e6e6e6\"/>"
            text += "<line x1=\"\(svgNum(f.left - 5))\" y1=\"\(svgNum(y))\" x2=\"\(svgNum(f.left))\" y2=\"\(svgNum(y))\" stroke=\"#555\"/>"
            text += "<text x=\"\(svgNum(f.left - 8))\" y=\"\(svgNum(y + 4))\" text-anchor=\"end\" fill=\"#333\">"
            text += "\(ReportText.tick(v, step: f.y.step))</text>\n"
        }
        text += "</g>\n"
        if f.y.lower < 0 && f.y.upper > 0 {
            text += "<line x1=\"\(svgNum(f.left))\" y1=\"\(svgNum(f.py(0)))\" x2=\"\(svgNum(f.right))\" y2=\"\(svgNum(f.py(0)))\" stroke=\"#999\"/>\n"
        }
        text += "<g class=\"x-ticks\">\n"
        var lastLabelEnd = -Double.infinity
        for v in f.x.ticks where !f.isHidden(v) {
            let x = f.px(v)
            let label = xTickLabel(v) ?? ReportText.tick(v, step: f.x.step)
            let half = Self.textWidth(label) / 2
            // Next to a break two ticks can come close: a label that would overlap the previous one is left out.
            let labelled = x - half > lastLabelEnd + 4
            text += "<line x1=\"\(svgNum(x))\" y1=\"\(svgNum(f.top))\" x2=\"\(svgNum(x))\" y2=\"\(svgNum(f.bottom))\" stroke=\"#e6e6e6\"/>"
            text += "<line x1=\"\(svgNum(x))\" y1=\"\(svgNum(f.bottom))\" x2=\"\(svgNum(x))\" y2=\"\(svgNum(f.bottom + 5))\" stroke=\"#555\"/>"
            if labelled {
                text += "<text x=\"\(svgNum(x))\" y=\"\(svgNum(f.bottom + 18))\" text-anchor=\"middle\" fill=\"#333\">"
                text += "\(ReportText.escape(label))</text>"
                lastLabelEnd = x + half
            }
            text += "\n"
        }
        text += "</g>\n"
        titles(x: xLabel, y: yLabel, frame: f)
    }

    /// The axis titles: x centred below the plot, y turned up the left edge.
    mutating func titles(x xLabel: AxisLabel, y yLabel: AxisLabel,
                         frame f: (left: Double, top: Double, right: Double, bottom: Double)) {
        text += "<text x=\"\(svgNum((f.left + f.right) / 2))\" y=\"\(svgNum(f.bottom + 38))\" text-anchor=\"middle\" fill=\"#222\">"
        text += "\(ReportText.escape(xLabel.text))</text>\n"
        text += "<text transform=\"translate(16 \(svgNum((f.top + f.bottom) / 2))) rotate(-90)\" text-anchor=\"middle\" "
        text += "fill=\"#222\">\(ReportText.escape(yLabel.text))</text>\n"
    }

    mutating func titles(x xLabel: AxisLabel, y yLabel: AxisLabel, frame f: PlotFrame) {
        titles(x: xLabel, y: yLabel, frame: (f.left, f.top, f.right, f.bottom))
    }

    /// An empty plot area saying "no data" (and `why`, when given), with the axis titles.
    mutating func noData(x xLabel: AxisLabel, y yLabel: AxisLabel, why: String? = nil) {
        let a = plotArea
        text += "<rect x=\"\(svgNum(a.left))\" y=\"\(svgNum(a.top))\" width=\"\(svgNum(a.right - a.left))\" height=\"\(svgNum(a.bottom - a.top))\" "
        text += "fill=\"#fafafa\" stroke=\"#bbbbbb\"/>\n"
        text += "<text class=\"no-data\" x=\"\(svgNum((a.left + a.right) / 2))\" y=\"\(svgNum((a.top + a.bottom) / 2))\" "
        text += "text-anchor=\"middle\" font-size=\"14\" fill=\"#777\">no data"
        if let why { text += " (\(ReportText.escape(why)))" }
        text += "</text>\n"
        titles(x: xLabel, y: yLabel, frame: a)
    }

    /// Horizontal reference lines across the plot.
    mutating func horizontalReferences(_ references: [ReferenceLine], frame f: PlotFrame) {
        for r in references where r.value.isFinite {
            let y = f.py(r.value)
            text += "<line class=\"reference\" x1=\"\(svgNum(f.left))\" y1=\"\(svgNum(y))\" x2=\"\(svgNum(f.right))\" y2=\"\(svgNum(y))\" "
            text += "stroke=\"\(ReportText.escape(r.color))\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>\n"
        }
    }

    /// Vertical reference lines down the plot.
    mutating func verticalReferences(_ references: [ReferenceLine], frame f: PlotFrame) {
        for r in references where r.value.isFinite && r.value >= f.x.lower && r.value <= f.x.upper {
            let x = f.px(r.value)
            text += "<line class=\"reference\" x1=\"\(svgNum(x))\" y1=\"\(svgNum(f.top))\" x2=\"\(svgNum(x))\" y2=\"\(svgNum(f.bottom))\" "
            text += "stroke=\"\(ReportText.escape(r.color))\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"/>\n"
        }
    }

    /// Closes the SVG and returns its text.
    func finished() -> String { text + "</svg>\n" }
}

/// A number as an SVG coordinate.
func svgNum(_ value: Double) -> String { ReportText.coordinate(value) }

/// Percentiles and other summaries the charts and reports use.
enum ReportStatistics {
    /// The `p`th percentile (0…100) of `sorted` by nearest rank, as the HUD and `momentum bench` take it (so the
    /// three agree on the same frames); nil when empty.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double? {
        quantile(sorted, Swift.min(Swift.max(p, 0), 100) / 100)
    }

    /// The median of the finite values of `values`.
    static func median(_ values: [Double]) -> Double? { percentile(values.filter(\.isFinite).sorted(), 50) }
}
