import Glibc

/// Number formatting shared by the CSV/JSON writer and the plot: C's `%.*f` and `%.*g` (exactly rounded by glibc)
/// into a stack buffer, without Foundation.
enum TraceNumber {
    /// Fixed `decimals` decimals, with negative zero printed as zero.
    static func fixed(_ value: Double, decimals: Int = 6) -> String {
        var text = ""
        appendFixed(value, decimals: decimals) { text.unicodeScalars.append(Unicode.Scalar($0)) }
        return text
    }

    /// Up to four significant digits, no trailing zeros (labels and titles).
    static func short(_ value: Double) -> String {
        let text = format(value, "%.4g") { String(decoding: $0, as: UTF8.self) }
        return text == "-0" ? "0" : text
    }

    /// Emits the bytes of `value` with `decimals` fixed decimals ("-0.000000" becomes "0.000000"), exactly as
    /// `%.*f` prints them.
    ///
    /// Six decimals of a value below 10⁹ take a fast path: p = v·10⁶ and its exact residual e = fma(v, 10⁶, −p)
    /// give the exact v·10⁶ = p + e, so the integer nearest to it is ⌊p⌋ + (frac(p) + e > ½); only when
    /// frac(p) + e lies within 10⁻⁶ of ½ (a near tie, where the decision needs more care) does it ask glibc.
    @inline(__always)
    static func appendFixed(_ value: Double, decimals: Int = 6, _ emit: (UInt8) -> Void) {
        if decimals == 6, value.magnitude < 1e9 {
            let p = value * 1e6
            let residual = (-p).addingProduct(value, 1e6)
            let floor = p.rounded(.down)
            let fraction = (p - floor) + residual
            if (fraction - 0.5).magnitude > 1e-6 {
                let n = Int64(floor) + (fraction > 0.5 ? 1 : 0)
                emitFixed6(n, emit)
                return
            }
        }
        format(value, decimals == 6 ? "%.6f" : "%.\(decimals)f") { bytes in
            var start = 0
            if bytes.first == UInt8(ascii: "-"),
               !bytes.dropFirst().contains(where: { $0 != UInt8(ascii: "0") && $0 != UInt8(ascii: ".") }) {
                start = 1
            }
            for byte in bytes[start...] { emit(byte) }
        }
    }

    /// Emits n / 10⁶ with six decimals; zero has no sign.
    @inline(__always)
    private static func emitFixed6(_ n: Int64, _ emit: (UInt8) -> Void) {
        if n < 0 { emit(UInt8(ascii: "-")) }
        let magnitude = n.magnitude
        var whole = magnitude / 1_000_000
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                count += 1
            } while whole > 0
            for index in stride(from: count - 1, through: 0, by: -1) { emit(buffer[index]) }
        }
        emit(UInt8(ascii: "."))
        var fraction = magnitude % 1_000_000
        var divisor: UInt64 = 100_000
        for _ in 0..<6 {
            emit(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    /// Formats `value` with the C format `format` into a 352-byte stack buffer (enough for any %.6f double) and
    /// hands the bytes to `body`.
    private static func format<R>(_ value: Double, _ format: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 352) { buffer in
            guard let base = buffer.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            let count = base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { chars in
                withVaList([value]) { vsnprintf(chars, buffer.count, format, $0) }
            }
            return body(UnsafeBufferPointer(start: base, count: Int(min(max(count, 0), Int32(buffer.count - 1)))))
        }
    }
}
