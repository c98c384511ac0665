import CEGL
import CGLES
import CWaylandEGL
/// Namespace for the EGL/GLES renderer.
public enum Render {}
