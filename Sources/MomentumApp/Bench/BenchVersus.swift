import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import MomentumRun

/// `--versus weston-simple-egl`: Momentum's autoplay and weston's own EGL demo, one after the other in the same
/// private weston, each for the same window after a warm-up, the order alternating from round to round (drift on a
/// shared machine hits both). Measured the same way for both: the client's CPU and the compositor's (weston and its
/// helper clients) from /proc over the window, and the frames shown in it — Momentum's presented frames from its
/// trace, simple-egl's rate from its own "N frames in 5 seconds" lines (it has no trace). The machine's other load
/// in the window is reported too, so a noisy round can be seen.
struct BenchVersus {
    /// One client's window.
    struct Window {
        var client: String
        var round: Int
        var seconds: Double
        var frames: Double
        var clientCPU: Double, compositorCPU: Double, otherCores: Double
        /// Frame intervals and callback → commit in the window (ms), and launch → first frame (ms): Momentum's from
        /// its trace, simple-egl's from a pass of its own with WAYLAND_DEBUG (whose logging would inflate its CPU).
        var intervals: [Double] = [], callbackToCommit: [Double] = []
        /// The intervals for the late share (`BenchReport.lateIntervalShare`): Momentum's with the frames it held
        /// across them (`BenchAnalysis.pacedIntervals`), simple-egl's none (it draws every frame).
        var paced: [BenchAnalysis.PacedInterval] = []
        var firstFrameMs: Double?
        var clientPerFrameMs: Double { frames > 0 ? clientCPU / frames * 1000 : .nan }
        var compositorPerFrameMs: Double { frames > 0 ? compositorCPU / frames * 1000 : .nan }
    }

    static let warmup = 1.0
    let momentum: String
    let simpleEGL: String
    let weston: WestonSession
    let environment: [String: String]
    let duration: Double
    let placement: [String]
    let work: String

    /// Where weston-simple-egl is: on PATH, else where distributions put weston's demos.
    static func findSimpleEGL() throws(AppError) -> String {
        if let found = SearchPath.find("weston-simple-egl") { return found }
        for dir in ["/usr/lib/weston", "/usr/libexec/weston", "/usr/lib/x86_64-linux-gnu/weston"]
        where access(dir + "/weston-simple-egl", X_OK) == 0 {
            return dir + "/weston-simple-egl"
        }
        throw AppError("--versus: weston-simple-egl not found (apt-get install weston)")
    }

    /// `rounds` rounds, each running both clients (alternating which goes first).
    func run(rounds: Int) throws -> [Window] {
        var windows: [Window] = []
        for round in 0..<rounds {
            let order = round % 2 == 0 ? ["momentum", "simple-egl"] : ["simple-egl", "momentum"]
            for client in order {
                windows.append(client == "momentum" ? try runMomentum(round: round) : try runSimpleEGL(round: round))
            }
        }
        return windows
    }

    private func runMomentum(round: Int) throws -> Window {
        let trace = "\(work)/versus-momentum-\(round).jsonl"
        // No `--quit-after`: the window starts from the first presented frame, which a loaded machine delays by
        // whatever it likes (0.6 s at 3840x2160 under load), so a quit timed from the launch could fall inside it.
        // The run is ended here once its window is over (SIGTERM ends it with its trace's exit line).
        let app = try TracedClient(executable: momentum, arguments: placement + ["--scene", "panel", "--autoplay"],
                                   environment: environment, copyTo: trace)
        let pid = app.processIdentifier
        let (a, b): (Sample, Sample)
        do {
            try app.waitFor("momentum's first presented frame", timeout: 30) { $0.presented != nil }
            (a, b) = try measure(pid: pid, from: HostClock.now() + Self.warmup)
        } catch {
            app.signal()
            _ = try? app.waitExit()
            throw error
        }
        let events = try BenchRunCommand.finish(app, stop: true, timeout: 30)
        let analysis = BenchAnalysis(lines: events)
        let startNs = Double(events.lazy.compactMap(\.clock).first?.startNanoseconds ?? 0)
        let lo = a.monotonic - startNs / 1e9, hi = b.monotonic - startNs / 1e9
        let shown = analysis.presented.compactMap(\.presentT).filter { $0 >= lo && $0 < hi }
        var result = window("momentum", round, a, b, frames: Double(shown.count))
        // The intervals between frames shown in the window, broken where the app left a frame uncommitted because it
        // changed nothing (the panel resting at a turn): that wait is a pause, not a late frame.
        result.intervals = analysis.intervals(from: lo, to: hi)
        result.paced = analysis.pacedIntervals(from: lo, to: hi)
        result.callbackToCommit = analysis.frames.compactMap { f in
            f.callbackT.flatMap { $0 >= lo && $0 < hi ? (f.commitT - $0) * 1000 : nil }
        }
        result.firstFrameMs = analysis.firstFrameMs
        return result
    }

    private func runSimpleEGL(round: Int) throws -> Window {
        // Line-buffered stdout (coreutils' stdbuf), so its rate lines reach the pipe as they are printed, whatever
        // ends it (a SIGINT it may not see when the caller's signal mask blocks it).
        let command = SearchPath.find("stdbuf").map { [$0, "-oL", simpleEGL, "-f"] } ?? [simpleEGL, "-f"]
        let out = try ChildPipe()
        let process = try ChildProcess(command, environment: environment, stdout: .pipe(out), stderr: .null)
        final class Text: @unchecked Sendable { var value = ""; let lock = Lock() }
        let text = Text()
        let reader: WorkerThread
        do {
            reader = try WorkerThread("simple-egl's output") {
                let all = TracedClient.readToEnd(out.readEnd)
                text.lock.withLock { text.value = all }
            }
        } catch {
            Self.stop(process)
            throw error
        }
        let (a, b): (Sample, Sample)
        do {
            (a, b) = try measure(pid: process.processIdentifier, from: HostClock.now() + Self.warmup)
            // simple-egl prints "N frames in 5 seconds" every 5 s after its first frame: keep it up for two lines.
            let twoReports = a.monotonic - Self.warmup + 11
            if HostClock.now() < twoReports { WorkerThread.sleep(seconds: twoReports - HostClock.now()) }
        } catch {
            Self.stop(process)
            throw error
        }
        guard process.isRunning else { throw AppError("--versus: weston-simple-egl exited early (status \(process.terminationStatus))") }
        Self.stop(process)
        reader.join()
        let rates = text.lock.withLock { text.value }.split(separator: "\n").compactMap { line -> Double? in
            let words = line.split(separator: " ")
            guard words.count >= 5, words[1] == "frames", let n = Double(words[0]), let s = Double(words[3]), s > 0
            else { return nil }
            return n / s
        }
        guard !rates.isEmpty else { throw AppError("--versus: weston-simple-egl reported no frame rate") }
        let steady = rates.count > 1 ? Array(rates.dropFirst()) : rates
        let fps = steady.reduce(0, +) / Double(steady.count)
        var result = window("simple-egl", round, a, b, frames: fps * (b.monotonic - a.monotonic))
        let timing = try simpleEGLTiming(round: round)
        result.intervals = timing.intervals
        result.paced = timing.intervals.map { BenchAnalysis.PacedInterval(ms: $0) }
        result.callbackToCommit = timing.callbackToCommit
        result.firstFrameMs = timing.firstFrameMs
        return result
    }

    /// simple-egl once more with WAYLAND_DEBUG=client for its frame timing: commits and frame callbacks from the
    /// log over the same window after the warm-up (counted from its first frame commit), and launch → first commit.
    private func simpleEGLTiming(round: Int) throws -> (intervals: [Double], callbackToCommit: [Double], firstFrameMs: Double?) {
        let logPath = "\(work)/versus-simple-egl-\(round).wayland-debug.log"
        let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard log >= 0 else { throw AppError("--versus: cannot write \(logPath): \(String(cString: strerror(errno)))") }
        defer { close(log) }
        var env = environment
        env["WAYLAND_DEBUG"] = "client"
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let spawn = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec / 1000)
        let process = try ChildProcess([simpleEGL, "-f"], environment: env, stdout: .null, stderr: .file(log))
        // The measurement window itself (after a second to start): the log is read once it has run its course.
        WorkerThread.sleep(seconds: 1 + Self.warmup + duration)
        let alive = process.isRunning
        Self.stop(process)
        guard alive else { throw AppError("--versus: weston-simple-egl (WAYLAND_DEBUG) exited early") }
        let text = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        let parsed = WaylandDebugLog(text: text, spawnMicros: spawn)
        guard let first = parsed.commits.first else { throw AppError("--versus: weston-simple-egl committed no frame") }
        let from = first + Self.warmup * 1e6, to = from + duration * 1e6
        return (parsed.intervals(from: from, to: to), parsed.callbackToCommit(from: from, to: to), first / 1000)
    }

    /// Ends `process`: SIGINT (simple-egl's own way out), then SIGKILL if it is still there after 5 s.
    static func stop(_ process: ChildProcess) {
        process.signal(SIGINT)
        if !process.waitExit(timeout: 5) { process.signal(SIGKILL) }
        process.waitUntilExit()
    }

    /// CPU readings of the client, the compositor (weston and its children) and the whole machine.
    struct Sample {
        var monotonic: Double
        var client: Double, compositor: Double, busy: Double
    }

    /// Waits until `from`, samples, waits `duration`, samples.
    private func measure(pid: Int32, from start: Double) throws -> (Sample, Sample) {
        // The measurement window itself: wall time is what is measured here, nothing is waited for.
        if HostClock.now() < start { WorkerThread.sleep(seconds: start - HostClock.now()) }
        let a = sample(pid)
        WorkerThread.sleep(seconds: duration)
        let b = sample(pid)
        guard ProcFS.alive(pid) else { throw AppError("--versus: the client exited during its window") }
        return (a, b)
    }

    private func sample(_ pid: Int32) -> Sample {
        let compositor = [weston.processIdentifier] + ProcFS.children(of: weston.processIdentifier)
        return Sample(monotonic: HostClock.now(), client: ProcFS.cpuSeconds(pid),
                      compositor: compositor.reduce(0) { $0 + ProcFS.cpuSeconds($1) }, busy: ProcFS.busySeconds())
    }

    private func window(_ client: String, _ round: Int, _ a: Sample, _ b: Sample, frames: Double) -> Window {
        let seconds = b.monotonic - a.monotonic
        let clientCPU = b.client - a.client, compositorCPU = b.compositor - a.compositor
        let other = max(0, (b.busy - a.busy) - clientCPU - compositorCPU) / max(seconds, 1e-9)
        return Window(client: client, round: round, seconds: seconds, frames: frames, clientCPU: clientCPU,
                      compositorCPU: compositorCPU, otherCores: other)
    }

    /// The report's `versus` section: per client the medians over rounds, the ratios, and every window.
    static func json(_ windows: [Window], duration: Double) -> [String: Any] {
        func median(_ values: [Double]) -> Double? { quantile(values, 0.5) }
        func side(_ name: String) -> [String: Any] {
            let mine = windows.filter { $0.client == name }
            return ["fps": BenchReport.round3(median(mine.map { $0.frames / $0.seconds })),
                    "interval_ms": BenchReport.summary(mine.flatMap(\.intervals)),
                    "late_interval_share": BenchReport.round3(median(mine.compactMap {
                        BenchReport.lateIntervalShare($0.paced)
                    })),
                    "callback_to_commit_ms": BenchReport.summary(mine.flatMap(\.callbackToCommit)),
                    "first_frame_ms": BenchReport.round3(median(mine.compactMap(\.firstFrameMs))),
                    "client_cpu_per_frame_ms": BenchReport.round3(median(mine.map(\.clientPerFrameMs))),
                    "compositor_cpu_per_frame_ms": BenchReport.round3(median(mine.map(\.compositorPerFrameMs)))]
        }
        let m = windows.filter { $0.client == "momentum" }, e = windows.filter { $0.client == "simple-egl" }
        let ratio = { (f: (Window) -> Double) -> Any in
            guard let a = median(m.map(f)), let b = median(e.map(f)), b > 0 else { return JSONNull() }
            return BenchReport.round3(a / b)
        }
        return [
            "peer": "weston-simple-egl", "window_s": duration, "warmup_s": warmup, "momentum": side("momentum"),
            "peer_numbers": side("simple-egl"),
            "ratio_client_cpu_per_frame": ratio(\.clientPerFrameMs),
            "ratio_client_and_compositor_cpu_per_frame": ratio { $0.clientPerFrameMs + $0.compositorPerFrameMs },
            "windows": windows.map { w in
                ["client": w.client, "round": w.round, "seconds": BenchReport.round3(w.seconds),
                 "frames": BenchReport.round3(w.frames), "client_cpu_s": BenchReport.round3(w.clientCPU),
                 "compositor_cpu_s": BenchReport.round3(w.compositorCPU),
                 "other_load_cores": BenchReport.round3(w.otherCores)] as [String: Any]
            },
        ]
    }
}

/// CPU time from /proc.
enum ProcFS {
    static let ticksPerSecond = Double(sysconf(Int32(_SC_CLK_TCK)))

    /// utime + stime of `pid` (all its threads), seconds; 0 when it is gone.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / ticksPerSecond
    }

    /// Every process whose parent is `pid`.
    static func children(of pid: Int32) -> [Int32] {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap(Int32.init).filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }

    /// Busy time of the whole machine (all CPUs, everything but idle and iowait), seconds.
    static func busySeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
              let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ") else { return 0 }
        let values = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard values.count >= 5 else { return 0 }
        return (values.reduce(0, +) - values[3] - values[4]) / ticksPerSecond
    }

    /// Whether `pid` still exists (and is not a zombie).
    static func alive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
    }
}
