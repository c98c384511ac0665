import Foundation
import Testing

/// The completion scripts `momentum --generate-completion-script` writes, loaded into real shells: subcommands,
/// typed values, files and folders, and the default subcommands (`momentum --scene …` is `momentum run`,
/// `momentum bench --scene …` is `momentum bench run`). bash always; zsh and fish where they are installed
/// (`scripts/deps.sh test` installs them).
@Suite(.serialized) struct CompletionEndToEndTests {
    /// The lines typed (completed at their end) and what each shell must offer there, exactly (sorted).
    static let cases: [(line: String, offers: [String])] = [
        ("momentum bench --scene ", ["all", "gallery", "panel", "playground", "scroll", "transition"]),
        ("momentum bench run --scene ", ["all", "gallery", "panel", "playground", "scroll", "transition"]),
        ("momentum --scene ", ["gallery", "panel", "playground", "scroll", "transition"]),
        ("momentum --log-level debug --backend ", ["dynamics", "pop", "spring", "tween"]),
        ("momentum bench --scene all --compositor ", ["kwin", "mutter", "phoc", "sway", "weston"]),
        ("momentum trace --format ", ["csv", "json"]),
        ("momentum --sc", ["--scene", "--screenshot", "--screenshot-hud"]),
        ("momentum bench --sc", ["--scale", "--scene"]),
        ("momentum bench com", ["compare"]),
        ("momentum hea", ["headless"]),
    ]

    /// A folder holding a trace, a report and a subfolder, to complete paths in.
    private func pathsFolder() throws -> URL {
        let folder = URL(fileURLWithPath: try temporaryDirectory("momentum-completion"))
        try Data().write(to: folder.appendingPathComponent("run.jsonl"))
        try Data().write(to: folder.appendingPathComponent("report.json"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("traces"),
                                                withIntermediateDirectories: true)
        return folder
    }

    /// `momentum --generate-completion-script shell` written to a file in `folder`/traces; its path.
    private func script(_ shell: String, in folder: URL) throws -> String {
        let run = try ProgramRun(try Compositor.momentumBinary(), ["--generate-completion-script", shell])
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.transcript)")
        let path = folder.appendingPathComponent("traces/completion.\(shell)").path
        try run.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func bashCompletesValuesPathsAndTheDefaultSubcommands() throws {
        let folder = try pathsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try script("bash", in: folder)
        // Calls the completion function as bash's programmable completion does, at the end of the line.
        let driver = """
            source "$1"
            line=$2
            read -ra COMP_WORDS <<< "$line"
            [[ "$line" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line} COMPREPLY=()
            _momentum momentum "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        func offers(_ line: String) throws -> [String] {
            let run = try ProgramRun("/bin/bash", ["-c", driver, "bash", script, line], in: folder.path, timeout: 20)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(line): \(run.transcript)")
            return run.stdout.split(separator: "\n").map(String.init).sorted()
        }
        for (line, expected) in Self.cases { #expect(try offers(line) == expected, "\(line)") }
        #expect(try offers("momentum report ") == ["report.json", "run.jsonl", "traces"])
        #expect(try offers("momentum headless --out ") == ["traces"])
        #expect(try offers("momentum bench compare ") == ["report.json", "run.jsonl", "traces"])   // a report or a bench folder
        #expect(try offers("momentum run --screenshot ") == ["traces"])
    }

    @Test func fishCompletesValuesPathsAndTheDefaultSubcommands() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed: scripts/deps.sh test")
        let folder = try pathsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try script("fish", in: folder)
        func offers(_ line: String) throws -> [String] {
            let run = try ProgramRun("/usr/bin/fish", ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]",
                                                       script, line], in: folder.path, timeout: 20)
            #expect(run.status == 0 && run.stderr.isEmpty, "\(line): \(run.transcript)")
            return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }.sorted()
        }
        for (line, expected) in Self.cases { #expect(try offers(line) == expected, "\(line)") }
        #expect(try offers("momentum report ") == ["report.json", "run.jsonl", "traces/"])
        #expect(try offers("momentum headless --out ") == ["traces/"])
    }

    @Test func zshCompletesValuesPathsAndTheDefaultSubcommands() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed: scripts/deps.sh test")
        let folder = try pathsFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = try script("zsh", in: folder)
        // An interactive zsh in a pseudo-terminal (zsh/zpty) with compinit and the script, compadd wrapped to print
        // each match; the line is typed and Tab pressed (after zsh-capture-completion).
        let driver = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PROMPT="
            zpty -w z "autoload -U compinit; compinit -u -D"
            zpty -w z "source ${(q)1}"
            zpty -w z 'compadd () {
              if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd "$@"; return $?; fi
              typeset -a __hits; builtin compadd -A __hits "$@"; (( $#__hits == 0 )) && return 1
              builtin printf "<hit:%s>\\n" $__hits
            }'
            zpty -w z "bindkey '^I' complete-word"
            zpty -w z "comppostfuncs=(__end); __end() { print '<done>'; exit }"
            zpty -w z "print '<ready''>'"
            while zpty -r z line; do [[ $line == *'<ready>'* ]] && break; done
            zpty -w -n z "$2"$'\\t'
            typeset -a hits
            while zpty -r z line; do
              [[ $line == *'<done>'* ]] && break
              [[ $line == *'<hit:'*'>'* ]] && hits+=("${${line##*<hit:}%%>*}")
            done
            print -rl -- ${(ou)hits}
            zpty -d z
            """
        func offers(_ line: String) throws -> [String] {
            let run = try ProgramRun("/usr/bin/zsh", ["-f", "-c", driver, "zsh", script, line], in: folder.path,
                                     timeout: 20)
            #expect(run.status == 0, "\(line): \(run.transcript)")
            return run.stdout.split(separator: "\n").map(String.init).sorted()
        }
        for (line, expected) in Self.cases { #expect(try offers(line) == expected, "\(line)") }
        #expect(try offers("momentum report ") == ["report.json", "run.jsonl", "traces"])
    }
}
