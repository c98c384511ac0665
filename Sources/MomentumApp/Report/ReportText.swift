import Glibc

/// Text and numbers as the report kit writes them: XML-escaped, and formatted the same way on every run.
enum ReportText {
    /// `text` escaped for XML and HTML content and attribute values (`&`, `<`, `>`, `"`, `'`); control characters
    /// other than tab and newline, which XML 1.0 cannot carry, become U+FFFD.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) {
                    out += "\u{FFFD}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A value for people: three significant digits, no exponent from 0.001 to below 10⁷ (`16.7`, `0.0123`,
    /// `1234`, `-2.5`), `%.3g` outside that range, `0` for zero (never `-0`), and `–` for NaN or infinity.
    static func number(_ value: Double, significant: Int = 3) -> String {
        guard value.isFinite else { return "–" }
        if value == 0 { return "0" }
        let magnitude = value.magnitude
        if magnitude >= 1e7 || magnitude < 1e-3 { return cFormat(value, "%.\(significant)g") }
        let exponent = Int(Glibc.floor(Glibc.log10(magnitude)))
        let decimals = max(0, significant - 1 - exponent)
        return trimmed(TraceNumber.fixed(value, decimals: decimals))
    }

    /// A tick label: `value` with as many decimals as `step` needs (ticks 0.05 apart get two), so every label of
    /// one axis has the same form.
    static func tick(_ value: Double, step: Double) -> String {
        guard value.isFinite, step.isFinite, step > 0 else { return number(value) }
        let magnitude = Swift.max(value.magnitude, step)
        if magnitude >= 1e7 || step < 1e-6 { return cFormat(value, "%.3g") }
        let decimals = Swift.min(6, Swift.max(0, -Int(Glibc.floor(Glibc.log10(step) + 1e-9))))
        let text = TraceNumber.fixed(value, decimals: decimals)
        return text
    }

    /// A coordinate in SVG user units: two decimals, trailing zeros dropped (`12`, `12.5`, `12.25`).
    static func coordinate(_ value: Double) -> String {
        trimmed(TraceNumber.fixed(value.isFinite ? value : 0, decimals: 2))
    }

    /// `text` without trailing zeros after a decimal point (and without the point when nothing follows it).
    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var result = Substring(text)
        while result.last == "0" { result = result.dropLast() }
        if result.last == "." { result = result.dropLast() }
        return result == "-0" ? "0" : String(result)
    }

    /// `value` through a C format with one double argument.
    private static func cFormat(_ value: Double, _ format: String) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBufferPointer { pointer in
            withVaList([value]) { vsnprintf(pointer.baseAddress, pointer.count, format, $0) }
        }
        let length = Int(Swift.min(Swift.max(count, 0), 63))
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
