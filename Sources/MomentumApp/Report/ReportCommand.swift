import ArgumentParser
import Glibc

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
        nothing fetched. --chrome-trace also writes the run for Perfetto or chrome://tracing.
        """)

    @OptionGroup var logging: LoggingOptions
    @Argument(help: "The JSON Lines trace a momentum run --trace wrote.", completion: .file()) var trace: String
    @Option(help: "The directory for report.html (made if missing).", completion: .directory) var out = "momentum-report"
    @Option(name: .customLong("chrome-trace"), help: "Also write the run in Chrome Trace Event Format to FILE.json.",
            completion: .file(extensions: ["json"]))
    var chromeTrace: String?

    func run() throws {
        let written = try Self.write(trace: trace, out: out, chromeTrace: chromeTrace)
        for path in written {
            if let error = OutputFile.writeAll(1, Array((path + "\n").utf8)) {
                throw OutputFile.failure("to", "standard output", error)
            }
        }
    }

    /// Reads and checks the trace, builds everything in memory, then writes `out/report.html` and the Chrome trace
    /// (each whole, through a temporary file renamed into place). Returns the paths written.
    static func write(trace: String, out: String, chromeTrace: String?) throws(AppError) -> [String] {
        let run = try RunTrace.load(trace)
        let analysis = RunAnalysis(run)
        let html = RunReport.html(analysis, path: trace, lineCount: run.lines.count)
        let chrome = chromeTrace.map { _ in ChromeTrace.json(run) }
        try makeDirectory(out)
        // A Chrome trace that cannot go where asked is refused before any file is written.
        if let chromeTrace {
            let directory = chromeTrace.contains("/") ? String(chromeTrace[..<(chromeTrace.lastIndex(of: "/") ?? chromeTrace.endIndex)]) : "."
            var info = stat()
            if stat(directory.isEmpty ? "/" : directory, &info) != 0 {
                throw OutputFile.failure("Chrome trace", chromeTrace, errno)
            }
            if info.st_mode & S_IFMT != S_IFDIR { throw OutputFile.failure("Chrome trace", chromeTrace, ENOTDIR) }
        }
        let reportPath = (out.hasSuffix("/") ? out : out + "/") + "report.html"
        try OutputFile.write(Array(html.utf8), to: reportPath, what: "report")
        var written = [reportPath]
        if let chromeTrace, let chrome {
            try OutputFile.write(Array(chrome.utf8), to: chromeTrace, what: "Chrome trace")
            written.append(chromeTrace)
        }
        return written
    }

    /// Makes `path` and any missing parents (as `mkdir -p`); an existing directory is fine.
    static func makeDirectory(_ path: String) throws(AppError) {
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
            if mkdir(prefix, 0o777) != 0, errno != EEXIST {
                throw AppError("cannot create directory \(prefix): \(String(cString: strerror(errno)))")
            }
            prefix += "/"
        }
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw AppError("cannot write report into \(path): \(String(cString: strerror(ENOTDIR)))")
        }
    }
}
