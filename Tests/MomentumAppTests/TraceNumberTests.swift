import Foundation
import MomentumCore
@testable import MomentumApp
import Testing

/// `momentum trace` prints numbers exactly as C's `%.6f` does (negative zero as zero); the oracle is Foundation's
/// `String(format:)`, which the writer no longer uses.
struct TraceNumberTests {
    private func oracle(_ value: Double) -> String {
        let text = String(format: "%.6f", value)
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) { return String(text.dropFirst()) }
        return text
    }

    @Test func sixDecimalsMatchPrintfOverEveryMagnitude() {
        var random = SplitMix64(seed: 42)
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let exponent = Double(Int(random.nextUnit() * 24) - 12)        // 1e-12 … 1e11
            let sign: Double = random.nextUnit() < 0.5 ? -1 : 1
            let value = sign * random.nextUnit() * Double.pow(10, exponent)
            if TraceNumber.fixed(value) != oracle(value) { mismatches.append("\(value)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test func decimalTiesAndSpecialValuesMatchPrintf() {
        var random = SplitMix64(seed: 7)
        var values: [Double] = [0, -0.0, 0.0000005, -0.0000005, 0.0000015, 2.5e-6, 999_999_999.9999995, 1e9, -1e9,
                                1e300, -1e-300, .infinity, -.infinity, .nan, 0.1, 0.7, 1.0000005, 123.4567885]
        for _ in 0..<50_000 {
            let k = Double(Int(random.nextUnit() * 2e9) - 1_000_000_000)
            values.append((k + 0.5) / 1e6)                                   // a decimal tie at the 7th place
            values.append(k / 1e6)
        }
        let mismatches = values.filter { TraceNumber.fixed($0) != oracle($0) }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5).map { "\($0): \(TraceNumber.fixed($0)) vs \(oracle($0))" })")
    }
}
