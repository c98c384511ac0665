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
struct FingerPredictions: Sendable {
    /// Arrival − event time beyond which the input clock is not the host's (s).
    static let sameClockTolerance = 1.0
    private var predictors: [Int32: TouchPredictor] = [:]
    /// Arrival − event time of recent samples (s).
    private var delays: [Double] = []

    /// Host time − input time: 0 when the input clock is the host's.
    private var offset: Double? {
        guard let least = delays.min() else { return nil }
        return abs(least) < Self.sameClockTolerance ? 0 : least
    }

    /// Takes in a touch frame that arrived at `now` (host s).
    mutating func track(_ frame: TouchFrame, arrivedAt now: Double) {
        if frame.isCancel {
            predictors.removeAll()
            return
        }
        for change in frame.changes {
            delays.append(now - change.time)
            if delays.count > 64 { delays.removeFirst() }
            switch change.phase {
            case .down:
                var predictor = TouchPredictor()
                predictor.add(change.position, time: change.time)
                predictors[change.id] = predictor
            case .motion:
                predictors[change.id]?.add(change.position, time: change.time)
            case .up, .cancel:
                predictors[change.id] = nil
            }
        }
    }

    /// Where each finger down is predicted to be at `presentation` (host s), at `now`; and how far ahead the furthest
    /// one is drawn (horizon × weight, s), nil when no finger is predicted.
    func fingers(at presentation: Double?, now: Double) -> (positions: [Int32: SIMD2<Double>], ahead: Double?) {
        guard !predictors.isEmpty, let offset, let least = delays.min(), let presentation else { return ([:], nil) }
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
