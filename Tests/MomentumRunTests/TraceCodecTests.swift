import MomentumCore
import MomentumLayers
import MomentumRun
import MomentumScenes
import MomentumTestSupport
import Testing

/// The trace's one record type: every line the app writes reads back as what was written, and what is not a trace
/// line gets one reason, never a trap.
struct TraceCodecTests {
    /// One line of every kind, with the values a run gives them (and the optional fields both present and absent).
    static let lines: [TraceLine] = {
        var lines: [TraceLine] = [
            TraceLine(t: 0.000_125, .clock(.init(startNanoseconds: 123_456_789_012, presentation: "monotonic",
                                                 monotonicNanoseconds: 123_456_790_000,
                                                 presentationNanoseconds: 123_456_790_000, input: "monotonic"))),
            TraceLine(t: 0.001, .clock(.init(startNanoseconds: 5, presentation: nil, monotonicNanoseconds: nil,
                                             presentationNanoseconds: nil, input: "monotonic_ms"))),
            TraceLine(t: 0.05, .system(.init(gl: .init(vendor: "Mesa", renderer: "llvmpipe", version: "OpenGL ES 3.2",
                                                       eglExtensions: ["EGL_KHR_no_config_context"]),
                                             outputs: [.init(name: "headless", width: 800, height: 600,
                                                             refreshMilliHertz: 60_000, scale: 1),
                                                       .init(name: nil, width: 1, height: 1, refreshMilliHertz: 0,
                                                             scale: 2)],
                                             globals: [.init(interface: "wl_compositor", version: 5)]))),
            TraceLine(t: 0.05, .system(.init(gl: nil, outputs: [], globals: []))),
            TraceLine(t: 0.06, .window(decorations: "client")),
            TraceLine(t: 0.06, .seat(devices: ["touch", "pointer"])),
            TraceLine(t: 0.07, .cursor(.init(via: "theme", name: "left_ptr", theme: "default", size: 24, scale: 2))),
            TraceLine(t: 0.07, .cursor(.init(via: "shape", name: "default", theme: nil, size: nil, scale: nil))),
            TraceLine(t: 0.08, .configure(.init(width: 800, height: 600, scale: 1.5, bufferWidth: 1200,
                                                bufferHeight: 900))),
            TraceLine(t: 0.1, .touch(.init(phase: .down, id: -1, position: SIMD2(400.5, 12.25), time: 12.345_678))),
            TraceLine(t: 0.11, .frame(.init(sequence: 7, callbackMilliseconds: 4_294_967_295, step: 0.025, hud: true,
                                            ghosts: 2, tickMicros: 312.5, renderMicros: 1200.1, damagePixels: 480_000,
                                            drawnPixels: 1000, layerSurface: DrawRect(x: 80, y: 282, width: 640,
                                                                                      height: 318),
                                            callbackT: 0.085, wakeT: 0.108, commitT: 0.11, cpuMicros: 900.2,
                                            targetT: 0.126, predictMicros: 18_000))),
            TraceLine(t: 0.12, .frame(.init(sequence: 1, callbackMilliseconds: nil, step: 0, hud: false, ghosts: 0,
                                            tickMicros: 0, renderMicros: 0, damagePixels: nil, drawnPixels: nil,
                                            layerSurface: nil, callbackT: nil, wakeT: nil, commitT: 0.12, cpuMicros: 0,
                                            targetT: nil, predictMicros: nil))),
            TraceLine(t: 0.13, .presented(.init(sequence: 7, nanoseconds: UInt64(Int64.max), refreshNanoseconds: 16_666_667,
                                                msc: 1234, flags: [.vsync, .hwCompletion]))),
            TraceLine(t: 0.13, .discarded(sequence: 8)),
            TraceLine(t: 0.135, .unchanged(sequence: 9, step: 0.016)),
            TraceLine(t: 0.14, .gesture(SceneEvent(.tap, [TraceField(EventField.before, .vector(SIMD2(528, -2125))),
                                                         TraceField(EventField.after, .vector(SIMD2(528, -2125)))]))),
            TraceLine(t: 0.14, .gesture(SceneEvent(.autoplay))),
            TraceLine(t: 0.15, .switcher(.init(form: "menu", isOpen: true,
                                               targets: [TouchTarget("menu", DrawRect(x: 12, y: 12, width: 144, height: 36))]))),
            TraceLine(t: 0.15, .layout(.init(scene: "panel", targets: [TouchTarget("panel", DrawRect(x: 80, y: 528,
                                                                                                      width: 640, height: 72))],
                                             chrome: []))),
            TraceLine(t: 0.16, .scene(name: "gallery")),
            TraceLine(t: 0.16, .backend(name: "dynamics")),
            TraceLine(t: 0.17, .rest(cpu: 0.25)),
            TraceLine(t: 0.18, .truncated(limit: 4096)),
            TraceLine(t: 0.19, .exit(.init(code: 139, reason: "SIGTERM \"quoted\"\nand a newline", feedbackUnanswered: 2,
                                           feedbackFreed: 16, cpu: 0.5))),
        ]
        // Every scene's record, at rest and mid-motion.
        for kind in SceneKind.allCases {
            var scene = kind.make(size: SIMD2(800, 600), backend: .spring)
            lines.append(TraceLine(t: 0.2, .sceneState(scene.record)))
            _ = scene.autoplay()
            _ = scene.advance(by: 0.1)
            lines.append(TraceLine(t: 0.3, .sceneState(scene.record)))
        }
        return lines
    }()

    @Test("every kind of line reads back as written")
    func roundTrip() throws {
        for line in Self.lines {
            let text = line.encoded
            #expect(text.hasSuffix("\n") && !text.dropLast().contains("\n"))
            let back = try TraceLine(decoding: Array(text.utf8.dropLast()))
            #expect(back == line, "\(text)")
        }
    }

    @Test("a line written field by field (frames, feedback, every scene's record: no value made for each) is the text its listed fields make")
    func writtenAsListed() {
        for line in Self.lines {
            var listed = JSONBytes()
            listed.raw("{\"t\":")
            listed.number(line.t)
            listed.raw(",\"event\":")
            listed.string(line.record.event)
            for (key, value) in line.record.fields {
                listed.raw(",")
                listed.string(key)
                listed.raw(":")
                listed.value(value)
            }
            listed.raw("}\n")
            #expect(line.encoded == String(decoding: listed.bytes, as: UTF8.self))
        }
    }

    @Test("numbers and strings are written as a JSON reader reads them back: every integer, the shortest double, escapes")
    func values() throws {
        let integers: [Int64] = [0, 1, -1, 9, 10, -10, 99, 100, 1_000_000_007, Int64.max, Int64.min, Int64.min + 1,
                                 999_999_999_999_999, -999_999_999_999_999]
        for v in integers {
            var bytes = JSONBytes()
            bytes.int(v)
            #expect(String(decoding: bytes.bytes, as: UTF8.self) == String(v))
            #expect(try JSONParser.parse(bytes.bytes) == .int(v))
        }
        let doubles: [Double] = [0, -0.0, 0.1, -2.5e-3, 1e-7, 12.345_678_9, 1e15, 1e15 + 2, 123_456.5, .pi, 1e300,
                                 -1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude]
        for v in doubles {
            var bytes = JSONBytes()
            bytes.number(v)
            let text = String(decoding: bytes.bytes, as: UTF8.self)
            // A whole number below 10^15 as an integer, anything else as Swift prints it.
            #expect(text == (v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)))
            let back = try JSONParser.parse(bytes.bytes)
            #expect(back == .number(v) || (abs(v) < 1e18 && back == .int(Int64(v))), "\(text)")
        }
        // The trace's rounded numbers (times to 10⁻⁷ s, tenths of µs), written in decimals without Swift's general
        // algorithm: the same text.
        var random = SplitMix64(seed: 11)
        for _ in 0..<20_000 {
            let decimals = Double(Int(random.nextUnit() * 8))
            let scale = (0..<Int(decimals)).reduce(1.0) { r, _ in r * 10 }
            let magnitude = [1e-4, 0.01, 1, 100, 1e4, 1e6, 1e8, 1e9][Int(random.nextUnit() * 8)]
            let v = ((random.nextUnit() - 0.3) * magnitude * scale).rounded() / scale
            var bytes = JSONBytes()
            bytes.number(v)
            let text = String(decoding: bytes.bytes, as: UTF8.self)
            #expect(text == (v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)))
        }
        // Full-precision numbers (a panel's y and vy, told from the decimals by one check) and whole numbers of every
        // length (written from their last digit): the same text.
        for _ in 0..<20_000 {
            let magnitude = [1e-4, 0.01, 1, 100, 1e4, 1e6, 1e8, 1e9][Int(random.nextUnit() * 8)]
            let v = (random.nextUnit() - 0.3) * magnitude
            var bytes = JSONBytes()
            bytes.number(v)
            #expect(String(decoding: bytes.bytes, as: UTF8.self)
                        == (v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v)))
            let whole = Int64(bitPattern: random.next()) >> (random.next() % 64)
            var integer = JSONBytes()
            integer.int(whole)
            #expect(String(decoding: integer.bytes, as: UTF8.self) == String(whole))
        }
        for v in [Double.nan, .infinity, -.infinity] {
            var bytes = JSONBytes()
            bytes.number(v)
            #expect(bytes.bytes == Array("null".utf8))
        }
        for s in ["", "plain", "quote \" and backslash \\", "line\nbreak\ttab\u{1}\u{1F}", "é 😀 \u{7F}"] {
            var bytes = JSONBytes()
            bytes.string(s)
            #expect(try JSONParser.parse(bytes.bytes) == .string(s), "\(String(decoding: bytes.bytes, as: UTF8.self))")
        }
    }

    @Test("a number rounded to a few decimals (a frame line's times and tenths) is written from its scaled whole number as the rounded number is")
    func roundedNumbers() {
        var random = SplitMix64(seed: 25)
        let specials: [Double] = [0, -0.0, 0.04, -0.04, 0.05, 1e-4, 1e-3, 9.99e-4, 99_999_999.9, 1e8, 1e8 + 0.5, 1e9,
                                  123.456_789_05, -5.000_000_1, .nan, .infinity, -.infinity, 1e20, -1e300]
        for places in 1...7 {
            let scale = (0..<places).reduce(1.0) { r, _ in r * 10 }
            var values = specials
            for _ in 0..<5_000 {
                let magnitude = [1e-5, 1e-3, 0.01, 1, 100, 1e4, 1e6, 1e8, 1e9][Int(random.nextUnit() * 9)]
                values.append((random.nextUnit() - 0.3) * magnitude)
            }
            for v in values {
                var direct = JSONBytes()
                direct.number(scaled: (v * scale).rounded(), places: places)
                var divided = JSONBytes()
                divided.number((v * scale).rounded() / scale)
                #expect(direct.bytes == divided.bytes, "\(v) to \(places): \(String(decoding: direct.bytes, as: UTF8.self))")
            }
        }
    }

    @Test("a copy of a buffer keeps its text when either is written on, and a buffer cut back writes on from there")
    func copies() {
        var first = JSONBytes()
        first.raw("{\"a\":")
        var second = first
        first.int(1)
        second.string("two")
        #expect(String(decoding: first.bytes, as: UTF8.self) == "{\"a\":1")
        #expect(String(decoding: second.bytes, as: UTF8.self) == "{\"a\":\"two\"")
        // Past the first block of storage: the text moves with it.
        let long = String(repeating: "x", count: 5_000)
        var third = second
        third.write(long)
        #expect(third.count == second.count + 5_000)
        #expect(String(decoding: third.bytes, as: UTF8.self) == "{\"a\":\"two\"" + long)
        third.removeAll(after: 5)
        third.number(0.5)
        #expect(String(decoding: third.bytes, as: UTF8.self) == "{\"a\":0.5")
        third.removeAll()
        #expect(third.isEmpty && third.bytes.isEmpty)
        #expect(String(decoding: second.bytes, as: UTF8.self) == "{\"a\":\"two\"")
    }

    @Test("a line that is not a trace line, or a field out of range, is one reason",
          arguments: [
            ("", "the line is empty"),
            ("not json", "the line is not JSON (unexpected character at byte 0)"),
            ("[1,2]", "the line is not a JSON object"),
            ("{\"event\":\"frame\"}", "no numeric \"t\" (seconds since start)"),
            ("{\"t\":1}", "no \"event\" name"),
            ("{\"t\":1,\"event\":\"warp\"}", "unknown event \"warp\""),
            ("{\"t\":1,\"event\":\"frame\"}", "frame event without a numeric \"seq\""),
            ("{\"t\":1,\"event\":\"frame\",\"seq\":1e300}",
             "frame event with \"seq\" 1e+300 out of range (a whole number, 0…18446744073709551615)"),
            ("{\"t\":1,\"event\":\"presented\",\"seq\":1e20,\"ns\":1}",
             "presented event with \"seq\" 1e+20 out of range (a whole number, 0…18446744073709551615)"),
            ("{\"t\":1,\"event\":\"touch\",\"phase\":\"down\",\"id\":1e300,\"x\":0,\"y\":0}",
             "touch event with \"id\" 1e+300 out of range (a whole number, -2147483648…2147483647)"),
            ("{\"t\":1,\"event\":\"exit\",\"code\":1e300}",
             "exit event with \"code\" 1e+300 out of range (a whole number, -2147483648…2147483647)"),
            ("{\"t\":1,\"event\":\"touch\",\"phase\":\"hover\",\"id\":1,\"x\":0,\"y\":0}",
             "touch event with an unknown \"phase\" \"hover\""),
            ("{\"t\":1,\"event\":\"panel\",\"y\":1}", "panel event without a \"state\""),
            ("{\"t\":1e999,\"event\":\"rest\"}", "the line is not JSON (number out of range at byte 5)"),
          ])
    func refusals(text: String, reason: String) {
        do {
            let line = try TraceLine(decoding: Array(text.utf8))
            Issue.record("read \(line)")
        } catch {
            #expect(error.reason == reason)
        }
    }

    @Test("the parser stops hostile nesting, lone surrogates and trailing text with a reason")
    func hostileJSON() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        for (text, reason) in [(deep, "nested deeper than 64"), ("\"\\ud800\"", "lone surrogate"),
                               ("{} x", "text after the JSON value"), ("\"a\u{1}\"", "control character in a string"),
                               ("-", "bad number"), ("01", "text after the JSON value")] {
            do {
                _ = try JSONParser.parse(Array(text.utf8))
                Issue.record("parsed \(text.prefix(20))")
            } catch {
                #expect(error.reason == reason, "\(text.prefix(20))")
            }
        }
        // What JSON allows reads as it says.
        #expect((try? JSONParser.parse(Array("\"\\u00e9\\ud83d\\ude00\\n\"".utf8))) == .string("é😀\n"))
        #expect((try? JSONParser.parse(Array(" {\"a\" : [1, -2.5e-3, true, null]} ".utf8)))?["a"]
            == .array([.int(1), .number(-0.0025), .bool(true), .null]))
    }
}
