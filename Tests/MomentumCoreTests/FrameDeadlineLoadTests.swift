import Testing
@testable import MomentumCore

/// The slack on a machine loaded now and then (other builds beside it start and stop): once the kept wake → commit
/// times hold late wake-ups enough to call the machine loaded, the start leaves room for the longest of them, not
/// only for the high percentile, until they leave the history.
struct FrameDeadlineLoadTests {
    /// Weston headless's timing (`FrameDeadlineTests.Compositor`'s default): a 25 ms cycle, the latch 24.5 ms after
    /// the callback, a 1.5 ms build. A quiet machine for 300 frames, a loaded spell from frame 300 to 350 (six
    /// wake-ups 5 ms late, one 15 ms late), quiet again, and at frame 550 the next spell's first late wake-up, 14 ms
    /// late; quiet after it.
    static func spells(atCallback: Bool = false) -> FrameDeadlineTests.Outcome {
        var frame = 0
        return FrameDeadlineTests.run({ _ in FrameDeadlineTests.Compositor() }, frames: 1200,
                                      atCallback: atCallback) { _ in
            defer { frame += 1 }
            switch frame {
            case 305, 312, 319, 326, 333, 340: return 0.005
            case 330: return 0.015
            case 550: return 0.014
            default: return 0
            }
        }
    }

    @Test("after a loaded spell the start keeps room for its longest wake-up: the next spell's first late wake-up costs no frame the callback start makes")
    func roomForTheLongestWakeUpOfASpell() {
        let learned = Self.spells(), atCallback = Self.spells(atCallback: true)
        // At the callback a wake-up 14 or 15 ms late still commits ~16.5 ms after it, before the latch.
        #expect(atCallback.lateAt.isEmpty, "\(atCallback.lateAt)")
        // Before, the slack after the spell was its third longest wake → commit time (6.5 ms) plus half a margin: the
        // start ~16.5 ms after the callback, and frame 550 committed ~32 ms after it, a cycle late.
        #expect(!learned.lateAt.contains(550), "frame 550 started \(1000 * learned.waits[550]) ms after its callback")
        // The spell's own first wake-up of each length may cost its frame (nothing foretold it); nothing after it.
        #expect(learned.lateAt.allSatisfy { (300..<350).contains($0) }, "late: \(learned.lateAt)")
    }

    @Test("the start comes back once the loaded spell has left the kept wake → commit times (512 frames), and a quiet machine's start is not moved")
    func comesBackWhenQuiet() {
        let learned = Self.spells()
        let before = learned.waits[250..<300].min() ?? 0
        let after = learned.waits[1150..<1200].min() ?? 0
        #expect(before > 0.018, "waits before the spell: \(before)")
        #expect(after >= before - 0.001, "waits \(after) s long after the spells against \(before) s before them")
        // While the spell is kept, the start leaves the longest wake-up's room: at most 24.5 − 15 − 1.5 ms after.
        let kept = learned.waits[500..<550].max() ?? 1
        #expect(kept < 0.008, "waits \(kept) s after the spell")
    }
}
