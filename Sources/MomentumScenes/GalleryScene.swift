import MomentumCore

/// Seed 003, "Animations Explained", as one screen of Core Animation–style animations over model values:
///
/// - **lanes** — one dot per timing function (linear, ease-in, ease-out, ease-in-out, default,
///   cubic-bezier(0.5, 0, 0.9, 0.7), bounce) crossing its lane in 1.5 s. They run once when the scene is created
///   and again on every tap, towards the other end (ping-pong); nothing repeats on its own.
/// - **shake** — a form field shaken by the article's additive keyframe animation (values 0, 10, −10, 10, 0 at
///   key times 0, 1/6, 3/6, 5/6, 1; 0.4 s) on each tap; its model offset stays 0.
/// - **satellite** — three paced, rotate-auto laps of an ellipse (`GalleryOrbit`) on creation and on each tap.
/// - **covers** — a shuffle group (`GalleryCoverStack`): 1.2 s, beginning 0.5 s after the tap.
///
/// Every animation follows the seed's recommended pattern: the model value is set to the final value and the
/// animation runs from the old one, so the presented value equals the model when it ends. A tap on a running item
/// restarts it from its presented value: lanes restart from each dot's presented x towards the other end (position
/// continuous; velocity jumps to the new curve's start slope, zero for the ease-in family); the shake adds a new
/// additive shake on top of the running one (position continuous, velocity gains the shake's initial 150 px/s);
/// the satellite starts three new laps from where it is (position, velocity and angle continuous); the covers stack
/// a new group on the running one (position and velocity continuous). Time is frame time from `advance(by:)`.
public struct GalleryScene: Scene {
    /// The scene's name.
    public let name = "gallery"
    /// The lanes' duration (s).
    public static let laneDuration = 1.5
    /// The shake's duration (s).
    public static let shakeDuration = 0.4
    /// The shake's keyframe values (px) and key times.
    public static let shakeValues: [Double] = [0, 10, -10, 10, 0]
    /// Key times of the shake, as fractions of its duration.
    public static let shakeKeyTimes: [Double] = [0, 1.0 / 6.0, 3.0 / 6.0, 5.0 / 6.0, 1]

    /// The layout.
    public private(set) var layout: GalleryLayout
    /// The scene's clock: frame time accumulated from `advance(by:)` (s).
    public private(set) var time = 0.0
    /// Lane dots, as fractions of their lanes (0 left, 1 right), one per `GalleryLane.all`.
    public private(set) var lanes: [AnimatedProperty<Double>]
    /// The form field's horizontal offset (model 0; shakes are additive).
    public private(set) var shake = AnimatedProperty<Double>(modelValue: 0)
    /// The satellite.
    public private(set) var orbit: GalleryOrbit
    /// The cover stack.
    public private(set) var covers = GalleryCoverStack()
    private(set) var laneTiming: MediaTiming?
    private var shakeSerial = 0
    private var recognizer = PanTapRecognizer()
    private var shakeTemplate: KeyframeAnimation<Double>?

    /// Creates the scene for a container of `size` px; the lanes and the satellite start running at time 0.
    public init(size: SIMD2<Double> = SIMD2(800, 600)) {
        layout = GalleryLayout(width: size.x, height: size.y)
        lanes = GalleryLane.all.map { _ in AnimatedProperty(modelValue: 0) }
        orbit = GalleryOrbit(radii: layout.orbitRadii)
        shakeTemplate = try? KeyframeAnimation(values: Self.shakeValues, keyTimes: Self.shakeKeyTimes,
                                               timing: MediaTiming(duration: Self.shakeDuration), isAdditive: true)
        restartLanes()
        orbit.restart(at: time)
    }

    // MARK: Presented values

    /// Lane `index`'s presented fraction (0 … 1; the timing function's output while it runs).
    public func laneFraction(_ index: Int) -> Double { lanes[index].presentation(at: time).value }
    /// Lane `index`'s presented dot centre x (px).
    public func laneX(_ index: Int) -> Double { layout.laneX(fraction: laneFraction(index)) }
    /// The lanes' shared progress through their duration (0 … 1) while they run, else nil.
    public var laneProgress: Double? { laneTiming?.progress(at: time)?.progress }
    /// Seconds since the lanes' animation began, while it runs.
    public var laneLocalTime: Double? { laneTiming.map { time - $0.beginTime } }
    /// Where the lanes are heading (0 left, 1 right).
    public var laneTarget: Double { lanes.first?.modelValue ?? 0 }
    /// The form field's presented offset (px).
    public var shakeOffset: Double { shake.presentation(at: time).value }
    /// The satellite's presented pose, relative to the orbit centre.
    public var satellite: GalleryOrbit.Pose { orbit.pose(at: time) }
    /// The satellite's presented centre in the container.
    public var satellitePosition: SIMD2<Double> { layout.orbitCenter + satellite.position }
    /// The covers as presented, by id (positions relative to `layout.coversAnchor`).
    public var presentedCovers: [GalleryCoverStack.Card] { covers.presented(at: time) }
    /// The cover ids in presented z order, back to front.
    public var coverOrder: [Int] { presentedCovers.sorted { ($0.z, $0.id) < ($1.z, $1.id) }.map(\.id) }

    /// True while `item` has an animation attached.
    public func isAnimating(_ item: GalleryItem) -> Bool {
        switch item {
        case .lanes: return lanes.contains { !$0.isIdle }
        case .shake: return !shake.isIdle
        case .satellite: return orbit.isRunning
        case .covers: return covers.isAnimating
        }
    }

    /// True while anything moves or is scheduled to (a cover group waiting for its begin time counts).
    public var needsFrames: Bool { GalleryItem.allCases.contains { isAnimating($0) } }

    // MARK: Scene

    /// Lays the scene out for a container of `size` px (values are kept relative to their items).
    public mutating func resize(to size: SIMD2<Double>) {
        layout = GalleryLayout(width: size.x, height: size.y)
        orbit.resize(radii: layout.orbitRadii)
    }

    /// Feeds a touch frame; a tap on an item (re)starts its animation and reports `tap` (and `restart` when it
    /// interrupted a running animation).
    public mutating func handle(_ frame: TouchFrame) -> [SceneEvent] {
        var reports: [SceneEvent] = []
        for event in recognizer.handle(frame, hit: { _ in true }) {
            guard case .tap(let point) = event else { continue }
            guard let item = layout.item(at: point) else {
                reports.append(SceneEvent(.tap, [TraceField("item", .string("none"))]))
                continue
            }
            reports += trigger(item)
        }
        return reports
    }

    /// (Re)starts `item`'s animation now, as a tap on it does; returns the `tap` (and `restart`) events.
    public mutating func trigger(_ item: GalleryItem) -> [SceneEvent] {
        let interrupted = isAnimating(item)
        let before = presentedTrace(item)
        switch item {
        case .lanes: restartLanes()
        case .shake: startShake()
        case .satellite: orbit.restart(at: time)
        case .covers: covers.shuffle(at: time)
        }
        var events = [SceneEvent(.tap, [TraceField("item", .string(item.rawValue))])]
        if interrupted {
            events.append(SceneEvent(.restart, [TraceField("item", .string(item.rawValue)),
                                                 TraceField("before", before),
                                                 TraceField("after", presentedTrace(item))]))
        }
        return events
    }

    /// Advances frame time by `dt` s, removes finished animations and reports `finished` per item.
    public mutating func advance(by dt: Double) -> [SceneEvent] {
        time += Swift.max(dt, 0)
        var events: [SceneEvent] = []
        func finished(_ item: GalleryItem) { events.append(SceneEvent(.finished, [TraceField("item", .string(item.rawValue))])) }
        if isAnimating(.lanes) {
            for i in lanes.indices { lanes[i].removeCompletedAnimations(at: time) }
            if !isAnimating(.lanes) {
                laneTiming = nil
                finished(.lanes)
            }
        }
        if isAnimating(.shake) {
            shake.removeCompletedAnimations(at: time)
            if !isAnimating(.shake) { finished(.shake) }
        }
        if orbit.removeCompleted(at: time) { finished(.satellite) }
        if covers.removeCompleted(at: time) { finished(.covers) }
        return events
    }

    private mutating func restartLanes() {
        let target = 1 - laneTarget
        for (i, lane) in GalleryLane.all.enumerated() {
            lanes[i].animate(to: target, at: time, duration: Self.laneDuration, timingFunction: lane.timingFunction,
                             mode: .beginFromCurrentState)
        }
        laneTiming = MediaTiming(beginTime: time, duration: Self.laneDuration)
    }

    private mutating func startShake() {
        guard var animation = shakeTemplate else { return }
        animation.timing.beginTime = time
        shakeSerial += 1
        shake.add(.keyframe(animation), forKey: "shake-\(shakeSerial)")
    }
}
