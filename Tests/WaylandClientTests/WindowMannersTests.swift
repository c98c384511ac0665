import CWaylandProtocols
import Testing
@testable import WaylandClient

/// Who decorates the window, and which cursor theme and size the pointer gets.
struct WindowMannersTests {
    @Test func serverSideDecorationsWhereverTheCompositorOffersThem() {
        // sway and KWin: the compositor draws them, fullscreen or not, exactly as before libdecor.
        #expect(Window.Decorations.choose(fullscreen: false, serverSideOffered: true) == .server)
        #expect(Window.Decorations.choose(fullscreen: true, serverSideOffered: true) == .server)
    }

    @Test func libdecorOnlyForAWindowThatIsNotFullscreenWithoutTheManager() {
        // weston and mutter offer no zxdg_decoration_manager_v1: a window gets libdecor's title bar...
        #expect(Window.Decorations.choose(fullscreen: false, serverSideOffered: false) == .client)
        // ...and a fullscreen run (and so `momentum headless`) none at all.
        #expect(Window.Decorations.choose(fullscreen: true, serverSideOffered: false) == .none)
    }

    @Test func theCursorThemeAndSizeComeFromXCursorVariables() {
        let set = CursorSettings(environment: ["XCURSOR_THEME": "DMZ-White", "XCURSOR_SIZE": "32"])
        #expect(set.theme == "DMZ-White" && set.size == 32)
        let padded = CursorSettings(environment: ["XCURSOR_SIZE": " 48\t"])
        #expect(padded.theme == nil && padded.size == 48)
    }

    @Test func unsetEmptyOrInsaneValuesFallBackToTheDefaultThemeAt24Px() {
        #expect(CursorSettings(environment: [:]) == CursorSettings(environment: ["XCURSOR_SIZE": "24"]))
        let unset = CursorSettings(environment: [:])
        #expect(unset.theme == nil && unset.size == 24)
        for bad in ["", "0", "-8", "abc", "24px", "100000", "9999999999999999999999"] {
            let settings = CursorSettings(environment: ["XCURSOR_THEME": "", "XCURSOR_SIZE": bad])
            #expect(settings.theme == nil && settings.size == CursorSettings.defaultSize, "XCURSOR_SIZE=\(bad)")
        }
        #expect(CursorSettings(environment: ["XCURSOR_SIZE": "256"]).size == 256)
        #expect(CursorSettings(environment: ["XCURSOR_SIZE": "257"]).size == 24)
    }

    @Test func theCursorBufferScaleIsTheOutputScaleWhenTheImageDividesByIt() {
        #expect(CursorSettings.bufferScale(width: 24, height: 24, scale: 1) == 1)
        #expect(CursorSettings.bufferScale(width: 48, height: 48, scale: 2) == 2)
        #expect(CursorSettings.bufferScale(width: 72, height: 72, scale: 3) == 3)
        // An image whose sides do not divide by the scale would be a protocol error as a scaled buffer: drawn at
        // scale 1 instead (a larger cursor).
        #expect(CursorSettings.bufferScale(width: 49, height: 48, scale: 2) == 1)
        #expect(CursorSettings.bufferScale(width: 48, height: 50, scale: 3) == 1)
        #expect(CursorSettings.bufferScale(width: 24, height: 24, scale: 0) == 1)
    }

    @Test func theShapeSentIsTheProtocolsDefaultArrow() {
        // cursor-shape-v1 numbers its shapes from 1 (`default`); 0 is not a shape and would be a protocol error.
        #expect(WP_CURSOR_SHAPE_DEVICE_V1_SHAPE_DEFAULT.rawValue == 1)
        #expect(mo_wp_cursor_shape_manager_v1_interface().pointee.version == 1)
        #expect(String(cString: mo_wp_cursor_shape_manager_v1_interface().pointee.name) == "wp_cursor_shape_manager_v1")
    }

    /// The hand-written cursor-shape-v1.xml (Debian 12 ships none) must put the requests on the wire where upstream's
    /// does: compositors dispatch by opcode and signature.
    @Test func theCursorShapeRequestsHaveUpstreamsOpcodesAndSignatures() throws {
        let manager = mo_wp_cursor_shape_manager_v1_interface().pointee
        let managerRequests = (0..<Int(manager.method_count)).map { manager.methods[$0] }
        #expect(managerRequests.map { String(cString: $0.name) } == ["destroy", "get_pointer", "get_tablet_tool_v2"])
        #expect(managerRequests.map { String(cString: $0.signature) } == ["", "no", "no"])
        #expect(manager.event_count == 0)
        let getPointer = managerRequests[1]
        let device = try #require(getPointer.types[0]).pointee
        #expect(String(cString: try #require(getPointer.types[1]).pointee.name) == "wl_pointer")
        #expect(String(cString: try #require(managerRequests[2].types[1]).pointee.name) == "zwp_tablet_tool_v2")
        #expect(String(cString: device.name) == "wp_cursor_shape_device_v1" && device.version == 1)
        let deviceRequests = (0..<Int(device.method_count)).map { device.methods[$0] }
        #expect(deviceRequests.map { String(cString: $0.name) } == ["destroy", "set_shape"])
        #expect(deviceRequests.map { String(cString: $0.signature) } == ["", "uu"])
        #expect(device.event_count == 0)
    }
}
