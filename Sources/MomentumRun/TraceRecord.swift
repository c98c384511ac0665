import MomentumCore
import MomentumLayers
import MomentumScenes

/// One line of a run's trace (`--trace FILE`, JSON Lines): when (`t`, seconds since the run started, on
/// CLOCK_MONOTONIC) and what. The run core produces them, `TraceRecord+JSON` encodes and decodes them, and every
/// reader (report, bench, headless, the tests) reads these values, never the JSON's keys.
public struct TraceLine: Sendable, Equatable {
    /// Seconds since the run started.
    public var t: Double
    /// What happened.
    public var record: TraceRecord

    /// A line at `t` s.
    public init(t: Double, _ record: TraceRecord) {
        self.t = t
        self.record = record
    }
}

/// What a trace line says. The JSON keys of each case are in `TraceRecord+JSON.swift` (and
/// docs/benchmarks/report-schema.md); the comments here say what the values mean.
public enum TraceRecord: Sendable, Equatable {
    /// The clocks, so times on them can be compared (first line).
    case clock(Clock)
    /// The GL stack, the outputs and the compositor's globals (once the first frame can be drawn).
    case system(System)
    /// Who draws the window's decorations: `none`, `server`, `client`.
    case window(decorations: String)
    /// The input devices held now (at start and whenever the seat's capabilities change).
    case seat(devices: [String])
    /// The pointer entered the window and its cursor was set.
    case cursor(Cursor)
    /// The window's size and scale.
    case configure(Configure)
    /// One change of a touch frame, as the scene receives it.
    case touch(Touch)
    /// A frame drawn and committed.
    case frame(Frame)
    /// Presentation feedback: a frame was shown.
    case presented(Presented)
    /// Presentation feedback: frame `sequence` was never shown.
    case discarded(sequence: UInt64)
    /// Frame `sequence` was built, advancing the scene by `step` s, but showed nothing new (no pixel changed), so it
    /// was not committed; the display link went on from its own clock (`FrameState.rearm`).
    case unchanged(sequence: UInt64, step: Double)
    /// The scene's state as this frame draws it, under the scene's name (`panel`, `transition`, …).
    case sceneState(SceneRecord)
    /// A gesture or decision a scene reported (or the app's autoplay).
    case gesture(SceneEvent)
    /// The scene switcher's form and its touch targets.
    case switcher(Switcher)
    /// Where the touch targets are now: the scene's and the chrome's over it.
    case layout(Layout)
    /// What a frame drew, as the layout checks see it (`--trace-drawn`).
    case drawn(Drawn)
    /// The scene was switched to `name`.
    case scene(name: String)
    /// The backend was switched to `name` at run time.
    case backend(name: String)
    /// Nothing moves any more: no frame is asked for until input arrives. `cpu`: the process's CPU time by then (s).
    case rest(cpu: Double)
    /// The trace reached its `--trace-limit` (bytes): only the exit follows.
    case truncated(limit: Int)
    /// The run ended.
    case exit(Exit)

    /// The clocks: the trace's t = 0 on CLOCK_MONOTONIC (`startNanoseconds`); the compositor's presentation clock by
    /// name (nil when it offers no `wp_presentation`) with a pair of readings taken together; the input clock
    /// (`monotonic` from zwp_input_timestamps_v1, else `monotonic_ms`: the events' u32 ms). And the trace format's
    /// version (`TraceLine.version`; 1 when a trace names none).
    public struct Clock: Sendable, Equatable {
        public var startNanoseconds: Int64
        public var presentation: String?
        public var monotonicNanoseconds: Int64?
        public var presentationNanoseconds: Int64?
        public var input: String
        public var version: Int
        public init(startNanoseconds: Int64, presentation: String?, monotonicNanoseconds: Int64?,
                    presentationNanoseconds: Int64?, input: String, version: Int = TraceLine.version) {
            self.startNanoseconds = startNanoseconds
            self.presentation = presentation
            self.monotonicNanoseconds = monotonicNanoseconds
            self.presentationNanoseconds = presentationNanoseconds
            self.input = input
            self.version = version
        }
    }

    /// What a benchmark report says of the system.
    public struct System: Sendable, Equatable {
        /// GL vendor, renderer and version strings and the EGL extensions used (nil before a context).
        public var gl: GL?
        public var outputs: [Output]
        public var globals: [Global]
        public init(gl: GL?, outputs: [Output], globals: [Global]) {
            self.gl = gl
            self.outputs = outputs
            self.globals = globals
        }
        public struct GL: Sendable, Equatable {
            public var vendor: String, renderer: String, version: String, eglExtensions: [String]
            public init(vendor: String, renderer: String, version: String, eglExtensions: [String]) {
                self.vendor = vendor
                self.renderer = renderer
                self.version = version
                self.eglExtensions = eglExtensions
            }
        }
        /// An output: its name, mode size (px), refresh (mHz) and integer scale.
        public struct Output: Sendable, Equatable {
            public var name: String?, width: Int, height: Int, refreshMilliHertz: Int, scale: Int
            public init(name: String?, width: Int, height: Int, refreshMilliHertz: Int, scale: Int) {
                self.name = name
                self.width = width
                self.height = height
                self.refreshMilliHertz = refreshMilliHertz
                self.scale = scale
            }
        }
        /// A global the compositor advertised, and its version.
        public struct Global: Sendable, Equatable {
            public var interface: String, version: Int
            public init(interface: String, version: Int) {
                self.interface = interface
                self.version = version
            }
        }
    }

    /// How the cursor was set: `via` (`shape` or `theme`), `name`, and for a theme cursor the `theme` asked for, its
    /// logical `size` and buffer `scale`.
    public struct Cursor: Sendable, Equatable {
        public var via: String, name: String, theme: String?, size: Int?, scale: Int?
        public init(via: String, name: String, theme: String?, size: Int?, scale: Int?) {
            self.via = via
            self.name = name
            self.theme = theme
            self.size = size
            self.scale = scale
        }
    }

    /// The window's size in logical px, its scale and its buffer size in px.
    public struct Configure: Sendable, Equatable {
        public var width: Int, height: Int, scale: Double, bufferWidth: Int, bufferHeight: Int
        public init(width: Int, height: Int, scale: Double, bufferWidth: Int, bufferHeight: Int) {
            self.width = width
            self.height = height
            self.scale = scale
            self.bufferWidth = bufferWidth
            self.bufferHeight = bufferHeight
        }
    }

    /// A touch change: its phase, finger id (−1 is the pointer), position (logical px) and the input event's own
    /// time (s on the input clock the `clock` line names).
    public struct Touch: Sendable, Equatable {
        public var phase: TouchPhase, id: Int32, position: SIMD2<Double>, time: Double
        public init(phase: TouchPhase, id: Int32, position: SIMD2<Double>, time: Double) {
            self.phase = phase
            self.id = id
            self.position = position
            self.time = time
        }
    }

    /// A drawn frame. Times are seconds since the run started (the line's own `t` is its commit).
    public struct Frame: Sendable, Equatable {
        /// Its number (presentation feedback refers to it).
        public var sequence: UInt64
        /// The frame callback's stamp (ms), nil for a frame drawn at once after rest.
        public var callbackMilliseconds: UInt32?
        /// The animation step taken (s).
        public var step: Double
        /// Whether the HUD shows; how many model ghosts were drawn (key m).
        public var hud: Bool, ghosts: Int
        /// The run core's part (input due, advance, prediction, building the draw list) and the renderer's (drawing
        /// and the swap that commits), µs.
        public var tickMicros: Double, renderMicros: Double
        /// The pixels the compositor shows anew and the pixels the client shaded (buffer px); nil when not drawn.
        public var damagePixels: Int?, drawnPixels: Int?
        /// The part of the window the layer surface covers (logical px), nil when every layer is in the window.
        public var layerSurface: DrawRect?
        /// Layer surfaces and list tiles the GL drew this frame (`FrameDamage.layerSwaps`); nil in traces before it.
        public var layerSwaps: Int?
        /// When the callback arrived, when the frame started (after the learned wait), when it was committed.
        public var callbackT: Double?, wakeT: Double?, commitT: Double
        /// The process's CPU time since the previous frame (µs).
        public var cpuMicros: Double
        /// When the frame is expected on screen, and how far ahead of the newest sample a finger was drawn (µs).
        public var targetT: Double?, predictMicros: Double?
        public init(sequence: UInt64, callbackMilliseconds: UInt32?, step: Double, hud: Bool, ghosts: Int,
                    tickMicros: Double, renderMicros: Double, damagePixels: Int?, drawnPixels: Int?,
                    layerSurface: DrawRect?, callbackT: Double?, wakeT: Double?, commitT: Double, cpuMicros: Double,
                    targetT: Double?, predictMicros: Double?, layerSwaps: Int? = nil) {
            self.sequence = sequence
            self.callbackMilliseconds = callbackMilliseconds
            self.step = step
            self.hud = hud
            self.ghosts = ghosts
            self.tickMicros = tickMicros
            self.renderMicros = renderMicros
            self.damagePixels = damagePixels
            self.drawnPixels = drawnPixels
            self.layerSurface = layerSurface
            self.callbackT = callbackT
            self.wakeT = wakeT
            self.commitT = commitT
            self.cpuMicros = cpuMicros
            self.targetT = targetT
            self.predictMicros = predictMicros
            self.layerSwaps = layerSwaps
        }
    }

    /// Presentation feedback: frame `sequence` was shown at `nanoseconds` (presentation clock), with the output's
    /// reported refresh (ns, 0 unknown), its retrace counter and the feedback's flags by name.
    public struct Presented: Sendable, Equatable {
        public var sequence: UInt64, nanoseconds: UInt64, refreshNanoseconds: UInt32, msc: UInt64
        public var flags: PresentationFlags
        public init(sequence: UInt64, nanoseconds: UInt64, refreshNanoseconds: UInt32, msc: UInt64,
                    flags: PresentationFlags) {
            self.sequence = sequence
            self.nanoseconds = nanoseconds
            self.refreshNanoseconds = refreshNanoseconds
            self.msc = msc
            self.flags = flags
        }
    }

    /// The switcher's form (`row` or `menu`), whether its menu is open, and its touch targets.
    public struct Switcher: Sendable, Equatable {
        public var form: String, isOpen: Bool, targets: [TouchTarget]
        public init(form: String, isOpen: Bool, targets: [TouchTarget]) {
            self.form = form
            self.isOpen = isOpen
            self.targets = targets
        }
    }

    /// The scene's touch targets and the chrome's over it (the switcher's, the HUD's box).
    public struct Layout: Sendable, Equatable {
        public var scene: String, targets: [TouchTarget], chrome: [TouchTarget]
        public init(scene: String, targets: [TouchTarget], chrome: [TouchTarget]) {
            self.scene = scene
            self.targets = targets
            self.chrome = chrome
        }
    }

    /// The exit: its code and reason, presentation feedback still unanswered and freed unanswered on the way, the
    /// process's CPU time (s).
    public struct Exit: Sendable, Equatable {
        public var code: Int32, reason: String, feedbackUnanswered: Int, feedbackFreed: Int, cpu: Double
        public init(code: Int32, reason: String, feedbackUnanswered: Int, feedbackFreed: Int, cpu: Double) {
            self.code = code
            self.reason = reason
            self.feedbackUnanswered = feedbackUnanswered
            self.feedbackFreed = feedbackFreed
            self.cpu = cpu
        }
    }
}
