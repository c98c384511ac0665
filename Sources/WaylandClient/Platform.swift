import CWaylandClient
import CWaylandProtocols
import CXKBCommon
import MomentumCore
/// Namespace for the Wayland platform layer.
public enum Platform {}
