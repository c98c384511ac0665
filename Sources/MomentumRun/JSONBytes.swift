import MomentumLayers
import MomentumScenes

/// JSON text appended to a byte buffer: what the trace writer writes, encoded without a `String` or a `JSONValue`
/// made per value (a frame's lines are encoded on the frame path). Numbers are written as `JSONValue` always wrote
/// them: a whole number below 10¹⁵ as an integer, any other finite number as Swift prints it (the shortest text that
/// reads back the same), a NaN or an infinity as `null`.
public struct JSONBytes: TextOutputStream {
    /// The text so far (UTF-8).
    public var bytes: [UInt8] = []

    /// An empty buffer.
    public init() {}

    /// Appends `string`'s UTF-8 as it is (no quotes, no escapes).
    public mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// Where `Double.write(to:)` puts its digits: appended directly, no `String` made for them.
    public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { append(buffer) }

    /// Appends literal text.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends `run`: one of up to three bytes (a key's quote and colon, a small number's digits) byte by byte, as
    /// an array's append of a whole buffer costs ~100 instructions with its copy and a byte's ~35 (callgrind).
    @inline(__always)
    private mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        if run.count <= 3 {
            for byte in run { bytes.append(byte) }
        } else {
            bytes.append(contentsOf: run)
        }
    }

    /// Appends a number.
    public mutating func number(_ v: Double) {
        if !v.isFinite {
            raw("null")
        } else if v == v.rounded() && abs(v) < 1e15 {
            int(Int64(v))
        } else if !decimal(v) {
            v.write(to: &self)
        }
    }

    /// Powers of ten a number with up to seven decimals is scaled by (exact as doubles).
    private static let scales: [Double] = [10, 100, 1e3, 1e4, 1e5, 1e6, 1e7]

    /// Appends `v` in decimals when it is the double nearest to a number of at most seven decimals (the trace's
    /// rounded times and tenths), between 0.001 and 10⁸ in magnitude: then no other number of as few digits is as
    /// near (doubles there are less than 10⁻⁷ apart), so these digits are the shortest that read back as `v`,
    /// which is what Swift prints, without its general algorithm. False (nothing appended) otherwise.
    private mutating func decimal(_ v: Double) -> Bool {
        let magnitude = abs(v)
        guard magnitude >= 0.001, magnitude < 1e8 else { return false }
        // A number of fewer decimals has seven too: when seven do not hold it (`v * 10⁷` is within 0.25 of the
        // whole number it would be, below 10¹⁵), no fewer do. The full-precision numbers are told by one check, not
        // seven.
        guard (magnitude * 1e7).rounded() / 1e7 == magnitude else { return false }
        for (index, scale) in Self.scales.enumerated() {
            let scaled = (magnitude * scale).rounded()
            guard scaled / scale == magnitude else { continue }
            let whole = Int64(magnitude), digits = index + 1
            var fraction = Int64(scaled) - whole * Int64(scale)
            if v < 0 { bytes.append(UInt8(ascii: "-")) }
            int(whole)
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 8) { text in
                text[0] = UInt8(ascii: ".")
                // The fraction's digits from the last, leading zeros included (the last is not a zero: a shorter
                // scale came first).
                for place in stride(from: digits, to: 0, by: -1) {
                    text[place] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
                    fraction /= 10
                }
                append(UnsafeBufferPointer(rebasing: text[...digits]))
            }
            return true
        }
        return false
    }

    /// Appends a whole number in decimal: its digits made from the last into a buffer on the stack (divided by the
    /// constant 10, not by a power of ten found first), then appended at once.
    public mutating func int(_ v: Int64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { text in
            var magnitude = v.magnitude
            var start = text.count
            repeat {
                start -= 1
                text[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if v < 0 {
                start -= 1
                text[start] = UInt8(ascii: "-")
            }
            append(UnsafeBufferPointer(rebasing: text[start...]))
        }
    }

    /// Appends `s` as a JSON string: quoted, with `"`, `\` and control characters escaped.
    public mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { utf8 in
            // Most strings (every key, most names) need no escape: one copy.
            guard utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                append(utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case UInt8(ascii: "\n"): raw("\\n")
                case ..<0x20:
                    let hex: StaticString = "0123456789abcdef"
                    raw("\\u00")
                    hex.withUTF8Buffer { bytes += [$0[Int(byte >> 4)], $0[Int(byte & 15)]] }
                default: bytes.append(byte)
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a value.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .number(let v): number(v)
        case .int(let v): int(v)
        case .bool(let v): v ? raw("true") : raw("false")
        case .null: raw("null")
        case .string(let s): string(s)
        case .array(let values): list(values, "[", "]") { $0.value($1) }
        case .object(let fields): list(fields, "{", "}") { $0.member($1.0, $1.1) }
        }
    }

    /// Appends a scene's trace value as `JSONValue(value)` would be written, without making one.
    public mutating func value(_ value: TraceValue) {
        switch value {
        case .number(let v): number(v)
        case .bool(let v): v ? raw("true") : raw("false")
        case .string(let s): string(s)
        case .array(let values): list(values, "[", "]") { $0.value($1) }
        case .object(let fields): list(fields, "{", "}") { $0.member($1.key, $1.value) }
        }
    }

    /// `"key":value` in an object.
    private mutating func member(_ key: String, _ value: JSONValue) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        self.value(value)
    }

    private mutating func member(_ key: String, _ value: TraceValue) {
        string(key)
        bytes.append(UInt8(ascii: ":"))
        self.value(value)
    }

    /// `elements` between `open` and `close`, separated by commas, each written by `write`.
    private mutating func list<Elements: Collection>(_ elements: Elements, _ open: Unicode.Scalar,
                                                     _ close: Unicode.Scalar,
                                                     _ write: (inout JSONBytes, Elements.Element) -> Void) {
        bytes.append(UInt8(ascii: open))
        var first = true
        for element in elements {
            if !first { bytes.append(UInt8(ascii: ",")) }
            first = false
            write(&self, element)
        }
        bytes.append(UInt8(ascii: close))
    }
}
