import Glibc

/// How many threads llvmpipe (Mesa's software rasteriser) rasterises with, chosen by the window's size before EGL
/// starts: llvmpipe reads `LP_NUM_THREADS` once, when the EGL display is initialised, and keeps its threads for the
/// process's life (docs/benchmarks/renderer.md, "Rasterising on the drawing thread in small windows").
///
/// Most frames draw a few thousand pixels (a turning satellite, a pull line, the HUD): handing those to llvmpipe's
/// threads and waiting for them (futexes, context switches) costs more than it saves, so a window of at most
/// `callingThreadLimit` buffer pixels rasterises on the drawing thread (`LP_NUM_THREADS=0`). A larger window keeps a
/// thread per core, which its full redraws (the first frame, a resize, a scrolled list's tiles) need. Drivers other
/// than llvmpipe ignore the variable; one the user set is kept as it is.
public enum RasterThreads {
    /// The largest window, in buffer pixels, whose frames are rasterised on the drawing thread: 800x600 (and
    /// 360x720 at scale 2, 1280x800) gain, 1920x1080 and larger lose on their larger redraws (a scrolled list's
    /// tiles: docs/benchmarks/scenes.md, "Rasterising on the drawing thread").
    public static let callingThreadLimit = 1280 * 1024

    /// The `LP_NUM_THREADS` value for a window of `width`×`height` buffer px when the variable is `current` (nil:
    /// unset): "0" for a window of at most `callingThreadLimit` px, nil (leave llvmpipe's default, one thread per
    /// core, or what the user set) otherwise.
    public static func setting(width: Int, height: Int, current: String?) -> String? {
        guard current == nil, width > 0, height > 0, width * height <= callingThreadLimit else { return nil }
        return "0"
    }

    /// Sets `LP_NUM_THREADS` for a window of `width`×`height` buffer px (see `setting`). Call it before the first
    /// EGL display is initialised; later it changes nothing. Returns the value set, nil when none was.
    @discardableResult
    public static func choose(width: Int, height: Int) -> String? {
        let current = getenv(variable).map { String(cString: $0) }
        guard let value = setting(width: width, height: height, current: current) else { return nil }
        guard setenv(variable, value, 0) == 0 else { return nil }
        return value
    }

    /// The variable llvmpipe reads.
    public static let variable = "LP_NUM_THREADS"
}
