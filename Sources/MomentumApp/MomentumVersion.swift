/// The version `momentum --version` prints.
enum MomentumVersion {
    /// The version string (semantic versioning).
    static let string = "0.1.0"
    /// The build: `git describe` of the checkout it was built from (`unknown` outside one), e.g. `v0.1.0-12-gabc1234`.
    static let build = BuildID.string
    /// What `--version` prints: the version and the build.
    static let full = "\(string) (\(build))"
}
