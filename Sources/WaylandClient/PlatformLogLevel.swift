/// How much a message from the platform matters; the app maps it onto its own logger's levels.
///
/// The platform never prints: it hands `(PlatformLogLevel, String)` to a callback (see `Registry.init`), so the
/// app decides where messages go and which are shown.
public enum PlatformLogLevel: Sendable, Equatable, CaseIterable {
    /// Details for someone debugging the client, e.g. each global bound and its version.
    case debug
    /// Something the user may want to know but that needs no action, e.g. a missing optional feature.
    case info
    /// Something is likely wrong but the client carries on.
    case warning
    /// Something failed.
    case error
}
