import MomentumCore
import MomentumLayers

/// What a scene says of itself on each frame, typed: the trace's per-frame line named after the scene. `fields`
/// writes it (the keys are each record's `Key`s, here and nowhere else), `init(name:fields:)` reads it back.
public enum SceneRecord: Sendable, Equatable {
    case panel(PanelScene.Record)
    case transition(TransitionScene.Record)
    case gallery(GalleryScene.Record)
    case playground(PlaygroundScene.Record)
    case scroll(ScrollScene.Record)

    /// The scene's name: the trace line's `event`.
    public var name: String {
        switch self {
        case .panel: SceneKind.panel.rawValue
        case .transition: SceneKind.transition.rawValue
        case .gallery: SceneKind.gallery.rawValue
        case .playground: SceneKind.playground.rawValue
        case .scroll: SceneKind.scroll.rawValue
        }
    }

    /// The record's fields, in order.
    public var fields: [TraceField] {
        switch self {
        case .panel(let r): r.fields
        case .transition(let r): r.fields
        case .gallery(let r): r.fields
        case .playground(let r): r.fields
        case .scroll(let r): r.fields
        }
    }

    /// Writes the record's fields, in order, to `w`: as `fields` holds them, without making them where the record
    /// writes itself (the panel's, every frame's while it slides; the gallery's, the largest).
    @inlinable
    public func write<W: TraceValueWriter>(to w: inout W) {
        switch self {
        case .panel(let r): return r.write(to: &w)
        case .gallery(let r): return r.write(to: &w)
        default: break
        }
        for field in fields {
            w.key(field.key)
            w.value(field.value)
        }
    }

    /// The record a scene named `name` wrote as `fields`.
    public init(name: String, fields: [TraceField]) throws(SceneRecordError) {
        let f = RecordFields(fields)
        switch SceneKind(rawValue: name) {
        case .panel?: self = .panel(try PanelScene.Record(f))
        case .transition?: self = .transition(try TransitionScene.Record(f))
        case .gallery?: self = .gallery(try GalleryScene.Record(f))
        case .playground?: self = .playground(try PlaygroundScene.Record(f))
        case .scroll?: self = .scroll(try ScrollScene.Record(f))
        case nil: throw SceneRecordError("is not a scene's record")
        }
    }

    /// Where the scene's main object is and how fast it moves (what a report plots over time): the panel's top edge,
    /// the card's top edge, the list's offset, the playground card's centre (x and y); nil for the gallery.
    public var motion: (position: [Double], velocity: [Double])? {
        switch self {
        case .panel(let r): ([r.y], [r.vy])
        case .transition(let r): ([r.cardY], [r.cardVY])
        case .scroll(let r): ([r.offset], [r.velocity])
        case .playground(let r): ([r.position.x, r.position.y], [r.velocity.x, r.velocity.y])
        case .gallery: nil
        }
    }

    /// What `motion` is, for a chart's axes, and the names of its components.
    public static func motionLabel(of scene: SceneKind) -> (what: String, position: [String], velocity: [String])? {
        switch scene {
        case .panel: ("panel top edge", ["y"], ["vy"])
        case .transition: ("card top edge", ["card_y"], ["card_vy"])
        case .scroll: ("list offset", ["offset"], ["velocity"])
        case .playground: ("card centre", ["x", "y"], ["vx", "vy"])
        case .gallery: nil
        }
    }

    public var panel: PanelScene.Record? { if case .panel(let r) = self { r } else { nil } }
    public var transition: TransitionScene.Record? { if case .transition(let r) = self { r } else { nil } }
    public var gallery: GalleryScene.Record? { if case .gallery(let r) = self { r } else { nil } }
    public var playground: PlaygroundScene.Record? { if case .playground(let r) = self { r } else { nil } }
    public var scroll: ScrollScene.Record? { if case .scroll(let r) = self { r } else { nil } }

    /// The backend the record names, for scenes that have one.
    public var backend: String? {
        switch self {
        case .panel(let r): r.backend
        case .playground(let r): r.backend
        default: nil
        }
    }
}

/// Why a scene record could not be read: `without a numeric "y"`.
public struct SceneRecordError: Error, Equatable, Sendable, CustomStringConvertible {
    public var reason: String
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

extension TraceField {
    /// A field under a record's or an event's key.
    public init<Key: RawRepresentable>(_ key: Key, _ value: TraceValue) where Key.RawValue == String {
        self.init(key.rawValue, value)
    }
}

extension TraceValue {
    /// A number, if this is one.
    public var number: Double? { if case .number(let v) = self { v } else { nil } }
    /// A string, if this is one.
    public var string: String? { if case .string(let v) = self { v } else { nil } }
    /// A boolean, if this is one.
    public var bool: Bool? { if case .bool(let v) = self { v } else { nil } }
    /// Two numbers, if this is an array of two.
    public var vector: SIMD2<Double>? {
        guard case .array(let items) = self, items.count == 2, let x = items[0].number, let y = items[1].number else {
            return nil
        }
        return SIMD2(x, y)
    }
    /// Numbers, if this is an array of numbers.
    public var numbers: [Double]? {
        guard case .array(let items) = self else { return nil }
        let numbers = items.compactMap(\.number)
        return numbers.count == items.count ? numbers : nil
    }
    /// A rectangle, if this is `[x, y, width, height]`.
    public var rect: DrawRect? {
        guard let n = numbers, n.count == 4 else { return nil }
        return DrawRect(x: n[0], y: n[1], width: n[2], height: n[3])
    }
    /// A rectangle as `[x, y, width, height]`.
    public static func rect(_ r: DrawRect) -> TraceValue { .array([.number(r.x), .number(r.y), .number(r.width), .number(r.height)]) }
    /// Numbers as an array.
    public static func numbers(_ values: [Double]) -> TraceValue { .array(values.map { .number($0) }) }
}

/// A record's fields read by key, each problem one reason (`without a numeric "y"`).
public struct RecordFields: Sendable {
    public let fields: [TraceField]
    public init(_ fields: [TraceField]) { self.fields = fields }

    public func value<Key: RawRepresentable>(_ key: Key) -> TraceValue? where Key.RawValue == String {
        fields.first { $0.key == key.rawValue }?.value
    }

    public func number<Key: RawRepresentable>(_ key: Key) throws(SceneRecordError) -> Double where Key.RawValue == String {
        guard let v = value(key)?.number else { throw SceneRecordError("without a numeric \"\(key.rawValue)\"") }
        return v
    }

    public func optionalNumber<Key: RawRepresentable>(_ key: Key) throws(SceneRecordError) -> Double?
        where Key.RawValue == String {
        guard let v = value(key) else { return nil }
        guard let n = v.number else { throw SceneRecordError("with a non-numeric \"\(key.rawValue)\"") }
        return n
    }

    public func vector<Key: RawRepresentable>(_ key: Key) throws(SceneRecordError) -> SIMD2<Double>
        where Key.RawValue == String {
        guard let v = value(key)?.vector else { throw SceneRecordError("without \"\(key.rawValue)\" as [x, y]") }
        return v
    }

    public func string<Key: RawRepresentable>(_ key: Key) throws(SceneRecordError) -> String where Key.RawValue == String {
        guard let v = value(key)?.string else { throw SceneRecordError("without a \"\(key.rawValue)\"") }
        return v
    }

    public func optionalString<Key: RawRepresentable>(_ key: Key) -> String? where Key.RawValue == String {
        value(key)?.string
    }

    public func bool<Key: RawRepresentable>(_ key: Key) throws(SceneRecordError) -> Bool where Key.RawValue == String {
        guard let v = value(key)?.bool else { throw SceneRecordError("without a boolean \"\(key.rawValue)\"") }
        return v
    }

    public func named<Key: RawRepresentable, T: RawRepresentable>(_ key: Key, _: T.Type = T.self)
        throws(SceneRecordError) -> T where Key.RawValue == String, T.RawValue == String {
        let text = try string(key)
        guard let v = T(rawValue: text) else { throw SceneRecordError("with an unknown \"\(key.rawValue)\" \"\(text)\"") }
        return v
    }

    public func rect<Key: RawRepresentable>(_ key: Key) throws(SceneRecordError) -> DrawRect where Key.RawValue == String {
        guard let v = value(key)?.rect else { throw SceneRecordError("without \"\(key.rawValue)\" as [x, y, w, h]") }
        return v
    }

    public func numbers<Key: RawRepresentable>(_ key: Key) throws(SceneRecordError) -> [Double] where Key.RawValue == String {
        guard let v = value(key)?.numbers else { throw SceneRecordError("without \"\(key.rawValue)\" as numbers") }
        return v
    }

    public func object<Key: RawRepresentable>(_ key: Key) throws(SceneRecordError) -> RecordFields
        where Key.RawValue == String {
        guard case .object(let inner)? = value(key) else { throw SceneRecordError("without an object \"\(key.rawValue)\"") }
        return RecordFields(inner)
    }

    public func objects<Key: RawRepresentable>(_ key: Key) throws(SceneRecordError) -> [RecordFields]
        where Key.RawValue == String {
        guard case .array(let items)? = value(key) else { throw SceneRecordError("without a list \"\(key.rawValue)\"") }
        return try items.map { item throws(SceneRecordError) in
            guard case .object(let inner) = item else { throw SceneRecordError("with a non-object in \"\(key.rawValue)\"") }
            return RecordFields(inner)
        }
    }
}

// MARK: Gesture events

/// The keys of a gesture event's fields (`SceneEvent.fields`): here and nowhere else.
public enum EventField: String, Sendable, CaseIterable {
    case velocity, position, offset, item, on, to, value, control, reason, translation
    case velocityBefore = "velocity_before", velocityAfter = "velocity_after"
    case before, after
    case scaleVelocity = "scale_velocity", angularVelocity = "angular_velocity"
    case panelVelocity = "panel_velocity", listVelocity = "list_velocity"
    case relativeVelocity = "relative_velocity", wasMoving = "was_moving", onCard = "on_card"
    case scale, angle, completion, target, driver, y, vy, source, steps, stopped
    /// The object's [position, velocity] at touch-down (a tap or a catch of a moving object).
    case atDown = "at_down"
    /// Which of the playground's bodies a catch, a release or a push is of: `card` or `tile`.
    case object
    case tileVelocityBefore = "tile_velocity_before", tileVelocityAfter = "tile_velocity_after"
}

extension SceneEvent {
    /// The field `key`, if the event has it.
    public func value(_ key: EventField) -> TraceValue? { fields.first { $0.key == key.rawValue }?.value }
    public func number(_ key: EventField) -> Double? { value(key)?.number }
    public func vector(_ key: EventField) -> SIMD2<Double>? { value(key)?.vector }
    public func string(_ key: EventField) -> String? { value(key)?.string }
    public func bool(_ key: EventField) -> Bool? { value(key)?.bool }
}
