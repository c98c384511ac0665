import MomentumCore
import MomentumScenes
import MomentumLayers

/// The raw `momentum trace` flags (nil = not given), and their validation into a `TraceConfiguration`.
///
/// Kept apart from the argument-parser command so it can be tested directly. Every refusal is a `TraceError`
/// whose one-line message names the flag.
struct TraceArguments: Equatable {
    var backend: String?
    var from: String?
    var to: String?
    var velocity: String?
    var rate: Double?
    var jitter: Double?
    var seed: UInt64?
    var seconds: Double?
    var retarget: [String] = []
    var format: String?
    var plot: String?
    var compareAbrupt = false
    // When the animation counts as settled.
    var property: String?
    var scale: Double?
    var threshold: Double?
    // Spring.
    var stiffness: Double?
    var damping: Double?
    var mass: Double?
    var response: Double?
    var dampingRatio: Double?
    var bounciness: Double?
    var speed: Double?
    var duration: Double?
    var bounce: Double?
    // Spring and dynamics.
    var frequency: Double?
    // Dynamics.
    var resistance: Double?
    var density: Double?
    var size: String?
    // Tween.
    var timing: String?
    // Decay.
    var deceleration: Double?

    /// Backend names accepted by `--backend`.
    static let backendNames = ["spring", "pop", "dynamics", "tween", "decay"]

    /// The backend-specific flags each backend accepts.
    static let backendFlags: [String: [String]] = [
        "spring": ["--stiffness", "--damping", "--mass", "--response", "--damping-ratio", "--bounciness", "--speed",
                   "--duration", "--bounce", "--frequency"],
        "pop": ["--bounciness", "--speed"],
        "dynamics": ["--frequency", "--damping-ratio", "--resistance", "--density", "--size"],
        "tween": ["--duration", "--timing"],
        "decay": ["--deceleration"],
    ]

    /// Backend-specific flags that were given, in a fixed order.
    var givenBackendFlags: [String] {
        let all: [(String, Bool)] = [
            ("--stiffness", stiffness != nil), ("--damping", damping != nil), ("--mass", mass != nil),
            ("--response", response != nil), ("--damping-ratio", dampingRatio != nil),
            ("--bounciness", bounciness != nil), ("--speed", speed != nil), ("--duration", duration != nil),
            ("--bounce", bounce != nil), ("--frequency", frequency != nil), ("--resistance", resistance != nil),
            ("--density", density != nil), ("--size", size != nil), ("--timing", timing != nil),
            ("--deceleration", deceleration != nil),
        ]
        return all.filter(\.1).map(\.0)
    }

    /// Validates every flag and builds the configuration.
    func configuration() throws(TraceError) -> TraceConfiguration {
        guard let name = backend else {
            throw TraceError("--backend", "--backend is required (\(Self.backendNames.joined(separator: "|")))")
        }
        guard let allowed = Self.backendFlags[name] else {
            throw TraceError("--backend", "--backend '\(name)' is unknown (choose \(Self.backendNames.joined(separator: ", ")))")
        }
        for flag in givenBackendFlags where !allowed.contains(flag) {
            throw TraceError(flag, "\(flag) does not apply to --backend \(name) (it takes \(allowed.joined(separator: " ")))")
        }

        let start = try Self.point(from, flag: "--from", required: true) ?? .zero
        let initialVelocity = try Self.point(velocity, flag: "--velocity", required: false, limit: Self.velocityLimit)
        let trace = try traceBackend(name)

        var config = TraceConfiguration(backend: trace, from: start, to: start)
        if case .decay(let rate) = trace {
            config.to = try decayDestination(rate: rate, from: start, velocity: initialVelocity)
            config.velocity = initialVelocity ?? Decay(rate: rate).initialVelocity(from: start, toLandAt: config.to)
        } else {
            config.to = try Self.point(to, flag: "--to", required: true) ?? start
            config.velocity = initialVelocity ?? .zero
        }

        if let rate {
            guard rate.isFinite, rate > 0, rate <= 1000 else {
                throw TraceError("--rate", "--rate must be a number of frames per second in (0, 1000], got \(rate)")
            }
            config.rate = rate
        }
        if let jitter {
            guard jitter.isFinite, jitter >= 0, jitter < 1 else {
                throw TraceError("--jitter", "--jitter must be a fraction in [0, 1), got \(jitter)")
            }
            config.jitter = jitter
        }
        if let seed { config.seed = seed }
        if let seconds {
            guard seconds.isFinite, seconds > 0, seconds <= 600 else {
                throw TraceError("--seconds", "--seconds must be in (0, 600], got \(seconds)")
            }
            config.seconds = seconds
        }
        config.retargets = try retargets(limit: config.seconds ?? TraceConfiguration.maximumSeconds)
        if !config.retargets.isEmpty, case .decay = trace {
            throw TraceError("--retarget", "--retarget does not apply to --backend decay (a flick has no target to move)")
        }
        config.restThreshold = try restThreshold()
        if let format {
            guard let parsed = TraceFormat(rawValue: format) else {
                throw TraceError("--format", "--format '\(format)' is unknown (choose csv, json)")
            }
            config.format = parsed
        }
        if let plot {
            guard !plot.isEmpty else { throw TraceError("--plot", "--plot needs a file name") }
            config.plotPath = plot
        }
        if compareAbrupt {
            guard config.plotPath != nil else {
                throw TraceError("--compare-abrupt", "--compare-abrupt draws into the plot: give --plot FILE.svg too")
            }
            config.compareAbrupt = true
        }
        return config
    }

    // MARK: Backend parameters

    private func traceBackend(_ name: String) throws(TraceError) -> TraceBackend {
        switch name {
        case "spring": return .spring(try springParameters())
        case "pop":
            // Seed 000's pop spring by default: springBounciness 6, springSpeed 15.
            let b = try Self.check(bounciness, "--bounciness", default: Seeds.popBounciness, rule: "in [0, 20]") {
                $0 >= 0 && $0 <= 20
            }
            let s = try Self.check(speed, "--speed", default: Seeds.popSpeed, rule: "in [0, 20]") { $0 >= 0 && $0 <= 20 }
            return .pop(bounciness: b, speed: s)
        case "dynamics": return try dynamics()
        case "tween": return try tween()
        default: return .decay(rate: try Self.check(deceleration, "--deceleration", default: Decay.normalRate,
                                                     rule: "in (0, 1)") { $0 > 0 && $0 < 1 })
        }
    }

    /// One of the spring parameter styles; mixing two styles is refused, naming a flag from each.
    private func springParameters() throws(TraceError) -> SpringParameters {
        // Style membership; --damping-ratio belongs to both response and frequency styles, --mass to every
        // style except pop's (which is mass 1 by convention).
        let styles: [(name: String, flags: [(String, Bool)])] = [
            ("physical", [("--stiffness", stiffness != nil), ("--damping", damping != nil)]),
            ("response", [("--response", response != nil)]),
            ("pop", [("--bounciness", bounciness != nil), ("--speed", speed != nil)]),
            ("duration", [("--duration", duration != nil), ("--bounce", bounce != nil)]),
            ("frequency", [("--frequency", frequency != nil)]),
        ]
        let used = styles.compactMap { style in style.flags.first(where: \.1).map { (style.name, $0.0) } }
        if used.count > 1 {
            throw TraceError(used[1].1, "\(used[0].1) and \(used[1].1) are different spring parameter styles; "
                             + "use one of: --stiffness --damping --mass | --response --damping-ratio | "
                             + "--bounciness --speed | --duration --bounce | --frequency --damping-ratio")
        }
        let style = used.first?.0 ?? "physical"
        if dampingRatio != nil, style != "response", style != "frequency" {
            throw TraceError("--damping-ratio", "--damping-ratio goes with --response or --frequency for a spring")
        }
        if mass != nil, style == "pop" {
            throw TraceError("--mass", "--mass does not combine with --bounciness/--speed (pop's springs have mass 1)")
        }
        let m = try Self.check(mass, "--mass", default: 1, rule: "positive") { $0 > 0 }
        let parameters: SpringParameters
        switch style {
        case "response":
            let r = try Self.check(response, "--response", default: 0.5, rule: "positive") { $0 > 0 }
            let z = try Self.check(dampingRatio, "--damping-ratio", default: 0.825, rule: "≥ 0") { $0 >= 0 }
            parameters = SpringParameters(response: r, dampingRatio: z, mass: m)
        case "pop":
            // The seed's values when one of the two is left out (pop's own defaults are 4 and 12).
            let b = try Self.check(bounciness, "--bounciness", default: Seeds.popBounciness, rule: "in [0, 20]") {
                $0 >= 0 && $0 <= 20
            }
            let s = try Self.check(speed, "--speed", default: Seeds.popSpeed, rule: "in [0, 20]") { $0 >= 0 && $0 <= 20 }
            // Over [0, 20]² pop's mapping gives k ≥ 87 and c > 0, so SpringParameters' preconditions hold.
            parameters = SpringParameters(popBounciness: b, speed: s)
        case "duration":
            let d = try Self.check(duration, "--duration", default: 0.5, rule: "positive") { $0 > 0 }
            let b = try Self.check(bounce, "--bounce", default: 0, rule: "in (-1, 1)") { $0 > -1 && $0 < 1 }
            parameters = SpringParameters(duration: d, bounce: b, mass: m)
        case "frequency":
            let f = try Self.check(frequency, "--frequency", default: 1, rule: "positive") { $0 > 0 }
            guard let z = dampingRatio else {
                throw TraceError("--damping-ratio", "--frequency needs --damping-ratio for a spring")
            }
            guard z.isFinite, z >= 0 else { throw TraceError("--damping-ratio", "--damping-ratio must be ≥ 0, got \(z)") }
            parameters = SpringParameters(frequency: f, dampingRatio: z, mass: m)
        default:
            let k = try Self.check(stiffness, "--stiffness", default: 300, rule: "positive") { $0 > 0 }
            let c = try Self.check(damping, "--damping", default: 20, rule: "≥ 0") { $0 >= 0 }
            parameters = SpringParameters(stiffness: k, damping: c, mass: m)
        }
        return parameters
    }

    private func dynamics() throws(TraceError) -> TraceBackend {
        // Box2D's soft constraints stay stable only below half the step rate (the backend steps at 60 Hz).
        let f = try Self.check(frequency, "--frequency", default: 3.5, rule: "in (0, 30) Hz") { $0 > 0 && $0 < 30 }
        let z = try Self.check(dampingRatio, "--damping-ratio", default: 0.4, rule: "≥ 0") { $0 >= 0 }
        let r = try Self.check(resistance, "--resistance", default: 10, rule: "≥ 0") { $0 >= 0 }
        let d = try Self.check(density, "--density", default: 100, rule: "positive") { $0 > 0 }
        var width = 300.0, height = 400.0
        if let size {
            guard let parsed = Size(size) else {
                throw TraceError("--size", "--size '\(size)' is not WxH with positive integers (e.g. 300x400)")
            }
            width = Double(parsed.width)
            height = Double(parsed.height)
        }
        return .dynamics(frequency: f, dampingRatio: z, resistance: r, density: d, width: width, height: height)
    }

    private func tween() throws(TraceError) -> TraceBackend {
        // Defaults as the app's tween backend: 0.4 s ease-in-ease-out.
        let d = try Self.check(duration, "--duration", default: 0.4, rule: "positive") { $0 > 0 }
        let name = timing ?? "easeInEaseOut"
        do {
            return .tween(duration: d, timing: try TimingFunction(parsing: name), timingName: name)
        } catch {
            throw TraceError("--timing", "--timing '\(name)': \(error.description)")
        }
    }

    /// Decay lands where the velocity takes it: `--to` alone picks the velocity that lands there; giving both is refused.
    private func decayDestination(rate: Double, from start: SIMD2<Double>,
                                  velocity: SIMD2<Double>?) throws(TraceError) -> SIMD2<Double> {
        let destination = try Self.point(to, flag: "--to", required: false)
        switch (destination, velocity) {
        case (let destination?, nil): return destination
        case (nil, let velocity?): return Decay(rate: rate).landingPoint(from: start, initialVelocity: velocity)
        case (.some, .some):
            throw TraceError("--to", "--to and --velocity both set where a decay lands; give one of them for --backend decay")
        case (nil, nil):
            throw TraceError("--velocity", "--backend decay needs --velocity VX[,VY] (or --to X[,Y] to land there)")
        }
    }

    // MARK: Values

    private func retargets(limit: Double) throws(TraceError) -> [TraceRetarget] {
        var result: [TraceRetarget] = []
        for text in retarget {
            let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let time = Double(parts[0].trimmingSpaces), time.isFinite else {
                throw TraceError("--retarget", "--retarget '\(text)' is not T:X[,Y] (e.g. 0.2:0,100)")
            }
            guard time >= 0, time < limit else {
                throw TraceError("--retarget", "--retarget time \(time) must lie in [0, \(TraceNumber.short(limit))) s")
            }
            guard let target = Self.parsePoint(String(parts[1])) else {
                throw TraceError("--retarget", "--retarget '\(text)' is not T:X[,Y] (e.g. 0.2:0,100)")
            }
            try Self.checkRange(target, Self.coordinateLimit, flag: "--retarget", text: text)
            result.append(TraceRetarget(time: time, target: target))
        }
        // Stable: equal times apply in the order given.
        return result.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
    }

    /// The largest coordinate `--from`, `--to` and `--retarget` take, in px: far beyond any screen, small enough
    /// that every simulated value stays finite (1e308 used to give nan rows).
    static let coordinateLimit = 1e6
    /// The largest `--velocity` component, in px/s.
    static let velocityLimit = 1e7

    private static func point(_ text: String?, flag: String, required: Bool,
                              limit: Double = coordinateLimit) throws(TraceError) -> SIMD2<Double>? {
        guard let text else {
            if required { throw TraceError(flag, "\(flag) X[,Y] is required") }
            return nil
        }
        guard let value = parsePoint(text) else {
            throw TraceError(flag, "\(flag) '\(text)' is not X[,Y] with finite numbers (e.g. 0,300)")
        }
        try checkRange(value, limit, flag: flag, text: text)
        return value
    }

    /// Refuses a point with a component beyond ±`limit`, naming `flag` and the text as given.
    private static func checkRange(_ value: SIMD2<Double>, _ limit: Double, flag: String,
                                   text: String) throws(TraceError) {
        guard abs(value.x) > limit || abs(value.y) > limit else { return }
        throw TraceError(flag, "\(flag) '\(text)' is out of range: each component must lie in "
                         + "[-\(TraceNumber.short(limit)), \(TraceNumber.short(limit))]")
    }

    /// `X` or `X,Y` (Y defaults to 0), finite numbers.
    static func parsePoint(_ text: String) -> SIMD2<Double>? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        guard (1...2).contains(parts.count) else { return nil }
        let numbers = parts.compactMap { Double($0) }
        guard numbers.count == parts.count, numbers.allSatisfy(\.isFinite) else { return nil }
        return SIMD2(numbers[0], numbers.count == 2 ? numbers[1] : 0)
    }

    private static func check(_ value: Double?, _ flag: String, default fallback: Double, rule: String,
                              _ isValid: (Double) -> Bool) throws(TraceError) -> Double {
        guard let value else { return fallback }
        guard value.isFinite, isValid(value) else { throw TraceError(flag, "\(flag) must be \(rule), got \(value)") }
        return value
    }
}

extension Substring {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension TraceArguments {
    /// `--threshold D` (distance; speed 62.5·D per second), else the `--property` kind's visible step on an output of
    /// `--scale` (default: a position on scale 1, settled within half a pixel), as the app's layer tree uses them.
    func restThreshold() throws(TraceError) -> RestThreshold {
        var kind = LayerProperty.position
        if let property {
            guard let parsed = LayerProperty.traceNames[property] else {
                throw TraceError("--property", "--property '\(property)' is unknown (choose "
                                 + LayerProperty.traceNames.keys.sorted().joined(separator: ", ") + ")")
            }
            kind = parsed
        }
        var outputScale = 1.0
        if let scale {
            guard scale.isFinite, scale >= 1, scale <= 8 else {
                throw TraceError("--scale", "--scale must be an output scale in [1, 8], got \(scale)")
            }
            outputScale = scale
        }
        guard let threshold else { return kind.restThreshold(outputScale: outputScale) }
        guard threshold.isFinite, threshold > 0 else {
            throw TraceError("--threshold", "--threshold must be a positive distance, got \(threshold)")
        }
        return RestThreshold(distance: threshold, speed: 62.5 * threshold)
    }
}

extension LayerProperty {
    /// `--property` names.
    static let traceNames: [String: LayerProperty] = [
        "position": .position, "size": .size, "scale": .scale, "rotation": .rotation, "opacity": .opacity,
    ]
}
