import MomentumRun
import WaylandClient

extension KeyCommand {
    /// The command bound to the platform's `key`, if any.
    init?(_ key: Key) {
        switch key {
        case .escape: self = .quit
        case .character(let c): self.init(character: c)
        default: return nil
        }
    }
}

extension SeatDevice {
    /// The names of `devices` as the trace writes them, in the seat's order.
    static func names(_ devices: Set<SeatDevice>) -> [String] {
        allCases.filter(devices.contains).map { "\($0)" }
    }
}

extension HostClock {
    /// The trace's `clock` line: the run's start on CLOCK_MONOTONIC, the presentation clock `presentation` (a
    /// `clockid_t`; nil without `wp_presentation`) by name with a pair of readings taken together, and the input
    /// clock.
    static func clockRecord(start: Double, presentation: Int32?, inputTimestamps: Bool) -> TraceRecord {
        let pair = presentation.flatMap { relate(clock: $0) }
        return .clock(.init(startNanoseconds: Int64((start * 1e9).rounded()),
                            presentation: pair == nil ? nil : presentation.map { name(clock: $0) },
                            monotonicNanoseconds: pair?.monotonic, presentationNanoseconds: pair?.other,
                            input: inputTimestamps ? "monotonic" : "monotonic_ms"))
    }
}

extension HostClock {
    /// A presentation timestamp (ns, on clock `id`; nil: CLOCK_MONOTONIC) on the host clock (s).
    static func hostTime(_ ns: UInt64, on id: Int32?) -> Double {
        guard let id, let pair = relate(clock: id) else { return Double(ns) / 1e9 }
        return Double(pair.monotonic) / 1e9 + (Double(ns) - Double(pair.other)) / 1e9
    }
}

extension TraceRecord.System {
    /// What a benchmark report says of the system: `target`'s GL stack, the outputs and the compositor's globals.
    init(target: RenderTarget, registry: Registry?) {
        let outputs = registry.map { Array($0.outputs.values) } ?? []
        self.init(gl: target.facts.map { .init(vendor: $0.vendor, renderer: $0.renderer, version: $0.version,
                                               eglExtensions: $0.eglExtensions) },
                  outputs: outputs.map { .init(name: $0.name, width: Int($0.modeSize.width),
                                               height: Int($0.modeSize.height),
                                               refreshMilliHertz: Int($0.refreshMilliHertz), scale: Int($0.scale)) },
                  globals: (registry?.advertised ?? []).map { .init(interface: $0.interface, version: Int($0.version)) })
    }
}
