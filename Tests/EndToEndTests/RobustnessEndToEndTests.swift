import Foundation
import MomentumApp
import MomentumRun
import MomentumScenes
import WaylandClient
import Testing

/// `momentum run` under a real weston when things go wrong around it: signals, writes that fail, a trace that would
/// grow without end, a FIFO for a trace, and the teardown on exit.
@Suite(.serialized) struct RobustnessEndToEndTests {
    private static func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "momentum-robust-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(name)"
    }

    @Test(arguments: ["SIGHUP", "SIGQUIT", "SIGUSR1", "SIGUSR2", "SIGALRM"])
    func aTerminatingSignalEndsTheRunCleanlyWithItsExitEvent(name: String) throws {
        let signals: [String: Int32] = ["SIGHUP": SIGHUP, "SIGQUIT": SIGQUIT, "SIGUSR1": SIGUSR1, "SIGUSR2": SIGUSR2,
                                        "SIGALRM": SIGALRM]
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let app = try TracedClient(executable: try Compositor.momentumBinary(), arguments: ["--fullscreen"],
                                   environment: env)
        try app.waitFor("a presented frame") { $0.presented != nil }
        app.signal(signals[name] ?? SIGKILL)
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let exit = app.events.last?.exit
        #expect(exit?.code == 0 && exit?.reason == name, "\(app.events.last?.encoded ?? "no line")")
        // SIGQUIT used to reach the Swift runtime, which printed a crash backtrace.
        #expect(app.stderr.isEmpty, "\(app.stderr)")
    }

    @Test(arguments: ["SIGTERM", "SIGINT"])
    func aSignalWhileTheCompositorHasNotAnsweredEndsTheRunWithItsExitEvent(name: String) throws {
        // A compositor that takes the connection and never answers: the run waits in its first roundtrip, before
        // any event loop exists. It used to die of the signal there, with no exit line.
        let folder = try temporaryDirectory("frozen-compositor")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let socketPath = folder + "/frozen-0"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in socketPath.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0 && listen(listener, 1) == 0, "cannot listen at \(socketPath)")
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = folder
        env["WAYLAND_DISPLAY"] = socketPath
        let app = try TracedClient(executable: try Compositor.momentumBinary(), arguments: [], environment: env)
        func ready(_ fd: Int32) -> Bool {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            return poll(&p, 1, 30_000) == 1
        }
        try #require(ready(listener), "the run never connected: \(app.stderr)")
        let connection = accept(listener, nil, nil)
        defer { close(connection) }
        // Its first requests (get_registry, sync) arrive: it now waits for an answer that never comes.
        var bytes = [UInt8](repeating: 0, count: 256)
        try #require(ready(connection) && read(connection, &bytes, bytes.count) > 0)
        app.signal(name == "SIGTERM" ? SIGTERM : SIGINT)
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let exit = app.events.last?.exit
        #expect(exit?.code == 0 && exit?.reason == name, "\(app.events.last?.encoded ?? "no line")")
        #expect(app.stderr.isEmpty, "\(app.stderr)")
    }

    @Test func anAbsoluteWaylandDisplayWithNothingThereIsNamedAsItIs() throws {
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = "/tmp"
        env["WAYLAND_DISPLAY"] = "/nonexistent-momentum/wayland-9"
        let run = try ProgramRun(try Compositor.momentumBinary(), ["run"], environment: env)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("momentum: no Wayland compositor at /nonexistent-momentum/wayland-9;"), "\(run.stderr)")
    }

    @Test func aClosedStdoutIsNoReasonToDie() throws {
        // The app must ignore SIGPIPE itself: check it does not inherit that from this test process.
        let probe = try ProgramRun("/bin/grep", ["^SigIgn:", "/proc/self/status"])
        let ignored = UInt64(probe.stdout.split(separator: "\t").last?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "", radix: 16)
        #expect(ignored.map { $0 & (1 << (UInt64(SIGPIPE) - 1)) == 0 } == true, "children start with SIGPIPE ignored: \(probe.stdout)")

        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let trace = Self.temporaryPath("trace.jsonl")
        defer { unlink(trace) }
        // `momentum run --notify-ready | true`: the reader of stdout is gone before 'ready' is written.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Compositor.momentumBinary())
        process.arguments = ["run", "--fullscreen", "--notify-ready", "--trace", trace, "--quit-after", "3"]
        process.environment = env
        let out = Pipe(), err = Pipe()
        try out.fileHandleForReading.close()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        try out.fileHandleForWriting.close()
        let stderr = TracedClient.readToEnd(err.fileHandleForReading.fileDescriptor)
        process.waitUntilExit()
        // Not killed: the run goes on to its end, then says the 'ready' it could not write (exit 1).
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "killed by a signal? \(stderr)")
        #expect(stderr.hasSuffix("momentum: cannot write to stdout: Broken pipe\n"), "\(stderr)")
        let lines = try traceLines(atPath: trace)
        #expect(lines.contains { $0.presented != nil })
        #expect(lines.last?.exit?.reason == "quit-after", "\(lines.last?.encoded ?? "no line")")
    }

    @Test(arguments: [("/dev/full", "No space left on device", true), ("/proc/version", nil, true),
                      ("/dev/full", "No space left on device", false), ("/proc/version", nil, false)] as [(String, String?, Bool)])
    func aTraceThatCannotBeWrittenIsAnErrorNamingIt(path: String, reason: String?, fullscreen: Bool) throws {
        // Windowed, weston's window is libdecor's: the run ends before the first event is dispatched, when libdecor's
        // plugin may not have its globals yet (it crashed in wl_shm_destroy(NULL)).
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let placement = fullscreen ? ["--fullscreen"] : ["--size", "640x480"]
        let run = try ProgramRun(try Compositor.momentumBinary(),
                                 ["run"] + placement + ["--trace", path, "--quit-after", "20"], environment: env)
        #expect(run.status == 1, "\(run.transcript)")
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("momentum: ") == true, "\(run.transcript)")
        #expect(run.stderr.contains("cannot write trace \(path): \(reason ?? "")"), "\(run.transcript)")
    }

    @Test(arguments: [("7", "MOMENTUM_GLES_VERSION=7: use 2 or 3"), ("abc", "MOMENTUM_GLES_VERSION=abc: use 2 or 3")])
    func aRenderSetupThatFailsSaysWhyInOneLine(version: String, message: String) throws {
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        var environment = env
        environment["MOMENTUM_GLES_VERSION"] = version
        let run = try ProgramRun(try Compositor.momentumBinary(), ["run", "--fullscreen", "--quit-after", "20"],
                                 environment: environment)
        #expect(run.status == 1, "\(run.transcript)")
        // The compositor's note about its seat may come first; the failure is the one error line.
        let errors = run.stderr.split(separator: "\n").filter { !$0.hasPrefix("momentum: info:") }
        #expect(errors.count == 1 && errors.first?.hasPrefix("momentum: cannot start rendering: \(message)") == true,
                "\(run.transcript)")
    }

    @Test func aSizeLargerThanTheGPUDrawsIsDrawnSmallerWithOneWarning() throws {
        // 16384x16384 on a scale-2 output asks for a 32768² buffer: llvmpipe crashed in eglSwapBuffers.
        let (weston, env) = try startWeston(width: 400, height: 300, extraArguments: ["--scale=2"])
        defer { weston.stop() }
        let trace = Self.temporaryPath("capped-size")
        defer { unlink(trace) }
        let run = try ProgramRun(try Compositor.momentumBinary(),
                                 ["run", "--size", "16384x16384", "--quit-after", "1.5", "--trace", trace],
                                 environment: env)
        #expect(run.status == 0, "\(run.transcript)")
        let warnings = run.stderr.split(separator: "\n").filter { $0.hasPrefix("momentum: warning:") }
        #expect(warnings.count == 1 && warnings.first?.contains("16384x16384 at scale 2 (a 32768x32768 buffer)") == true
                && warnings.first?.contains("drawn at 4096x4096") == true, "\(run.transcript)")
        let lines = try traceLines(atPath: trace)
        let configures = lines.compactMap(\.configure)
        #expect(!configures.isEmpty && configures.allSatisfy { $0.bufferWidth * $0.bufferHeight <= 64 << 20 },
                "\(configures)")
        #expect(lines.contains { $0.frame != nil } && lines.last?.exit?.code == 0)
    }

    @Test("an exit before the first event, in a window libdecor decorates, is a clean exit",
          arguments: [["--quit-after", "0.001"], ["--quit-after", "0.02"]])
    func anExitBeforeTheFirstEventIsClean(arguments: [String]) throws {
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let trace = Self.temporaryPath("early-exit")
        defer { unlink(trace) }
        for _ in 0..<3 {
            let run = try ProgramRun(try Compositor.momentumBinary(),
                                     ["run", "--size", "640x480", "--trace", trace] + arguments, environment: env)
            #expect(run.status == 0, "\(run.transcript)")
            let lines = try traceLines(atPath: trace)
            #expect(lines.first?.clock != nil && lines.last?.exit?.code == 0, "\(lines.last?.encoded ?? "no line")")
        }
    }

    @Test(arguments: [("/dev/full/run", "--out: cannot create directory /dev/full/run: Not a directory"),
                      ("/dev/full", "--out: /dev/full is not a directory")])
    func aHeadlessOutputDirectoryThatCannotBeMadeIsOneLine(out: String, message: String) throws {
        let run = try ProgramRun(try Compositor.momentumBinary(), ["headless", "--out", out])
        #expect(run.status == 1 && run.stderr == "momentum: \(message)\n", "\(run.transcript)")
    }

    @Test func aScreenshotThatCannotBeWrittenMakesTheExitNonZero() throws {
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let app = try TracedClient(executable: try Compositor.momentumBinary(),
                                   arguments: ["--fullscreen", "--screenshot", "/nonexistent-momentum/x.png"],
                                   environment: env)
        try app.waitFor("a presented frame") { $0.presented != nil }
        app.signal()
        #expect(try app.waitExit() == 1)
        #expect(app.stderr.contains("cannot write screenshot /nonexistent-momentum/x.png: No such file or directory"),
                "\(app.stderr)")
        #expect(app.stderr.split(separator: "\n").count == 1, "\(app.stderr)")
        #expect(app.events.last?.exit?.code == 1)
    }

    @Test func aMidAnimationScreenshotThatCannotBeWrittenEndsTheRun() throws {
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let app = try TracedClient(executable: try Compositor.momentumBinary(),
                                   arguments: ["--fullscreen", "--autoplay", "--mid-screenshots",
                                               "--screenshot", "/nonexistent-momentum/x.png"],
                                   environment: env)
        // No signal: the panel's first flight is pictured, the picture cannot be written, and the run ends.
        #expect(try app.waitExit() == 1)
        #expect(app.stderr.contains("cannot write screenshot /nonexistent-momentum/x-mid1.png: No such file or directory"),
                "\(app.stderr)")
        #expect(app.stderr.split(separator: "\n").count == 1, "\(app.stderr)")
        #expect(app.events.last?.exit?.code == 1)
    }

    /// The picture is read back on the loop and written by a thread of its own: a mid-animation screenshot whose
    /// file nobody reads yet (a FIFO with a one-page pipe) holds the writer, not the frames; a signal then waits for
    /// it to be written before the process ends.
    @Test func aScreenshotIsWrittenOffTheRunLoopAndFlushedAtExit() throws {
        let folder = try temporaryDirectory("momentum-offloop-shot")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/x-mid1.png"
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        #expect(reader >= 0)
        defer { close(reader) }
        _ = fcntl(reader, 1031 /* F_SETPIPE_SZ */, 4096)  // one page: the PNG fills it
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let app = try TracedClient(executable: try Compositor.momentumBinary(),
                                   arguments: ["--fullscreen", "--autoplay", "--mid-screenshots",
                                               "--screenshot", folder + "/x.png"],
                                   environment: env)
        // The PNG's first bytes: the picture was taken and its writer holds a full pipe.
        var waiting = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
        #expect(poll(&waiting, 1, 20_000) == 1, "no screenshot bytes within 20 s: \(app.stderr)")
        var signature = [UInt8](repeating: 0, count: 8)
        #expect(read(reader, &signature, 8) == 8)
        #expect(signature == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // Frames go on being drawn and presented while nothing more of the picture is read.
        var presented = 0
        try app.waitFor("30 frames presented after the picture", after: app.events.count) { line in
            if line.presented != nil { presented += 1 }
            return presented >= 30
        }
        app.signal()
        // Reading it to the end lets the writer finish; the process waits for it before it exits.
        _ = fcntl(reader, F_SETFL, 0)
        var png = signature, chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = read(reader, &chunk, chunk.count)
            guard count > 0 else { break }
            png += chunk[0..<count]
        }
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        #expect(png.count > 4096 && Array(png.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82],
                "\(png.count) bytes, not a whole PNG")
        #expect(FileManager.default.fileExists(atPath: folder + "/x.png"), "the screenshot at exit")
        #expect(app.events.last?.exit?.code == 0)
    }

    @Test func theTraceStopsAtItsLimitAndTheRunGoesOn() throws {
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let copy = Self.temporaryPath("limited.jsonl")
        defer { unlink(copy) }
        // The gallery writes ~5.6 MB a minute: 16 KiB fill within the first second or two.
        let app = try TracedClient(executable: try Compositor.momentumBinary(),
                                   arguments: ["--fullscreen", "--scene", "gallery", "--trace-limit", "16k"],
                                   environment: env, copyTo: copy)
        let truncated = try app.waitFor("the truncated line") { $0.truncated != nil }
        #expect(truncated.event.truncated == 16384)
        app.signal()
        #expect(try app.waitExit() == 0, "\(app.stderr)")
        let events = app.events
        #expect(events.count == truncated.index + 2 && events.last?.exit != nil, "only the exit line follows")
        let size = (try FileManager.default.attributesOfItem(atPath: copy)[.size] as? Int) ?? 0
        #expect(size <= 16384 && size > 12000, "\(size) bytes")
    }

    @Test func aTraceToAFIFOStreamsToItsReader() throws {
        let (weston, env) = try startWeston()
        defer { weston.stop() }
        let fifo = Self.temporaryPath("trace.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Compositor.momentumBinary())
        process.arguments = ["run", "--fullscreen", "--trace", fifo]
        process.environment = env
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // Opening the read end waits for the app to open the write end; the lines then arrive as they are written.
        let reader = open(fifo, O_RDONLY | O_CLOEXEC)
        #expect(reader >= 0)
        var bytes: [UInt8] = [], scanned = 0, signalled = false
        TracedClient.drain(reader) { chunk in
            bytes += chunk
            // Each whole line as it arrives: the first presented frame ends the run.
            while !signalled, let newline = bytes[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
                if (try? TraceLine(decoding: bytes[scanned..<newline]))?.presented != nil {
                    signalled = true
                    kill(process.processIdentifier, SIGTERM)
                }
                scanned = newline + 1
            }
        }
        close(reader)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = try traceLines(String(decoding: bytes, as: UTF8.self), from: fifo)
        #expect(lines.first?.clock != nil && lines.contains { $0.seatDevices != nil } && lines.contains { $0.configure != nil })
        #expect(lines.last?.exit?.reason == "SIGTERM")
    }

    @Test func aTouchAMillionPixelsAwayIsClampedAndTheCardStillSettles() throws {
        // Legal on the wire (wl_fixed reaches ±8 388 608 px) but absurd: a drag to x = 1 000 000 within 20 ms.
        let c = try Compositor(scene: .playground, arguments: ["--backend", BackendKind.dynamics.rawValue, "--log-level", "debug"])
        let mark = c.app.events.count
        try c.play("""
            0 down 0 400 300
            0 frame
            10 motion 0 500 300
            10 frame
            20 motion 0 1000000 -1000000
            20 frame
            30 up 0
            """)
        let ended = try c.app.waitForGesture(.panEnded, after: mark)
        let touches = c.app.events[mark...].compactMap(\.touch)
        let xs = touches.map(\.position.x), ys = touches.map(\.position.y)
        #expect(xs.max() == 1600 && ys.min() == -600, "clamped to the surface grown by its size: \(xs) \(ys)")
        // Flung at the clamped position's speed, the card comes back to rest in seconds, not minutes.
        try c.app.waitFor("the card at rest", after: ended.index, timeout: 15) {
            $0.playground?.state == .idle
        }
        c.app.signal()
        #expect(try c.app.waitExit() == 0)
        #expect(c.app.stderr.contains("momentum: debug: input point 0 at (1000000.0, -1000000.0) is more than a surface away"),
                "\(c.app.stderr.suffix(2000))")
    }

    /// The seat, gesture and scene lines among `lines` (not frames or per-frame panel records), for a failure.
    static func inputEvents(_ lines: ArraySlice<TraceLine>) -> String {
        lines.filter { $0.frame == nil && $0.panel == nil && $0.presented == nil }.map(\.encoded)
            .joined(separator: "; ")
    }

    @Test func devicesThatGoAwayAndComeBackWorkAgain() throws {
        let c = try Compositor()
        var mark = c.app.events.count
        // A drag in flight when the touchscreen goes away ends as a cancel, not a release with a fling.
        try c.play("0 press 0 400 560\n10 moveto 0 400 420 90\n100 unplug touch\n120 unplug keyboard\n140 unplug pointer")
        let cancel = try c.app.waitForGesture(.touchCancel, after: mark)
        let closed = try c.waitRest(.closed, after: cancel.index)
        #expect(!c.app.events[mark..<closed].contains { $0.gesture(.panEnded) != nil })

        // Back again: the old objects are inert (as under wlroots, mutter and KWin), so only newly bound ones work.
        try c.play("0 plug touch\n0 plug keyboard\n0 plug pointer")
        // The tap only once the app has bound the new devices (under load its get_touch can come after a fixed delay).
        let bound = try c.app.waitFor("the new touch, pointer and keyboard bound", after: closed) {
            $0.devices.map { Set($0) } == [.touch, .pointer, .keyboard]
        }
        try c.play("0 tap 0 400 560")
        do { mark = try c.app.waitForGesture(.tap, after: bound.index).index } catch {
            Issue.record("no tap; events since the unplug: \(Self.inputEvents(c.app.events[closed...]))")
            throw error
        }
        mark = try c.waitRest(.open, after: mark)
        // The tap activated the window again, so the new keyboard has focus: h hides the HUD.
        try c.play("0 type h")
        try c.app.waitFor("a frame without the HUD", after: mark) { $0.frame?.hud == false }
        // And the new pointer: a click toggles the panel closed.
        try c.play("0 click 400 \(c.openY + 40)")
        do { try c.app.waitForGesture(.tap, after: mark) } catch {
            Issue.record("no tap; events since the unplug: \(Self.inputEvents(c.app.events[closed...]))")
            throw error
        }
        try c.waitRest(.closed, after: mark)
    }

    @Test func exitDestroysEveryObjectInReverseOrderAndReleasesTheSeat() throws {
        let (weston, baseEnv) = try startWeston()
        defer { weston.stop() }
        var env = baseEnv
        env["WAYLAND_DEBUG"] = "client"
        let app = try TracedClient(executable: try Compositor.momentumBinary(), arguments: ["--fullscreen"],
                                   environment: env)
        try app.waitFor("a presented frame") { $0.presented != nil }
        app.signal()
        #expect(try app.waitExit() == 0)
        // WAYLAND_DEBUG lines: "[time]  -> interface@id.request(args)".
        let requests = app.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let arrow = line.range(of: " -> ") else { return nil }
            let call = line[arrow.upperBound...]
            guard let at = call.firstIndex(of: "@"), let dot = call[at...].firstIndex(of: "."),
                  let paren = call[dot...].firstIndex(of: "(") else { return nil }
            return String(call[..<at]) + "." + String(call[call.index(after: dot)..<paren])
        }
        func last(_ request: String) -> Int? { requests.lastIndex(of: request) }
        let order = ["xdg_toplevel.destroy", "xdg_surface.destroy", "wl_surface.destroy", "xdg_wm_base.destroy"]
        let positions = order.map(last)
        #expect(positions.allSatisfy { $0 != nil }, "missing: \(zip(order, positions).filter { $0.1 == nil }.map(\.0))")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(zip(order, positions).map { "\($0.0)@\($0.1 ?? -1)" })")
        for device in ["wl_touch.release", "wl_pointer.release", "wl_keyboard.release"] {
            #expect(last(device).map { $0 < (last("wl_seat.release") ?? -1) } == true, "\(device) before wl_seat.release")
        }
        for global in ["wl_output.release", "wp_presentation.destroy", "wp_viewporter.destroy",
                       "zwp_input_timestamps_manager_v1.destroy"] {
            #expect(last(global) != nil, "no \(global) in \(requests.suffix(30))")
        }
    }
}
