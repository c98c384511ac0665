import MomentumCore
import MomentumLayers

/// A value in a scene's per-frame trace record (the app writes it as JSON).
public enum TraceValue: Sendable, Equatable {
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// A boolean.
    case bool(Bool)
    /// An array.
    case array([TraceValue])
    /// Nested fields, in order.
    case object([TraceField])
}

extension TraceValue {
    /// A 2-D vector as a two-number array.
    public static func vector(_ v: SIMD2<Double>) -> TraceValue { .array([.number(v.x), .number(v.y)]) }
}

/// One named field of a trace record.
public struct TraceField: Sendable, Equatable {
    /// The JSON key.
    public var key: String
    /// The value.
    public var value: TraceValue
    /// Creates a field.
    public init(_ key: String, _ value: TraceValue) {
        self.key = key
        self.value = value
    }
}

/// A recognised gesture (or scene-level event) reported for the trace as a `gesture` event.
public struct SceneEvent: Sendable, Equatable {
    /// What was recognised or decided.
    public var kind: GestureKind
    /// Extra fields (e.g. `velocity`, `scale_velocity`, `angular_velocity`, `before`/`after`).
    public var fields: [TraceField]
    /// Creates an event.
    public init(_ kind: GestureKind, _ fields: [TraceField] = []) {
        self.kind = kind
        self.fields = fields
    }
}

/// Something a touch does something to, where it is now (container coordinates, logical px). A target inside another
/// (a control on a panel, the close button on a card) is nested in it; targets that are not nested do not overlap.
public struct TouchTarget: Sendable, Equatable {
    /// What it is (`panel`, `wifi`, `card`, `close`, an item's name…).
    public var name: String
    /// Where it is.
    public var rect: DrawRect
    /// A named target.
    public init(_ name: String, _ rect: DrawRect) {
        self.name = name
        self.rect = rect
    }
}

/// What the app needs from a scene: a pure state machine over touch frames and frame steps that draws itself.
///
/// No Wayland types and no clock reads: time arrives only as `advance(by:)` steps (frame time) and as the
/// timestamps inside touch frames (input time). The app calls, per frame: `advance(by:)`, then `draw(into:)`
/// and `record`; for input: `handle(_:)`. When `needsFrames` is false after a frame, no further frame
/// is requested and the process sleeps until input arrives.
public protocol Scene {
    /// The scene's name for `--scene` and the trace (`panel`, `transition`, `gallery`, `playground`).
    var name: String { get }
    /// True while anything moves (or will move without input).
    var needsFrames: Bool { get }
    /// The scene's layers. Every animation of the scene runs on this tree's one animator, which clamps a hitch;
    /// its `time` is the frame time the scene has advanced by.
    var layers: LayerTree { get }
    /// Lays the scene out for a container of `size` logical px.
    mutating func resize(to size: SIMD2<Double>)
    /// The output shows `scale` device px per logical px: positions settle within half a device pixel.
    mutating func setOutputScale(_ scale: Double)
    /// Feeds one touch frame; returns the gestures recognised.
    mutating func handle(_ frame: TouchFrame) -> [SceneEvent]
    /// Feeds what the wheel or a touchpad scrolled; returns what it did.
    mutating func scroll(_ input: ScrollInput) -> [SceneEvent]
    /// Feeds a touchpad's pinch; returns what it did.
    mutating func pinch(_ input: PinchInput) -> [SceneEvent]
    /// Advances by `dt` seconds of frame time; returns events that happened on their own (e.g. a catch).
    mutating func advance(by dt: Double) -> [SceneEvent]
    /// Appends what the scene shows (the app draws the background and HUD around it).
    func draw(into list: inout DrawList)
    /// Appends what the scene shows, except up to `limit` layers drawn apart (see the extension's default).
    func draw(into list: inout DrawList, separating limit: Int) -> [SeparateLayer]
    /// The scene's state this frame, written as the trace line named `name` (positions, velocities, progress,
    /// which animation drives what).
    var record: SceneRecord { get }
    /// What touches act on now, and where (the app writes them as the trace's `layout` event when they change, and
    /// checks them against its own chrome).
    var touchTargets: [TouchTarget] { get }
    /// `--autoplay`: when the scene has come to rest, starts its next motion by itself (a demo loop for displays and
    /// benchmarks); false when it has none or cannot now.
    mutating func autoplay() -> Bool
    /// Where what each finger drags (by touch id) is drawn if the finger is where it is predicted to be when the
    /// frame is shown: presentation-only overrides for one draw (`LayerTree.overridden(by:)`). Nothing of the scene
    /// changes: gestures, release velocities and every decision keep the real samples.
    func presentationOverrides(predicted fingers: [Int32: SIMD2<Double>]) -> PresentationOverrides
    /// The scene's state as a draw under `overrides` shows it (`record` with the overridden values).
    func record(drawnWith overrides: PresentationOverrides) -> SceneRecord
}

extension Scene {
    /// Nothing scrolls by default.
    public mutating func scroll(_ input: ScrollInput) -> [SceneEvent] { [] }

    /// Nothing pinches by default.
    public mutating func pinch(_ input: PinchInput) -> [SceneEvent] { [] }

    /// No demo loop by default.
    public mutating func autoplay() -> Bool { false }

    /// Nothing dragged follows a prediction by default.
    public func presentationOverrides(predicted fingers: [Int32: SIMD2<Double>]) -> PresentationOverrides {
        PresentationOverrides()
    }

    /// A scene that overrides nothing records what it is.
    public func record(drawnWith overrides: PresentationOverrides) -> SceneRecord { record }

    /// The record's fields, as the trace writes them.
    public func traceRecord() -> [TraceField] { record.fields }

    /// Appends what the scene shows under `overrides`, except up to `limit` layers drawn apart. A scene that draws
    /// more than its layers (`draw(into:separating:)` of its own) returns no overrides.
    public func draw(into list: inout DrawList, separating limit: Int,
                     overrides: PresentationOverrides) -> [SeparateLayer] {
        guard !overrides.isEmpty else { return draw(into: &list, separating: limit) }
        return layers.overridden(by: overrides).draw(into: &list, separating: limit)
    }

    /// What the scene's layers draw under `overrides`, as the layout checks see it (`DrawnLayout`).
    public func drawnLayout(overrides: PresentationOverrides = PresentationOverrides()) -> DrawnLayout {
        layers.overridden(by: overrides).drawnLayout()
    }

    /// Appends what the scene shows under `overrides`.
    public func draw(into list: inout DrawList, overrides: PresentationOverrides) {
        guard !overrides.isEmpty else { return draw(into: &list) }
        layers.overridden(by: overrides).draw(into: &list)
    }

    /// Appends what the scene shows, except up to `limit` layers that want a surface of their own and can have one
    /// now (`LayerTree.draw(into:separating:)`), which are returned drawn apart.
    public func draw(into list: inout DrawList, separating limit: Int) -> [SeparateLayer] {
        layers.draw(into: &list, separating: limit)
    }
}

/// A scene whose motion runs on a swappable animator backend (keys 1/2/3 in the app).
public protocol BackendSwitchable {
    /// The backend's name.
    var backendName: String { get }
    /// Switches to `backend`, handing over the presented value and velocity.
    mutating func switchBackend(to backend: PropertyAnimation, name: String)
}
