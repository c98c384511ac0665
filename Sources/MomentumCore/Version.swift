/// Placeholder until the engine lands.
public enum MomentumCoreVersion { /// The version string.
    public static let string = "0.1.0" }
