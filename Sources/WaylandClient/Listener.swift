/// The one bridge between a C listener's `void *data` and the Swift object behind it.
///
/// Objects pass themselves unretained: they outlive their proxies, which they destroy in deinit (the window also
/// frees the one-shot presentation feedback objects still unanswered when it goes).
enum Listener {
    /// `object` as listener user data (unretained).
    @inline(__always)
    static func data(_ object: AnyObject) -> UnsafeMutableRawPointer { Unmanaged.passUnretained(object).toOpaque() }

    /// The object behind listener user data made by `data(_:)`.
    @inline(__always)
    static func object<T: AnyObject>(_ type: T.Type, _ data: UnsafeMutableRawPointer) -> T {
        Unmanaged<T>.fromOpaque(data).takeUnretainedValue()
    }
}
