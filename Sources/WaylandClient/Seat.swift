import CWaylandClient
import CWaylandProtocols
import CXKBCommon
import Glibc

/// `wl_seat` input: touch (multi-touch, assembled into frames), the pointer as a one-finger fallback, and the
/// keyboard through xkbcommon with the compositor's keymap. Timestamps come from `zwp_input_timestamps_v1`
/// (nanoseconds) when offered, else from the events' wrapping `u32` milliseconds.
///
/// Only input on the window's own surface counts: pointer and touch on other surfaces of the client (the title
/// bar and borders libdecor draws) are libdecor's. Each pointer enter on the window sets the cursor
/// (`PointerCursor`).
public final class Seat {
    /// Called with each assembled touch frame (pointer drags arrive here as touch id -1).
    public var onTouchFrame: ((Touch.Frame) -> Void)?
    /// Called for every key press.
    public var onKey: ((Key) -> Void)?
    /// Called when devices were bound or released (the seat's capabilities changed), with the devices now held.
    public var onDevicesChanged: ((Set<SeatDevice>) -> Void)?
    /// Called when the pointer entered the window and its cursor was set.
    public var onCursor: ((CursorReport) -> Void)?
    /// The devices held now.
    public var devices: Set<SeatDevice> {
        var held = Set<SeatDevice>()
        if touch != nil { held.insert(.touch) }
        if pointer != nil { held.insert(.pointer) }
        if keyboard != nil { held.insert(.keyboard) }
        return held
    }
    /// The surface's logical size, for `InputSanitizer` (positions more than a surface beyond it are clamped).
    public var surfaceSize: SIMD2<Double>? {
        get { sanitizer.bounds }
        set { sanitizer.bounds = newValue }
    }

    private let seat: OpaquePointer
    /// The version `wl_seat` was bound at.
    private let version: UInt32
    private unowned let registry: Registry
    private var touch: OpaquePointer?
    private var pointer: OpaquePointer?
    private var keyboard: OpaquePointer?
    private var touchStamps: OpaquePointer?
    private var pointerStamps: OpaquePointer?
    private var assembler = TouchFrameAssembler()
    private var sanitizer = InputSanitizer()
    private let log: (PlatformLogLevel, String) -> Void
    private var touchClock = InputTimestamp()
    private var pointerClock = InputTimestamp()
    private var pointerPosition = SIMD2<Double>(0, 0)
    /// Whether the pointer is over the window's surface (false: elsewhere, or on a decoration); nil until the
    /// pointer object's first enter (sway 1.7 sends a newly bound pointer none while it is already over the
    /// window, and its events count then as before).
    private var pointerOnWindow: Bool?
    private var cursor: PointerCursor?
    private var xkbContext: OpaquePointer?
    private var xkbKeymap: OpaquePointer?
    private var xkbState: OpaquePointer?

    private let seatListener = UnsafeMutablePointer<wl_seat_listener>.allocate(capacity: 1)
    private let touchListener = UnsafeMutablePointer<wl_touch_listener>.allocate(capacity: 1)
    private let pointerListener = UnsafeMutablePointer<wl_pointer_listener>.allocate(capacity: 1)
    private let keyboardListener = UnsafeMutablePointer<wl_keyboard_listener>.allocate(capacity: 1)
    private let touchStampListener = UnsafeMutablePointer<zwp_input_timestamps_v1_listener>.allocate(capacity: 1)
    private let pointerStampListener = UnsafeMutablePointer<zwp_input_timestamps_v1_listener>.allocate(capacity: 1)

    /// Listens to the seat's capabilities (devices are created as they are announced). Made by the registry as
    /// soon as it binds `wl_seat`, so the first capabilities event finds its listener.
    init(proxy: OpaquePointer, version: UInt32, registry: Registry, log: @escaping (PlatformLogLevel, String) -> Void) {
        seat = proxy
        self.version = version
        self.registry = registry
        self.log = log
        xkbContext = xkb_context_new(XKB_CONTEXT_NO_FLAGS)
        let me = Listener.data(self)
        seatListener.initialize(to: wl_seat_listener(
            capabilities: { data, _, caps in
                guard let data else { return }
                Listener.object(Seat.self, data).capabilities(caps)
            },
            name: { _, _, _ in }))
        touchListener.initialize(to: wl_touch_listener(
            down: { data, _, _, time, surface, id, x, y in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                // A finger on a decoration is libdecor's; its motion and up are then ignored too (never down here).
                guard seat.isWindow(surface) else { return }
                let t = seat.touchClock.seconds(milliseconds: time)
                let position = seat.sane(.init(wl_fixed_to_double(x), wl_fixed_to_double(y)), id: id)
                seat.deliver(seat.assembler.down(id: id, position: position, time: t))
            },
            up: { data, _, _, time, id in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.sanitizer.release(id: id)
                seat.deliver(seat.assembler.up(id: id, time: seat.touchClock.seconds(milliseconds: time)))
            },
            motion: { data, _, time, id, x, y in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                let t = seat.touchClock.seconds(milliseconds: time)
                let position = seat.sane(.init(wl_fixed_to_double(x), wl_fixed_to_double(y)), id: id)
                seat.deliver(seat.assembler.motion(id: id, position: position, time: t))
            },
            frame: { data, _ in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.deliver(seat.assembler.frame())
            },
            cancel: { data, _ in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.sanitizer = InputSanitizer(bounds: seat.sanitizer.bounds)
                seat.deliver(seat.assembler.cancel(time: seat.lastTime)) // cancel carries no time
            },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in }))
        pointerListener.initialize(to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.pointerOnWindow = seat.isWindow(surface)
                guard seat.pointerOnWindow == true else { return }
                seat.pointerPosition = seat.sane(.init(wl_fixed_to_double(x), wl_fixed_to_double(y)),
                                                 id: TouchFrameAssembler.pointerID)
                seat.setCursor(serial: serial)
            },
            leave: { data, _, _, _ in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                guard seat.pointerOnWindow != false else { return }
                seat.pointerOnWindow = false
                seat.deliver(seat.assembler.pointerUp(time: seat.lastTime)) // leave carries no time
            },
            motion: { data, _, time, x, y in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                guard seat.pointerOnWindow != false else { return }
                seat.pointerPosition = seat.sane(.init(wl_fixed_to_double(x), wl_fixed_to_double(y)),
                                                 id: TouchFrameAssembler.pointerID)
                let t = seat.pointerClock.seconds(milliseconds: time)
                seat.deliver(seat.assembler.pointerMotion(position: seat.pointerPosition, time: t))
            },
            button: { data, _, _, time, button, state in
                guard let data, button == 0x110 else { return } // BTN_LEFT
                let seat = Listener.object(Seat.self, data)
                guard seat.pointerOnWindow != false else { return }
                let t = seat.pointerClock.seconds(milliseconds: time)
                if state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue {
                    seat.deliver(seat.assembler.pointerDown(position: seat.pointerPosition, time: t))
                } else {
                    seat.deliver(seat.assembler.pointerUp(time: t))
                }
            },
            axis: { _, _, _, _, _ in },
            frame: { _, _ in },
            axis_source: { _, _, _ in },
            axis_stop: { _, _, _, _ in },
            axis_discrete: { _, _, _, _ in },
            axis_value120: { _, _, _, _ in }))
        keyboardListener.initialize(to: wl_keyboard_listener(
            keymap: { data, _, format, fd, size in
                guard let data else { close(fd); return }
                Listener.object(Seat.self, data).loadKeymap(format: format, fd: fd, size: size)
            },
            enter: { _, _, _, _, _ in },
            leave: { _, _, _, _ in },
            key: { data, _, _, _, key, state in
                guard let data, state == WL_KEYBOARD_KEY_STATE_PRESSED.rawValue else { return }
                Listener.object(Seat.self, data).keyPressed(key)
            },
            modifiers: { data, _, _, depressed, latched, locked, group in
                guard let data, let state = Listener.object(Seat.self, data).xkbState else { return }
                xkb_state_update_mask(state, depressed, latched, locked, 0, 0, group)
            },
            repeat_info: { _, _, _, _ in }))
        touchStampListener.initialize(to: zwp_input_timestamps_v1_listener(timestamp: { data, _, hi, lo, nsec in
            guard let data else { return }
            Listener.object(Seat.self, data).touchClock.setNextTimestamp(secondsHigh: hi, secondsLow: lo,
                                                                         nanoseconds: nsec)
        }))
        pointerStampListener.initialize(to: zwp_input_timestamps_v1_listener(timestamp: { data, _, hi, lo, nsec in
            guard let data else { return }
            Listener.object(Seat.self, data).pointerClock.setNextTimestamp(secondsHigh: hi, secondsLow: lo,
                                                                           nanoseconds: nsec)
        }))
        wl_seat_add_listener(seat, seatListener, me)
    }

    deinit {
        releaseTouch(cancelling: false)
        releasePointer(lifting: false)
        releaseKeyboard()
        if let xkbState { xkb_state_unref(xkbState) }
        if let xkbKeymap { xkb_keymap_unref(xkbKeymap) }
        if let xkbContext { xkb_context_unref(xkbContext) }
        for listener in [UnsafeMutableRawPointer(seatListener), UnsafeMutableRawPointer(touchListener), UnsafeMutableRawPointer(pointerListener), UnsafeMutableRawPointer(keyboardListener), UnsafeMutableRawPointer(touchStampListener), UnsafeMutableRawPointer(pointerStampListener)] { listener.deallocate() }
    }

    /// The time of the newest input event delivered, for events that carry none.
    private var lastTime: Double = 0

    /// `raw` through the sanitizer, with a debug line when a point starts being clamped.
    private func sane(_ raw: SIMD2<Double>, id: Int32) -> SIMD2<Double> {
        let (position, note) = sanitizer.position(raw, id: id)
        if let note { log(.debug, note) }
        return position
    }

    /// Whether input on `surface` is the window's: its own surface (any surface before there is a window).
    private func isWindow(_ surface: OpaquePointer?) -> Bool {
        guard let window = registry.windowSurface else { return true }
        return surface == window
    }

    private func setCursor(serial: UInt32) {
        guard let pointer else { return }
        if cursor == nil { cursor = PointerCursor(pointer: pointer, registry: registry, log: log) }
        if let report = cursor?.set(serial: serial) { onCursor?(report) }
    }

    private func deliver(_ frame: Touch.Frame?) {
        guard let frame else { return }
        if let newest = frame.changes.map(\.time).max() { lastTime = max(lastTime, newest) }
        onTouchFrame?(frame)
    }

    /// The seat's devices follow its capabilities both ways: a device that appears is bound; one that goes away
    /// is released (a compositor makes its objects inert, so keeping them would lose that input for good) and a
    /// touch sequence or pointer press in flight on it ends; when it comes back, a new object is bound.
    private func capabilities(_ caps: UInt32) {
        let bound = devices
        let (release, bind) = SeatDevice.changes(bound: bound, offered: SeatDevice.offered(by: caps))
        defer { if devices != bound { onDevicesChanged?(devices) } }
        for device in release {
            switch device {
            case .touch: releaseTouch(cancelling: true)
            case .pointer: releasePointer(lifting: true)
            case .keyboard: releaseKeyboard()
            }
        }
        let me = Listener.data(self)
        let stamps = registry.inputTimestamps?.proxy
        for device in bind {
            switch device {
            case .touch:
                guard let object = wl_seat_get_touch(seat) else { continue }
                touch = object
                wl_touch_add_listener(object, touchListener, me)
                if let stamps { touchStamps = watchTimestamps(zwp_input_timestamps_manager_v1_get_touch_timestamps(stamps, object), touchStampListener) }
            case .pointer:
                guard let object = wl_seat_get_pointer(seat) else { continue }
                pointer = object
                wl_pointer_add_listener(object, pointerListener, me)
                if let stamps { pointerStamps = watchTimestamps(zwp_input_timestamps_manager_v1_get_pointer_timestamps(stamps, object), pointerStampListener) }
            case .keyboard:
                guard let object = wl_seat_get_keyboard(seat) else { continue }
                keyboard = object
                wl_keyboard_add_listener(object, keyboardListener, me)
            }
        }
    }

    /// `release` exists from `wl_seat` version 3; before it the object can only be forgotten.
    private var canRelease: Bool { version >= 3 }

    /// Releases the touch device; with `cancelling`, fingers still down get a cancel frame (their gesture ends as
    /// the compositor's own `wl_touch.cancel` would end it).
    private func releaseTouch(cancelling: Bool) {
        guard let device = touch else { return }
        if cancelling, assembler.fingerIsDown { deliver(assembler.cancel(time: lastTime)) }
        if let touchStamps { zwp_input_timestamps_v1_destroy(touchStamps) }
        touchStamps = nil
        if canRelease { wl_touch_release(device) } else { wl_touch_destroy(device) }
        touch = nil
        sanitizer = InputSanitizer(bounds: sanitizer.bounds)
    }

    /// Releases the pointer; with `lifting`, a held button is let go (as when the pointer leaves the surface).
    private func releasePointer(lifting: Bool) {
        guard let device = pointer else { return }
        if lifting { deliver(assembler.pointerUp(time: lastTime)) }
        pointerOnWindow = nil
        cursor = nil // its shape device goes before the pointer it was made for
        if let pointerStamps { zwp_input_timestamps_v1_destroy(pointerStamps) }
        pointerStamps = nil
        if canRelease { wl_pointer_release(device) } else { wl_pointer_destroy(device) }
        pointer = nil
    }

    /// Releases the keyboard; the next one sends its own keymap.
    private func releaseKeyboard() {
        guard let device = keyboard else { return }
        if canRelease { wl_keyboard_release(device) } else { wl_keyboard_destroy(device) }
        keyboard = nil
    }

    /// Listens to an input-timestamps object (high-resolution times for the device's next events); returns it.
    private func watchTimestamps(_ object: OpaquePointer?,
                                 _ listener: UnsafeMutablePointer<zwp_input_timestamps_v1_listener>) -> OpaquePointer? {
        guard let object else { return nil }
        zwp_input_timestamps_v1_add_listener(object, listener, Listener.data(self))
        return object
    }

    private func loadKeymap(format: UInt32, fd: Int32, size: UInt32) {
        defer { close(fd) }
        guard format == WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1.rawValue, let context = xkbContext else { return }
        guard let map = mmap(nil, Int(size), PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else { return }
        defer { munmap(map, Int(size)) }
        let text = map.assumingMemoryBound(to: CChar.self)
        guard let keymap = xkb_keymap_new_from_string(context, text, XKB_KEYMAP_FORMAT_TEXT_V1,
                                                      XKB_KEYMAP_COMPILE_NO_FLAGS),
              let state = xkb_state_new(keymap) else { return }
        if let xkbState { xkb_state_unref(xkbState) }
        if let xkbKeymap { xkb_keymap_unref(xkbKeymap) }
        xkbKeymap = keymap
        xkbState = state
    }

    private func keyPressed(_ key: UInt32) {
        guard let state = xkbState else { return }
        let code = key + 8 // evdev → xkb keycode
        let sym = xkb_state_key_get_one_sym(state, code)
        if sym == UInt32(XKB_KEY_Escape) { onKey?(.escape); return }
        let scalarValue = xkb_state_key_get_utf32(state, code)
        // Tab is the one control character the app binds (scene switching); others stay `.other`.
        if scalarValue >= 0x20 || scalarValue == 0x09, let scalar = Unicode.Scalar(scalarValue) { onKey?(.character(Character(scalar))) }
        else { onKey?(.other(sym)) }
    }
}
