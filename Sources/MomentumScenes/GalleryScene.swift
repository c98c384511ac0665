import MomentumCore
import MomentumLayers

/// Seed 003, "Animations Explained", as one screen of Core Animation–style animations on a layer tree:
///
/// - **lanes** — one dot per timing function (linear, ease-in, ease-out, ease-in-out, default,
///   cubic-bezier(0.5, 0, 0.9, 0.7), bounce) crossing its lane in 1.5 s. They run once when the scene is created
///   and again on every tap, towards the other end (ping-pong); nothing repeats on its own.
/// - **shake** — a form field shaken by the article's additive keyframe animation (values 0, 10, −10, 10, 0 at
///   key times 0, 1/6, 3/6, 5/6, 1; 0.4 s) on each tap; its model position stays put.
/// - **satellite** — three paced, rotate-auto laps of an ellipse (`GalleryOrbit`) on creation and on each tap.
/// - **covers** — a shuffle group (`GalleryCoverStack`): 1.2 s, beginning 0.5 s after the tap.
///
/// Every animation is a timed animation added to a layer property of the scene's `LayerTree` (`.timed` on the one
/// animator), and follows the seed's recommended pattern: the model value is set to the final value and the
/// animation runs from the old one, so the presented value equals the model when it ends. A tap on a running item
/// restarts it from its presented value: lanes restart from each dot's presented fraction towards the other end
/// (position continuous; velocity jumps to the new curve's start slope, zero for the ease-in family); the shake
/// adds a new additive shake on top of the running one (position continuous, velocity gains the shake's initial
/// 150 px/s); the satellite starts three new laps from where it is (position, velocity and angle continuous); the
/// covers stack new groups on the running ones (position and velocity continuous). Time is the tree's media time:
/// the frame time `advance(by:)` gives it, with hitches clamped by the tree's animator.
///
/// Each lane's dot lives in a *lane space*: a layer at the lane's start whose scale is the lane's length, so the
/// dot's position is its fraction of the lane (Core Animation's sublayer-transform idiom) and a resize mid-run only
/// rescales the space, keeping every fraction exactly.
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

    /// The layout (of the window, or of a larger one shown at `zoom` where the window is too short).
    public private(set) var layout: GalleryLayout
    /// How much smaller than its layout the gallery is shown (1: as laid out); it scales about the chrome band's
    /// lower edge, so the band stays clear.
    public private(set) var zoom = 1.0
    /// The lanes' timing curves as drawn for `layout` and `zoom` (`laneCurves(layout:zoom:)`).
    private(set) var laneCurves = DrawList()
    /// The layers, with every animation of the scene.
    public internal(set) var layers: LayerTree
    /// Handles of the layers the scene moves or lays out.
    let ids: GalleryLayerIDs
    /// The orbit's geometry (radii and path) for the current layout.
    public private(set) var orbit: GalleryOrbit
    /// The satellite's model value: the path progress where it rests (and where a run ends).
    public private(set) var orbitModelProgress = 0.0
    /// The cover stack's model order.
    public private(set) var covers = GalleryCoverStack()
    private(set) var laneTiming: MediaTiming?
    private var shakeSerial = 0
    /// The item `--autoplay` runs next.
    private var autoplayNext = 0
    private var coverSerial = 0
    private var recognizer = PanTapRecognizer()
    private var shakeTemplate: KeyframeAnimation<SIMD2<Double>>?

    /// Creates the scene for a container of `size` px; the lanes and the satellite start running at time 0.
    public init(size: SIMD2<Double> = SIMD2(800, 600)) {
        (layout, zoom) = GalleryLayout.fitting(width: size.x, height: size.y)
        laneCurves = Self.laneCurves(layout: layout, zoom: zoom)
        orbit = GalleryOrbit(radii: layout.orbitRadii)
        (layers, ids) = Self.makeLayers(layout: layout, orbit: orbit, covers: covers.model)
        applyZoom()
        shakeTemplate = try? KeyframeAnimation(values: Self.shakeValues.map { SIMD2($0, 0) }, keyTimes: Self.shakeKeyTimes,
                                               timing: MediaTiming(duration: Self.shakeDuration), isAdditive: true)
        restartLanes()
        restartOrbit()
    }

    // MARK: Presented values

    /// The scene's clock: the tree's media time (s).
    public var time: Double { layers.time }
    /// Lane `index`'s presented fraction (0 … 1; the timing function's output while it runs).
    public func laneFraction(_ index: Int) -> Double { layers.presented(.position, of: ids.laneDots[index]).value.x }
    /// Lane `index`'s model fraction: where its dot rests once it stops.
    public func laneModel(_ index: Int) -> Double { layers[ids.laneDots[index]].position.x }
    /// Lane `index`'s presented dot centre x (px).
    public func laneX(_ index: Int) -> Double { layout.laneX(fraction: laneFraction(index)) }
    /// The lanes' shared progress through their duration (0 … 1) while they run, else nil.
    public var laneProgress: Double? { laneTiming?.progress(at: time)?.progress }
    /// Seconds since the lanes' animation began, while it runs.
    public var laneLocalTime: Double? { laneTiming.map { time - $0.beginTime } }
    /// Where the lanes are heading (0 left, 1 right).
    public var laneTarget: Double { ids.laneDots.first.map { layers[$0].position.x } ?? 0 }
    /// The form field's presented offset from its model position (px).
    public var shakeOffset: Double {
        layers.presented(.position, of: ids.field).value.x - layers[ids.field].position.x
    }
    /// The form field's model offset from its place in the layout (px): 0, the shakes are additive.
    public var shakeModelOffset: Double { layers[ids.field].position.x - layout.shakeField.center.x }
    /// The local times of the running shakes (seconds since each began), oldest first.
    public var shakeLocalTimes: [Double] {
        layers.timedAnimations(.position, of: ids.field)?.entries.map { time - $0.animation.timing.beginTime } ?? []
    }
    /// The satellite's presented pose, relative to the orbit centre.
    public var satellite: GalleryOrbit.Pose {
        let position = layers.presented(.position, of: ids.satellite)
        let progress = orbitTiming.flatMap { $0.progress(at: time)?.progress } ?? orbitModelProgress
        return GalleryOrbit.Pose(position: position.value, velocity: position.velocity,
                                 angle: layers.presented(.rotation, of: ids.satellite).value.x, progress: progress)
    }
    /// The satellite's presented centre in the container.
    public var satellitePosition: SIMD2<Double> { layout.orbitCenter + satellite.position }
    /// Seconds since the running orbit began, on its own clock, while it runs.
    public var orbitLocalTime: Double? { orbitTiming.map { (time - $0.beginTime) * $0.speed } }
    /// The covers as presented, by id (positions relative to `layout.coversAnchor`).
    public var presentedCovers: [GalleryCoverStack.Card] {
        ids.cards.enumerated().map { id, card in
            GalleryCoverStack.Card(id: id, position: layers.presented(.position, of: card).value,
                                   rotation: layers.presented(.rotation, of: card).value.x,
                                   z: layers.presented(.zPosition, of: card).value.x)
        }
    }
    /// The cover ids in presented z order, back to front.
    public var coverOrder: [Int] { Self.order(of: presentedCovers) }
    /// The running cover groups' local times (seconds since their begin; negative before it), oldest first.
    public var coverLocalTimes: [Double] {
        guard let card = ids.cards.first, let stack = layers.timedAnimations(.position, of: card) else { return [] }
        return stack.entries.map { (time - $0.animation.timing.beginTime) * $0.animation.timing.speed }
    }

    /// True while `item` has an animation attached.
    public func isAnimating(_ item: GalleryItem) -> Bool {
        switch item {
        case .lanes: return ids.laneDots.contains { layers.isAnimating(.position, of: $0) }
        case .shake: return layers.isAnimating(.position, of: ids.field)
        case .satellite: return layers.isAnimating(.position, of: ids.satellite)
        case .covers: return ids.cards.contains { layers.isAnimating(.position, of: $0) || layers.isAnimating(.zPosition, of: $0) }
        }
    }

    /// True while anything moves or is scheduled to (a cover group waiting for its begin time counts).
    public var needsFrames: Bool { layers.isAnimating }

    private var orbitTiming: MediaTiming? {
        layers.timedAnimations(.position, of: ids.satellite)?.entries.first?.animation.timing
    }

    // MARK: Scene

    /// Lays the scene out for a container of `size` px (values are kept relative to their items).
    public mutating func resize(to size: SIMD2<Double>) {
        (layout, zoom) = GalleryLayout.fitting(width: size.x, height: size.y)
        laneCurves = Self.laneCurves(layout: layout, zoom: zoom)
        let newOrbit = GalleryOrbit(radii: layout.orbitRadii)
        if newOrbit.radii != orbit.radii {
            orbit = newOrbit
            let rest = orbit.restingPose(progress: orbitModelProgress)
            layers.setModelValue(rest.position, for: .position, of: ids.satellite)
            layers.setModelValue(SIMD2(rest.angle, 0), for: .rotation, of: ids.satellite)
            for property in [LayerProperty.position, .rotation] {
                layers.modifyTimedAnimations(property, of: ids.satellite) { stack in
                    stack.mapAnimations { animation in
                        switch animation {
                        case .pathPosition(let run): orbit.animation(timing: run.timing).map(TimedAnimation.pathPosition) ?? animation
                        case .pathRotation(let run): orbit.animation(timing: run.timing).map(TimedAnimation.pathRotation) ?? animation
                        case .tween, .additiveTween: animation
                        }
                    }
                }
            }
        }
        applyLayout()
        applyZoom()
    }

    /// Shows the layout at `zoom` about the chrome band's lower edge (the root layer's scale and position).
    private mutating func applyZoom() {
        layers[layers.root].scale = zoom
        layers[layers.root].position = SIMD2(0, layout.top * (1 - zoom))
    }

    /// A point of the window in the layout's coordinates.
    func toLayout(_ p: SIMD2<Double>) -> SIMD2<Double> { layout.toLayout(p, zoom: zoom) }

    /// A point of the layout in the window's coordinates.
    func toWindow(_ p: SIMD2<Double>) -> SIMD2<Double> { layout.toWindow(p, zoom: zoom) }

    /// Sets the output's scale (device px per logical px) for the tree's rest thresholds.
    public mutating func setOutputScale(_ scale: Double) { layers.outputScale = scale }

    /// Feeds a touch frame; a tap on an item (re)starts its animation and reports `tap` (and `restart` when it
    /// interrupted a running animation).
    public mutating func handle(_ frame: TouchFrame) -> [SceneEvent] {
        var reports: [SceneEvent] = []
        for event in recognizer.handle(frame, hit: { _ in true }) {
            guard case .tap(let point) = event else { continue }
            guard let item = layout.item(at: toLayout(point)) else {
                reports.append(SceneEvent(.tap, [TraceField(EventField.item, .string("none"))]))
                continue
            }
            reports += trigger(item)
        }
        return reports
    }

    /// `--autoplay`: at rest and not touched, runs the next item (lanes, shake, satellite, covers, in turn).
    public mutating func autoplay() -> Bool {
        guard !needsFrames, recognizer.owner == nil else { return false }
        let items = GalleryItem.allCases
        _ = trigger(items[autoplayNext % items.count])
        autoplayNext += 1
        return true
    }

    /// (Re)starts `item`'s animation now, as a tap on it does; returns the `tap` (and `restart`) events.
    public mutating func trigger(_ item: GalleryItem) -> [SceneEvent] {
        let interrupted = isAnimating(item)
        let before = presentedTrace(item)
        switch item {
        case .lanes: restartLanes()
        case .shake: startShake()
        case .satellite: restartOrbit()
        case .covers: shuffleCovers()
        }
        var events = [SceneEvent(.tap, [TraceField(EventField.item, .string(item.rawValue))])]
        if interrupted {
            events.append(SceneEvent(.restart, [TraceField(EventField.item, .string(item.rawValue)),
                                                 TraceField(EventField.before, before),
                                                 TraceField(EventField.after, presentedTrace(item))]))
        }
        return events
    }

    /// Advances frame time by `dt` s (the tree clamps a hitch), removes finished animations and reports
    /// `finished` per item.
    public mutating func advance(by dt: Double) -> [SceneEvent] {
        let running = GalleryItem.allCases.filter { isAnimating($0) }
        layers.advance(by: dt)
        var events: [SceneEvent] = []
        for item in running where !isAnimating(item) {
            if item == .lanes { laneTiming = nil }
            events.append(SceneEvent(.finished, [TraceField(EventField.item, .string(item.rawValue))]))
        }
        return events
    }

    private mutating func restartLanes() {
        let target = 1 - laneTarget
        for (i, lane) in GalleryLane.all.enumerated() {
            layers.animateModel(.position, of: ids.laneDots[i], to: SIMD2(target, 0), duration: Self.laneDuration,
                                timingFunction: lane.timingFunction, mode: lane.retarget)
        }
        laneTiming = MediaTiming(beginTime: time, duration: Self.laneDuration)
    }

    private mutating func startShake() {
        guard var animation = shakeTemplate else { return }
        animation.timing.beginTime = time
        shakeSerial += 1
        layers.addAnimation(.tween(.keyframe(animation)), forKey: "shake-\(shakeSerial)", to: .position, of: ids.field)
    }

    /// Starts three laps from where the satellite is presented now (replacing a running run).
    private mutating func restartOrbit() {
        let start = satellite.progress
        orbitModelProgress = start
        let rest = orbit.restingPose(progress: start)
        layers.setModelValue(rest.position, for: .position, of: ids.satellite)
        layers.setModelValue(SIMD2(rest.angle, 0), for: .rotation, of: ids.satellite)
        guard let run = orbit.animation(timing: GalleryOrbit.runTiming(at: time, from: start)) else { return }
        layers.addAnimation(.pathPosition(run), forKey: "orbit", to: .position, of: ids.satellite)
        layers.addAnimation(.pathRotation(run), forKey: "orbit", to: .rotation, of: ids.satellite)
    }

    private mutating func shuffleCovers() {
        coverSerial += 1
        let key = "shuffle-\(coverSerial)"
        for move in covers.shuffle(at: time, swing: layout.coverSwing) {
            let card = ids.cards[move.id]
            layers.setModelValue(move.model.position, for: .position, of: card)
            layers.setModelValue(SIMD2(move.model.z, 0), for: .zPosition, of: card)
            layers.addAnimation(.tween(.group(move.position)), forKey: key, to: .position, of: card)
            layers.addAnimation(.tween(.group(move.z)), forKey: key, to: .zPosition, of: card)
            if let rotation = move.rotation {
                layers.addAnimation(.tween(.group(rotation)), forKey: key, to: .rotation, of: card)
            }
        }
    }
}
