import Foundation
import MomentumApp
import MomentumRun
import Testing

/// `scripts/install` and `momentum headless` run from an installed prefix, outside the source tree, under a
/// real weston. The install uses the debug binary the tests were built with (`--binary`), not a release build.
@Suite(.serialized) struct InstallEndToEndTests {
    /// A fresh empty folder under the system's temporary folder (outside the checkout), symlinks resolved.
    private func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("momentum-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.resolvingSymlinksInPath()
    }

    /// A prefix holding only `bin/momentum` (a copy of the tested binary), no module.
    private func prefixWithoutModule() throws -> URL {
        let prefix = try temporaryFolder("prefix")
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: try Compositor.momentumBinary(),
                                         toPath: prefix.appendingPathComponent("bin/momentum").path)
        return prefix
    }

    @Test func installedHeadlessRunsOutsideTheCheckoutAndLeavesTraceAndScreenshot() throws {
        let prefix = try temporaryFolder("prefix"), work = try temporaryFolder("work")
        defer {
            try? FileManager.default.removeItem(at: prefix)
            try? FileManager.default.removeItem(at: work)
        }
        let install = try ProgramRun(packageRoot + "/scripts/install",
                                     ["--binary", try Compositor.momentumBinary(), prefix.path], in: work.path)
        #expect(install.status == 0, "\(install.transcript)")
        let binary = prefix.appendingPathComponent("bin/momentum").path
        let module = prefix.appendingPathComponent("lib/momentum/momentum-touch.so").path
        #expect(FileManager.default.isExecutableFile(atPath: binary))
        #expect(FileManager.default.fileExists(atPath: module))
        #expect(!FileManager.default.fileExists(atPath: prefix.appendingPathComponent("lib/momentum/touch-probe").path))
        // The launcher entry: named after the window's app id, starting the installed binary.
        let desktop = try String(contentsOf: prefix.appendingPathComponent(
            "share/applications/dev.momentum.Momentum.desktop"), encoding: .utf8)
        #expect(desktop.hasPrefix("[Desktop Entry]\n") && desktop.contains("\nExec=\(binary) run\n")
                && desktop.contains("\nStartupWMClass=dev.momentum.Momentum\n") && desktop.contains("\nType=Application\n"),
                "\(desktop)")
        // Its icon, and the form factors Phosh shows it on.
        #expect(desktop.contains("\nIcon=dev.momentum.Momentum\n")
                && desktop.contains("\nX-Purism-FormFactor=Workstation;Mobile;\n"), "\(desktop)")
        #expect(FileManager.default.fileExists(
            atPath: prefix.appendingPathComponent("share/icons/hicolor/scalable/apps/dev.momentum.Momentum.svg").path))

        let run = try ProgramRun(binary, ["headless", "--out", "out", "--log-level", "debug"], in: work.path)
        #expect(run.status == 0, "\(run.transcript)")
        #expect(run.stderr.contains("momentum: debug: touch-injection module (installed): \(module)"), "\(run.stderr)")
        #expect(!run.stderr.contains("building the touch-injection module"), "\(run.stderr)")
        // The app's own debug lines come through the headless run (the level is passed on).
        #expect(run.stderr.contains("momentum: debug: bound wl_compositor version"), "\(run.stderr)")
        let out = work.appendingPathComponent("out")
        let lines = try traceLines(atPath: out.appendingPathComponent("trace.jsonl").path)
        #expect(lines.contains { $0.presented != nil })
        #expect(lines.contains { $0.gesture(.tap) != nil })
        #expect(lines.last?.exit?.code == 0)
        let png = try Data(contentsOf: out.appendingPathComponent("screenshot.png"))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
        #expect(run.stdout.contains("screenshot: \(out.path)/screenshot.png"), "\(run.stdout)")
    }

    /// `--destdir D PREFIX` stages every file under D/PREFIX (the launcher entry starts PREFIX/bin/momentum, the
    /// module is found next to the staged binary), the launcher entry is what desktop-file-validate accepts, each man
    /// page renders, and `--uninstall` removes exactly what was installed.
    @Test func installStagesUnderDestdirAndUninstallRemovesIt() throws {
        let destdir = try temporaryFolder("destdir"), work = try temporaryFolder("work")
        defer {
            try? FileManager.default.removeItem(at: destdir)
            try? FileManager.default.removeItem(at: work)
        }
        let script = packageRoot + "/scripts/install"
        let install = try ProgramRun(script, ["--binary", try Compositor.momentumBinary(), "--destdir", destdir.path,
                                              "/usr"], in: work.path)
        #expect(install.status == 0, "\(install.transcript)")
        let root = destdir.appendingPathComponent("usr")
        let installed = try files(under: destdir)
        let pages = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/data/man").filter { $0.hasSuffix(".1") }
        #expect(pages.contains("momentum.1") && pages.contains("momentum.report.1") && pages.contains("momentum.bench.run.1"))
        let expected = Set(["usr/bin/momentum", "usr/lib/momentum/momentum-touch.so",
                            "usr/share/applications/dev.momentum.Momentum.desktop",
                            "usr/share/icons/hicolor/scalable/apps/dev.momentum.Momentum.svg",
                            "usr/share/bash-completion/completions/momentum", "usr/share/zsh/vendor-completions/_momentum",
                            "usr/share/fish/vendor_completions.d/momentum.fish"]
                           + pages.map { "usr/share/man/man1/" + $0 })
        #expect(installed == expected, "\(installed.symmetricDifference(expected))")
        let desktopPath = root.appendingPathComponent("share/applications/dev.momentum.Momentum.desktop").path
        let desktop = try String(contentsOfFile: desktopPath, encoding: .utf8)
        #expect(desktop.contains("\nExec=/usr/bin/momentum run\n"), "\(desktop)")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/desktop-file-validate") {
            let validate = try ProgramRun("/usr/bin/desktop-file-validate", [desktopPath])
            #expect(validate.status == 0 && validate.stdout.isEmpty && validate.stderr.isEmpty, "\(validate.transcript)")
        }
        // The completions come from the installed binary and complete a trace path for report.
        let bash = try String(contentsOfFile: root.appendingPathComponent("share/bash-completion/completions/momentum").path,
                              encoding: .utf8)
        #expect(bash.contains("complete -o filenames -F _momentum momentum"), "\(bash.prefix(200))")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/man") {
            for page in pages {
                let man = try ProgramRun("/usr/bin/man", ["-l", root.appendingPathComponent("share/man/man1/" + page).path],
                                         environment: ["PATH": "/usr/bin:/bin", "MANPAGER": "cat", "TERM": "dumb"])
                #expect(man.status == 0 && man.stdout.contains("NAME") && man.stderr.isEmpty, "\(page): \(man.transcript)")
            }
        }

        let uninstall = try ProgramRun(script, ["--uninstall", "--destdir", destdir.path, "/usr"], in: work.path)
        #expect(uninstall.status == 0 && uninstall.stdout == "removed \(expected.count) files from \(root.path)\n",
                "\(uninstall.transcript)")
        #expect(try files(under: destdir).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("lib/momentum").path))
    }

    /// The regular files under `folder`, as paths relative to it.
    private func files(under folder: URL) throws -> Set<String> {
        var found = Set<String>()
        let base = folder.path + "/"
        guard let walk = FileManager.default.enumerator(atPath: folder.path) else { return found }
        for case let relative as String in walk {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: base + relative, isDirectory: &isFolder), !isFolder.boolValue {
                found.insert(relative)
            }
        }
        return found
    }

    @Test func headlessWithoutAnInstalledModuleSaysWhatToRun() throws {
        let prefix = try prefixWithoutModule(), work = try temporaryFolder("work")
        defer {
            try? FileManager.default.removeItem(at: prefix)
            try? FileManager.default.removeItem(at: work)
        }
        let run = try ProgramRun(prefix.appendingPathComponent("bin/momentum").path, ["headless", "--out", "out"],
                                 in: work.path)
        #expect(run.status == 1, "\(run.transcript)")
        let module = prefix.appendingPathComponent("lib/momentum/momentum-touch.so").path
        #expect(run.stderr == "momentum: momentum-touch.so not found at \(module): run scripts/install PREFIX "
            + "from the Momentum source tree\n", "\(run.transcript)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("out").path))
    }

    @Test func headlessWithoutWestonSaysWhatToInstall() throws {
        let prefix = try prefixWithoutModule(), emptyPath = try temporaryFolder("path")
        defer {
            try? FileManager.default.removeItem(at: prefix)
            try? FileManager.default.removeItem(at: emptyPath)
        }
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = emptyPath.path
        let run = try ProgramRun(prefix.appendingPathComponent("bin/momentum").path,
                                 ["headless", "--out", emptyPath.appendingPathComponent("out").path],
                                 in: emptyPath.path, environment: env)
        #expect(run.status == 1, "\(run.transcript)")
        #expect(run.stderr == "momentum: weston not found on PATH: apt-get install weston\n", "\(run.transcript)")
    }

    @Test func installRefusesAMissingPrefixOrBinary() throws {
        let script = packageRoot + "/scripts/install"
        let noPrefix = try ProgramRun(script, [])
        #expect(noPrefix.status == 64 && noPrefix.stderr.hasPrefix("usage: scripts/install"), "\(noPrefix.transcript)")
        let work = try temporaryFolder("work")
        defer { try? FileManager.default.removeItem(at: work) }
        let noBinary = try ProgramRun(script, ["--binary", work.appendingPathComponent("nothing").path,
                                               work.appendingPathComponent("prefix").path])
        #expect(noBinary.status == 1 && noBinary.stderr.contains("is not an executable file"), "\(noBinary.transcript)")
        #expect(!FileManager.default.fileExists(atPath: work.appendingPathComponent("prefix").path))
    }
}
