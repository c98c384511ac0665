/// One `wp_presentation_feedback.presented`: when and how a committed frame reached the screen.
public struct Presentation: Sendable, Equatable {
    /// The window's sequence number of the frame.
    public var sequence: UInt64
    /// When it was shown, in the compositor's presentation clock (ns).
    public var nanoseconds: UInt64
    /// The output's refresh period the compositor reports (ns; 0 when it does not know, e.g. variable refresh).
    public var refreshNanoseconds: UInt32
    /// The output's vertical retrace counter (MSC) at that time (0 when the compositor has none).
    public var msc: UInt64
    /// `wp_presentation_feedback.kind` bits.
    public var flags: UInt32

    /// Creates a presentation record.
    public init(sequence: UInt64, nanoseconds: UInt64, refreshNanoseconds: UInt32, msc: UInt64 = 0, flags: UInt32 = 0) {
        self.sequence = sequence
        self.nanoseconds = nanoseconds
        self.refreshNanoseconds = refreshNanoseconds
        self.msc = msc
        self.flags = flags
    }
}
