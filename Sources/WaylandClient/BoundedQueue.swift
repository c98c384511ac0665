/// A first-in first-out queue that holds at most `limit` elements: appending to a full queue evicts the oldest.
/// For requests the compositor may never answer (presentation feedback), so they cannot accumulate.
public struct BoundedQueue<Element> {
    /// The most elements held.
    public let limit: Int
    private var elements: [Element] = []

    /// An empty queue holding at most `limit` (≥ 1) elements.
    public init(limit: Int) {
        precondition(limit >= 1, "a bounded queue holds at least one element")
        self.limit = limit
        elements.reserveCapacity(limit)
    }

    /// The number of elements held.
    public var count: Int { elements.count }

    /// Appends `element`; returns the oldest element when it had to make room.
    public mutating func append(_ element: Element) -> Element? {
        let evicted = elements.count == limit ? elements.removeFirst() : nil
        elements.append(element)
        return evicted
    }

    /// Removes and returns the first element matching `predicate`.
    public mutating func remove(where predicate: (Element) -> Bool) -> Element? {
        guard let index = elements.firstIndex(where: predicate) else { return nil }
        return elements.remove(at: index)
    }

    /// Removes and returns the oldest element.
    public mutating func removeFirst() -> Element? { elements.isEmpty ? nil : elements.removeFirst() }
}
