import MomentumRun
import MomentumScenes

/// What `momentum run` was asked to do.
struct RunOptions {
    var scene = SceneKind.panel
    var backend = BackendKind.spring
    var fullscreen = false
    var width: Int32 = 800
    var height: Int32 = 600
    var tracePath: String?
    var traceLimit = TraceLimit.defaultBytes
    var quitAfter: Double?
    var screenshotPath: String?
    var notifyReady = false
    var hud = true
    var autoplay = false
    /// `--workload drag`: a scripted finger drags the panel once it rests.
    var dragWorkload = false
    var subsurfaces = true
    /// `--predict on`: dragged objects drawn where the finger will be when the frame is shown.
    var predict = true
    /// `--frame-start deadline`: a frame starts at the learned latest safe time after its callback, not at once.
    var lateFrameStart = true
    /// `--workload drag`'s finger speed (px/s).
    var dragSpeed = DragWorkload.defaultSpeed
}

/// `--trace-limit SIZE`: bytes with an optional binary suffix (`k`, `M`, `G`, `T`; `4096`, `64k`, `256M`, `1G`),
/// from 4 KiB to 1 TiB.
enum TraceLimit {
    /// 256 MiB: hours of the busiest scene (the gallery writes ~5.6 MB a minute).
    static let defaultBytes = 256 << 20
    /// The smallest limit: room for a few frames and the closing lines.
    static let minimumBytes = 4 << 10
    /// The largest limit.
    static let maximumBytes = 1 << 40

    /// The byte count `text` names, or nil when it is not a size in range.
    static func parse(_ text: String) -> Int? {
        var digits = Substring(text)
        var shift = 0
        if let last = digits.last, let unit = "kmgt".firstIndex(of: Character(last.lowercased())) {
            shift = 10 * ("kmgt".distance(from: "kmgt".startIndex, to: unit) + 1)
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
              let value = Int(digits), value <= maximumBytes >> shift else { return nil }
        let bytes = value << shift
        return bytes >= minimumBytes ? bytes : nil
    }
}
