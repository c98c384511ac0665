import CWaylandClient

/// A `wl_seat` input device, and how a capabilities event changes which ones a client holds.
public enum SeatDevice: CaseIterable, Hashable, Sendable {
    case touch, pointer, keyboard

    /// The `wl_seat.capabilities` bit.
    var capability: UInt32 {
        switch self {
        case .touch: WL_SEAT_CAPABILITY_TOUCH.rawValue
        case .pointer: WL_SEAT_CAPABILITY_POINTER.rawValue
        case .keyboard: WL_SEAT_CAPABILITY_KEYBOARD.rawValue
        }
    }

    /// The devices a capabilities bit mask offers.
    public static func offered(by capabilities: UInt32) -> Set<SeatDevice> {
        Set(allCases.filter { capabilities & $0.capability != 0 })
    }

    /// What a capabilities event asks of a client holding `bound`: release what is no longer offered (its
    /// objects are inert from now on), then bind what is offered and not held. Releases come first, in a fixed
    /// order, so a sequence in flight ends before anything new starts.
    public static func changes(bound: Set<SeatDevice>, offered: Set<SeatDevice>)
        -> (release: [SeatDevice], bind: [SeatDevice]) {
        (allCases.filter { bound.contains($0) && !offered.contains($0) },
         allCases.filter { offered.contains($0) && !bound.contains($0) })
    }
}
