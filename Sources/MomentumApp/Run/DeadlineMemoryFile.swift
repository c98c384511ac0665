import Glibc
import Logging
import MomentumCore

/// Where a run leaves what it learned of the frame deadline for the next run on the same compositor
/// (`FrameDeadline.Memory`, one line): `$XDG_RUNTIME_DIR/momentum-deadline-DISPLAY`, the compositor's socket name
/// (`WAYLAND_DISPLAY`, `wayland-0` when unset; slashes as `_`). The runtime folder is the login session's, so a
/// memory lives as long as the compositors it was learned on may. It is a hint: a missing file is no memory, and a
/// file that cannot be read or written, or holds anything else, is one line in the log and no memory.
enum DeadlineMemoryFile {
    /// The file for this process's compositor; nil without XDG_RUNTIME_DIR.
    static var path: String? {
        guard let runtime = getenv("XDG_RUNTIME_DIR").map({ String(cString: $0) }), !runtime.isEmpty else { return nil }
        let display = getenv("WAYLAND_DISPLAY").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
            ?? "wayland-0"
        return runtime + "/momentum-deadline-" + String(display.map { $0 == "/" ? "_" : $0 })
    }

    /// The memory at `path`; nil when there is none (no file) or it is unusable (said in the log).
    static func read(_ path: String, logger: Logger) -> FrameDeadline.Memory? {
        // No file: no earlier run here (or none that learned anything).
        guard access(path, F_OK) == 0 else { return nil }
        let bytes: [UInt8]
        do {
            let file = try InputFile(path) { reason in
                AppError("cannot read frame deadline memory \(path): \(reason)")
            }
            bytes = try file.readAll(limit: 4096, tooLarge: "over 4 KiB")
        } catch {
            logger.notice("\(error)")
            return nil
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let memory = text.split(separator: "\n").first.flatMap({ FrameDeadline.Memory(line: $0) }) else {
            logger.notice("frame deadline memory \(path): not a memory line, ignored")
            return nil
        }
        return memory
    }

    /// Writes `memory` to `path` (atomically); a failure is one line in the log.
    static func write(_ memory: FrameDeadline.Memory, to path: String, logger: Logger) {
        do {
            try OutputFile.write(Array((memory.line + "\n").utf8), to: path, what: "frame deadline memory")
        } catch {
            logger.warning("\(error)")
        }
    }
}
