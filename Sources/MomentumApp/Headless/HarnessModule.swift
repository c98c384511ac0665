import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Builds and locates the weston touch-injection module (harness/momentum-touch.c) and its touch-probe client.
public enum HarnessModule {
    private static let buildLock = Lock()

    /// Where the module for a given `momentum` executable comes from.
    public enum Source: Equatable, Sendable {
        /// Installed by scripts/install next to the executable: `<prefix>/lib/momentum/momentum-touch.so`.
        case installed(module: String)
        /// The executable lives in a source checkout (e.g. its `.build/debug`): build the module from this root.
        case sourceTree(root: String)
        /// Neither; the payload is where the installed module was looked for.
        case missing(expected: String)
    }

    /// Where scripts/install puts the module for `executable` (`<prefix>/bin/momentum`):
    /// `<prefix>/lib/momentum/momentum-touch.so`.
    public static func installedPath(executable: String) -> String {
        URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/momentum/momentum-touch.so").standardizedFileURL.path
    }

    /// The Momentum checkout `executable` was built in: the folder holding the `.build` folder the executable lies
    /// in (SwiftPM's `.build/<triple>/<configuration>/momentum`), when that folder has this package's Package.swift
    /// and harness/Makefile, and the Makefile is not writable by others. Nil for a binary anywhere else: a
    /// harness/Makefile some parent folder happens to hold (one another user planted in /tmp) is never run.
    public static func sourceRoot(containing executable: String) -> String? {
        let components = URL(fileURLWithPath: executable).standardizedFileURL.deletingLastPathComponent().pathComponents
        guard let build = components.lastIndex(of: ".build"), build > 0 else { return nil }
        let root = components[..<build].joined(separator: "/").replacing("//", with: "/")
        let makefile = root + "/harness/Makefile"
        guard let package = FileManager.default.contents(atPath: root + "/Package.swift"),
              String(decoding: package, as: UTF8.self).contains("name: \"Momentum\""),
              isTrusted(makefile), isTrusted(root + "/harness") else { return nil }
        return root
    }

    /// Whether `path` exists, belongs to this user or root, and no one else may write it.
    static func isTrusted(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_uid == geteuid() || info.st_uid == 0) && info.st_mode & 0o022 == 0
    }

    /// The installed module next to `executable` first; else the checkout `executable` was built in; else missing.
    public static func source(executable: String) -> Source {
        let installed = installedPath(executable: executable)
        if FileManager.default.fileExists(atPath: installed) { return .installed(module: installed) }
        if let root = sourceRoot(containing: executable) { return .sourceTree(root: root) }
        return .missing(expected: installed)
    }

    /// Runs `make -C <packageRoot>/harness OUT=<packageRoot>/.build/harness` and returns the absolute path of momentum-touch.so.
    /// Throws `HarnessError.build` with make's output when it fails (e.g. libweston-10-dev is missing).
    public static func build(packageRoot: String) throws -> String {
        buildLock.lock()
        defer { buildLock.unlock() }
        let harness = URL(fileURLWithPath: packageRoot).appendingPathComponent("harness").path
        let out = outputDirectory(packageRoot: packageRoot).path
        let (status, output): (Int32, String)
        do {
            (status, output) = try ChildProcess.output(["/usr/bin/env", "make", "-s", "-C", harness, "OUT=\(out)"], errors: true)
        } catch {
            throw HarnessError.build("cannot run make: \(error)")
        }
        guard status == 0 else {
            throw HarnessError.build("make -C \(harness) exited with \(status):\n\(output)")
        }
        let module = modulePath(packageRoot: packageRoot)
        guard FileManager.default.fileExists(atPath: module) else {
            throw HarnessError.build("make succeeded but \(module) does not exist:\n\(output)")
        }
        return module
    }

    /// Where `build` puts the module: `<packageRoot>/.build/harness/momentum-touch.so`.
    public static func modulePath(packageRoot: String) -> String {
        outputDirectory(packageRoot: packageRoot).appendingPathComponent("momentum-touch.so").path
    }

    /// Where `build` puts the touch-probe client: `<packageRoot>/.build/harness/touch-probe`.
    public static func probePath(packageRoot: String) -> String {
        outputDirectory(packageRoot: packageRoot).appendingPathComponent("touch-probe").path
    }

    private static func outputDirectory(packageRoot: String) -> URL {
        URL(fileURLWithPath: packageRoot).appendingPathComponent(".build").appendingPathComponent("harness")
    }
}
