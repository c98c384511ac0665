#if canImport(Glibc)
import Glibc
#endif

/// Where `momentum run` keeps its shader programs' binaries (`ProgramCache`): `$XDG_CACHE_HOME/momentum`, else
/// `~/.cache/momentum` (the home from `HOME`, else the user's entry in the password database, as Mesa finds its own
/// shader cache); nil when there is no absolute folder to use.
enum ProgramCacheFolder {
    static func path(environment: (String) -> String? = { getenv($0).map { String(cString: $0) } },
                     passwordHome: () -> String? = userHome) -> String? {
        if let cache = environment("XDG_CACHE_HOME"), cache.hasPrefix("/") { return cache + "/momentum" }
        if let home = environment("HOME"), home.hasPrefix("/") { return home + "/.cache/momentum" }
        if let home = passwordHome(), home.hasPrefix("/") { return home + "/.cache/momentum" }
        return nil
    }

    /// The home folder in the password database's entry for this user.
    static func userHome() -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &found) == 0, found != nil, let dir = entry.pw_dir
        else { return nil }
        return String(cString: dir)
    }
}
