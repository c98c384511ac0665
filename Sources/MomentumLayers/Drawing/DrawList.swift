/// An ordered list of drawing commands in logical px that a scene builds and a renderer draws.
public struct DrawList: Equatable, Hashable, Sendable {
    /// The commands, drawn first to last.
    public var commands: [DrawCommand]

    /// A list holding `commands`.
    public init(commands: [DrawCommand] = []) {
        self.commands = commands
    }

    /// Number of commands.
    public var count: Int { commands.count }

    /// Whether the list has no commands.
    public var isEmpty: Bool { commands.isEmpty }

    /// Appends one command.
    public mutating func append(_ command: DrawCommand) {
        commands.append(command)
    }

    /// Appends a vertical background gradient covering the viewport.
    public mutating func addBackground(top: RGBA, bottom: RGBA) {
        commands.append(.background(top: top, bottom: bottom))
    }

    /// Appends a rounded rectangle with an optional soft shadow, rotated (radians, clockwise) and scaled about its
    /// centre and faded by `opacity` (see `RoundedRect` for how the shadow follows).
    public mutating func addRoundedRect(_ rect: DrawRect, cornerRadius: Double, fill: RGBA, shadow: DropShadow? = nil,
                                        rotation: Double = 0, scale: Double = 1, opacity: Double = 1) {
        commands.append(.roundedRect(RoundedRect(rect: rect, cornerRadius: cornerRadius, fill: fill, shadow: shadow,
                                                 rotation: rotation, scale: scale, opacity: opacity)))
    }

    /// Appends a prepared rounded rectangle.
    public mutating func addRoundedRect(_ shape: RoundedRect) {
        commands.append(.roundedRect(shape))
    }

    /// Appends a plain rectangle.
    public mutating func addRect(_ rect: DrawRect, fill: RGBA) {
        commands.append(.rect(rect, fill: fill))
    }

    /// Removes every command but keeps the storage, so a list can be rebuilt each frame without allocating.
    public mutating func removeAll() {
        commands.removeAll(keepingCapacity: true)
    }
}
