import MomentumCore

/// Each finger down with its `TouchPredictor`, and the input clock's relation to the host clock, so a finger can be
/// predicted at a presentation time on the host clock.
///
/// Input events are stamped when the touchscreen sampled them, on CLOCK_MONOTONIC as every compositor does
/// (`zwp_input_timestamps_v1`'s nanoseconds, or the events' u32 milliseconds): then the host time of a presentation
/// is the finger's time too, and the sample's age at arrival (transport, the compositor's dispatch) is part of what
/// the prediction must cover, not an offset to take out. Only when the event times are far from the arrivals (the
/// u32 milliseconds wrapped after 49.7 days up, or a compositor with a clock of its own) is the input clock put on
/// the host clock by the least arrival − event time of recent samples.
///
/// The presentation time a frame is predicted for is the frame deadline's estimate (the on-time callback → present
/// latency after its callback). Where frames are shown later than that as a rule — a nested compositor shows a frame
/// one of its parent's repaints later about half the time, and the estimate is the on-time latency's 25th
/// percentile — the finger would be drawn short of where it is. So the horizon follows the measured latency: each
/// predicted frame's presentation is compared with the estimate it was drawn for, and the median of the recent
/// differences is added to the estimate. The horizon is capped at `maxHorizon` (100 ms: a nested compositor's
/// ~75 ms touch → present with room to spare); the panel is then drawn at most the finger's travel in the horizon
/// past a finger that stops without braking first, less where the braking shows in its samples.
///
/// Where the compositor gives no `zwp_input_timestamps_v1` (wlroots 0.15, mutter's remote-desktop touch), an event's
/// time is the whole millisecond it fell in: the sample was taken up to 1 ms after it, half a millisecond on average.
/// Such a time is taken as the middle of its millisecond, or the finger would be extrapolated half a millisecond too
/// far (0.5 px at 1000 px/s).
struct FingerPredictions: Sendable {
    /// Arrival − event time beyond which the input clock is not the host's (s).
    static let sameClockTolerance = 1.0
    /// The longest extrapolation (s).
    static let maxHorizon = 0.100
    /// How many recent presentations the correction is the median of.
    static let correctionWindow = 32
    /// The correction is kept within this (s): a presentation estimate off by more is the estimate's to learn.
    static let maxCorrection = 0.050
    private var predictors: [Int32: TouchPredictor] = [:]
    /// Arrival − event time of recent samples (s).
    private var delays: [Double] = []
    /// The presentation time each committed frame was predicted for, by sequence, until its feedback comes.
    private var awaited: [(sequence: UInt64, presentation: Double)] = []
    /// Presented − predicted presentation time of recent frames (s).
    private var misses: [Double] = []

    /// What is added to a frame's estimated presentation time (s): the median of recent presented − estimated
    /// times, 0 before any.
    var correction: Double {
        guard !misses.isEmpty else { return 0 }
        let sorted = misses.sorted()
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return max(-Self.maxCorrection, min(Self.maxCorrection, median))
    }

    /// Frame `sequence`, estimated to be shown at `presentation` (host s), was committed.
    mutating func committed(sequence: UInt64, presentation: Double) {
        awaited.append((sequence, presentation))
        if awaited.count > 16 { awaited.removeFirst() }
    }

    /// Frame `sequence` was shown at `time` (host s); frames committed before it and not shown never will be.
    mutating func presented(sequence: UInt64, at time: Double) {
        guard let index = awaited.firstIndex(where: { $0.sequence == sequence }) else {
            awaited.removeAll { $0.sequence < sequence }
            return
        }
        misses.append(time - awaited[index].presentation)
        if misses.count > Self.correctionWindow { misses.removeFirst() }
        awaited.removeFirst(index + 1)
    }

    /// Host time − input time: 0 when the input clock is the host's.
    private var offset: Double? {
        guard let least = delays.min() else { return nil }
        return abs(least) < Self.sameClockTolerance ? 0 : least
    }

    /// Whether the input's times are whole milliseconds: this sample's and the one before were (exact times at
    /// 120 Hz from a whole second are whole milliseconds one sample in three, never two in a row).
    private var wholeMilliseconds = false
    private var lastWasWhole = false

    /// Whether `time` (s) is a whole number of milliseconds.
    static func isWholeMillisecond(_ time: Double) -> Bool {
        let ms = time * 1000
        return abs(ms - ms.rounded()) < 1e-6
    }

    /// When a sample with event time `time` (s) was most likely taken: the middle of its millisecond where the
    /// input's times are whole milliseconds (`wl_touch` times without input timestamps), else the time itself.
    mutating func sampleTime(_ time: Double) -> Double {
        let whole = Self.isWholeMillisecond(time)
        wholeMilliseconds = whole && (lastWasWhole || wholeMilliseconds)
        lastWasWhole = whole
        return wholeMilliseconds ? time + 0.0005 : time
    }

    /// Takes in a touch frame that arrived at `now` (host s).
    mutating func track(_ frame: TouchFrame, arrivedAt now: Double) {
        if frame.isCancel {
            predictors.removeAll()
            return
        }
        for change in frame.changes {
            let time = sampleTime(change.time)
            delays.append(now - time)
            if delays.count > 64 { delays.removeFirst() }
            switch change.phase {
            case .down:
                var predictor = TouchPredictor(maxHorizon: Self.maxHorizon)
                predictor.add(change.position, time: time)
                predictors[change.id] = predictor
            case .motion:
                predictors[change.id]?.add(change.position, time: time)
            case .up, .cancel:
                predictors[change.id] = nil
            }
        }
    }

    /// Where each finger down is predicted to be at `presentation` (host s), at `now`; and how far ahead the furthest
    /// one is drawn (horizon × weight, s), nil when no finger is predicted.
    func fingers(at presentation: Double?, now: Double) -> (positions: [Int32: SIMD2<Double>], ahead: Double?) {
        guard !predictors.isEmpty, let offset, let least = delays.min(), let estimate = presentation else { return ([:], nil) }
        let presentation = estimate + correction
        var positions: [Int32: SIMD2<Double>] = [:]
        var ahead: Double?
        // Whether a sample is overdue is judged against the newest one's usual arrival (the least delay), so a
        // touchscreen whose samples take a while to come is not taken for a finger that stopped.
        for (id, predictor) in predictors {
            guard let prediction = predictor.predict(at: presentation - offset, now: now - least) else { continue }
            positions[id] = prediction.position
            ahead = max(ahead ?? 0, prediction.horizon * prediction.weight)
        }
        return (positions, ahead)
    }
}

/// The touch points down now, by id.
struct FingersDown {
    private var ids = Set<Int32>()

    /// True when no finger is down.
    var isEmpty: Bool { ids.isEmpty }

    mutating func track(_ frame: TouchFrame) {
        if frame.isCancel { ids.removeAll() }
        for change in frame.changes {
            switch change.phase {
            case .down: ids.insert(change.id)
            case .motion: break
            case .up, .cancel: ids.remove(change.id)
            }
        }
    }
}
