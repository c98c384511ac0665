/// A handle to an attachment (soft spring constraint) in a `DynamicsWorld`.
public struct DynamicsAttachment: Equatable, Hashable, Sendable {
    /// Index of the attachment in its world.
    public let index: Int
}
