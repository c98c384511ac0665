/// Where a record's values go as they are read, in order: `TraceTree` keeps them as `TraceField`s; the trace's JSON
/// writer writes them at once, so a record written on every frame makes no tree of values (the gallery's record held
/// some thirty arrays a frame). The writing is `@inlinable`, so the JSON writer's calls are specialised in the app
/// (unspecialised, each member went through witness tables and cost more than the tree it replaced).
public protocol TraceValueWriter {
    /// The key of the member whose value comes next (in an object, or among a record's fields).
    mutating func key(_ key: String)
    /// A number.
    mutating func number(_ value: Double)
    /// A boolean.
    mutating func bool(_ value: Bool)
    /// A string.
    mutating func string(_ value: String)
    /// An array whose elements `body` writes.
    mutating func array(_ body: (inout Self) -> Void)
    /// An object whose members (each a key, then its value) `body` writes.
    mutating func object(_ body: (inout Self) -> Void)
    /// A whole value (a record's member kept as a `TraceValue`: the panel's controls), as its cases say; a writer
    /// may write it without a call per member.
    mutating func value(_ value: TraceValue)
}

extension TraceValueWriter {
    /// `value`, as its cases say.
    @inlinable
    public mutating func value(_ value: TraceValue) {
        switch value {
        case .number(let v): number(v)
        case .bool(let v): bool(v)
        case .string(let s): string(s)
        case .array(let values): array { for value in values { $0.value(value) } }
        case .object(let fields): object { for field in fields { $0.key(field.key); $0.value(field.value) } }
        }
    }

    /// A 2-D vector as a two-number array (`TraceValue.vector`).
    @inlinable
    public mutating func vector(_ v: SIMD2<Double>) { array { $0.number(v.x); $0.number(v.y) } }

    /// Numbers as an array (`TraceValue.numbers`).
    @inlinable
    public mutating func numbers<Numbers: Sequence>(_ values: Numbers) where Numbers.Element == Double {
        array { for v in values { $0.number(v) } }
    }

    /// The member `key`: `value`, each a short form of `key(_:)` and the value.
    @inlinable
    public mutating func number<Key: RawRepresentable>(_ key: Key, _ value: Double) where Key.RawValue == String {
        self.key(key.rawValue)
        number(value)
    }

    @inlinable
    public mutating func bool<Key: RawRepresentable>(_ key: Key, _ value: Bool) where Key.RawValue == String {
        self.key(key.rawValue)
        bool(value)
    }

    @inlinable
    public mutating func string<Key: RawRepresentable>(_ key: Key, _ value: String) where Key.RawValue == String {
        self.key(key.rawValue)
        string(value)
    }

    @inlinable
    public mutating func vector<Key: RawRepresentable>(_ key: Key, _ value: SIMD2<Double>) where Key.RawValue == String {
        self.key(key.rawValue)
        vector(value)
    }

    /// Written only when there is a value (`nil` leaves the member out).
    @inlinable
    public mutating func number<Key: RawRepresentable>(_ key: Key, _ value: Double?) where Key.RawValue == String {
        if let value { number(key, value) }
    }

    @inlinable
    public mutating func string<Key: RawRepresentable>(_ key: Key, _ value: String?) where Key.RawValue == String {
        if let value { string(key, value) }
    }

    @inlinable
    public mutating func numbers<Key: RawRepresentable>(_ key: Key, _ values: [Double]?) where Key.RawValue == String {
        guard let values else { return }
        self.key(key.rawValue)
        numbers(values)
    }

    /// The member `key`: an array or an object whose contents `body` writes.
    @inlinable
    public mutating func array<Key: RawRepresentable>(_ key: Key, _ body: (inout Self) -> Void)
        where Key.RawValue == String {
        self.key(key.rawValue)
        array(body)
    }

    @inlinable
    public mutating func object<Key: RawRepresentable>(_ key: Key, _ body: (inout Self) -> Void)
        where Key.RawValue == String {
        self.key(key.rawValue)
        object(body)
    }
}

/// The values written kept as a tree: `fields`, the record's members in order.
public struct TraceTree: TraceValueWriter {
    private var keys: [String] = []
    private var values: [TraceValue] = []

    /// An empty tree.
    public init() {}

    /// The members written at the top, each key with its value.
    public var fields: [TraceField] { zip(keys, values).map { TraceField($0, $1) } }

    public mutating func key(_ key: String) { keys.append(key) }
    public mutating func number(_ value: Double) { values.append(.number(value)) }
    public mutating func bool(_ value: Bool) { values.append(.bool(value)) }
    public mutating func string(_ value: String) { values.append(.string(value)) }

    public mutating func array(_ body: (inout TraceTree) -> Void) {
        var inner = TraceTree()
        body(&inner)
        values.append(.array(inner.values))
    }

    public mutating func object(_ body: (inout TraceTree) -> Void) {
        var inner = TraceTree()
        body(&inner)
        values.append(.object(inner.fields))
    }
}
