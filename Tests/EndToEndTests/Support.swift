import Foundation
import MomentumApp

// What the end-to-end suites share, once: where the package is, the harness's tools, a weston with the environment
// that points a client at it, and fresh temporary folders.

/// The package's root folder (this file is Tests/EndToEndTests/Support.swift).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// Builds the harness's `tool` (`vinput`, `kwinput`) into .build/harness with its Makefile; the tool's path.
func buildHarnessTool(_ tool: String) throws -> String {
    let out = packageRoot + "/.build/harness"
    let make = try ProgramRun("/usr/bin/make", ["-s", "-C", packageRoot + "/harness", "OUT=\(out)", tool])
    guard make.status == 0 else { throw SwaySession.Failure(description: "building \(tool) failed: \(make.transcript)") }
    return out + "/" + tool
}

/// Starts weston headless (`width`×`height` logical px) with the touch-injection module; returns it with this
/// process's environment pointed at it (a client started with that environment runs inside it).
func startWeston(width: Int = 800, height: Int = 600,
                 extraArguments: [String] = []) throws -> (weston: WestonSession, environment: [String: String]) {
    let module = try HarnessModule.build(packageRoot: packageRoot)
    let weston = try WestonSession(module: module, width: width, height: height, extraArguments: extraArguments)
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in weston.environment { environment[key] = value }
    return (weston, environment)
}

/// A fresh empty folder `name`-<pid> under the system's temporary folder (whatever was there before is removed).
func temporaryDirectory(_ name: String) throws -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())").path
    try? FileManager.default.removeItem(atPath: path)
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
