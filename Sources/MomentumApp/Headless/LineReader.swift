#if canImport(Glibc)
import Glibc
#endif

/// Reads newline-terminated lines from a file descriptor, waiting with poll(2) until a deadline.
public final class LineReader {
    /// The descriptor read from; not owned (the caller closes it).
    public let fd: Int32
    private var buffer: [UInt8] = []
    private var atEOF = false

    /// Wraps a readable descriptor.
    public init(fd: Int32) {
        self.fd = fd
    }

    /// Returns the next line without its newline, nil at end of file; throws `.timeout` at the deadline.
    public func readLine(deadline: ContinuousClock.Instant, what: String) throws -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if atEOF {
                if buffer.isEmpty { return nil }
                let line = String(decoding: buffer, as: UTF8.self)
                buffer.removeAll()
                return line
            }
            let remaining = ContinuousClock.now.duration(to: deadline)
            if remaining <= .zero { throw HarnessError.timeout(what) }
            let ms = remaining.components.seconds * 1000 + remaining.components.attoseconds / 1_000_000_000_000_000 + 1
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(clamping: ms))
            if ready < 0 {
                if errno == EINTR { continue }
                throw HarnessError.connection("poll failed: \(String(cString: strerror(errno)))")
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == ECONNRESET { atEOF = true; continue }
                throw HarnessError.connection("read failed: \(String(cString: strerror(errno)))")
            }
            if count == 0 { atEOF = true; continue }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
