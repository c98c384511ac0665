/// Reads one JSON text (a trace line) into a `JSONValue`, without Foundation: objects keep their keys' order,
/// integers that fit 64 bits stay `.int`, other numbers are `.number`. Hostile input gets a reason, never a trap:
/// nesting deeper than `maxDepth`, a number that does not fit a `Double`, a lone surrogate, a control character in a
/// string, anything after the value.
public struct JSONParser {
    /// The deepest nesting read (a trace line nests four deep at most).
    public static let maxDepth = 64

    /// Why a text is not JSON.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What is wrong, and at which byte (0-based).
        public var reason: String
        public var offset: Int
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Parses `bytes` as one JSON value (white space around it allowed).
    public static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
        let array = Array(bytes)
        return try array.withUnsafeBufferPointer { buffer throws(Failure) -> JSONValue in
            var parser = Parser(bytes: buffer)
            parser.skipSpace()
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            guard parser.index == buffer.count else { throw parser.failure("text after the JSON value") }
            return value
        }
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: index) }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipSpace() {
            while let c = current, c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D { index += 1 }
        }

        mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { throw failure("unexpected end") }
            for k in 0..<count where bytes[index + k] != literal.utf8Start[k] { throw failure("unexpected character") }
            index += count
            return value
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard depth < JSONParser.maxDepth else { throw failure("nested deeper than \(JSONParser.maxDepth)") }
            guard let c = current else { throw failure("unexpected end") }
            switch c {
            case UInt8(ascii: "{"): return try object(depth: depth)
            case UInt8(ascii: "["): return try array(depth: depth)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw failure("unexpected character")
            }
        }

        mutating func object(depth: Int) throws(Failure) -> JSONValue {
            index += 1
            var fields: [(String, JSONValue)] = []
            skipSpace()
            if current == UInt8(ascii: "}") {
                index += 1
                return .object(fields)
            }
            while true {
                skipSpace()
                guard current == UInt8(ascii: "\"") else { throw failure("expected a key") }
                let key = try string()
                skipSpace()
                guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
                index += 1
                skipSpace()
                fields.append((key, try value(depth: depth + 1)))
                skipSpace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(fields)
                default: throw failure("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(Failure) -> JSONValue {
            index += 1
            var items: [JSONValue] = []
            skipSpace()
            if current == UInt8(ascii: "]") {
                index += 1
                return .array(items)
            }
            while true {
                skipSpace()
                items.append(try value(depth: depth + 1))
                skipSpace()
                switch current {
                case UInt8(ascii: ","): index += 1
                case UInt8(ascii: "]"):
                    index += 1
                    return .array(items)
                default: throw failure("expected ',' or ']'")
                }
            }
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard index + 4 <= bytes.count else { throw failure("unexpected end in \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[index]
                let digit: UInt8
                switch c {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
                default: throw failure("bad \\u escape")
                }
                value = value << 4 | UInt32(digit)
                index += 1
            }
            return value
        }

        mutating func string() throws(Failure) -> String {
            index += 1
            let start = index
            // The common case: no escapes, one slice.
            while let c = current, c != UInt8(ascii: "\""), c != UInt8(ascii: "\\"), c >= 0x20 { index += 1 }
            if current == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            var out = Array(bytes[start..<index])
            while true {
                guard let c = current else { throw failure("unterminated string") }
                switch c {
                case UInt8(ascii: "\""):
                    index += 1
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    index += 1
                    guard let e = current else { throw failure("unterminated string") }
                    index += 1
                    switch e {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    case UInt8(ascii: "b"): out.append(0x08)
                    case UInt8(ascii: "f"): out.append(0x0C)
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "u"):
                        var scalar = try hex4()
                        if (0xD800..<0xDC00).contains(scalar) {
                            guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                                  bytes[index + 1] == UInt8(ascii: "u") else { throw failure("lone surrogate") }
                            index += 2
                            let low = try hex4()
                            guard (0xDC00..<0xE000).contains(low) else { throw failure("lone surrogate") }
                            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        }
                        guard let unicode = Unicode.Scalar(scalar) else { throw failure("lone surrogate") }
                        out.append(contentsOf: Array(String(Character(unicode)).utf8))
                    default: throw failure("bad escape")
                    }
                case 0..<0x20: throw failure("control character in a string")
                default:
                    out.append(c)
                    index += 1
                }
            }
        }

        mutating func number() throws(Failure) -> JSONValue {
            let start = index
            var integral = true
            if current == UInt8(ascii: "-") { index += 1 }
            guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                throw failure("bad number")
            }
            if first == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
            if current == UInt8(ascii: ".") {
                integral = false
                index += 1
                guard skipDigits() > 0 else { throw failure("bad number") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                integral = false
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard skipDigits() > 0 else { throw failure("bad number") }
            }
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if integral, let value = Int64(text) { return .int(value) }
            guard let value = Double(text), value.isFinite else {
                index = start
                throw failure("number out of range")
            }
            return .number(value)
        }

        @discardableResult
        mutating func skipDigits() -> Int {
            let start = index
            while let c = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) { index += 1 }
            return index - start
        }
    }
}

extension JSONValue {
    /// The value as a number (an integer too).
    public var double: Double? {
        switch self {
        case .number(let v): v
        case .int(let v): Double(v)
        default: nil
        }
    }

    /// The value as a whole number that fits `T`, nil otherwise (a fraction, out of range, not a number).
    public func integer<T: FixedWidthInteger>(_: T.Type = T.self) -> T? {
        switch self {
        case .int(let v): T(exactly: v)
        case .number(let v): T(exactly: v)
        default: nil
        }
    }

    /// The value of `key` in an object (the first, if repeated).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let fields) = self else { return nil }
        return fields.first { $0.0 == key }?.1
    }
}
