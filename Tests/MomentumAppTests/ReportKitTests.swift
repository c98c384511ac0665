import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import MomentumApp

/// The report kit: charts that parse, put points where they belong, escape text and survive empty or odd data.
@Suite("report kit")
struct ReportKitTests {
    /// The root `<svg>` of `text`, parsed (fails the test when it is not well-formed XML).
    private func parse(_ text: String) throws -> XMLElement {
        let document = try XMLDocument(xmlString: text)
        let root = try #require(document.rootElement())
        #expect(root.name == "svg")
        return root
    }

    private func nodes(_ root: XMLElement, _ cls: String) throws -> [XMLElement] {
        try root.nodes(forXPath: ".//*[@class='\(cls)']").compactMap { $0 as? XMLElement }
    }

    /// An attribute's value (looked up among the attributes: FoundationXML's `attribute(forName:)` finds none on an
    /// element in the SVG namespace).
    private func attr(_ element: XMLElement?, _ name: String) -> String? {
        element?.attributes?.first { $0.name == name }?.stringValue
    }

    private func points(_ element: XMLElement) -> [String] {
        (attr(element, "points") ?? "").split(separator: " ").map(String.init)
    }

    private static let line = [(x: 0.0, y: 0.0), (x: 5, y: 5), (x: 10, y: 10)]

    @Test func timeSeriesPointsLandOnTheirPixels() throws {
        // 960x300, one legend row: the plot spans x 72…940 and y 57…252; x is tight on 0…10, y ticks 0…10 by 2.
        let chart = TimeSeriesChart(title: "t", y: AxisLabel("v", unit: "px"), series: [ChartSeries("a", points: Self.line)])
        let root = try parse(chart.svg())
        let lines = try nodes(root, "series")
        #expect(lines.count == 1)
        #expect(points(try #require(lines.first)) == ["72,252", "506,154.5", "940,57"])
        let yTicks = try root.nodes(forXPath: ".//*[@class='y-ticks']/*[local-name()='text']").compactMap(\.stringValue)
        #expect(yTicks == ["0", "2", "4", "6", "8", "10"])
        #expect(try root.nodes(forXPath: ".//*[local-name()='text']").compactMap(\.stringValue).contains("v (px)"))
        #expect(try root.nodes(forXPath: ".//*[local-name()='text']").compactMap(\.stringValue).contains("time (s)"))
    }

    @Test func aBreakCollapsesItsRangeAndCutsTheLine() throws {
        let data = [(x: 0.0, y: 0.0), (x: 1, y: 10), (x: 3, y: 10), (x: 4, y: 0)]
        let chart = TimeSeriesChart(title: "t", y: AxisLabel("v"), series: [ChartSeries("a", points: data)], breaks: [1...3])
        let root = try parse(chart.svg())
        // 868 px: a 40 px break and 2 s of visible time at 414 px/s.
        let lines = try nodes(root, "series").map(points)
        #expect(lines == [["72,252", "486,57"], ["526,57", "940,252"]])
        let labels = try nodes(root, "break").first?.nodes(forXPath: "./*[local-name()='text']").compactMap(\.stringValue)
        #expect(labels == ["idle", "2 s"])
        // No tick inside the break.
        let ticks = try root.nodes(forXPath: ".//*[@class='x-ticks']/*[local-name()='text']").compactMap(\.stringValue)
        #expect(!ticks.contains("2"), "\(ticks)")
    }

    @Test func pointsJustInsideABreakGoToTheNearerEdgeAndTheLineStillBreaks() throws {
        // As in a run's trace: each record comes just after its frame, so the first record after a rest and the
        // last before it both lie inside the break between the frames.
        let data = [(x: 0.0, y: 0.0), (x: 1.001, y: 10), (x: 3.001, y: 10), (x: 4, y: 0)]
        let chart = TimeSeriesChart(title: "t", y: AxisLabel("v"), series: [ChartSeries("a", points: data)], breaks: [1...3])
        let lines = try nodes(try parse(chart.svg()), "series").map(points)
        #expect(lines.count == 2)
        #expect(lines.first?.last == "486,57")
    }

    @Test func markersSpansAndReferencesAreDrawnAndExplained() throws {
        let chart = TimeSeriesChart(title: "t", y: AxisLabel("v"), series: [ChartSeries("a", points: Self.line)],
                                    references: [ReferenceLine(20, label: "refresh 20")],
                                    markers: [EventMarker(x: 5, label: "tap", group: "gesture"),
                                              EventMarker(x: 50, label: "outside", group: "gesture")],
                                    spans: [ShadedSpan(from: 2.5, to: 7.5, group: "finger down")])
        let text = chart.svg()
        let root = try parse(text)
        // The reference is inside the y range (0…20): at the top of the plot.
        let reference = try #require(try nodes(root, "reference").first)
        #expect(attr(reference, "y1") == "57")
        let markers = try nodes(root, "marker")
        #expect(markers.count == 1)
        #expect(attr(markers.first, "x1") == "506")
        #expect(try nodes(root, "marker-label").compactMap(\.stringValue) == ["tap"])
        let span = try #require(try nodes(root, "span").first)
        #expect(attr(span, "x") == "289")
        #expect(attr(span, "width") == "434")
        for legend in ["a", "refresh 20", "finger down", "gesture"] { #expect(text.contains(">\(legend)</text>")) }
    }

    @Test func textIsEscaped() throws {
        let title = "a<b & \"c\" 'd'\u{1}"
        let chart = TimeSeriesChart(title: title, y: AxisLabel("<y>", unit: "&"),
                                    series: [ChartSeries("</polyline>", points: Self.line)],
                                    markers: [EventMarker(x: 1, label: "<tap>", group: "g&g")])
        let root = try parse(chart.svg())
        let shown = try root.nodes(forXPath: "./*[local-name()='title']").first?.stringValue
        #expect(shown == "a<b & \"c\" 'd'\u{FFFD}")
        #expect(try nodes(root, "marker-label").compactMap(\.stringValue) == ["<tap>"])
        #expect(ReportText.escape("<&>\"'") == "&lt;&amp;&gt;&quot;&#39;")
    }

    /// Every chart kind with nothing to draw, one value, equal values and non-finite values.
    @Test func degenerateDataGivesAValidChart() throws {
        let cases: [(String, [Double])] = [("empty", []), ("one", [3]), ("equal", [2, 2, 2]), ("zeros", [0, 0]),
                                           ("nonfinite", [.nan, .infinity, -.infinity]),
                                           ("mixed", [.nan, 1, .infinity, 4])]
        for (name, values) in cases {
            let pairs = values.enumerated().map { (x: Double($0.offset), y: $0.element) }
            let charts: [any SVGChart] = [
                TimeSeriesChart(title: name, y: AxisLabel("v"), series: [ChartSeries("s", points: pairs, markers: true)],
                                breaks: [0.5...0.7]),
                HistogramChart(title: name, x: AxisLabel("v"), values: values),
                CDFChart(title: name, x: AxisLabel("v"), distributions: [.init("d", values: values)]),
                StackedBarChart(title: name, x: AxisLabel("i"), y: AxisLabel("v"), positions: pairs.map(\.x),
                                segments: [.init("a", values: values), .init("b", values: values)]),
                ScatterChart(title: name, x: AxisLabel("x"), y: AxisLabel("v"), series: [ChartSeries("s", points: pairs)]),
            ]
            let finite = values.filter(\.isFinite)
            for chart in charts {
                let text = chart.svg()
                let root = try parse(text)
                #expect(!text.contains("nan") && !text.contains("inf"), "\(name) \(chart.title)")
                let noData = try nodes(root, "no-data")
                #expect(noData.isEmpty != finite.isEmpty, "\(name): \(type(of: chart)) \(noData.count)")
                if let first = noData.first { #expect(first.stringValue == "no data") }
            }
        }
    }

    @Test func oneFinitePointShowsAsADot() throws {
        let chart = TimeSeriesChart(title: "one", y: AxisLabel("v"), series: [ChartSeries("s", points: [(x: 1, y: 5)])])
        let root = try parse(chart.svg())
        #expect(try nodes(root, "series").isEmpty)
        #expect(try nodes(root, "point").count == 1)
        // The single value sits mid-height in a range around it.
        #expect(attr(try nodes(root, "point").first, "cy") == "154.5")
    }

    @Test func histogramCountsBins() throws {
        let chart = HistogramChart(title: "h", x: AxisLabel("v", unit: "ms"), values: [0.2, 1.5, 1.7, 2.1, 2.2, 2.9, .nan],
                                   binWidth: 1)
        let bins = chart.bins()
        #expect(bins.width == 1)
        #expect(bins.bins.map(\.lower) == [0, 1, 2])
        #expect(bins.bins.map(\.count) == [1, 2, 3])
        let root = try parse(chart.svg())
        let heights = try nodes(root, "bin").compactMap { attr($0, "height") }.compactMap(Double.init)
        #expect(heights.count == 3)
        // Counts 1, 2, 3 on an axis from 0 to 3: heights in the ratio 1:2:3.
        #expect(abs(heights[1] - 2 * heights[0]) < 0.02 && abs(heights[2] - 3 * heights[0]) < 0.02)
        #expect(try nodes(root, "bin").first?.nodes(forXPath: "./*[local-name()='title']").first?.stringValue == "0–1 ms: 1")
    }

    @Test func cdfLegendGivesPercentiles() throws {
        let values = (1...100).map(Double.init)
        let d = CDFChart.Distribution("frames", values: values)
        // Nearest rank, as the HUD and the bench take percentiles: the 50th of 1…100 is 50.
        #expect(CDFChart.summary(d, unit: "ms") == "frames: p50 50 ms, p99 99 ms, n = 100")
        let root = try parse(CDFChart(title: "c", x: AxisLabel("v", unit: "ms"), distributions: [d]).svg())
        let line = try #require(try nodes(root, "cdf").first)
        // Starts at 0 % on the left edge, ends at 100 % on the right.
        #expect(points(line).first == "72,252" && points(line).last == "940,57")
    }

    @Test func aLongCDFIsDrawnThroughEvenlySpacedRanks() throws {
        let values = (1...50_000).map { Double($0) }
        let d = CDFChart.Distribution("frames", values: values)
        #expect(CDFChart.summary(d, unit: "ms") == "frames: p50 25000 ms, p99 49500 ms, n = 50000")
        let line = try #require(try nodes(try parse(CDFChart(title: "c", x: AxisLabel("v", unit: "ms"), distributions: [d]).svg()),
                                          "cdf").first)
        #expect(points(line).count <= CDFChart.maximumSteps + 4)
        #expect(points(line).first == "72,252" && points(line).last == "940,57")
    }

    @Test func stackedBarsStackTheirSegments() throws {
        let chart = StackedBarChart(title: "s", x: AxisLabel("frame"), y: AxisLabel("t", unit: "ms"),
                                    positions: [1, 2], segments: [.init("tick", values: [2, 4]), .init("render", values: [8, -1])])
        let root = try parse(chart.svg())
        let bars = try nodes(root, "bar")
        #expect(bars.count == 2)
        let first = try #require(bars.first?.children?.compactMap { $0 as? XMLElement })
        #expect(first.count == 2)
        // Bar 1: 2 + 8 = 10 on a 0…10 axis: the render segment reaches the top of the plot.
        #expect(attr(first[0], "y") == "213" && attr(first[0], "height") == "39")
        #expect(attr(first[1], "y") == "57" && attr(first[1], "height") == "156")
        // Bar 2's negative render is drawn as nothing.
        #expect(bars[1].children?.count == 1)
    }

    @Test func numbersAreFormattedForPeople() {
        #expect(ReportText.number(16.666667) == "16.7")
        #expect(ReportText.number(0.012345) == "0.0123")
        #expect(ReportText.number(1234.6) == "1235")
        #expect(ReportText.number(-0.0) == "0")
        #expect(ReportText.number(2.5) == "2.5")
        #expect(ReportText.number(1e8) == "1e+08")
        #expect(ReportText.number(.nan) == "–")
        #expect(ReportText.tick(1, step: 0.5) == "1.0")
        #expect(ReportText.tick(-200, step: 100) == "-200")
        #expect(ReportText.tick(0.05, step: 0.05) == "0.05")
    }

    @Test func htmlReportIsOneWellFormedDeterministicDocument() throws {
        var report = HTMLReport(title: "Run <1>", subtitle: "a & b")
        report.facts([("frames", "181"), ("exit", "<SIGTERM>")])
        report.section("Motion", intro: "intro")
        report.chart(ScatterChart(title: "dots", x: AxisLabel("x"), y: AxisLabel("y"),
                                  series: [ChartSeries("s", points: Self.line)]), caption: "cap")
        report.paragraph("done")
        report.footer = "end"
        let html = report.html()
        #expect(html == report.html())
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html"))
        #expect(!html.contains("<script") && !html.contains("<link") && !html.contains("src="))
        let document = try XMLDocument(xmlString: html)
        #expect(try document.nodes(forXPath: "//h1").first?.stringValue == "Run <1>")
        #expect(try document.nodes(forXPath: "//table[@class='facts']/tr/td").compactMap(\.stringValue) == ["181", "<SIGTERM>"])
        #expect(try document.nodes(forXPath: "//section/h2").first?.stringValue == "Motion")
        #expect(try document.nodes(forXPath: "//section/figure/*[local-name()='svg']").count == 1)
        #expect(try document.nodes(forXPath: "//figcaption").first?.stringValue == "cap")
        #expect(try document.nodes(forXPath: "//footer").first?.stringValue == "end")
    }
}
