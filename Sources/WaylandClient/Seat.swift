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
    /// Called with what the wheel or touchpad scrolled, once per `wl_pointer.frame`.
    public var onScroll: ((Touch.Scroll) -> Void)?
    /// Called with a touchpad's pinch on the window (`zwp_pointer_gestures_v1`, where offered).
    public var onPinch: ((Touch.Pinch) -> Void)?
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
        get { input.surfaceSize }
        set { input.surfaceSize = newValue }
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
    private var pinchGesture: OpaquePointer?
    /// The input chain: timestamps, sanitizer, touch-frame assembly.
    private var input = SeatInput()
    private let log: (PlatformLogLevel, String) -> Void
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
    private let pinchListener = UnsafeMutablePointer<zwp_pointer_gesture_pinch_v1_listener>.allocate(capacity: 1)

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
                let raw = SIMD2(wl_fixed_to_double(x), wl_fixed_to_double(y))
                seat.deliver(seat.input.touchDown(id: id, at: raw, ms: time, onWindow: seat.isWindow(surface)))
            },
            up: { data, _, _, time, id in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.deliver(seat.input.touchUp(id: id, ms: time))
            },
            motion: { data, _, time, id, x, y in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.deliver(seat.input.touchMotion(id: id, to: SIMD2(wl_fixed_to_double(x), wl_fixed_to_double(y)),
                                                    ms: time))
            },
            frame: { data, _ in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.deliver(seat.input.touchFrame())
            },
            cancel: { data, _ in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.deliver(seat.input.touchCancel())
            },
            shape: { _, _, _, _, _ in },
            orientation: { _, _, _, _ in }))
        pointerListener.initialize(to: wl_pointer_listener(
            enter: { data, _, serial, surface, x, y in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                let raw = SIMD2(wl_fixed_to_double(x), wl_fixed_to_double(y))
                let onWindow = seat.input.pointerEnter(at: raw, onWindow: seat.isWindow(surface))
                seat.deliver(nil)
                if onWindow { seat.setCursor(serial: serial) }
            },
            leave: { data, _, _, _ in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.deliver(seat.input.pointerLeave())
            },
            motion: { data, _, time, x, y in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.deliver(seat.input.pointerMotion(to: SIMD2(wl_fixed_to_double(x), wl_fixed_to_double(y)),
                                                      ms: time))
            },
            button: { data, _, _, time, button, state in
                guard let data, button == 0x110 else { return } // BTN_LEFT
                let seat = Listener.object(Seat.self, data)
                seat.deliver(seat.input.pointerButton(pressed: state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue,
                                                      ms: time))
            },
            axis: { data, _, time, axis, value in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                seat.input.pointerAxis(axis, value: wl_fixed_to_double(value), ms: time)
                // Before version 5 there is no frame event: each axis event is its own frame.
                if seat.version < 5 { seat.deliverScroll() }
            },
            frame: { data, _ in
                guard let data else { return }
                Listener.object(Seat.self, data).deliverScroll()
            },
            axis_source: { data, _, source in
                guard let data else { return }
                Listener.object(Seat.self, data).input.pointerAxisSource(source)
            },
            axis_stop: { data, _, time, axis in
                guard let data else { return }
                Listener.object(Seat.self, data).input.pointerAxisStop(axis, ms: time)
            },
            axis_discrete: { data, _, axis, discrete in
                guard let data else { return }
                Listener.object(Seat.self, data).input.pointerAxisSteps(axis, steps: Double(discrete))
            },
            axis_value120: { data, _, axis, value in
                guard let data else { return }
                Listener.object(Seat.self, data).input.pointerAxisSteps(axis, steps: Double(value) / 120)
            }))
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
            Listener.object(Seat.self, data).input.timestamp(secondsHigh: hi, secondsLow: lo, nanoseconds: nsec,
                                                             pointer: false)
        }))
        pointerStampListener.initialize(to: zwp_input_timestamps_v1_listener(timestamp: { data, _, hi, lo, nsec in
            guard let data else { return }
            Listener.object(Seat.self, data).input.timestamp(secondsHigh: hi, secondsLow: lo, nanoseconds: nsec,
                                                             pointer: true)
        }))
        pinchListener.initialize(to: zwp_pointer_gesture_pinch_v1_listener(
            begin: { data, _, _, time, surface, _ in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                if let pinch = seat.input.pinchBegin(onWindow: seat.isWindow(surface), ms: time) { seat.onPinch?(pinch) }
            },
            update: { data, _, time, _, _, scale, rotation in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                if let pinch = seat.input.pinchUpdate(scale: wl_fixed_to_double(scale), degrees: wl_fixed_to_double(rotation),
                                                      ms: time) { seat.onPinch?(pinch) }
            },
            end: { data, _, _, time, cancelled in
                guard let data else { return }
                let seat = Listener.object(Seat.self, data)
                if let pinch = seat.input.pinchEnd(cancelled: cancelled != 0, ms: time) { seat.onPinch?(pinch) }
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
        for listener in [UnsafeMutableRawPointer(seatListener), UnsafeMutableRawPointer(touchListener), UnsafeMutableRawPointer(pointerListener), UnsafeMutableRawPointer(keyboardListener), UnsafeMutableRawPointer(touchStampListener), UnsafeMutableRawPointer(pointerStampListener), UnsafeMutableRawPointer(pinchListener)] { listener.deallocate() }
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

    /// Logs what the sanitizer noted and hands `frame` on.
    private func deliverScroll() {
        if let scroll = input.pointerFrame() { onScroll?(scroll) }
    }

    private func deliver(_ frame: Touch.Frame?) {
        for note in input.takeNotes() { log(.debug, note) }
        guard let frame else { return }
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
                if let gestures = registry.pointerGestures?.proxy,
                   let gesture = zwp_pointer_gestures_v1_get_pinch_gesture(gestures, object) {
                    pinchGesture = gesture
                    zwp_pointer_gesture_pinch_v1_add_listener(gesture, pinchListener, me)
                }
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
        deliver(input.releaseTouch(cancelling: cancelling))
        if let touchStamps { zwp_input_timestamps_v1_destroy(touchStamps) }
        touchStamps = nil
        if canRelease { wl_touch_release(device) } else { wl_touch_destroy(device) }
        touch = nil
    }

    /// Releases the pointer; with `lifting`, a held button is let go (as when the pointer leaves the surface).
    private func releasePointer(lifting: Bool) {
        guard let device = pointer else { return }
        deliver(input.releasePointer(lifting: lifting))
        cursor = nil // its shape device goes before the pointer it was made for
        if let pinchGesture {
            // A pinch in progress ends cancelled (not at teardown: nothing listens then).
            if let ended = input.pinchEnd(cancelled: true, ms: 0), lifting { onPinch?(ended) }
            zwp_pointer_gesture_pinch_v1_destroy(pinchGesture)
        }
        pinchGesture = nil
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
