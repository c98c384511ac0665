/// Formats whole traces as text, through the same writer `momentum trace` streams with.
enum TraceOutput {
    /// The CSV header line.
    static let csvHeader = "t,x,y,vx,vy"

    /// The whole output text in `format` (ends with a newline).
    static func text(_ rows: [TraceRow], format: TraceFormat) -> String {
        var writer = TraceRowWriter(fd: nil, format: format)
        for row in rows { writer.write(row) }
        do { try writer.finish() } catch { return "" }  // in memory: nothing can fail
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// Header line plus one line per row, six decimals.
    static func csv(_ rows: [TraceRow]) -> String { text(rows, format: .csv) }

    /// `[{"t":…,"x":…,"y":…,"vx":…,"vy":…}, …]`, one row per line.
    static func json(_ rows: [TraceRow]) -> String { text(rows, format: .json) }
}
