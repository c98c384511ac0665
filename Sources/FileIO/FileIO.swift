#if canImport(Glibc)
import Glibc
#endif

/// The file primitives the app's files (`InputFile`, `OutputFile`, the `--out` folders) and the renderer's program
/// cache share: whole reads and writes over a descriptor with every call checked (EINTR retried, a short write
/// continued), a file replaced through a fresh temporary file beside it, and folders made with their parents. What
/// a failure means to the user (its one-line message, whether it fails the run) is the caller's; these return the
/// errno.
public enum FileIO {
    /// Why a whole read stopped.
    public enum ReadFailure: Error, Equatable {
        /// A `read` failed with this errno.
        case system(Int32)
        /// More bytes than the limit.
        case tooLarge
    }

    /// Everything `fd` reads until its end; more than `limit` bytes is `.tooLarge`, found as they are read.
    public static func readAll(_ fd: Int32, limit: Int) throws(ReadFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        while true {
            let n = Glibc.read(fd, chunk.baseAddress, chunk.count)
            if n < 0, errno == EINTR { continue }
            guard n >= 0 else { throw .system(errno) }
            if n == 0 { return bytes }
            if bytes.count + n > limit { throw .tooLarge }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<n]))
        }
    }

    /// Writes all of `bytes` to `fd`; the errno of the first failure, or nil.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    /// Writes all of `bytes` to `fd`; the errno of the first failure, or nil.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress?.advanced(by: offset), bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { return errno }
            if n == 0 { return EIO }
            offset += n
        }
        return nil
    }

    /// Replaces `path` with `bytes`: written to a fresh temporary file beside it (`mkstemp`: created exclusively, so
    /// a planted symlink or file is neither followed nor truncated), given `mode`, synced when `sync`, then renamed
    /// over `path` (a link at `path` is replaced, not followed), so a reader never sees half a file and a failure
    /// leaves the old one. The errno of the first failure, or nil.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t, sync: Bool) -> Int32? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        var template = Array((folder + "/." + name + ".XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return errno }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        // mkstemp replaced the X's in place; the name is as long as the template.
        let made = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var error = fchmod(fd, mode) == 0 ? writeAll(fd, bytes) : errno
        if error == nil, sync, fsync(fd) != 0 { error = errno }
        if close(fd) != 0, error == nil { error = errno }
        if error == nil, rename(made, path) != 0 { error = errno }
        if error != nil { unlink(made) }
        return error
    }

    /// Makes `path` and its missing parents with `mode` (as `mkdir -p`); the first folder that could not be made and
    /// its errno, or nil.
    public static func makeDirectories(_ path: String, mode: mode_t) -> (folder: String, error: Int32)? {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, mode) != 0, errno != EEXIST { return (prefix, errno) }
        }
        return nil
    }

    /// The system's text for `error`.
    public static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}
