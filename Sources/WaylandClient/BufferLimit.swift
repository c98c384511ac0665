/// The largest buffer the window draws: a side no longer than the GPU draws (`GL_MAX_VIEWPORT_DIMS`,
/// `GL_MAX_RENDERBUFFER_SIZE`, `GL_MAX_TEXTURE_SIZE`) and no more pixels than a byte budget. A configure (or
/// `--size`) that asks for more at the scale in effect gets the largest logical size of the same shape that fits:
/// llvmpipe crashes in `eglSwapBuffers` on a 32768² buffer, and a GPU refuses one past its limits.
public struct BufferLimit: Sendable, Equatable {
    /// The longest buffer side in pixels.
    public var side: Int32
    /// The most pixels in one buffer (4 bytes each).
    public var pixels: Int

    /// Before the GPU's limits are known: 16384 px a side, 256 MiB a buffer.
    public static let standard = BufferLimit(side: 16384, pixels: 64 << 20)

    /// Creates a limit.
    public init(side: Int32, pixels: Int) {
        self.side = max(side, 1)
        self.pixels = max(pixels, 1)
    }

    /// This limit narrowed to what a GPU draws (`maximumSide`: the smallest of its viewport, renderbuffer and
    /// texture limits; zero or less means unknown and changes nothing).
    public func narrowed(toSide maximumSide: Int32) -> BufferLimit {
        maximumSide > 0 ? BufferLimit(side: min(side, maximumSide), pixels: pixels) : self
    }

    /// The logical size to draw for `size` at `scale`: `size` itself when its buffer fits, else the largest size of
    /// the same shape whose buffer does (at least 1×1).
    public func cap(_ size: ConfigureState.Size, scale: Double) -> ConfigureState.Size {
        guard fits(size, scale: scale) else {
            let w = Double(max(size.width, 1)), h = Double(max(size.height, 1))
            var factor = min(1, Double(side) / (w * scale), Double(side) / (h * scale))
            factor = min(factor, (Double(pixels) / (w * h * scale * scale)).squareRoot())
            var capped = ConfigureState.Size(width: max(1, Int32(w * factor)), height: max(1, Int32(h * factor)))
            // Rounding the buffer up may still pass the limit by a pixel: shrink until it fits.
            while !fits(capped, scale: scale) && (capped.width > 1 || capped.height > 1) {
                capped.width = max(1, capped.width - 1)
                capped.height = max(1, capped.height - 1)
            }
            return capped
        }
        return size
    }

    /// Whether `size` at `scale` makes a buffer within the limit.
    public func fits(_ size: ConfigureState.Size, scale: Double) -> Bool {
        let w = Int((Double(size.width) * scale).rounded()), h = Int((Double(size.height) * scale).rounded())
        return w <= Int(side) && h <= Int(side) && w * h <= pixels
    }
}
