import MomentumLayers
import MomentumScenes

/// JSON text appended to a byte buffer: what the trace writer writes, encoded without a `String` or a `JSONValue`
/// made per value (a frame's lines are encoded on the frame path). Numbers are written as `JSONValue` always wrote
/// them: a whole number below 10¹⁵ as an integer, any other finite number as Swift prints it (the shortest text that
/// reads back the same), a NaN or an infinity as `null`.
///
/// The bytes are in storage of its own, not an `[UInt8]`: each write makes room once (one check of the capacity and
/// of a copy sharing the storage) and stores its bytes through a pointer, where an array's append pays its checks
/// per byte (~35 instructions a byte, ~100 a short run with its copy: callgrind). A copy shares the storage until
/// either writes (then the writer copies what it holds first), as an array does.
public struct JSONBytes: TextOutputStream {
    /// A block of bytes, freed with the last `JSONBytes` holding it; never written while another holds it too.
    private final class Storage: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt8>
        let capacity: Int

        init(capacity: Int) {
            base = .allocate(capacity: max(capacity, 1))
            self.capacity = capacity
        }

        deinit { base.deallocate() }

        /// What an empty buffer holds until its first write (an empty buffer made per record allocates nothing).
        static let empty = Storage(capacity: 0)
    }

    private var storage = Storage.empty
    /// How many bytes are written.
    public private(set) var count = 0

    /// An empty buffer.
    public init() {}

    /// The text so far (UTF-8), copied out.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    /// Whether nothing is written.
    public var isEmpty: Bool { count == 0 }

    /// Calls `body` with the text so far (valid only inside it).
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: storage.base, count: count))
    }

    /// Forgets everything written, keeping the storage for what comes next.
    public mutating func removeAll() { count = 0 }

    /// Forgets what was written after the first `length` bytes.
    public mutating func removeAll(after length: Int) { count = min(max(length, 0), count) }

    /// Makes room for `capacity` bytes in all.
    public mutating func reserveCapacity(_ capacity: Int) {
        if capacity > storage.capacity || !isKnownUniquelyReferenced(&storage) { grow(to: capacity) }
    }

    /// Where the next `n` bytes go: room made for them, in storage held by this buffer alone.
    @inline(__always)
    private mutating func room(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(count + n > storage.capacity || !isKnownUniquelyReferenced(&storage)) {
            grow(to: max(count + n, 2 * storage.capacity, 256))
        }
        return storage.base + count
    }

    /// Moves the bytes into new storage of `capacity` bytes (at least what is written), held by this buffer alone.
    @inline(never)
    private mutating func grow(to capacity: Int) {
        let new = Storage(capacity: max(capacity, count))
        new.base.initialize(from: storage.base, count: count)
        storage = new
    }

    /// Appends one byte.
    @inline(__always)
    public mutating func append(_ byte: UInt8) {
        room(1).pointee = byte
        count += 1
    }

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

    /// Appends `,"key":` (`"key":` when `first`), `key` as it is (a trace line's keys need no escapes), with one
    /// look for room.
    public mutating func member(_ key: String, first: Bool = false) {
        var key = key
        let comma = first ? 0 : 1
        key.withUTF8 { name in
            let text = room(comma + name.count + 3)
            text[0] = UInt8(ascii: ",")  // overwritten by the quote when first
            text[comma] = UInt8(ascii: "\"")
            if let source = name.baseAddress { (text + comma + 1).initialize(from: source, count: name.count) }
            text[comma + name.count + 1] = UInt8(ascii: "\"")
            text[comma + name.count + 2] = UInt8(ascii: ":")
            count += comma + name.count + 3
        }
    }

    /// Appends `run`.
    @inline(__always)
    private mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        guard let source = run.baseAddress else { return }
        room(run.count).initialize(from: source, count: run.count)
        count += run.count
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
            let fraction = Int64(scaled) - whole * Int64(scale)
            if v < 0 { append(UInt8(ascii: "-")) }
            int(whole)
            fractionDigits(fraction, digits)
            return true
        }
        return false
    }

    /// Appends `.` and `fraction` in `digits` decimals, leading zeros included.
    @inline(__always)
    private mutating func fractionDigits(_ fraction: Int64, _ digits: Int) {
        let text = room(digits + 1)
        text[0] = UInt8(ascii: ".")
        var fraction = fraction
        for place in stride(from: digits, to: 0, by: -1) {
            text[place] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
            fraction /= 10
        }
        count += digits + 1
    }

    /// Powers of ten up to 10⁷, as whole numbers.
    private static let wholeScales: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]

    /// Appends `scaled / 10^places` as `number` writes that quotient, where `scaled` is a whole number (a value
    /// rounded to `places` decimals, 1...7, times 10^places: the trace's tenths and rounded times), without the
    /// division or the look for how many decimals it has: the whole part, then the fraction's digits without its
    /// trailing zeros (the shortest text that reads back the same, as `decimal` shows). Outside 0.001 to 10⁸ in
    /// magnitude the quotient is written by `number`.
    public mutating func number(scaled: Double, places: Int) {
        let scale = Self.wholeScales[places]
        let magnitude = scaled.magnitude
        guard magnitude < Double(scale) * 1e8, magnitude.rounded() == magnitude else {
            return number(scaled / Double(scale))
        }
        let n = Int64(magnitude)
        let whole = n / scale
        var fraction = n - whole * scale
        guard fraction != 0 else { return int(scaled < 0 ? -whole : whole) }
        guard 1000 * n >= scale else { return number(scaled / Double(scale)) }
        var digits = places
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        if scaled < 0 { append(UInt8(ascii: "-")) }
        int(whole)
        fractionDigits(fraction, digits)
    }

    /// Appends a whole number in decimal: its digits counted by comparisons, then made from the last straight into
    /// the storage (divided by the constant 10).
    public mutating func int(_ v: Int64) {
        var magnitude = v.magnitude
        var digits = 1
        var bound: UInt64 = 10
        while digits < 19, magnitude >= bound {
            digits += 1
            bound &*= 10
        }
        let sign = v < 0 ? 1 : 0
        let text = room(sign + digits)
        if sign == 1 { text[0] = UInt8(ascii: "-") }
        var place = sign + digits
        repeat {
            place -= 1
            text[place] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
        count += sign + digits
    }

    /// Appends `s` as a JSON string: quoted, with `"`, `\` and control characters escaped.
    public mutating func string(_ s: String) {
        append(UInt8(ascii: "\""))
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
                    hex.withUTF8Buffer {
                        append($0[Int(byte >> 4)])
                        append($0[Int(byte & 15)])
                    }
                default: append(byte)
                }
            }
        }
        append(UInt8(ascii: "\""))
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
        append(UInt8(ascii: ":"))
        self.value(value)
    }

    private mutating func member(_ key: String, _ value: TraceValue) {
        string(key)
        append(UInt8(ascii: ":"))
        self.value(value)
    }

    /// `elements` between `open` and `close`, separated by commas, each written by `write`.
    private mutating func list<Elements: Collection>(_ elements: Elements, _ open: Unicode.Scalar,
                                                     _ close: Unicode.Scalar,
                                                     _ write: (inout JSONBytes, Elements.Element) -> Void) {
        append(UInt8(ascii: open))
        var first = true
        for element in elements {
            if !first { append(UInt8(ascii: ",")) }
            first = false
            write(&self, element)
        }
        append(UInt8(ascii: close))
    }
}
