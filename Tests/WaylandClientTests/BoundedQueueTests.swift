import Testing
@testable import WaylandClient

/// Requests the compositor may never answer (presentation feedback under sway 1.7 headless) are bounded.
struct BoundedQueueTests {
    @Test func aQueueNeverAnsweredHoldsAtMostItsLimitAndEvictsTheOldest() {
        var queue = BoundedQueue<Int>(limit: Window.unansweredFeedbackLimit)
        var evicted: [Int] = []
        for frame in 0..<1000 { if let old = queue.append(frame) { evicted.append(old) } }
        #expect(queue.count == Window.unansweredFeedbackLimit)
        #expect(evicted == Array(0..<(1000 - Window.unansweredFeedbackLimit)))
    }

    @Test func answeredElementsLeaveFromAnywhereAndFreeTheirPlace() {
        var queue = BoundedQueue<Int>(limit: 3)
        #expect(queue.append(1) == nil && queue.append(2) == nil && queue.append(3) == nil)
        #expect(queue.remove { $0 == 2 } == 2)
        #expect(queue.remove { $0 == 2 } == nil)
        #expect(queue.append(4) == nil)
        #expect(queue.append(5) == 1)
        #expect(queue.removeFirst() == 3 && queue.removeFirst() == 4 && queue.removeFirst() == 5)
        #expect(queue.removeFirst() == nil && queue.count == 0)
    }
}
