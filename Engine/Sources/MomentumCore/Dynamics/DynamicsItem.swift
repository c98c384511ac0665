/// A handle to an item (rigid body) in a `DynamicsWorld`.
public struct DynamicsItem: Equatable, Hashable, Sendable {
    /// Index of the item in its world.
    public let index: Int
}
