import CWaylandClient
import Testing
@testable import WaylandClient

/// A seat's devices follow its capabilities both ways (seen on sway, mutter and KWin: a device that comes back is
/// only usable through a newly bound object).
struct SeatDeviceTests {
    private let all = WL_SEAT_CAPABILITY_TOUCH.rawValue | WL_SEAT_CAPABILITY_POINTER.rawValue
        | WL_SEAT_CAPABILITY_KEYBOARD.rawValue

    @Test func capabilityBitsNameTheirDevices() {
        #expect(SeatDevice.offered(by: 0).isEmpty)
        #expect(SeatDevice.offered(by: all) == [.touch, .pointer, .keyboard])
        #expect(SeatDevice.offered(by: WL_SEAT_CAPABILITY_TOUCH.rawValue) == [.touch])
        #expect(SeatDevice.offered(by: WL_SEAT_CAPABILITY_KEYBOARD.rawValue | 0x80) == [.keyboard])
    }

    @Test func theFirstCapabilitiesBindEverythingOffered() {
        let (release, bind) = SeatDevice.changes(bound: [], offered: SeatDevice.offered(by: all))
        #expect(release.isEmpty && bind == [.touch, .pointer, .keyboard])
    }

    @Test func aRemovedDeviceIsReleasedAndBoundAgainWhenItReturns() {
        var bound: Set<SeatDevice> = [.touch, .pointer, .keyboard]
        let unplug = SeatDevice.changes(bound: bound, offered: [.pointer])
        #expect(unplug.release == [.touch, .keyboard] && unplug.bind.isEmpty)
        bound.subtract(unplug.release)
        let replug = SeatDevice.changes(bound: bound, offered: [.touch, .pointer, .keyboard])
        #expect(replug.release.isEmpty && replug.bind == [.touch, .keyboard])
    }

    @Test func anUnchangedEventChangesNothing() {
        let (release, bind) = SeatDevice.changes(bound: [.touch], offered: [.touch])
        #expect(release.isEmpty && bind.isEmpty)
    }
}
