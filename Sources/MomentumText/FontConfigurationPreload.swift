import CFontconfig
import Glibc
import Synchronization

/// Loading fontconfig's system configuration (parsing its ~60 files and mapping its caches: ~3.3 ms of CPU here,
/// more on a loaded machine) on a thread of its own, so that the first frame's text does not wait for it: `run`
/// starts it as it starts EGL, before the compositor has answered the window. The first `Fonts` made for the
/// system configuration waits for the thread to finish (`FontLookup`), so it is never loaded twice.
public enum FontConfigurationPreload {
    /// The loading thread while nobody has waited for it yet.
    private static let loading = Mutex<pthread_t?>(nil)

    /// Starts loading the configuration on a thread of its own (once; later calls do nothing). Call after blocking
    /// the signals the caller reads itself (the thread inherits the mask) and after the last `setenv` of the
    /// process (fontconfig reads the environment as it loads). When no thread can be made, the first `Fonts` loads
    /// the configuration itself.
    public static func start() {
        loading.withLock { thread in
            guard thread == nil else { return }
            var made = pthread_t()
            let status = pthread_create(&made, nil, { _ in
                FcInit()
                return nil
            }, nil)
            if status == 0 { thread = made }
        }
    }

    /// Waits until the configuration started by `start` is loaded (at once when none was started or it was
    /// waited for already).
    static func wait() {
        let thread = loading.withLock { thread in
            defer { thread = nil }
            return thread
        }
        if let thread { pthread_join(thread, nil) }
    }
}
