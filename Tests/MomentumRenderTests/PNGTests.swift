import Foundation
import MomentumLayers
import Testing
@testable import MomentumRender

/// PNG output checked by an independent decoder: python3's zlib (which verifies Adler-32) plus a CRC-32 check
/// of every chunk with zlib.crc32.
@Suite(.serialized)
struct PNGTests {
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
            assert len(raw) == h * (4 * w + 1), len(raw)
            out = bytearray()
            for y in range(h):
                row = raw[y * (4 * w + 1):(y + 1) * (4 * w + 1)]
                assert row[0] == 0, 'filter %d' % row[0]
                out += row[1:]
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
        #expect(distance(image.pixel(200, 150), bytes(RGBA(hex: 0xF4F1EA))) <= 2)
    }
}
