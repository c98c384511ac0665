import MomentumCore
/// Namespace for the seed scenes.
public enum Scenes {}
