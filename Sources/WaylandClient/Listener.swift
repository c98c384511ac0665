/// The one bridge between a C listener's `void *data` and the Swift object behind it.
///
/// Long-lived objects (display, registry, seat, window, output) pass themselves unretained: they outlive their
/// proxies, which they destroy in deinit. A one-shot proxy (a presentation feedback) carries a retained box that
/// its single final callback takes back.
enum Listener {
    /// `object` as listener user data (unretained).
    @inline(__always)
    static func data(_ object: AnyObject) -> UnsafeMutableRawPointer { Unmanaged.passUnretained(object).toOpaque() }

    /// The object behind listener user data made by `data(_:)`.
    @inline(__always)
    static func object<T: AnyObject>(_ type: T.Type, _ data: UnsafeMutableRawPointer) -> T {
        Unmanaged<T>.fromOpaque(data).takeUnretainedValue()
    }

    /// `object` as user data that keeps it alive until `takeRetained` is called once.
    @inline(__always)
    static func retainedData(_ object: AnyObject) -> UnsafeMutableRawPointer { Unmanaged.passRetained(object).toOpaque() }

    /// The object behind user data made by `retainedData(_:)`, releasing that reference.
    @inline(__always)
    static func takeRetained<T: AnyObject>(_ type: T.Type, _ data: UnsafeMutableRawPointer) -> T {
        Unmanaged<T>.fromOpaque(data).takeRetainedValue()
    }
}
