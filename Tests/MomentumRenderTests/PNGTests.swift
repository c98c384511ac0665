import CZlib
import Foundation
import MomentumLayers
import Testing
@testable import MomentumRender

/// PNG output checked by two decoders written independently of the encoder: one in Swift through zlib's
/// `uncompress`, one in python3 (its zlib verifies Adler-32, and every chunk's CRC-32 is checked with zlib.crc32).
@Suite(.serialized)
struct PNGTests {
    /// Decodes `png` in Swift: walks the chunks, inflates the IDATs with zlib's `uncompress` and undoes the row
    /// filters (PNG specification §9); returns (width, height, RGBA bytes top row first).
    static func decodeWithZlib(_ png: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        func bigEndian(_ at: Int) -> Int {
            png[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        guard png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw RenderError("bad PNG signature")
        }
        var position = 8, width = 0, height = 0
        var idat = [UInt8]()
        while position + 12 <= png.count {
            let length = bigEndian(position)
            let kind = String(decoding: png[position + 4 ..< position + 8], as: UTF8.self)
            let body = Array(png[position + 8 ..< position + 8 + length])
            if kind == "IHDR" {
                width = body[0 ..< 4].reduce(0) { $0 << 8 | Int($1) }
                height = body[4 ..< 8].reduce(0) { $0 << 8 | Int($1) }
                guard Array(body[8...]) == [8, 6, 0, 0, 0] else { throw RenderError("IHDR \(body)") }
            }
            if kind == "IDAT" { idat += body }
            position += 12 + length
        }
        let stride = width * 4
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { out in
            idat.withUnsafeBufferPointer { uncompress(out.baseAddress, &rawLength, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else {
            throw RenderError("uncompress: status \(status), \(rawLength) of \(raw.count) bytes")
        }
        var rgba = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for i in 0..<stride {
                let x = Int(raw[y * (stride + 1) + 1 + i])
                let a = i >= 4 ? Int(rgba[y * stride + i - 4]) : 0
                let b = y > 0 ? Int(rgba[(y - 1) * stride + i]) : 0
                let c = i >= 4 && y > 0 ? Int(rgba[(y - 1) * stride + i - 4]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw RenderError("row \(y): filter \(filter)")
                }
                rgba[y * stride + i] = UInt8((x + predictor) & 0xFF)
            }
        }
        return (width, height, rgba)
    }

    /// Decodes `png` with python3; returns (width, height, RGBA bytes top row first).
    static func decodeWithPython(_ png: [UInt8]) throws -> (width: Int, height: Int, rgba: [UInt8]) {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("momentum-png-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.png")
        let output = directory.appendingPathComponent("out.rgba")
        try Data(png).write(to: input)
        let script = """
            import struct, sys, zlib
            data = open(sys.argv[1], 'rb').read()
            assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'bad signature'
            pos, idat, ihdr, chunks = 8, b'', None, []
            while pos < len(data):
                length, = struct.unpack('>I', data[pos:pos+4]); kind = data[pos+4:pos+8]
                body = data[pos+8:pos+8+length]; crc, = struct.unpack('>I', data[pos+8+length:pos+12+length])
                assert zlib.crc32(kind + body) & 0xffffffff == crc, 'bad CRC in ' + kind.decode()
                chunks.append(kind)
                if kind == b'IHDR': ihdr = struct.unpack('>IIBBBBB', body)
                if kind == b'IDAT': idat += body
                pos += 12 + length
            assert chunks[0] == b'IHDR' and chunks[-1] == b'IEND', chunks
            w, h, depth, colour, _, _, interlace = ihdr
            assert (depth, colour, interlace) == (8, 6, 0), ihdr
            raw = zlib.decompress(idat)
            stride = 4 * w
            assert len(raw) == h * (stride + 1), len(raw)
            out, prev = bytearray(), bytearray(stride)
            for y in range(h):
                kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
                assert kind <= 4, 'filter %d' % kind
                for i in range(stride):
                    a = row[i - 4] if i >= 4 else 0
                    b = prev[i]
                    c = prev[i - 4] if i >= 4 else 0
                    if kind == 1: row[i] = (row[i] + a) & 255
                    elif kind == 2: row[i] = (row[i] + b) & 255
                    elif kind == 3: row[i] = (row[i] + (a + b) // 2) & 255
                    elif kind == 4:
                        p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                        row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
                out += row
                prev = row
            open(sys.argv[2], 'wb').write(out)
            print(w, h)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, input.path, output.path]
        // Files, not pipes: FileHandle's pipe reads trap on EINTR, and other tests' children send SIGCHLD.
        let stdoutURL = output.appendingPathExtension("stdout"), stderrURL = output.appendingPathExtension("stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: stdoutURL)
            try? FileManager.default.removeItem(at: stderrURL)
        }
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
        process.waitUntilExit()
        let printed = (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? ""
        let complaint = (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else {
            throw RenderError("python3 PNG decode failed: \(complaint)")
        }
        let size = printed.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard size.count == 2 else { throw RenderError("python3 printed \(printed)") }
        return (size[0], size[1], [UInt8](try Data(contentsOf: output)))
    }

    @Test(arguments: [(3, 2), (70, 40), (300, 100)])
    func pythonDecodesTheSamePixels(width: Int, height: Int) throws {
        // A pattern where every byte depends on position, so swapped rows or channels would show.
        var rgba = [UInt8]()
        for y in 0..<height {
            for x in 0..<width {
                rgba += [UInt8(x % 256), UInt8(y % 256), UInt8((x * 7 + y * 13) % 256), UInt8((x + y) % 2 == 0 ? 255 : 64)]
            }
        }
        let png = PNG.encode(rgba: rgba, width: width, height: height)
        let decoded = try Self.decodeWithPython(png)
        #expect(decoded.width == width && decoded.height == height)
        #expect(decoded.rgba == rgba)
        let zlibDecoded = try Self.decodeWithZlib(png)
        #expect(zlibDecoded.width == width && zlibDecoded.height == height)
        #expect(zlibDecoded.rgba == rgba)
    }

    /// Every filter type is exercised and undone exactly: rows built so that each of None, Sub, Up, Average and
    /// Paeth wins somewhere (flat, horizontal ramp, vertical copy, smooth gradient, noise).
    @Test func everyFilterRoundTrips() throws {
        let width = 64, height = 40
        var rgba = [UInt8]()
        var seed: UInt32 = 12_345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let noise = UInt8(truncatingIfNeeded: seed >> 24)
                let band = y / 8
                let value: UInt8 = switch band {
                case 0: 200
                case 1: UInt8(truncatingIfNeeded: x * 3)
                case 2: UInt8(truncatingIfNeeded: x * x + 7)
                case 3: UInt8(truncatingIfNeeded: x * 2 + y * 3)
                default: noise
                }
                rgba += [value, value &+ UInt8(truncatingIfNeeded: y), noise / 4 &+ UInt8(x), 255]
            }
        }
        let png = PNG.encode(rgba: rgba, width: width, height: height)
        let decoded = try Self.decodeWithZlib(png)
        #expect(decoded.rgba == rgba)
        #expect(try Self.decodeWithPython(png).rgba == rgba)
        let filtered = PNG.filtered(rgba: rgba, width: width, height: height)
        let used = Set((0..<height).map { filtered[$0 * (width * 4 + 1)] })
        #expect(used.count >= 3, "filters used: \(used.sorted())")
    }

    @Test func rejectsMismatchedSizes() {
        #expect(PNG.encode(rgba: [1, 2, 3], width: 1, height: 1).isEmpty)
        #expect(PNG.encode(rgba: [], width: 0, height: 0).isEmpty)
    }

    /// A rendered panel frame survives the round trip; the file is kept at $MOMENTUM_RENDER_SAMPLE when set.
    @Test func renderedFrameRoundTrips() throws {
        var list = DrawList()
        list.addBackground(top: RGBA(hex: 0x2B3A55), bottom: RGBA(hex: 0x0F1626))
        list.addRoundedRect(DrawRect(x: 40.5, y: 60.25, width: 240, height: 150), cornerRadius: 24,
                            fill: RGBA(hex: 0xF4F1EA),
                            shadow: DropShadow(blurRadius: 24, offset: SIMD2(0, 10), color: RGBA(r: 0, g: 0, b: 0, a: 0.6)))
        list.addRoundedRect(DrawRect(x: 60, y: 80, width: 120, height: 24), cornerRadius: 12, fill: RGBA(hex: 0x3D7BFF))
        list.addBarGraph(BarGraph(rect: DrawRect(x: 8, y: 8, width: 120, height: 32),
                                  values: [12, 16, 15, 30, 17, 16, 8, 16, 22, 16, 16, 12], reference: 16.7,
                                  maxValue: 33.4, capacity: 24))
        let image = try renderOffscreen(list, width: 320, height: 240)
        let png = PNG.encode(rgba: image.rgba, width: image.width, height: image.height)
        if let path = ProcessInfo.processInfo.environment["MOMENTUM_RENDER_SAMPLE"] {
            try Data(png).write(to: URL(fileURLWithPath: path))
        }
        let decoded = try Self.decodeWithPython(png)
        #expect(decoded.width == 320 && decoded.height == 240)
        #expect(decoded.rgba == image.rgba)
        #expect(try Self.decodeWithZlib(png).rgba == image.rgba)
        #expect(distance(image.pixel(200, 150), bytes(RGBA(hex: 0xF4F1EA))) <= 2)
        // Deflated and filtered: far below the 307 KB of raw pixels (stored blocks were 307 KB plus headers).
        #expect(png.count < image.rgba.count / 10, "\(png.count) bytes for \(image.rgba.count) bytes of pixels")
    }
}
