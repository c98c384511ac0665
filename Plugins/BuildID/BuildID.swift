import Foundation
import PackagePlugin

/// Writes `BuildID.swift` (`enum BuildID { static let string = "…" }`) from `git describe --always --dirty --tags`
/// of the package's checkout before every build, so `momentum --version` and every report name the build (two
/// builds of 0.1.0 can be told apart). Outside a git checkout the id is `unknown`. The file is only rewritten when
/// the id changes, so an unchanged checkout rebuilds nothing.
@main
struct BuildIDPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = context.pluginWorkDirectoryURL.appending(path: "generated")
        let file = folder.appending(path: "BuildID.swift")
        let script = """
            id=$(git -C "$1" describe --always --dirty --tags 2>/dev/null | tr -cd 'A-Za-z0-9._+-') || id=""
            [ -n "$id" ] || id=unknown
            mkdir -p "$(dirname "$2")"
            printf '/// The build: `git describe` of the checkout it was built from.\\nenum BuildID {\\n    static let string = "%s"\\n}\\n' "$id" > "$2.tmp"
            if cmp -s "$2.tmp" "$2"; then rm -f "$2.tmp"; else mv "$2.tmp" "$2"; fi
            """
        return [.prebuildCommand(displayName: "Build id from git describe",
                                 executable: URL(fileURLWithPath: "/bin/sh"),
                                 arguments: ["-c", script, "sh", context.package.directoryURL.path, file.path],
                                 outputFilesDirectory: folder)]
    }
}
