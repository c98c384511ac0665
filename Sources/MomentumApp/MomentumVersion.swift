/// The version `momentum --version` prints.
enum MomentumVersion {
    /// The version string (semantic versioning).
    static let string = "0.1.0"
}
