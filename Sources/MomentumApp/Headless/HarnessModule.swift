import Foundation

/// Builds and locates the weston touch-injection module (harness/momentum-touch.c) and its touch-probe client.
public enum HarnessModule {
    private static let buildLock = NSLock()

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

    /// The first folder at or above `executable`'s folder that holds harness/Makefile (a Momentum checkout).
    public static func sourceRoot(containing executable: String) -> String? {
        var url = URL(fileURLWithPath: executable).standardizedFileURL.deletingLastPathComponent()
        while true {
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("harness/Makefile").path) {
                return url.path
            }
            if url.path == "/" { return nil }
            url.deleteLastPathComponent()
        }
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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let out = outputDirectory(packageRoot: packageRoot).path
        process.arguments = ["make", "-s", "-C", harness, "OUT=\(out)"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw HarnessError.build("cannot run make: \(error)")
        }
        let output = TracedClient.readToEnd(pipe.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw HarnessError.build("make -C \(harness) exited with \(process.terminationStatus):\n\(output)")
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
