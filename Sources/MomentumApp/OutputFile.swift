import FileIO
import Glibc

/// Files the app writes (trace, screenshot, plot), with every write checked: a failure becomes one line naming
/// what was written, the path and the errno text.
enum OutputFile {
    /// The one-line error for `what` (e.g. "trace") at `path` failing with `errorNumber`.
    static func failure(_ what: String, _ path: String, _ errorNumber: Int32) -> AppError {
        AppError("cannot write \(what) \(path): \(String(cString: strerror(errorNumber)))")
    }

    /// Writes `bytes` to `path` as a whole. A regular file (or a new one) is replaced atomically: written to a
    /// temporary file beside it, then renamed over it, so a reader never sees half a file and a failed write
    /// leaves the old one. Anything else at the path (a FIFO, a device, a terminal) is written in place and kept;
    /// a symbolic link is followed, so the link stays and its target gets the contents.
    static func write(_ bytes: [UInt8], to path: String, what: String) throws(AppError) {
        let target = resolvedPath(path)
        var info = stat()
        if stat(target, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            try writeInPlace(bytes, to: target, shownAs: path, what: what)
        } else {
            try writeAtomically(bytes, to: target, shownAs: path, what: what)
        }
    }

    /// `path` with symbolic links resolved when it is one (a dangling link resolves to where it points).
    static func resolvedPath(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return path }
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        // A dangling link: write where it points (relative to the link's directory).
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return path }
        let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if link.hasPrefix("/") { return link }
        return directory(of: path) + "/" + link
    }

    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func writeInPlace(_ bytes: [UInt8], to path: String, shownAs shown: String, what: String) throws(AppError) {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw failure(what, shown, errno) }
        if let error = writeAll(fd, bytes) {
            close(fd)
            throw failure(what, shown, error)
        }
        guard close(fd) == 0 else { throw failure(what, shown, errno) }
    }

    private static func writeAtomically(_ bytes: [UInt8], to path: String, shownAs shown: String, what: String) throws(AppError) {
        // The mode a plain creat would give (0666 less the umask).
        let mask = umask(0)
        umask(mask)
        if let error = FileIO.writeAtomically(bytes, to: path, mode: 0o666 & ~mask, sync: true) {
            throw failure(what, shown, error)
        }
    }

    /// Writes all of `bytes` to `fd`; returns the errno of the first failure.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32? { FileIO.writeAll(fd, bytes) }
    static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? { FileIO.writeAll(fd, bytes) }
}

/// An output written as it is produced and put in place only once everything is written: a regular file (or a new
/// one) is written to a temporary file beside it (`.NAME.XXXXXX`), which `commit` renames over it and `discard`
/// removes, so a failure anywhere (in this output, in another one written alongside, in the input) leaves the old
/// file as it was. Anything else at the path (a FIFO, a device, a terminal) is written in place as the bytes come. A
/// symbolic link is followed, as `OutputFile.write` does.
final class PendingOutput {
    /// The path as given, and what it is (`report`, `Chrome trace`), for errors.
    let shown: String, what: String
    /// Where the output goes (links resolved).
    let target: String
    /// The temporary file, nil when written in place.
    let temporary: String?
    private var fd: Int32
    private var buffer: [UInt8] = []
    private var committed = false
    private static let bufferSize = 1 << 20

    /// Opens the output for `path`: its temporary file, or the path itself when it is not a regular file.
    init(_ path: String, what: String) throws(AppError) {
        shown = path
        self.what = what
        let resolved = OutputFile.resolvedPath(path)
        target = resolved
        var info = stat()
        if stat(resolved, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
            let file = open(resolved, O_WRONLY | O_CLOEXEC | O_NOCTTY)
            guard file >= 0 else { throw OutputFile.failure(what, path, errno) }
            fd = file
            temporary = nil
            return
        }
        let slash = resolved.lastIndex(of: "/")
        let directory = slash.map { $0 == resolved.startIndex ? "/" : String(resolved[..<$0]) } ?? "."
        let name = slash.map { String(resolved[resolved.index(after: $0)...]) } ?? resolved
        var template = Array((directory + "/." + name + ".XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
        guard file >= 0 else { throw OutputFile.failure(what, path, errno) }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        fd = file
        // mkstemp replaced the X's in place; the name is as long as the template.
        temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // mkstemp makes the file 0600; give it the mode a plain creat would (0666 less the umask).
        let mask = umask(0)
        umask(mask)
        guard fchmod(file, 0o666 & ~mask) == 0 else { throw OutputFile.failure(what, path, errno) }
    }

    deinit { discard() }

    /// Appends `text`.
    func write(_ text: String) throws(AppError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferSize { try flush() }
    }

    private func flush() throws(AppError) {
        guard fd >= 0 else { throw OutputFile.failure(what, shown, EBADF) }
        if let error = OutputFile.writeAll(fd, buffer) { throw OutputFile.failure(what, shown, error) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is buffered and closes the file (synced to disk when it is a temporary file).
    func finish() throws(AppError) {
        try flush()
        if temporary != nil, fsync(fd) != 0 { throw OutputFile.failure(what, shown, errno) }
        let result = close(fd)
        fd = -1
        if result != 0 { throw OutputFile.failure(what, shown, errno) }
    }

    /// Puts the finished temporary file in place of the target.
    func commit() throws(AppError) {
        guard let temporary, !committed else { return }
        if rename(temporary, target) != 0 { throw OutputFile.failure(what, shown, errno) }
        committed = true
    }

    /// Closes the file and removes the temporary file, if any (a file written in place keeps what was written).
    func discard() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        if let temporary, !committed { unlink(temporary) }
    }
}
