import CWaylandClient
import Foundation
import Testing
import WaylandClient

/// `EventLoop.run` against a real weston: events that something else read from the connection while the app drew
/// (Mesa inside `eglSwapBuffers`, or a round trip on its own queue, reads every event the compositor sent and queues
/// the app's on the default queue, where the loop's poll does not see them) are dispatched and followed by
/// `afterDispatch` at once, not at the next wake-up.
@Suite(.serialized) struct EventLoopEndToEndTests {
    /// What the test's callbacks saw, shared with the C listener through its user data.
    final class Seen {
        var done = false
        var calls: [(at: ContinuousClock.Instant, done: Bool)] = []
    }

    /// A loop on a connection to a weston of its own, for `body`.
    static func withLoop(_ body: (Display, EventLoop) throws -> Void) throws {
        let started = try startWeston(width: 320, height: 240)
        defer { started.weston.stop() }
        let display = try Display(socket: started.weston.runtimeDir + "/" + started.weston.waylandDisplay)
        // The loop blocks the signals it takes for this thread; the test's thread gets its mask back after it (a
        // child a later test starts from it inherits the mask).
        var mask = sigset_t()
        pthread_sigmask(SIG_SETMASK, nil, &mask)
        defer { pthread_sigmask(SIG_SETMASK, &mask, nil) }
        let loop = EventLoop(display: display)
        try body(display, loop)
    }

    @Test func eventsReadDuringAFrameAreFollowedByAfterDispatchAtOnce() throws {
        try Self.withLoop { display, loop in
            let seen = Seen()
            let context = Unmanaged.passRetained(seen)
            defer { context.release() }
            var listener = wl_callback_listener(done: { data, callback, _ in
                if let data { Unmanaged<Seen>.fromOpaque(data).takeUnretainedValue().done = true }
                wl_callback_destroy(callback)
            })
            // Far longer than the test waits for: an afterDispatch this late came from the poll's timeout.
            let sleep = 10.0
            var queuedAt = ContinuousClock.now
            let exit = withUnsafeMutablePointer(to: &listener) { listener in
                loop.run {
                    seen.calls.append((ContinuousClock.now, seen.done))
                    switch seen.calls.count {
                    case 1:
                        // A frame: a sync on the default queue (an event the app handles, as a touch), then a
                        // round trip on another queue (as Mesa's), which reads the sync's `done` and queues it.
                        if !Self.queueAnEvent(on: display, listener: listener, context: context.toOpaque()) {
                            loop.stop(code: 1, reason: "queueing an event failed")
                        }
                        // Read and queued, not dispatched: the loop's poll will not wake for it.
                        if seen.done {
                            loop.stop(code: 1, reason: "the sync's done was dispatched by the round trip")
                        }
                        queuedAt = ContinuousClock.now
                        return sleep
                    default:
                        loop.stop(code: 0, reason: "after the sync's done")
                        return sleep
                    }
                }
            }
            #expect(exit == .requested(code: 0, reason: "after the sync's done"), "\(exit)")
            // The afterDispatch that followed the queued event saw it handled, and came at once, not at the timeout.
            let after = try #require(seen.calls.count >= 2 ? seen.calls[1] : nil)
            #expect(after.done, "the second afterDispatch came before the sync's done was dispatched")
            let waited = after.at - queuedAt
            #expect(waited < .seconds(sleep / 2), "afterDispatch came \(waited) after the event was queued")
        }
    }

    /// Queues an event for the default queue without dispatching it, as Mesa's swap does: a sync on the default
    /// queue, then a round trip on a queue of its own, which reads the sync's `done` from the socket. False if any
    /// step failed.
    static func queueAnEvent(on display: Display, listener: UnsafePointer<wl_callback_listener>,
                             context: UnsafeMutableRawPointer?) -> Bool {
        guard let callback = wl_display_sync(display.pointer) else { return false }
        wl_callback_add_listener(callback, listener, context)
        guard let queue = wl_display_create_queue(display.pointer) else { return false }
        defer { wl_event_queue_destroy(queue) }
        guard let wrapper = wl_proxy_create_wrapper(UnsafeMutableRawPointer(display.pointer)) else { return false }
        defer { wl_proxy_wrapper_destroy(wrapper) }
        wl_proxy_set_queue(OpaquePointer(wrapper), queue)
        return wl_display_roundtrip_queue(display.pointer, queue) >= 0
    }

    /// A frame whose swap reads the next events every time (a slow llvmpipe frame that finds the next callback
    /// already sent) keeps the loop in its queued batches: it still looks at its other sources (and the signals)
    /// within a few frames, not only once the events stop.
    @Test func framesThatAlwaysQueueEventsDoNotStarveTheOtherSources() throws {
        try Self.withLoop { display, loop in
            var pipeFDs: [Int32] = [-1, -1]
            try #require(pipe(&pipeFDs) == 0)
            defer { close(pipeFDs[0]); close(pipeFDs[1]) }
            // Readable from the start: the loop serves it at its first poll.
            var byte: UInt8 = 1
            try #require(write(pipeFDs[1], &byte, 1) == 1)
            var frames = 0
            loop.add(EventLoop.Source(name: "the test's pipe", fd: pipeFDs[0]) {
                loop.stop(code: 0, reason: "the pipe served after \(frames) frames")
                return true
            })
            let seen = Seen()
            let context = Unmanaged.passRetained(seen)
            defer { context.release() }
            var listener = wl_callback_listener(done: { _, callback, _ in wl_callback_destroy(callback) })
            let exit = withUnsafeMutablePointer(to: &listener) { listener in
                loop.run {
                    frames += 1
                    if frames > 50 {
                        loop.stop(code: 1, reason: "the pipe not served in 50 frames")
                    } else if !Self.queueAnEvent(on: display, listener: listener, context: context.toOpaque()) {
                        loop.stop(code: 1, reason: "queueing an event failed")
                    }
                    return 10
                }
            }
            guard case .requested(let code, let reason) = exit else {
                Issue.record("the loop ended otherwise: \(exit)")
                return
            }
            #expect(code == 0, "\(reason)")
            #expect(frames <= 10, "\(reason)")
        }
    }
}
