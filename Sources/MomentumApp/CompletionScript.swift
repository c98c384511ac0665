import ArgumentParser

/// `momentum --generate-completion-script bash|zsh|fish`: argument-parser's script, taught momentum's default
/// subcommands. `momentum --scene …` is `momentum run --scene …` and `momentum bench --scene …` is
/// `momentum bench run --scene …`, but the generated scripts complete only a parent's own options after it, so
/// `momentum bench --scene <TAB>` offered the subcommands `run` and `compare`. Each parent here names its default
/// subcommand first when the word after it is an option that is not the parent's own (`--version`, `-h`, `--help`).
enum CompletionScript {
    /// The shell `arguments` (the command line without the program) ask a script for, or nil when they ask for
    /// something else (or for a shell argument-parser would refuse: it says so itself).
    static func requestedShell(_ arguments: [String]) -> CompletionShell? {
        let flag = "--generate-completion-script"
        if arguments.count == 2, arguments[0] == flag { return CompletionShell(rawValue: arguments[1]) }
        if arguments.count == 1, arguments[0].hasPrefix(flag + "=") {
            return CompletionShell(rawValue: String(arguments[0].dropFirst(flag.count + 1)))
        }
        return nil
    }

    /// The script for `shell`, with the default subcommands completed. Where argument-parser's script does not have
    /// the text a patch expects (another version of it), that patch is left out and the script is as generated.
    static func script(for shell: CompletionShell) -> String {
        let generated = MomentumCommand.completionScript(for: shell)
        // Each patch inserts `insert` after the first `anchor` (after the first `within`, when given).
        let patches: [(within: String?, anchor: String, insert: String)]
        let helper: String
        switch shell {
        case .bash:
            helper = """

                # momentum's default subcommands: a parent followed by an option not its own runs its default.
                __momentum_default_subcommand() {
                    case "${unparsed_words[0]}" in
                    --version|-h|--help) ;;
                    -*) unparsed_words=("${1}" "${unparsed_words[@]}") ;;
                    esac
                }

                """
            patches = [
                (nil, "    local -a unparsed_words=(\"${COMP_WORDS[@]:1:${COMP_CWORD}}\")\n",
                 "    __momentum_default_subcommand run\n"),
                (nil, "_momentum_bench() {\n", "    __momentum_default_subcommand run\n"),
            ]
        case .zsh:
            // After `momentum` (or `bench`), _arguments puts the words from the first one not an option of the
            // parent's own into state `arg`, words[1] being that word; one that is no subcommand is the default's.
            // An option being typed right after the parent (state `command` or none): the default completes it too.
            helper = """

                # momentum's default subcommands: words not naming a subcommand are the default one's (run).
                __momentum_default_subcommand() {
                    words=("${1}" "${(@)words}")
                    (( CURRENT++ ))
                    "${2}"
                }
                __momentum_default_subcommand_option() {
                    [[ "${state}" != arg && "${CURRENT}" -eq 2 && "${words[2]}" = -* ]] || return 1
                    words[1]="${1}"
                    "${2}"
                }

                """
            let parse = "    _arguments -w -s -S : \"${arg_specs[@]}\" && ret=0\n"
            patches = [
                ("_momentum() {\n", parse, "    __momentum_default_subcommand_option run _momentum_run && ret=0\n"),
                ("_momentum() {\n", "            \"_momentum_${words[1]}\" && ret=0\n            ;;\n",
                 "        *)\n            __momentum_default_subcommand run _momentum_run && ret=0\n            ;;\n"),
                ("_momentum_bench() {\n", parse,
                 "    __momentum_default_subcommand_option run _momentum_bench_run && ret=0\n"),
                ("_momentum_bench() {\n", "            \"_momentum_bench_${words[1]}\" && ret=0\n            ;;\n",
                 "        *)\n            __momentum_default_subcommand run _momentum_bench_run && ret=0\n            ;;\n"),
            ]
        case .fish:
            helper = """

                # momentum's default subcommands: a parent followed by an option not its own runs its default.
                function __momentum_default_subcommand -S -a subcommand
                    set -l next $unparsed_tokens[2]
                    test (count $unparsed_tokens) -lt 2; and set next (commandline -t)
                    switch "$next"
                    case --version -h --help
                    case '-*'
                        set unparsed_tokens $unparsed_tokens[1] $subcommand $unparsed_tokens[2..]
                    end
                end

                """
            patches = [
                (nil, "    case 'momentum'\n", "        __momentum_default_subcommand run\n"),
                (nil, "        case 'bench'\n", "            __momentum_default_subcommand run\n"),
            ]
        default:
            return generated
        }
        var script = generated
        for patch in patches {
            var from = script.startIndex
            if let within = patch.within {
                guard let start = script.firstRange(of: within) else { return generated }
                from = start.upperBound
            }
            guard let range = script[from...].firstRange(of: patch.anchor) else { return generated }
            script.insert(contentsOf: patch.insert, at: range.upperBound)
        }
        // The helper goes before the first function, after the script's opening comment lines.
        guard let start = script.firstRange(of: shell == .fish ? "\nfunction " : "\n_") else { return generated }
        script.insert(contentsOf: helper, at: start.lowerBound)
        return script
    }
}
