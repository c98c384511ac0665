import MomentumCore
import MomentumLayers
import MomentumScenes

// What a reader asks of a trace line, typed: `line.panel?.state == .open`, `line.gesture?.kind == .tap`.

extension TraceLine {
    public var clock: TraceRecord.Clock? { if case .clock(let v) = record { v } else { nil } }
    public var system: TraceRecord.System? { if case .system(let v) = record { v } else { nil } }
    /// Who draws the window's decorations (`window` line).
    public var decorations: String? { if case .window(let v) = record { v } else { nil } }
    /// The devices a `seat` line lists.
    public var seatDevices: [String]? { if case .seat(let v) = record { v } else { nil } }
    public var cursor: TraceRecord.Cursor? { if case .cursor(let v) = record { v } else { nil } }
    public var configure: TraceRecord.Configure? { if case .configure(let v) = record { v } else { nil } }
    public var touch: TraceRecord.Touch? { if case .touch(let v) = record { v } else { nil } }
    public var frame: TraceRecord.Frame? { if case .frame(let v) = record { v } else { nil } }
    public var presented: TraceRecord.Presented? { if case .presented(let v) = record { v } else { nil } }
    /// The frame a `discarded` line names.
    public var discarded: UInt64? { if case .discarded(let v) = record { v } else { nil } }
    public var unchanged: UInt64? { if case .unchanged(let v, _) = record { v } else { nil } }
    /// The step (s) of a frame left uncommitted, nil for any other line.
    public var unchangedStep: Double? { if case .unchanged(_, let step) = record { step } else { nil } }
    /// A scene's per-frame record.
    public var sceneState: SceneRecord? { if case .sceneState(let v) = record { v } else { nil } }
    public var gesture: SceneEvent? { if case .gesture(let v) = record { v } else { nil } }
    public var switcher: TraceRecord.Switcher? { if case .switcher(let v) = record { v } else { nil } }
    public var layout: TraceRecord.Layout? { if case .layout(let v) = record { v } else { nil } }
    public var drawn: TraceRecord.Drawn? { if case .drawn(let v) = record { v } else { nil } }
    /// The scene a `scene` line switched to.
    public var sceneSwitch: SceneKind? { if case .scene(let v) = record { SceneKind(rawValue: v) } else { nil } }
    /// The backend a `backend` line switched to.
    public var backendSwitch: BackendKind? { if case .backend(let v) = record { BackendKind(rawValue: v) } else { nil } }
    /// The process's CPU time at a `rest` line (s).
    public var rest: Double? { if case .rest(let v) = record { v } else { nil } }
    /// The byte limit a `truncated` line names.
    public var truncated: Int? { if case .truncated(let v) = record { v } else { nil } }
    public var exit: TraceRecord.Exit? { if case .exit(let v) = record { v } else { nil } }

    public var panel: PanelScene.Record? { if case .panel(let v)? = sceneState { v } else { nil } }
    public var transition: TransitionScene.Record? { if case .transition(let v)? = sceneState { v } else { nil } }
    public var gallery: GalleryScene.Record? { if case .gallery(let v)? = sceneState { v } else { nil } }
    public var playground: PlaygroundScene.Record? { if case .playground(let v)? = sceneState { v } else { nil } }
    public var scroll: ScrollScene.Record? { if case .scroll(let v)? = sceneState { v } else { nil } }

    /// A gesture of `kind`, if this line is one.
    public func gesture(_ kind: GestureKind) -> SceneEvent? { gesture.flatMap { $0.kind == kind ? $0 : nil } }
}
