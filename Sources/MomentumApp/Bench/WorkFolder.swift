import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// The bench's private work folder inside `--out`, which may be shared (a 1777 folder): made fresh with `mkdtemp`
/// (mode 0700, a name no one can plant beforehand), named after the bench's pid so that a later bench removes what
/// one killed with SIGKILL left; and the folders the report goes into checked to be real folders of this user, not
/// links planted to send its files elsewhere.
enum WorkFolder {
    /// The prefix of work folder names: `.bench-<pid>-XXXXXX`.
    static let prefix = ".bench-"

    /// Makes a fresh work folder in `outDir` after removing this user's work folders whose bench no longer runs.
    static func make(in outDir: String) throws(AppError) -> String {
        removeStale(in: outDir)
        var template = Array("\(outDir)/\(prefix)\(getpid())-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkdtemp($0) } ?? nil }
        guard made != nil else {
            throw AppError("--out \(outDir): cannot make a work folder there (\(String(cString: strerror(errno))))")
        }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Removes `.bench-<pid>-*` folders in `outDir` that are this user's (real folders, not links) and whose pid runs
    /// no more: what a bench killed with SIGKILL left behind.
    static func removeStale(in outDir: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: outDir) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else { continue }
            if kill(pid, 0) == 0 || errno != ESRCH { continue }  // it runs (or is not ours to ask about)
            let path = outDir + "/" + name
            guard isOwnFolder(path) else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// Whether `path` is a folder (not a link to one) owned by this user.
    static func isOwnFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid()
    }

    /// Makes `path` (a folder inside `--out` the report goes into) unless it exists, and refuses one that is a link
    /// or another user's: files moved into it would land where that user chose.
    static func makeOwnFolder(_ path: String) throws(AppError) {
        try HeadlessCommand.makeDirectory(path)
        try checkOwnFolder(path)
    }

    /// Refuses `path` when something is there that is not a folder of this user's (nothing there is fine).
    static func checkOwnFolder(_ path: String) throws(AppError) {
        var info = stat()
        guard lstat(path, &info) != 0 || isOwnFolder(path) else {
            throw AppError("--out: \(path) is a symbolic link or not your folder; remove it or choose another --out")
        }
    }
}
