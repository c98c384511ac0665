import MomentumCore
import MomentumLayers
import MomentumScenes

/// What happens to a run, as the run core hears it. Each arrives with its time (`RunCore.handle(_:at:)`: seconds on
/// the host's CLOCK_MONOTONIC, read once by the adapter when the event came in).
public enum RunEvent: Sendable {
    /// The window was configured and the render target made (or resized) for it.
    case configured(WindowConfiguration)
    /// A touch frame from the seat (the pointer is finger −1).
    case touch(TouchFrame)
    /// A key bound to a command.
    case key(KeyCommand)
    /// The wheel or a touchpad scrolled (one pointer frame).
    case scroll(ScrollInput)
    /// A touchpad's pinch began, changed or ended.
    case pinch(PinchInput)
    /// A `wl_surface.frame` callback with its timestamp (ms).
    case frameCallback(milliseconds: UInt32)
    /// Presentation feedback: a frame was shown.
    case presented(PresentationFeedback)
    /// Presentation feedback: frame `sequence` was never shown.
    case discarded(sequence: UInt64)
    /// The adapter dispatched a batch of events, or the wake-up time (`RunCore.wakeTime`) came: the core decides
    /// whether a frame starts.
    case dispatched
    /// The newest input was read, as `RunEffect.readInput` asked: the owed frame is built now. `cpu` reads the
    /// process's CPU time (s), called only for a frame that rests (its `rest` line), so a frame that is drawn reads
    /// the CPU clock once, at its commit (a system call: CLOCK_PROCESS_CPUTIME_ID has no vDSO path).
    case inputRead(cpu: @Sendable () -> Double)
    /// The frame planned by `RunEffect.present` was drawn and committed.
    case committed(Commit)
    /// The window was closed.
    case closed
}

/// A window configure, after the render target was prepared for it.
public struct WindowConfiguration: Sendable, Equatable {
    /// The window's size (logical px) and scale.
    public var width: Int, height: Int, scale: Double
    /// The buffer's size (px).
    public var bufferWidth: Int, bufferHeight: Int
    /// Whether layers can be shown on surfaces of their own (`wl_subcompositor`, `wp_viewporter`, an RGBA EGL
    /// config, and not `--no-subsurfaces`).
    public var canSeparate: Bool

    /// A configure.
    public init(width: Int, height: Int, scale: Double, bufferWidth: Int, bufferHeight: Int, canSeparate: Bool) {
        self.width = width
        self.height = height
        self.scale = scale
        self.bufferWidth = bufferWidth
        self.bufferHeight = bufferHeight
        self.canSeparate = canSeparate
    }
}

/// One `wp_presentation_feedback.presented`.
public struct PresentationFeedback: Sendable, Equatable {
    /// The frame's sequence number.
    public var sequence: UInt64
    /// When it was shown, on the presentation clock (ns), and the same instant on the host clock (s).
    public var nanoseconds: UInt64, hostTime: Double
    /// The output's reported refresh (ns; 0 unknown) and retrace counter (0 none).
    public var refreshNanoseconds: UInt32, msc: UInt64
    /// `wp_presentation_feedback.kind`.
    public var flags: PresentationFlags

    /// Feedback for frame `sequence`.
    public init(sequence: UInt64, nanoseconds: UInt64, hostTime: Double, refreshNanoseconds: UInt32, msc: UInt64 = 0,
                flags: PresentationFlags = []) {
        self.sequence = sequence
        self.nanoseconds = nanoseconds
        self.hostTime = hostTime
        self.refreshNanoseconds = refreshNanoseconds
        self.msc = msc
        self.flags = flags
    }
}

/// `wp_presentation_feedback.kind`: how a frame reached the screen.
public struct PresentationFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Synchronised to the display's retrace.
    public static let vsync = PresentationFlags(rawValue: 0x1)
    /// The timestamp comes from the display's clock.
    public static let hwClock = PresentationFlags(rawValue: 0x2)
    /// The display signalled the completion.
    public static let hwCompletion = PresentationFlags(rawValue: 0x4)
    /// Scanned out of the client's buffer.
    public static let zeroCopy = PresentationFlags(rawValue: 0x8)

    /// Each flag with its name as the protocol spells it (the trace's).
    public static let named: [(PresentationFlags, String)] = [(.vsync, "vsync"), (.hwClock, "hw_clock"),
                                                               (.hwCompletion, "hw_completion"), (.zeroCopy, "zero_copy")]
    /// The flags' names.
    public var names: [String] { Self.named.filter { contains($0.0) }.map(\.1) }
    /// The flags named `names` (unknown names are left out).
    public init(names: [String]) {
        self = Self(Self.named.filter { names.contains($0.1) }.map(\.0))
    }
}

/// A frame drawn and committed by the adapter (or, when its plan allowed that, not committed: nothing changed).
public struct Commit: Sendable, Equatable {
    /// The plan's sequence number.
    public var sequence: UInt64
    /// False when nothing the frame drew differed from what is shown (no damage, no layer surface drawn or moved,
    /// no window state pending) and its plan's `mayOmitCommit` let the adapter leave the surface uncommitted.
    public var committed: Bool
    /// When the adapter began drawing the plan (host s): the core's part of the frame ends there.
    public var drawStart: Double
    /// What the frame cost the compositor and the client in pixels.
    public var damage: FrameDamage
    /// The process's CPU time at the commit (s).
    public var cpu: Double

    /// A commit (`committed` false: a frame left uncommitted).
    public init(sequence: UInt64, drawStart: Double, damage: FrameDamage, cpu: Double, committed: Bool = true) {
        self.sequence = sequence
        self.committed = committed
        self.drawStart = drawStart
        self.damage = damage
        self.cpu = cpu
    }
}

/// What a frame cost: the pixels the compositor has to show anew (the window's damage plus where a layer surface
/// was and is, when it moved or changed) and the pixels the client shaded, buffer px.
public struct FrameDamage: Sendable, Equatable {
    public var compositorPixels = 0
    public var drawnPixels = 0
    /// The part of the window the layer surface covers this frame (logical px), nil when none is shown.
    public var layerSurface: DrawRect?
    /// A layer surface drawn for the first time holds only the part of its layer in view (a closed panel's strip):
    /// the next frame draws the whole of it, so one must follow.
    public var layerOwed = false
    /// Layer surfaces (and list tiles) the GL drew this frame, each a GL round trip: an EGL surface swapped
    /// (`eglSwapBuffers`), or a draw through the band framebuffer read back into the app's `wl_shm` buffers. A turned
    /// face, a few shapes or a list tile written by the CPU into `wl_shm` buffers are not counted.
    public var layerSwaps = 0

    /// No damage.
    public init(compositorPixels: Int = 0, drawnPixels: Int = 0, layerSurface: DrawRect? = nil) {
        self.compositorPixels = compositorPixels
        self.drawnPixels = drawnPixels
        self.layerSurface = layerSurface
    }
}

/// Where something drawn apart is shown, bottom to top: the scene's layers drawn apart (`scene(k)`, the k-th in
/// drawing order, up to `sceneCount` of them), each with what the window's drawing puts over it above it
/// (`chrome(after: k)`: a bar, a caption, the switcher), and an overlay above everything (the HUD).
public struct SurfaceSlot: Hashable, Comparable, Sendable {
    /// The slot's place in the stack, bottom first.
    public let rawValue: Int

    /// How many of the scene's layers may be drawn apart: the transition's shade, card, header bar and its two
    /// titles each with the veil that fades it; the gallery's lanes, their dots, field, covers, orbit and satellite.
    public static let sceneCount = 8

    /// The slot of the scene's `index`-th layer drawn apart (in drawing order).
    public static func scene(_ index: Int) -> SurfaceSlot {
        precondition(index >= 0 && index < sceneCount, "scene slot \(index) of \(sceneCount)")
        return SurfaceSlot(rawValue: 2 * index)
    }
    /// The slot of what the window's list draws over the `index`-th scene layer drawn apart (and its commands
    /// reach), below the next one.
    public static func chrome(after index: Int) -> SurfaceSlot {
        precondition(index >= 0 && index < sceneCount, "chrome slot \(index) of \(sceneCount)")
        return SurfaceSlot(rawValue: 2 * index + 1)
    }
    /// Whether this is a chrome's slot (`chrome(after:)`).
    public var isChrome: Bool { rawValue < 2 * Self.sceneCount && rawValue % 2 == 1 }
    /// The first three scene slots.
    public static let scene = scene(0), sceneAbove = scene(1), sceneTop = scene(2)
    /// The HUD, above everything.
    public static let overlay = SurfaceSlot(rawValue: 2 * sceneCount)

    /// Every slot, bottom to top.
    public static let allCases = (0...2 * sceneCount).map(SurfaceSlot.init(rawValue:))
    /// The slots of the scene's own layers, in drawing order.
    public static let sceneSlots = (0..<sceneCount).map(scene)
    /// The chromes' slots, bottom to top.
    public static let chromeSlots = (0..<sceneCount).map { chrome(after: $0) }

    private init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (a: SurfaceSlot, b: SurfaceSlot) -> Bool { a.rawValue < b.rawValue }
}

/// What the run core asks of the adapter.
public enum RunEffect: Sendable {
    /// Write this line to the trace.
    case trace(TraceLine)
    /// Read and dispatch whatever input has arrived, then send `.inputRead`: the owed frame starts.
    case readInput
    /// Draw this frame, ask for the next frame callback and for presentation feedback on it and commit, then send
    /// `.committed` (with `mayOmitCommit`, a frame that changes no pixel is not committed, nothing is asked for, and
    /// `.committed` says so).
    case present(FramePlan)
    /// The app is ready (`--notify-ready`): its first frame was shown or it came to rest.
    case ready
    /// `--mid-screenshots`: save the frame just committed as mid-animation picture `index` (1, 2).
    case snapshot(index: Int)
    /// End the run with `code` for `reason`.
    case stop(code: Int32, reason: String)
}

/// A frame to draw: its number, the window's draw list, and the layers shown on surfaces of their own.
public struct FramePlan: Sendable {
    /// The frame's sequence number (presentation feedback refers to it).
    public var sequence: UInt64
    /// What is drawn into the window.
    public var list: DrawList
    /// What is drawn apart, by slot (a slot not listed is hidden).
    public var separated: [SurfaceSlot: SeparateLayer]
    /// Whether the adapter may leave the window uncommitted when nothing it draws changes a pixel (no frame callback,
    /// no feedback asked for): true for a frame started by a callback, whose display link the core re-arms itself;
    /// false for one drawn at once after idle (it commits, and its callback starts the display link).
    public var mayOmitCommit: Bool
    /// Whether only the scene's layers drawn apart at rest moved since the frame before (`RunCore.movedLayers`):
    /// `list` and every other slot are that frame's, the moved layers' drawings too (their very storage), only their
    /// frames differ. The adapter may then only place their surfaces.
    public var movedOnly = false
}
