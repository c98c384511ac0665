#if canImport(Glibc)
import Glibc
#endif

/// The user a private compositor that refuses root runs as when this process is root (sway: `momentum-sway`, mutter:
/// `momentum-mutter`), and the command prefix that runs a program as it with only the session's environment.
enum SessionUser {
    /// `setpriv … env -i …` (just `env -i …` when `user` is nil): runs a command as `user` with only the session's
    /// environment and `extra`; with `unblocking`, with no signal blocked (`CompositorProcess.unblockingSignals`).
    static func launcher(user: (uid: UInt32, gid: UInt32)?, runtime: String, extra: [String],
                         unblocking: Bool = false) -> [String] {
        let asUser = user.map { ["/usr/bin/setpriv", "--reuid=\($0.uid)", "--regid=\($0.gid)", "--init-groups", "--"] } ?? []
        return asUser + (unblocking ? CompositorProcess.unblockingSignals : [])
            + CompositorProcess.sessionEnvironment(runtime: runtime, extra: extra)
    }

    /// The uid and gid of the system user `user`, made (a system user without home or shell) if missing.
    static func system(named user: String) throws(SessionError) -> (uid: UInt32, gid: UInt32) {
        if getpwnam(user) == nil {
            let (status, said): (Int32, String)
            do {
                (status, said) = try ChildProcess.output(["/usr/sbin/useradd", "--system", "--no-create-home", "--shell",
                                                          "/usr/sbin/nologin", user], errors: true)
            } catch {
                throw SessionError("cannot run useradd to make the user \(user): \(error.description)")
            }
            // Another process may have made it meanwhile (useradd then fails): the lookup below decides.
            if status != 0, getpwnam(user) == nil {
                throw SessionError("useradd \(user) failed: \(said.split(separator: "\n").joined(separator: " | "))")
            }
        }
        guard let entry = getpwnam(user) else { throw SessionError("no user \(user) after useradd") }
        return (entry.pointee.pw_uid, entry.pointee.pw_gid)
    }
}
