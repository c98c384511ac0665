/// A minimal PNG encoder in pure Swift: 8-bit RGBA, no filtering, zlib stream of stored (uncompressed) deflate blocks.
public enum PNG {
    /// Encodes `rgba` (width × height × 4 bytes, top row first) as a PNG file; empty if the sizes disagree.
    public static func encode(rgba: [UInt8], width: Int, height: Int) -> [UInt8] {
        guard width > 0, height > 0, rgba.count == width * height * 4,
              width <= Int(Int32.max), height <= Int(Int32.max) else { return [] }
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        appendBigEndian(UInt32(width), to: &header)
        appendBigEndian(UInt32(height), to: &header)
        header += [8, 6, 0, 0, 0]  // bit depth 8, colour type 6 (RGBA), deflate, adaptive filtering, no interlace
        appendChunk("IHDR", header, to: &out)

        // Scanlines: filter byte 0 (None) then the row's bytes.
        let rowBytes = width * 4
        var raw = [UInt8]()
        raw.reserveCapacity((rowBytes + 1) * height)
        for row in 0..<height {
            raw.append(0)
            raw += rgba[row * rowBytes ..< (row + 1) * rowBytes]
        }
        appendChunk("IDAT", zlibStored(raw), to: &out)
        appendChunk("IEND", [], to: &out)
        return out
    }

    /// A zlib stream (RFC 1950) holding `data` in stored deflate blocks (RFC 1951 §3.2.4).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]  // CM 8, 32K window; no dictionary, fastest; (0x7801 % 31 == 0)
        out.reserveCapacity(data.count + data.count / 65_535 * 5 + 16)
        var start = 0
        repeat {
            let length = min(65_535, data.count - start)
            let isFinal = start + length == data.count
            out.append(isFinal ? 1 : 0)  // BFINAL, BTYPE 00 (stored), padded to the byte boundary
            let len = UInt16(length)
            out += [UInt8(len & 0xFF), UInt8(len >> 8), UInt8(~len & 0xFF), UInt8(~len >> 8)]
            out += data[start ..< start + length]
            start += length
        } while start < data.count
        appendBigEndian(adler32(data), to: &out)
        return out
    }

    /// Adler-32 checksum (RFC 1950 §8).
    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        var index = 0
        while index < data.count {
            // 5552 is the largest run before b can overflow 32 bits.
            let end = min(index + 5552, data.count)
            while index < end {
                a += UInt32(data[index])
                b += a
                index += 1
            }
            a %= 65_521
            b %= 65_521
        }
        return b << 16 | a
    }

    /// CRC-32 (ISO 3309, polynomial 0xEDB88320 reflected), as PNG chunks use.
    static func crc32<S: Sequence>(_ bytes: S) -> UInt32 where S.Element == UInt8 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        return crc ^ 0xFFFF_FFFF
    }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 {
            c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1
        }
        return c
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        appendBigEndian(UInt32(data.count), to: &out)
        let typeBytes = Array(type.utf8)
        out += typeBytes
        out += data
        appendBigEndian(crc32(typeBytes + data), to: &out)
    }

    private static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
        out += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
