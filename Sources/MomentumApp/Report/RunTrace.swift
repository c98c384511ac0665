import Foundation
import Glibc

/// A `momentum run --trace` file, read whole and checked line by line: every line a trace event, and the fields
/// the report draws of the right type. A problem is one line naming the file and line (`trace.jsonl:57: …`).
struct RunTrace {
    /// One event and the line it came from (1-based).
    struct Line {
        let number: Int
        let event: TraceEvent
    }

    /// The path as given.
    let path: String
    /// The events, in file order.
    let lines: [Line]

    /// Reads and checks the trace at `path`.
    static func load(_ path: String) throws(AppError) -> RunTrace {
        try parse(try read(path), path: path)
    }

    /// Reads a whole file; errors name the path and the system's reason.
    static func read(_ path: String) throws(AppError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw failure(path, errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, errno) }
        if info.st_mode & S_IFMT == S_IFDIR { throw failure(path, EISDIR) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw failure(path, errno) }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    private static func failure(_ path: String, _ error: Int32) -> AppError {
        AppError("cannot read trace \(path): \(String(cString: strerror(error)))")
    }

    /// Checks `bytes` as a trace read from `path`.
    static func parse(_ bytes: [UInt8], path: String) throws(AppError) -> RunTrace {
        var pieces = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        guard !pieces.isEmpty else { throw AppError("\(path): not a Momentum trace: the file is empty") }
        var lines: [Line] = []
        lines.reserveCapacity(pieces.count)
        for (index, piece) in pieces.enumerated() {
            let number = index + 1
            let text = String(decoding: piece, as: UTF8.self)
            guard let event = TraceEvent(line: text) else {
                let reason = diagnose(text)
                if number == 1 { throw AppError("\(path):1: not a Momentum trace: \(reason)") }
                throw AppError("\(path):\(number): not a trace event: \(reason)")
            }
            if let problem = check(event) { throw AppError("\(path):\(number): \(problem)") }
            lines.append(Line(number: number, event: event))
        }
        return RunTrace(path: path, lines: lines)
    }

    /// Why `text` is not a trace event.
    private static func diagnose(_ text: String) -> String {
        if text.trimmingCharacters(in: .whitespaces).isEmpty { return "the line is empty" }
        guard let data = text.data(using: .utf8), let object = try? JSONSerialization.jsonObject(with: data) else {
            return "the line is not JSON"
        }
        guard let fields = object as? [String: Any] else { return "the line is not a JSON object" }
        if !(fields["t"] is NSNumber) { return "no numeric \"t\" (seconds since start)" }
        return "no \"event\" name"
    }

    /// The fields each event the report draws must carry, as numbers (or arrays of two numbers).
    private static let required: [String: (numbers: [String], pairs: [String])] = [
        "frame": (["seq"], []),
        "presented": (["seq", "ns"], []),
        "discarded": (["seq"], []),
        "configure": (["width", "height"], []),
        "panel": (["y", "vy"], []),
        "transition": (["card_y", "card_vy"], []),
        "scroll": (["offset", "velocity"], []),
        "playground": ([], ["position", "velocity"]),
    ]

    /// Numbers the report reads where present: a number or null.
    private static let optional: [String: [String]] = [
        "frame": ["tick_us", "render_us", "drawn_px", "damage_px", "callback_ms"],
        "presented": ["refresh_ns"],
        "configure": ["scale", "buffer_width", "buffer_height"],
        "touch": ["id", "x", "y"],
        "exit": ["code"],
    ]

    /// Strings the report reads.
    private static let strings: [String: [String]] = ["touch": ["phase"], "gesture": ["kind"], "scene": ["name"],
                                                      "backend": ["name"]]

    /// What is wrong with `event`'s fields, or nil.
    private static func check(_ event: TraceEvent) -> String? {
        let kind = event.kind
        if let need = required[kind] {
            for key in need.numbers where event.number(key).map({ !$0.isFinite }) ?? true {
                return "\(kind) event without a numeric \"\(key)\""
            }
            for key in need.pairs where (event.numbers(key)?.count ?? 0) != 2 || (event.fields[key] as? [Any])?.count != 2 {
                return "\(kind) event without \"\(key)\" as [x, y]"
            }
        }
        for key in optional[kind] ?? [] {
            guard let value = event.fields[key], !(value is NSNull) else { continue }
            if event.number(key) == nil { return "\(kind) event with a non-numeric \"\(key)\"" }
        }
        for key in strings[kind] ?? [] where event.string(key) == nil {
            return "\(kind) event without a \"\(key)\" name"
        }
        return nil
    }
}
