import CWaylandClient
import CWaylandProtocols

/// The globals Momentum binds: the interface name the registry announces, the highest version this client speaks,
/// and the generated interface description to bind with — one typed table.
enum Global: String, CaseIterable {
    /// `wl_compositor` (required).
    case compositor = "wl_compositor"
    /// `xdg_wm_base` (required).
    case wmBase = "xdg_wm_base"
    /// `wl_subcompositor`.
    case subcompositor = "wl_subcompositor"
    /// `wl_seat`.
    case seat = "wl_seat"
    /// `wp_presentation`.
    case presentation = "wp_presentation"
    /// `wp_viewporter`.
    case viewporter = "wp_viewporter"
    /// `wp_fractional_scale_manager_v1`.
    case fractionalScale = "wp_fractional_scale_manager_v1"
    /// `zxdg_decoration_manager_v1`.
    case decorationManager = "zxdg_decoration_manager_v1"
    /// `zwp_input_timestamps_manager_v1`.
    case inputTimestamps = "zwp_input_timestamps_manager_v1"
    /// `wl_output`.
    case output = "wl_output"
    /// `wl_shm` (cursor theme images).
    case shm = "wl_shm"
    /// `wp_cursor_shape_manager_v1`.
    case cursorShape = "wp_cursor_shape_manager_v1"
    /// `zwp_idle_inhibit_manager_v1`.
    case idleInhibit = "zwp_idle_inhibit_manager_v1"
    /// `zwp_pointer_gestures_v1` (a touchpad's pinch).
    case pointerGestures = "zwp_pointer_gestures_v1"

    /// The highest version this client speaks.
    var supportedVersion: UInt32 {
        switch self {
        case .compositor, .wmBase: 5
        case .seat: 8
        case .output: 4
        case .subcompositor, .presentation, .viewporter, .fractionalScale, .decorationManager, .inputTimestamps,
             .shm, .cursorShape, .idleInhibit, .pointerGestures: 1
        }
    }

    /// The generated interface description.
    var interface: UnsafePointer<wl_interface> {
        switch self {
        case .compositor: mo_wl_compositor_interface()
        case .wmBase: mo_xdg_wm_base_interface()
        case .subcompositor: mo_wl_subcompositor_interface()
        case .seat: mo_wl_seat_interface()
        case .presentation: mo_wp_presentation_interface()
        case .viewporter: mo_wp_viewporter_interface()
        case .fractionalScale: mo_wp_fractional_scale_manager_v1_interface()
        case .decorationManager: mo_zxdg_decoration_manager_v1_interface()
        case .inputTimestamps: mo_zwp_input_timestamps_manager_v1_interface()
        case .output: mo_wl_output_interface()
        case .shm: mo_wl_shm_interface()
        case .cursorShape: mo_wp_cursor_shape_manager_v1_interface()
        case .idleInhibit: mo_zwp_idle_inhibit_manager_v1_interface()
        case .pointerGestures: mo_zwp_pointer_gestures_v1_interface()
        }
    }
}
