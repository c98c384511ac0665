#if canImport(Glibc)
import Glibc
#endif

/// Failures of the headless weston harness; every case carries a human-readable one-line reason.
public enum HarnessError: Error, Equatable, CustomStringConvertible {
    /// The module rejected a script; the payload is its one-line message, e.g. `<control>:2: unknown command 'swipe'`.
    case script(String)
    /// Building the module with make failed; the payload is make's output.
    case build(String)
    /// Weston could not be started or stopped running; the payload includes the tail of its log.
    case compositor(String)
    /// A reply did not arrive before its deadline.
    case timeout(String)
    /// The control connection broke or sent something unexpected.
    case connection(String)
    /// No touch-injection module next to an installed `momentum`; the payload is the path looked at.
    case moduleNotInstalled(String)

    /// The reason, prefixed with the kind of failure.
    public var description: String {
        switch self {
        case .script(let message): return "touch script rejected: \(message)"
        case .build(let output): return "harness build failed:\n\(output)"
        case .compositor(let message): return "weston: \(message)"
        case .timeout(let message): return "timed out: \(message)"
        case .connection(let message): return "control connection: \(message)"
        case .moduleNotInstalled(let path):
            return "momentum-touch.so not found at \(path): run scripts/install PREFIX from the Momentum source tree"
        }
    }
}
