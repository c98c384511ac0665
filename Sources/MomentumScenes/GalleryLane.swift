import MomentumCore

/// One lane of the gallery: a named timing function whose dot crosses the lane over the shared duration.
public struct GalleryLane: Sendable {
    /// The label (Core Animation or CSS spelling).
    public let name: String
    /// The timing function the dot follows.
    public let timingFunction: TimingFunction
    /// The label drawn beside the lane (short enough for the label column).
    public let label: String
    /// What a tap mid-run does to the dot: start again from where it is seen (its velocity jumps to the curve's
    /// start slope: zero for ease-in-out, a visible stall), or add the change on top (iOS 8: velocity continuous).
    public let retarget: RetargetMode

    /// Creates a lane; `label` defaults to the name.
    public init(name: String, timingFunction: TimingFunction, label: String? = nil,
                retarget: RetargetMode = .beginFromCurrentState) {
        self.name = name
        self.timingFunction = timingFunction
        self.label = label ?? name
        self.retarget = retarget
    }

    /// The trace's name for how the lane retargets.
    public var retargetName: String { retarget == .additive ? "additive" : "restart" }

    /// The seed article's custom rocket curve, `functionWithControlPoints:0.5:0:0.9:0.7`.
    static let rocketCurve: TimingFunction = {
        // The control points are valid, so the initialiser cannot throw; ease-in is only a type-level fallback.
        guard let curve = try? CubicBezier(0.5, 0, 0.9, 0.7) else { return .easeIn }
        return .cubicBezier(curve)
    }()

    /// The lanes, top to bottom: linear, ease-in, ease-out, ease-in-out, default, cubic-bezier(0.5, 0, 0.9, 0.7)
    /// and RBBAnimation's ease-out bounce; then seed 003's pair, ease-in-out twice: one restarts abruptly on a tap
    /// mid-run, the other retargets additively, so the difference is seen side by side.
    public static let all: [GalleryLane] = [
        GalleryLane(name: "linear", timingFunction: .linear),
        GalleryLane(name: "ease-in", timingFunction: .easeIn),
        GalleryLane(name: "ease-out", timingFunction: .easeOut),
        GalleryLane(name: "ease-in-out", timingFunction: .easeInEaseOut),
        GalleryLane(name: "default", timingFunction: .default),
        GalleryLane(name: "cubic-bezier(0.5, 0, 0.9, 0.7)", timingFunction: rocketCurve, label: "bezier(.5,0,.9,.7)"),
        GalleryLane(name: "bounce", timingFunction: .easing(EasingCurve(.bounce, .out))),
        GalleryLane(name: "ease-in-out", timingFunction: .easeInEaseOut, label: "abrupt restart"),
        GalleryLane(name: "ease-in-out", timingFunction: .easeInEaseOut, label: "additive retarget",
                    retarget: .additive),
    ]
}
