/// A frame-timing bar graph for the HUD: one bar per value (ms), a reference line, inside a rect.
public struct BarGraph: Equatable, Hashable, Sendable {
    /// Where the graph is drawn, logical px.
    public var rect: DrawRect
    /// Values in milliseconds, oldest first; only the newest `capacity` are shown, newest at the right.
    public var values: [Double]
    /// The reference value in ms (e.g. one refresh interval); bars above it use `overColor`.
    public var reference: Double
    /// The value in ms that reaches the top of the graph; taller bars are clipped to the top.
    public var maxValue: Double
    /// Number of bar slots across the width.
    public var capacity: Int
    /// Panel behind the bars, if any.
    public var backgroundColor: RGBA?
    /// Colour of bars at or below the reference.
    public var barColor: RGBA
    /// Colour of bars above the reference.
    public var overColor: RGBA
    /// Colour of the reference line.
    public var referenceColor: RGBA

    /// A graph with the HUD's default colours; `capacity` defaults to the number of values.
    public init(rect: DrawRect, values: [Double], reference: Double, maxValue: Double, capacity: Int? = nil,
                backgroundColor: RGBA? = RGBA(r: 0, g: 0, b: 0, a: 0.45),
                barColor: RGBA = RGBA(r: 0.35, g: 0.85, b: 0.45),
                overColor: RGBA = RGBA(r: 0.95, g: 0.35, b: 0.3),
                referenceColor: RGBA = RGBA(r: 1, g: 1, b: 1, a: 0.8)) {
        self.rect = rect
        self.values = values
        self.reference = reference
        self.maxValue = maxValue
        self.capacity = capacity ?? values.count
        self.backgroundColor = backgroundColor
        self.barColor = barColor
        self.overColor = overColor
        self.referenceColor = referenceColor
    }

    /// Height in logical px that `value` ms reaches above the graph's bottom edge (clamped to the rect).
    public func barHeight(_ value: Double) -> Double {
        guard maxValue > 0, value.isFinite, value > 0 else { return 0 }
        return min(value / maxValue, 1) * rect.height
    }

    /// Appends the graph's rectangles to `list`: background, bars (left to right), reference line on top.
    public func append(to list: inout DrawList) {
        if let backgroundColor {
            list.addRect(rect, fill: backgroundColor)
        }
        let slots = max(capacity, 1)
        let slotWidth = rect.width / Double(slots)
        let gap = slotWidth >= 3 ? 1.0 : 0.0
        let shown = min(values.count, slots)
        let first = values.count - shown
        let firstSlot = slots - shown
        for i in 0..<shown {
            let value = values[first + i]
            let height = barHeight(value)
            guard height > 0 else { continue }
            let x = rect.x + Double(firstSlot + i) * slotWidth
            let bar = DrawRect(x: x, y: rect.maxY - height, width: slotWidth - gap, height: height)
            list.addRect(bar, fill: value > reference ? overColor : barColor)
        }
        let lineHeight = barHeight(reference)
        if lineHeight > 0, referenceColor.a > 0 {
            // One logical px thick, its bottom edge at the reference level (crisp when that level is pixel-aligned).
            list.addRect(DrawRect(x: rect.x, y: rect.maxY - lineHeight - 1, width: rect.width, height: 1),
                         fill: referenceColor)
        }
    }
}

extension DrawList {
    /// Appends a frame-timing bar graph expanded into plain rectangles.
    public mutating func addBarGraph(_ graph: BarGraph) {
        graph.append(to: &self)
    }
}
