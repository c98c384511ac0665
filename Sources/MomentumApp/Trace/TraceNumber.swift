import Foundation

/// Number formatting shared by the CSV/JSON writer and the plot.
enum TraceNumber {
    /// Fixed six decimals, with negative zero printed as zero.
    static func fixed(_ value: Double, decimals: Int = 6) -> String {
        let text = String(format: "%.\(decimals)f", value)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { return String(text.dropFirst()) }
        return text
    }

    /// Up to four significant digits, no trailing zeros (labels and titles).
    static func short(_ value: Double) -> String {
        let text = String(format: "%.4g", value)
        return text == "-0" ? "0" : text
    }
}
