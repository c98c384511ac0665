/// Formats trace rows for stdout: CSV `t,x,y,vx,vy` or a JSON array of row objects.
enum TraceOutput {
    /// The CSV header line.
    static let csvHeader = "t,x,y,vx,vy"

    /// The whole output text in `format` (ends with a newline).
    static func text(_ rows: [TraceRow], format: TraceFormat) -> String {
        switch format {
        case .csv: csv(rows)
        case .json: json(rows)
        }
    }

    /// Header line plus one line per row, six decimals.
    static func csv(_ rows: [TraceRow]) -> String {
        var text = csvHeader + "\n"
        text.reserveCapacity(rows.count * 56)
        for row in rows {
            text += [row.t, row.x, row.y, row.vx, row.vy].map { TraceNumber.fixed($0) }.joined(separator: ",")
            text += "\n"
        }
        return text
    }

    /// `[{"t":…,"x":…,"y":…,"vx":…,"vy":…}, …]`, one row per line.
    static func json(_ rows: [TraceRow]) -> String {
        let lines = rows.map { row in
            "{\"t\":\(TraceNumber.fixed(row.t)),\"x\":\(TraceNumber.fixed(row.x)),\"y\":\(TraceNumber.fixed(row.y)),"
                + "\"vx\":\(TraceNumber.fixed(row.vx)),\"vy\":\(TraceNumber.fixed(row.vy))}"
        }
        return "[\n" + lines.joined(separator: ",\n") + "\n]\n"
    }
}
