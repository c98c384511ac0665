import CEGL
import Synchronization

/// Counts the contexts using each EGLDisplay, so that one context going away does not terminate a display another
/// still uses (eglGetPlatformDisplay returns the same handle for the same native display, and eglTerminate is not
/// reference counted).
enum EGLDisplayUsers {
    private static let counts = Mutex<[Int: Int]>([:])

    /// Initializes `display` (if needed) and records one more user; returns the EGL version.
    static func acquire(_ display: EGLDisplay) throws -> (major: EGLint, minor: EGLint) {
        try counts.withLock { counts in
            var major: EGLint = 0
            var minor: EGLint = 0
            guard eglInitialize(display, &major, &minor) == EGLBoolean(EGL_TRUE) else {
                throw RenderError.egl("eglInitialize")
            }
            counts[Int(bitPattern: display), default: 0] += 1
            return (major, minor)
        }
    }

    /// Records one user fewer and terminates `display` when nobody uses it any more.
    static func release(_ display: EGLDisplay) {
        counts.withLock { counts in
            let key = Int(bitPattern: display)
            let remaining = (counts[key] ?? 1) - 1
            if remaining <= 0 {
                counts[key] = nil
                eglTerminate(display)
            } else {
                counts[key] = remaining
            }
        }
    }
}
