import Glibc

/// How often values fall in each bin: bars over equal bins of x, counts up the side, and vertical reference lines
/// (e.g. the refresh interval).
///
///     HistogramChart(title: "Frame intervals", x: AxisLabel("interval", unit: "ms"), values: intervals,
///                    references: [ReferenceLine(16.67, label: "refresh")])
struct HistogramChart: SVGChart {
    var title: String
    /// What the values are.
    var x: AxisLabel
    /// The values (NaN and infinities dropped).
    var values: [Double]
    /// The bins' width in x units; nil picks a 1-2-5 width giving about 30 bins (at most 200).
    var binWidth: Double?
    /// Vertical lines at values of x (included in the x range).
    var references: [ReferenceLine] = []
    /// The bars' colour.
    var color = ChartPalette.color(0)
    /// What is counted (the y axis).
    var countLabel = AxisLabel("count")
    var width = 960.0, height = 300.0

    init(title: String, x: AxisLabel, values: [Double], binWidth: Double? = nil, references: [ReferenceLine] = [],
         color: String = ChartPalette.color(0), countLabel: AxisLabel = AxisLabel("count"),
         width: Double = 960, height: Double = 300) {
        self.title = title
        self.x = x
        self.values = values
        self.binWidth = binWidth
        self.references = references
        self.color = color
        self.countLabel = countLabel
        self.width = width
        self.height = height
    }

    /// The bins: each one's lower edge and how many values fall in [lower, lower + width); the last bin also takes
    /// values equal to its upper edge. Empty when there are no finite values.
    func bins() -> (width: Double, bins: [(lower: Double, count: Int)]) {
        let finite = values.filter(\.isFinite)
        guard let lo = finite.min(), let hi = finite.max() else { return (0, []) }
        var w: Double
        if let binWidth, binWidth.isFinite, binWidth > 0 {
            w = binWidth
        } else if hi > lo {
            w = NiceScale.niceStep((hi - lo) / 30)
        } else {
            w = NiceScale.niceStep(lo == 0 ? 1 : lo.magnitude / 10)
        }
        if (hi - lo) / w > 200 { w = NiceScale.niceStep((hi - lo) / 200) }
        let start = Glibc.floor(lo / w + 1e-9) * w
        let count = max(1, Int(Glibc.floor((hi - start) / w + 1e-9)) + 1)
        var counts = [Int](repeating: 0, count: count)
        for v in finite { counts[min(count - 1, max(0, Int(Glibc.floor((v - start) / w + 1e-9))))] += 1 }
        return (w, counts.enumerated().map { (start + Double($0.offset) * w, $0.element) })
    }

    func svg() -> String {
        let legend = [LegendEntry(label: "\(values.filter(\.isFinite).count) values", color: color, swatch: .box)]
            + references.map { LegendEntry(label: $0.label, color: $0.color, swatch: .dashed) }
        var canvas = SVGCanvas(width: width, height: height, title: title, legend: legend)
        let (w, bins) = bins()
        guard let first = bins.first, let last = bins.last,
              let xScale = NiceScale(fitting: [first.lower, last.lower + w] + references.map(\.value).filter(\.isFinite),
                                     ticks: Int(width / 90)),
              let yScale = NiceScale(fitting: bins.map { Double($0.count) }, ticks: Int(height / 60), includeZero: true)
        else {
            canvas.noData(x: x, y: countLabel)
            return canvas.finished()
        }
        var y = yScale
        y.step = max(1, y.step.rounded(.up))
        y.upper = max(y.upper, y.lower + y.step)
        let a = canvas.plotArea
        let f = PlotFrame(width: width, height: height, left: a.left, top: a.top, right: a.right, bottom: a.bottom,
                          x: xScale, y: y)
        canvas.axes(f, x: x, y: countLabel)
        var out = ""
        let fill = ReportText.escape(color)
        for bin in bins where bin.count > 0 {
            let x0 = f.px(bin.lower), x1 = f.px(bin.lower + w)
            let top = f.py(Double(bin.count))
            let gap = x1 - x0 > 4 ? 0.5 : 0
            out += "<rect class=\"bin\" x=\"\(svgNum(x0 + gap))\" y=\"\(svgNum(top))\" width=\"\(svgNum(max(x1 - x0 - 2 * gap, 0.5)))\" "
            out += "height=\"\(svgNum(f.bottom - top))\" fill=\"\(fill)\" fill-opacity=\"0.75\">"
            out += "<title>\(ReportText.escape("\(ReportText.number(bin.lower))–\(ReportText.number(bin.lower + w)) "))"
            out += "\(ReportText.escape(x.unit)): \(bin.count)</title></rect>\n"
        }
        canvas.append(out)
        canvas.verticalReferences(references, frame: f)
        return canvas.finished()
    }
}

/// Cumulative distributions: for each set of values, the share at or below each x (0–100 %), as a step line; the
/// legend gives each one's median and 99th percentile.
///
///     CDFChart(title: "Frame intervals", x: AxisLabel("interval", unit: "ms"),
///              distributions: [("presented", presented), ("callbacks", callbacks)])
struct CDFChart: SVGChart {
    /// One set of values and its legend name.
    typealias Distribution = NamedValues

    var title: String
    var x: AxisLabel
    var distributions: [Distribution]
    /// Vertical lines at values of x.
    var references: [ReferenceLine] = []
    var width = 960.0, height = 300.0
    /// The most values drawn as steps; a longer distribution is drawn through this many evenly spaced ranks.
    static let maximumSteps = 2000

    init(title: String, x: AxisLabel, distributions: [Distribution], references: [ReferenceLine] = [],
         width: Double = 960, height: Double = 300) {
        self.title = title
        self.x = x
        self.distributions = distributions
        self.references = references
        self.width = width
        self.height = height
    }

    /// The legend text of one distribution: its name, median and 99th percentile.
    static func summary(_ d: Distribution, unit: String) -> String {
        let sorted = d.values.filter(\.isFinite).sorted()
        guard let p50 = ReportStatistics.percentile(sorted, 50), let p99 = ReportStatistics.percentile(sorted, 99)
        else { return "\(d.name) (no data)" }
        let u = unit.isEmpty ? "" : " " + unit
        return "\(d.name): p50 \(ReportText.number(p50))\(u), p99 \(ReportText.number(p99))\(u), n = \(sorted.count)"
    }

    func svg() -> String {
        let legend = distributions.enumerated().map {
            LegendEntry(label: Self.summary($0.element, unit: x.unit), color: $0.element.color ?? ChartPalette.color($0.offset),
                        swatch: .line)
        } + references.map { LegendEntry(label: $0.label, color: $0.color, swatch: .dashed) }
        var canvas = SVGCanvas(width: width, height: height, title: title, legend: legend)
        let all = distributions.flatMap(\.values).filter(\.isFinite)
        let share = AxisLabel("share at or below", unit: "%")
        guard !all.isEmpty,
              let xScale = NiceScale(fitting: all + references.map(\.value).filter(\.isFinite), ticks: Int(width / 90))
        else {
            canvas.noData(x: x, y: share)
            return canvas.finished()
        }
        let a = canvas.plotArea
        let f = PlotFrame(width: width, height: height, left: a.left, top: a.top, right: a.right, bottom: a.bottom,
                          x: xScale, y: NiceScale(lower: 0, upper: 100, ticks: 5))
        canvas.axes(f, x: x, y: share)
        canvas.verticalReferences(references, frame: f)
        var out = ""
        for (index, d) in distributions.enumerated() {
            let sorted = d.values.filter(\.isFinite).sorted()
            guard !sorted.isEmpty else { continue }
            let color = ReportText.escape(d.color ?? ChartPalette.color(index))
            // A step up at each distinct value, from the axis's left end to its right end; past `maximumSteps`
            // values, the share at evenly spaced ranks (a line finer than the chart's pixels).
            var points = [(f.x.lower, 0.0)]
            if sorted.count > Self.maximumSteps {
                points.append((sorted[0], 0))
                for k in 0...Self.maximumSteps {
                    let i = k * (sorted.count - 1) / Self.maximumSteps
                    points.append((sorted[i], Double(i + 1) / Double(sorted.count) * 100))
                }
            } else {
                var i = 0
                while i < sorted.count {
                    var j = i
                    while j + 1 < sorted.count, sorted[j + 1] == sorted[i] { j += 1 }
                    let before = Double(i) / Double(sorted.count) * 100, after = Double(j + 1) / Double(sorted.count) * 100
                    points.append((sorted[i], before))
                    points.append((sorted[i], after))
                    i = j + 1
                }
            }
            points.append((f.x.upper, 100))
            out += "<polyline class=\"cdf\" data-series=\"\(ReportText.escape(d.name))\" fill=\"none\" stroke=\"\(color)\" "
            out += "stroke-width=\"1.8\" points=\""
            out += points.map { "\(svgNum(f.px($0.0))),\(svgNum(f.py($0.1)))" }.joined(separator: " ")
            out += "\"/>\n"
        }
        canvas.append(out)
        return canvas.finished()
    }
}
