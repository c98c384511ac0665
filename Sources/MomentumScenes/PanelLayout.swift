import MomentumCore
import MomentumLayers

/// Where the Control Center panel sits in a container: it slides up from the bottom edge.
/// Closed, a 72 px strip peeks out; open, the whole panel (60 % of the height) shows.
public struct PanelLayout: Sendable, Equatable {
    /// Container width in logical px.
    public var width: Double
    /// Container height in logical px.
    public var height: Double

    /// Creates a layout for a container.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Height of the strip visible when closed.
    public static let peek = 72.0

    /// Panel size.
    public var panelSize: SIMD2<Double> {
        SIMD2(min(width - 32, 640), (height * 0.6).rounded())
    }

    /// Panel's left edge (it is centred horizontally).
    public var panelX: Double { ((width - panelSize.x) / 2).rounded() }

    /// Top edge of the panel for a state.
    public func y(for state: PanelScene.Target) -> Double {
        switch state {
        case .open: height - panelSize.y
        case .closed: height - Self.peek
        }
    }

    /// The panel's rectangle when its top edge is at `y`.
    public func rect(y: Double) -> DrawRect {
        DrawRect(x: panelX, y: y, width: panelSize.x, height: panelSize.y)
    }
}
