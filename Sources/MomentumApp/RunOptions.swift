import MomentumRun

/// What `momentum run` was asked to do: what the run core decides with (`core`: scene, backend, window size, HUD,
/// autoplay, the scripted drag, prediction, the frame start, quit-after, ready), and what only the platform needs.
struct RunOptions {
    var core = RunConfiguration()
    var fullscreen = false
    var tracePath: String?
    var traceLimit = TraceLimit.defaultBytes
    var screenshotPath: String?
    /// Whether `--screenshot` shows the HUD where it is shown (`--screenshot-hud off` leaves it out).
    var screenshotHUD = true
    var subsurfaces = true
    /// `--surface-buffers`.
    var surfaceBuffers = SurfaceBuffersKind.auto
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
