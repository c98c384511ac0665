/// A self-contained HTML report: one file with its CSS inline and its charts as inline `<svg>`, no scripts, no
/// fonts or anything else fetched, the same bytes for the same content. The markup is also well-formed XML.
///
///     var report = HTMLReport(title: "momentum bench", subtitle: "800x600, weston headless")
///     report.facts([("frames", "181"), ("p99 interval", "17.1 ms")])
///     report.section("Frame timing", intro: "Intervals from presentation feedback.")
///     report.chart(HistogramChart(title: "Intervals", x: AxisLabel("interval", unit: "ms"), values: intervals))
///     let html = report.html()
struct HTMLReport {
    private enum Block {
        case section(String, intro: String?)
        case paragraph(String)
        case facts([(String, String)], caption: String?)
        case chart(svg: String, caption: String?)
        case preformatted(String)
        case table(header: [String], rows: [[String]], caption: String?)
    }

    /// The document's title (and first heading).
    var title: String
    /// A line under the title, if any.
    var subtitle: String?
    /// A line at the end of the document (what wrote it, from what), if any.
    var footer: String?
    private var blocks: [Block] = []

    init(title: String, subtitle: String? = nil) {
        self.title = title
        self.subtitle = subtitle
    }

    /// Starts a section headed `heading`, with an introductory paragraph.
    mutating func section(_ heading: String, intro: String? = nil) { blocks.append(.section(heading, intro: intro)) }

    /// A paragraph of text.
    mutating func paragraph(_ text: String) { blocks.append(.paragraph(text)) }

    /// A two-column table of names and values, in order.
    mutating func facts(_ rows: [(String, String)], caption: String? = nil) { blocks.append(.facts(rows, caption: caption)) }

    /// A chart as inline SVG, with a caption under it.
    mutating func chart(_ chart: some SVGChart, caption: String? = nil) {
        blocks.append(.chart(svg: chart.svg(), caption: caption))
    }

    /// A table with a header row and a caption above it (what it shows and how to read it).
    mutating func table(header: [String], rows: [[String]], caption: String? = nil) {
        blocks.append(.table(header: header, rows: rows, caption: caption))
    }

    /// Text shown as is, in a monospaced font (a command line, a log excerpt).
    mutating func preformatted(_ text: String) { blocks.append(.preformatted(text)) }

    /// The inline style sheet (no `<` or `&`, so the document stays XML).
    static let style = """
    body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; color: #222; background: #f3f3f1; margin: 0; }
    main { max-width: 1000px; margin: 0 auto; padding: 24px 20px 48px; }
    h1 { font-size: 24px; margin: 0 0 4px; }
    h2 { font-size: 18px; margin: 32px 0 8px; padding-top: 8px; border-top: 1px solid #d8d8d4; }
    p { line-height: 1.45; margin: 6px 0 10px; }
    p.subtitle { color: #555; margin-bottom: 18px; }
    table.facts { border-collapse: collapse; background: #fff; margin: 8px 0 16px; min-width: 60%; }
    table.facts caption { text-align: left; font-weight: bold; padding: 4px 0; }
    table.facts th, table.facts td { text-align: left; padding: 5px 12px; border-bottom: 1px solid #e6e6e6; vertical-align: top; }
    table.facts th { font-weight: normal; color: #555; white-space: nowrap; }
    figure { margin: 12px 0 20px; background: #fff; border: 1px solid #e0e0dc; border-radius: 4px; padding: 6px; }
    figure svg { display: block; max-width: 100%; height: auto; }
    figcaption { font-size: 13px; color: #555; padding: 4px 8px 2px; }
    table.grid { border-collapse: collapse; background: #fff; margin: 8px 0 16px; font-size: 12px; width: 100%; }
    table.grid caption { text-align: left; color: #555; padding: 4px 0; caption-side: top; font-size: 13px; }
    table.grid th, table.grid td { padding: 4px 6px; border: 1px solid #e0e0dc; text-align: right; vertical-align: top; }
    table.grid th { background: #f7f7f5; font-weight: normal; color: #444; }
    table.grid td:first-child, table.grid th:first-child { text-align: left; }
    pre { background: #fff; border: 1px solid #e0e0dc; padding: 8px; overflow-x: auto; }
    footer { margin-top: 32px; font-size: 12px; color: #777; }
    """

    /// The complete document.
    func html() -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
        out += "<title>\(ReportText.escape(title))</title>\n<style>\n\(Self.style)\n</style>\n</head>\n<body>\n<main>\n"
        out += "<h1>\(ReportText.escape(title))</h1>\n"
        if let subtitle { out += "<p class=\"subtitle\">\(ReportText.escape(subtitle))</p>\n" }
        var open = false
        for block in blocks {
            switch block {
            case .section(let heading, let intro):
                if open { out += "</section>\n" }
                out += "<section>\n<h2>\(ReportText.escape(heading))</h2>\n"
                if let intro { out += "<p>\(ReportText.escape(intro))</p>\n" }
                open = true
            case .paragraph(let text):
                out += "<p>\(ReportText.escape(text))</p>\n"
            case .facts(let rows, let caption):
                out += "<table class=\"facts\">\n"
                if let caption { out += "<caption>\(ReportText.escape(caption))</caption>\n" }
                for (name, value) in rows {
                    out += "<tr><th>\(ReportText.escape(name))</th><td>\(ReportText.escape(value))</td></tr>\n"
                }
                out += "</table>\n"
            case .chart(let svg, let caption):
                out += "<figure>\n\(svg)"
                if let caption { out += "<figcaption>\(ReportText.escape(caption))</figcaption>\n" }
                out += "</figure>\n"
            case .preformatted(let text):
                out += "<pre>\(ReportText.escape(text))</pre>\n"
            case .table(let header, let rows, let caption):
                out += "<table class=\"grid\">\n"
                if let caption { out += "<caption>\(ReportText.escape(caption))</caption>\n" }
                out += "<tr>" + header.map { "<th>\(ReportText.escape($0))</th>" }.joined() + "</tr>\n"
                for row in rows { out += "<tr>" + row.map { "<td>\(ReportText.escape($0))</td>" }.joined() + "</tr>\n" }
                out += "</table>\n"
            }
        }
        if open { out += "</section>\n" }
        if let footer { out += "<footer>\(ReportText.escape(footer))</footer>\n" }
        out += "</main>\n</body>\n</html>\n"
        return out
    }
}
