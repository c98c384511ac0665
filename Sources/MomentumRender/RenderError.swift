import CEGL

/// A renderer failure with a one-line message naming the failing call (and, for EGL, the error code in hex).
public struct RenderError: Error, CustomStringConvertible, Sendable {
    /// The one-line message.
    public let message: String

    /// An error carrying `message` as is.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// An error for a failed EGL call, reading `eglGetError()` now (call it right after the failure).
    static func egl(_ call: String) -> RenderError {
        egl(call, code: eglGetError())
    }

    /// An error for a failed EGL call with a known error code.
    static func egl(_ call: String, code: EGLint) -> RenderError {
        let hex = "0x" + String(UInt32(bitPattern: code), radix: 16, uppercase: true)
        return RenderError("\(call) failed: EGL error \(hex) (\(eglErrorName(code)))")
    }

    /// The spec name of an EGL error code.
    static func eglErrorName(_ code: EGLint) -> String {
        switch code {
        case EGL_SUCCESS: "EGL_SUCCESS"
        case EGL_NOT_INITIALIZED: "EGL_NOT_INITIALIZED"
        case EGL_BAD_ACCESS: "EGL_BAD_ACCESS"
        case EGL_BAD_ALLOC: "EGL_BAD_ALLOC"
        case EGL_BAD_ATTRIBUTE: "EGL_BAD_ATTRIBUTE"
        case EGL_BAD_CONFIG: "EGL_BAD_CONFIG"
        case EGL_BAD_CONTEXT: "EGL_BAD_CONTEXT"
        case EGL_BAD_CURRENT_SURFACE: "EGL_BAD_CURRENT_SURFACE"
        case EGL_BAD_DISPLAY: "EGL_BAD_DISPLAY"
        case EGL_BAD_MATCH: "EGL_BAD_MATCH"
        case EGL_BAD_NATIVE_PIXMAP: "EGL_BAD_NATIVE_PIXMAP"
        case EGL_BAD_NATIVE_WINDOW: "EGL_BAD_NATIVE_WINDOW"
        case EGL_BAD_PARAMETER: "EGL_BAD_PARAMETER"
        case EGL_BAD_SURFACE: "EGL_BAD_SURFACE"
        case EGL_CONTEXT_LOST: "EGL_CONTEXT_LOST"
        default: "unknown"
        }
    }
}
