import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Finds programs the way a shell does: the first executable file of that name in a `PATH`-style folder list.
public enum SearchPath {
    /// `PATH` when the environment has none (what glibc's `execvp` falls back to).
    public static let fallback = "/usr/local/bin:/usr/bin:/bin"

    /// The absolute path of `program` in the first folder of `path` (colon-separated; `fallback` when nil) that
    /// holds an executable file of that name; nil if none does.
    public static func find(_ program: String, in path: String? = ProcessInfo.processInfo.environment["PATH"]) -> String? {
        for folder in (path ?? fallback).split(separator: ":", omittingEmptySubsequences: true) where folder.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(program).path
            if !isFolder(candidate), FileManager.default.isExecutableFile(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }
}
