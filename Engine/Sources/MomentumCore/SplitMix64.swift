/// SplitMix64 (Steele, Lea, Flood 2014): a tiny deterministic generator, the same on every platform and Swift
/// version, for reproducible jitter and noise (`momentum trace --seed`, the tests' jittered frames and flicks).
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1) from the top 53 bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A uniform double in [−amplitude, amplitude).
    public mutating func symmetric(_ amplitude: Double) -> Double { (nextUnit() * 2 - 1) * amplitude }
}
