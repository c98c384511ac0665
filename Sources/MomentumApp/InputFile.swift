import FileIO
import Glibc

/// A file the app reads (a trace, a bench report), opened and checked before anything is read: a regular file or a
/// pipe (a FIFO, `/dev/stdin`, a shell's `<(…)`) is read; a directory, a device or a socket is refused with its
/// reason, so a problem is one line with the system's words for it and never a stale errno (`cannot read (Success)`)
/// or a read that never ends (`/dev/zero`).
final class InputFile {
    /// The path as given.
    let path: String
    /// The device and inode of what was opened (for telling whether an output would overwrite it).
    let device: UInt64, inode: UInt64
    /// The size of a regular file (bytes); nil for a pipe.
    let size: Int?
    private let fd: Int32
    /// Turns a reason into the caller's one-line error (e.g. `cannot read trace PATH: REASON`).
    private let failure: (String) -> AppError

    /// Opens `path`; a refusal is `failure` of the reason.
    init(_ path: String, failure: @escaping (String) -> AppError) throws(AppError) {
        self.path = path
        self.failure = failure
        var fd: Int32
        repeat { fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY) } while fd < 0 && errno == EINTR
        guard fd >= 0 else { throw failure(Self.reason(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = errno
            close(fd)
            throw failure(Self.reason(error))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFIFO:
            break
        case S_IFDIR:
            close(fd)
            throw failure(Self.reason(EISDIR))
        default:
            // A device or a socket is not a file to read whole (and /dev/zero never ends).
            close(fd)
            throw failure("not a file (a device or a socket)")
        }
        self.fd = fd
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : nil
    }

    deinit { close(fd) }

    /// The system's text for `error`.
    static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }

    /// Reads up to `buffer.count` bytes into `buffer`; 0 at the end of the file.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(AppError) -> Int {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno != EINTR { throw failure(Self.reason(errno)) }
        }
    }

    /// The whole file; more than `limit` bytes is refused (`tooLarge` is the reason), by its size or, from a pipe,
    /// as it is read.
    func readAll(limit: Int, tooLarge: String) throws(AppError) -> [UInt8] {
        if let size, size > limit { throw failure(tooLarge) }
        do {
            return try FileIO.readAll(fd, limit: limit)
        } catch {
            switch error {
            case .tooLarge: throw failure(tooLarge)
            case .system(let number): throw failure(Self.reason(number))
            }
        }
    }
}
