#if canImport(Glibc)
import Glibc
#endif

/// A client connection to the momentum-touch module's Unix control socket.
final class ControlConnection {
    private let fd: Int32
    private let reader: LineReader
    private var closed = false

    private init(fd: Int32) {
        self.fd = fd
        self.reader = LineReader(fd: fd)
    }

    deinit { close() }

    /// Connects once; nil if nothing listens yet (ENOENT/ECONNREFUSED), throws on other errors.
    static func tryConnect(path: String) throws -> ControlConnection? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HarnessError.connection("socket: \(String(cString: strerror(errno)))") }
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard bytes.count < capacity else {
            Glibc.close(fd)
            throw HarnessError.connection("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        let result = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        if result == 0 { return ControlConnection(fd: fd) }
        let error = errno
        Glibc.close(fd)
        if error == ENOENT || error == ECONNREFUSED { return nil }
        throw HarnessError.connection("connect \(path): \(String(cString: strerror(error)))")
    }

    /// Sends text as is.
    func send(_ text: String) throws {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes {
                Glibc.send(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw HarnessError.connection("send failed: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Reads one reply line; throws `.connection` if the module closed the connection.
    func readLine(deadline: ContinuousClock.Instant, what: String) throws -> String {
        guard let line = try reader.readLine(deadline: deadline, what: what) else {
            throw HarnessError.connection("closed by the compositor while waiting for \(what)")
        }
        return line
    }

    /// Closes the socket (idempotent).
    func close() {
        if !closed {
            closed = true
            Glibc.close(fd)
        }
    }
}
