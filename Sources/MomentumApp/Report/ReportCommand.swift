import ArgumentParser
import Glibc
import MomentumRun

/// `momentum report TRACE.jsonl [--out DIR] [--chrome-trace FILE.json]`: a run's trace as one self-contained HTML
/// page (facts and charts), and optionally in Chrome's Trace Event Format.
struct ReportCommand: LoggingCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write an HTML report of a run's trace (from momentum run --trace).",
        discussion: """
        Writes DIR/report.html: the facts of the run (duration, frames, presented, discarded, scenes, backends, \
        window, exit), the scene's position and velocity over time with touches and gestures, frame intervals, and \
        tick and render time per frame; idle gaps longer than 0.5 s are drawn as breaks. One file, no scripts, \
        nothing fetched. --chrome-trace also writes the run for Perfetto or chrome://tracing. The trace is read line \
        by line in the same memory whatever its length (a pipe too); a long run's charts are decimated, as each \
        chart says.
        """)

    @OptionGroup var logging: LoggingOptions
    @Argument(help: "The JSON Lines trace a momentum run --trace wrote.", completion: .file()) var trace: String
    @Option(help: "The directory for report.html (made if missing).", completion: .directory) var out = "momentum-report"
    @Option(name: .customLong("chrome-trace"), help: "Also write the run in Chrome Trace Event Format to FILE.json.",
            completion: .file(extensions: ["json"]))
    var chromeTrace: String?

    func run() throws {
        // A signal while the report is written removes its temporary files (and the folders it made) before the
        // process dies of it.
        let signals = try StopOnSignal(message: "the report is stopped, nothing written")
        let written: [String]
        do { written = try Self.write(trace: trace, out: out, chromeTrace: chromeTrace, signals: signals) } catch {
            signals.end()
            throw error
        }
        signals.end()
        for path in written {
            if let error = OutputFile.writeAll(1, Array((path + "\n").utf8)) {
                throw OutputFile.failure("to", "standard output", error)
            }
        }
    }

    /// Reads and checks the trace line by line, gathering the report's numbers and writing the Chrome trace as it
    /// goes, then writes `out/report.html`. Every output is written to a temporary file beside it first and all are
    /// renamed into place only once all are whole: a failure anywhere (the trace, either output) leaves no output
    /// touched, no temporary file and no folder made. An output that is the trace being read, or a Chrome trace that
    /// is the report, is refused before anything is written. Returns the paths written.
    static func write(trace: String, out: String, chromeTrace: String?,
                      signals: StopOnSignal? = nil) throws(AppError) -> [String] {
        let input = try RunTrace.open(trace)
        let reportPath = (out.hasSuffix("/") ? out : out + "/") + "report.html"
        try refuseOverwriting(input, report: reportPath, chromeTrace: chromeTrace)
        let outputs = ReportOutputs(signals: signals)
        do throws(AppError) {
            try outputs.makeDirectory(out)
            // A Chrome trace that cannot go where asked is refused before the trace is read.
            if let chromeTrace {
                let directory = chromeTrace.contains("/") ? String(chromeTrace[..<(chromeTrace.lastIndex(of: "/") ?? chromeTrace.endIndex)]) : "."
                var info = stat()
                if stat(directory.isEmpty ? "/" : directory, &info) != 0 {
                    throw OutputFile.failure("Chrome trace", chromeTrace, errno)
                }
                if info.st_mode & S_IFMT != S_IFDIR { throw OutputFile.failure("Chrome trace", chromeTrace, ENOTDIR) }
            }
            let html = try outputs.open(reportPath, what: "report")
            let chrome = try chromeTrace.map { path throws(AppError) in try outputs.open(path, what: "Chrome trace") }
            try chrome?.write(ChromeTrace.header(source: trace))
            var analysis = RunAnalysis()
            let reading = try RunTrace.read(input) { line throws(AppError) in
                analysis.add(line)
                guard let chrome else { return }
                for event in ChromeTrace.events(line) { try chrome.write(ChromeTrace.separator + event) }
            }
            analysis.cutLastLine = reading.cutLastLine
            analysis.finish()
            try html.write(RunReport.html(analysis, path: trace))
            try chrome?.write(ChromeTrace.footer)
            try outputs.commit()
        } catch {
            outputs.discard()
            throw error
        }
        return [reportPath] + (chromeTrace.map { [$0] } ?? [])
    }

    /// Refuses outputs that would overwrite the trace being read, or each other: the same file (device and inode)
    /// when it exists, else the same path once links and the folder are resolved.
    static func refuseOverwriting(_ input: InputFile, report: String, chromeTrace: String?) throws(AppError) {
        if SamePath.identity(report).map({ $0 == (input.device, input.inode) }) == true {
            throw AppError("cannot write report \(report): it is the trace being read (give another --out)")
        }
        guard let chromeTrace else { return }
        if SamePath.identity(chromeTrace).map({ $0 == (input.device, input.inode) }) == true {
            throw AppError("cannot write Chrome trace \(chromeTrace): it is the trace being read (give another --chrome-trace)")
        }
        if SamePath.same(chromeTrace, report) {
            throw AppError("cannot write Chrome trace \(chromeTrace): it is the report itself, \(report) (give another --chrome-trace)")
        }
    }
}

/// What one report writes: the folders it makes and its outputs, all undone when the report fails (`discard`) or a
/// signal stops it (`StopOnSignal`'s clean-up), all put in place together when it succeeds (`commit`).
private final class ReportOutputs {
    private let signals: StopOnSignal?
    private let leftovers = Leftovers()
    private var outputs: [PendingOutput] = []

    init(signals: StopOnSignal?) {
        self.signals = signals
        let leftovers = leftovers
        signals?.add { leftovers.remove() }
    }

    /// Runs `body` with a signal's effect put off until it returns, so what it makes is known to the clean-up.
    private func atomically<T>(_ body: () throws(AppError) -> T) throws(AppError) -> T {
        guard let signals else { return try body() }
        return try signals.deferring { Result { () throws(AppError) in try body() } }.get()
    }

    /// Makes `path` and any missing parents (as `mkdir -p`); an existing directory is fine.
    func makeDirectory(_ path: String) throws(AppError) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw AppError("cannot write report into \(path): \(String(cString: strerror(ENOTDIR)))")
            }
            return
        }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            let folder = prefix
            try atomically { () throws(AppError) in
                if mkdir(folder, 0o777) == 0 {
                    leftovers.add(directory: folder)
                } else if errno != EEXIST {
                    throw AppError("cannot create directory \(folder): \(String(cString: strerror(errno)))")
                }
            }
            prefix += "/"
        }
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw AppError("cannot write report into \(path): \(String(cString: strerror(ENOTDIR)))")
        }
    }

    /// An output to write, put in place by `commit`.
    func open(_ path: String, what: String) throws(AppError) -> PendingOutput {
        let output = try atomically { () throws(AppError) in
            let output = try PendingOutput(path, what: what)
            if let temporary = output.temporary { leftovers.add(file: temporary) }
            return output
        }
        outputs.append(output)
        return output
    }

    /// Finishes every output, then puts them all in place.
    func commit() throws(AppError) {
        for output in outputs { try output.finish() }
        try atomically { () throws(AppError) in
            for output in outputs { try output.commit() }
            leftovers.forget()
        }
    }

    /// Removes every temporary file and the folders made.
    func discard() {
        for output in outputs { output.discard() }
        leftovers.remove()
    }
}

/// The temporary files and folders a report made, removed by whichever comes first: the report failing, or a signal
/// (on the signal watcher's thread). Once removed, anything added later is removed at once.
private final class Leftovers: @unchecked Sendable {
    private let lock = Lock()
    private var files: [String] = [], directories: [String] = []
    private var removed = false

    func add(file: String) {
        lock.withLock {
            if removed { unlink(file) } else { files.append(file) }
        }
    }

    func add(directory: String) {
        lock.withLock {
            if removed { rmdir(directory) } else { directories.append(directory) }
        }
    }

    /// Everything is in place: nothing to remove.
    func forget() {
        lock.withLock {
            files = []
            directories = []
        }
    }

    func remove() {
        lock.withLock {
            for file in files { unlink(file) }
            for directory in directories.reversed() { rmdir(directory) }
            files = []
            directories = []
            removed = true
        }
    }
}

/// Whether two paths name the same file.
enum SamePath {
    /// The device and inode of the file at `path` (links followed), nil when there is none.
    static func identity(_ path: String) -> (UInt64, UInt64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (UInt64(info.st_dev), UInt64(info.st_ino))
    }

    /// True when `a` and `b` are the same file: by device and inode when both exist, else by their paths with links
    /// and the folder resolved (`out/../out/report.html` is `out/report.html`).
    static func same(_ a: String, _ b: String) -> Bool {
        switch (identity(a), identity(b)) {
        case let (x?, y?): return x == y
        case (nil, nil): return canonical(a) == canonical(b)
        default: return false
        }
    }

    /// `path` absolute, with a link at it resolved, its folder's links resolved where the folder exists, and `.`,
    /// `..` and repeated slashes taken out.
    static func canonical(_ path: String) -> String {
        var resolved = OutputFile.resolvedPath(path)
        if !resolved.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                resolved = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + resolved
            }
        }
        var parts: [Substring] = []
        for part in resolved.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        guard let name = parts.popLast() else { return "/" }
        let folder = "/" + parts.joined(separator: "/")
        if let real = realpath(folder, nil) {
            defer { free(real) }
            let base = String(cString: real)
            return (base == "/" ? "" : base) + "/" + name
        }
        return (folder == "/" ? "" : folder) + "/" + name
    }
}
