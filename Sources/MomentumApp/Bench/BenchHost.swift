import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// What a report says of where it ran: the compositor (found through the Wayland socket's peer) and the machine.
enum BenchHost {
    /// The compositor at `WAYLAND_DISPLAY`: its process name, version and command line (from the socket's peer
    /// credentials), and whether it is a private headless one the bench started (`session`: which).
    static func compositor(environment: [String: String], session: CompositorKind?) -> [String: Any] {
        var facts: [String: Any] = ["headless": session != nil]
        guard let display = environment["WAYLAND_DISPLAY"] else { return facts }
        let path = display.hasPrefix("/") ? display : (environment["XDG_RUNTIME_DIR"] ?? "") + "/" + display
        facts["socket"] = path
        guard let pid = peer(of: path) else {
            facts["name"] = session.map { "\($0.rawValue) (headless)" } ?? "unknown"
            return facts
        }
        facts["pid"] = Int(pid)
        let comm = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingSpaces(newlines: true)
        let cmdline = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline")
            .map { String(decoding: $0, as: UTF8.self).split(separator: "\0").joined(separator: " ") }
        if let comm { facts["process"] = comm }
        if let cmdline { facts["command_line"] = cmdline }
        let version = comm.flatMap { Self.version(of: $0, pid: pid) }
        facts["name"] = [comm ?? "unknown", version, session != nil ? "(headless)" : nil].compactMap { $0 }.joined(separator: " ")
        return facts
    }

    /// The pid at the other end of the Unix socket `path`, from SO_PEERCRED.
    static func peer(of path: String) -> pid_t? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (k, byte) in bytes.enumerated() { raw[k] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return nil }
        // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (glibc hides the type without _GNU_SOURCE).
        var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0, credentials.pid > 0 else { return nil }
        return credentials.pid
    }

    /// The version a known compositor's binary reports (`weston --version`: `weston 10.0.1`, `mutter 43.8`, `sway version 1.7`,
    /// `kwin 5.27.5`, `Phoc 0.24.0 - Phone compositor`: the version word), or nil. The binary the process `pid` runs,
    /// where it can be read (KWin's is a copy: Debian's carries a file capability a container refuses to exec), else
    /// the first on PATH.
    static func version(of process: String, pid: pid_t) -> String? {
        guard ["weston", "mutter", "sway", "kwin_wayland", "phoc"].contains(process) else { return nil }
        let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        guard let path = running.flatMap({ FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil })
                ?? SearchPath.find(process) else { return nil }
        guard let text = try? ChildProcess.output([path, "--version"]).text else { return nil }
        // phoc says `Phoc 0.24.0 - Phone compositor`: the first word that starts with a digit, else the last.
        let words = text.split(separator: "\n").first?.split(separator: " ") ?? []
        return (words.first { $0.first?.isNumber == true } ?? words.last).map(String.init)
    }

    /// The machine: kernel, CPU model and count, memory.
    static func facts() -> [String: Any] {
        var facts: [String: Any] = ["cpus": ProcessInfo.processInfo.activeProcessorCount,
                                    "memory_gib": (Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824 * 10).rounded() / 10]
        var name = utsname()
        if uname(&name) == 0 {
            let release = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            facts["kernel"] = release
        }
        if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
           let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
           let colon = line.firstIndex(of: ":") {
            facts["cpu"] = line[line.index(after: colon)...].trimmingSpaces()
        }
        if let load = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) {
            facts["load_average"] = load.split(separator: " ").prefix(3).joined(separator: " ")
        }
        return facts
    }
}
