import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import MomentumCore
import MomentumRun
import MomentumScenes
import Testing
@testable import MomentumApp

/// `momentum report` on hostile traces, through the entry the command uses (`ReportCommand.write`, with a Chrome
/// trace): real lines of every scene mixed with random and truncated lines, huge and non-numbers where numbers go
/// (1e300, 1e19, -1e300, NaN), values of the wrong type, nesting 100 000 deep, binary bytes, lines longer than a
/// trace line can be, blank and CRLF lines, and pure noise. Each trace either gives a report (HTML and a Chrome trace
/// that is JSON) or is refused in one line naming the file and a line of it, leaving nothing behind; never a trap.
/// The seed is fixed (`MOMENTUM_FUZZ_SEED` replaces it); the cases run in a few seconds in a debug build.
@Suite("momentum report on hostile traces", .serialized)
struct ReportFuzzTests {
    static let cases = 176

    /// Real lines of a short run of every scene: touches down, dragged and lifted, frames drawn and presented.
    static let realLines: [String] = {
        var lines: [String] = []
        for kind in SceneKind.allCases {
            var app = FuzzApp(kind: kind, backend: .spring, size: SIMD2(800, 600), scale: 1)
            app.keepsTrace = true
            var ms: UInt32 = 1000
            for gesture in 0..<3 {
                let x = 200.0 + Double(gesture) * 150
                app.touchDown(id: 0, at: SIMD2(x, 500), ms: ms)
                app.touchFrame()
                for step in 1...8 {
                    ms += 16
                    app.frame(dt: 1.0 / 60)
                    app.touchMotion(id: 0, to: SIMD2(x + Double(step) * 9, 500 - Double(step) * 30), ms: ms)
                    app.touchFrame()
                }
                app.touchUp(id: 0, ms: ms)
                app.touchFrame()
                for _ in 0..<20 { app.frame(dt: 1.0 / 60) }
            }
            lines += app.traced.map { String($0.encoded.dropLast()) }
        }
        return lines
    }()

    /// What goes where a number was.
    static let hostileNumbers = ["1e300", "-1e300", "1e19", "-1e19", "18446744073709551616", "9223372036854775808",
                                 "4294967296", "-2147483649", "1e-400", "1e999", "-0", "NaN", "-Infinity", "Infinity",
                                 "nan", "0x10", "1.", ".5", "01", "1e", "--1", "123456789012345678901234567890"]
    /// What goes where any value was.
    static let hostileValues = ["true", "false", "null", "\"\"", "\"x\"", "[]", "{}", "[1,2,3]", "{\"a\":1}",
                                "\"\\ud800\"", "\"\\u0000\"", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"]

    @Test("random, truncated, huge, nested and binary traces give a report or one line naming file:line")
    func hostileTraces() throws {
        let seed = ProcessInfo.processInfo.environment["MOMENTUM_FUZZ_SEED"].flatMap(FuzzSettings.parseSeed)
            ?? FuzzSettings.defaultSeed ^ 0x5245_504F_5254
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("momentum-report-fuzz-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(Self.realLines.count > 500)
        var random = SplitMix64(seed: seed)
        var accepted = 0, refused = 0
        for index in 0..<Self.cases {
            let (bytes, what) = Self.hostileTrace(&random, index: index)
            let path = dir + "/case-\(index).jsonl"
            #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
            let out = dir + "/out-\(index)", chrome = dir + "/chrome-\(index).json"
            let replay = "case \(index) (\(what)), seed \(seed)"
            do {
                let written = try ReportCommand.write(trace: path, out: out, chromeTrace: chrome)
                accepted += 1
                #expect(written == [out + "/report.html", chrome], "\(replay)")
                let html = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
                #expect(html.hasSuffix("</html>\n"), "\(replay)")
                if index % 8 == 0 { _ = try XMLDocument(xmlString: html) }
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: chrome)))
                #expect((json as? [String: Any])?["traceEvents"] is [Any], "\(replay)")
            } catch let error as AppError {
                refused += 1
                let message = error.description
                let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
                #expect(!message.contains("\n"), "\(replay): \(message)")
                #expect(Self.namesALine(message, path: path, lines: lines), "\(replay): \(message)")
                #expect(!FileManager.default.fileExists(atPath: out) && !FileManager.default.fileExists(atPath: chrome),
                        "\(replay): an output was left")
            }
            try? FileManager.default.removeItem(atPath: out)
            try? FileManager.default.removeItem(atPath: chrome)
            try? FileManager.default.removeItem(atPath: path)
        }
        // Both ends were reached.
        #expect(accepted >= Self.cases / 5 && refused >= Self.cases / 5, "accepted \(accepted), refused \(refused)")
    }

    /// True when `message` names `path` and one of its `lines` (`path:N: …`), or says the file is empty.
    static func namesALine(_ message: String, path: String, lines: Int) -> Bool {
        if message == "\(path): not a Momentum trace: the file is empty" { return true }
        guard message.hasPrefix(path + ":") else { return false }
        let rest = message.dropFirst(path.count + 1)
        guard let colon = rest.firstIndex(of: ":"), let number = Int(rest[..<colon]) else { return false }
        return (1...max(1, lines)).contains(number) && rest[colon...].hasPrefix(": ") && rest.count > 3
    }

    /// Case `index`: its bytes and what kind of case it is.
    static func hostileTrace(_ random: inout SplitMix64, index: Int) -> ([UInt8], String) {
        let start = Int(random.next() % UInt64(realLines.count))
        let count = 1 + Int(random.next() % 300)
        var lines = (0..<count).map { realLines[(start + $0) % realLines.count] }.map { Array($0.utf8) }
        var what: String
        switch index % 11 {
        case 0:
            what = "real lines"
        case 10:
            what = "times made huge, no presentation feedback"
            lines = lines.filter { !String(decoding: $0, as: UTF8.self).contains("\"event\":\"presented\"") }
            if lines.isEmpty { lines = [Array(realLines[0].utf8)] }
            for k in lines.indices where random.next() % 3 == 0 {
                let huge = ["1e300", "-1e300", "1.7976931348623157e308", "-1e19", "1e19"][Int(random.next() % 5)]
                lines[k] = replacingNumber(lines[k], with: huge, &random, first: true)
            }
        case 1:
            what = "a number made huge or not a number"
            for _ in 0..<(1 + Int(random.next() % 3)) {
                let k = Int(random.next() % UInt64(lines.count))
                lines[k] = replacingNumber(lines[k], with: hostileNumbers[Int(random.next() % UInt64(hostileNumbers.count))], &random)
            }
        case 2:
            what = "a value of another type"
            let k = Int(random.next() % UInt64(lines.count))
            lines[k] = replacingNumber(lines[k], with: hostileValues[Int(random.next() % UInt64(hostileValues.count))], &random)
        case 3:
            what = "a line cut short"
            let k = Int(random.next() % UInt64(lines.count))
            lines[k] = Array(lines[k].prefix(Int(random.next() % UInt64(lines[k].count))))
            if random.next() % 2 == 0 {
                // The last line, cut with no newline after it (a run killed mid-write).
                lines.append(Array(lines[0].prefix(1 + Int(random.next() % UInt64(lines[0].count)))))
                return (Array(lines.joined(separator: [UInt8(ascii: "\n")])), "the last line cut short")
            }
        case 4:
            what = "binary bytes"
            let k = Int(random.next() % UInt64(lines.count))
            let at = Int(random.next() % UInt64(lines[k].count + 1))
            let noise = (0..<(1 + Int(random.next() % 40))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            lines[k].insert(contentsOf: noise.filter { $0 != UInt8(ascii: "\n") }, at: at)
        case 5:
            what = "nesting 100 000 deep"
            let k = Int(random.next() % UInt64(lines.count))
            let deep = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
            lines[k] = random.next() % 2 == 0 ? deep : replacingNumber(lines[k], with: String(decoding: deep, as: UTF8.self), &random)
        case 6:
            let long = random.next() % 2 == 0
            what = long ? "a line longer than a trace line can be" : "a long string"
            let k = Int(random.next() % UInt64(lines.count))
            let length = long ? RunTrace.maximumLineLength + Int(random.next() % 1000) : 200_000
            lines[k] = Array("{\"t\":1,\"event\":\"scene\",\"name\":\"".utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: length)
                + Array("\"}".utf8)
        case 7:
            what = "blank, CRLF and repeated-key lines"
            let k = Int(random.next() % UInt64(lines.count))
            switch random.next() % 3 {
            case 0: lines.insert([], at: k)
            case 1: lines[k] += [0x0D]
            default: lines[k] = Array("{\"t\":1,\"t\":\"x\",\"event\":\"frame\",\"event\":7}".utf8)
            }
        case 8:
            what = "valid lines mixed with random text"
            for _ in 0..<(1 + Int(random.next() % 4)) {
                let k = Int(random.next() % UInt64(lines.count + 1))
                lines.insert((0..<Int(random.next() % 80)).map { _ in UInt8(32 + random.next() % 95) }, at: k)
            }
        default:
            what = "noise"
            lines = [(0..<Int(random.next() % 4000)).map { _ in UInt8(truncatingIfNeeded: random.next()) }]
        }
        return (Array(lines.joined(separator: [UInt8(ascii: "\n")])) + [UInt8(ascii: "\n")], what)
    }

    /// `line` with one of its numbers (a random one, or the `first`: a trace line's `t`) replaced by `text` (put
    /// first when it has none).
    static func replacingNumber(_ line: [UInt8], with text: String, _ random: inout SplitMix64,
                                first: Bool = false) -> [UInt8] {
        var starts: [Int] = []
        for i in 1..<max(1, line.count) {
            let before = line[i - 1], c = line[i]
            let starter = before == UInt8(ascii: ":") || before == UInt8(ascii: ",") || before == UInt8(ascii: "[")
            if starter, c == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) { starts.append(i) }
        }
        guard !starts.isEmpty else { return Array(text.utf8) + line }
        let start = first ? starts[0] : starts[Int(random.next() % UInt64(starts.count))]
        var end = start + 1
        let numeric = Set("0123456789.eE+-".utf8)
        while end < line.count, numeric.contains(line[end]) { end += 1 }
        return Array(line[..<start]) + Array(text.utf8) + Array(line[end...])
    }
}
