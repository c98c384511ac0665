/// When to start drawing after a frame callback, so the frame still makes the next presentation but its input is as
/// fresh as possible; and when that frame will be shown.
///
/// A client that renders as soon as the callback arrives shows input that is one whole compositor cycle old by the
/// time it is latched. This learns, from presentation feedback, how late the commit may come:
///
/// - the cadence `cycle`: the median interval between consecutive presented frames (what the compositor really
///   paces at; weston headless's "60 Hz" output presents every ~25 ms);
/// - the on-time latency `latency`: the 25th percentile of recent callback → presentation times (a frame whose latency
///   is more than a fifth of a cycle (at least 2 ms) above it was late: it missed the presentation it was drawn for
///   (weston headless shows such a frame ~10 ms later, other compositors a whole refresh later);
/// - the target commit offset after the callback: it starts at `guessShare` of the cycle (a fresh run's first frames
///   start near where the deadline usually is, not at the callback; see below), grows by `cycle/16` per on-time
///   frame, and stays `margin` below `ceiling`, the earliest commit offset that was late past the deadline.
/// - a late frame is the deadline's unless the last `offsetHistory` frames show it a hitch: under load weston headless
///   presents some frames late whatever their commit time, and such a hitch is late at every offset, a deadline only
///   past it. So a late frame with at least `hitchEvidence` on-time frames committed a margin or more past its offset,
///   at most `hitchShare` of those late (itself included) or the newest of them on time, is a hitch: it moves neither
///   the target nor the ceiling nor the slack; the newest run of late frames in a row, up to `burstLimit` long, counts
///   as one late frame there (a busy compositor's burst, each frame of it committed earlier than the one before).
///   Otherwise it sets the ceiling and moves the target an eighth of a cycle earlier. An on-time frame committed past the ceiling raises it (the late one was the compositor's jitter, not the
///   deadline). A ceiling one late frame set is dropped after `suspectMemory` on-time frames and kept when the probe
///   past it is late near it again (a hitch while the target climbs looks like the deadline); a kept ceiling is raised
///   by a margin after `ceilingMemory` on-time frames, so a deadline that moved later is found again. Three of the
///   deadline's late frames in a row start the probing over from the callback; a cadence change of over 20 % (three
///   quarters of the newest eight intervals) drops everything learned.
/// - the start (wake) time is the target minus the slack (and, in a fresh run, `youngAllowance`): a high percentile
///   (`slackPercentile`) of the client's last `renderHistory` planned wake → commit times after the first
///   `warmupFrames` (the wake-up's own lateness, large and heavy-tailed on a loaded machine, and the build; never the
///   longest alone, `renderTail`) plus half a margin, widened at once after a late frame to what that frame took plus
///   an eighth of a cycle, and narrowed slowly (2 % per on-time frame) from there. (The longest of the last 128, as
///   before, put the start at the callback for 128 frames after any one wake-up that ran 10–30 ms late.) A slack as
///   large as the target starts the frame at the callback: never later than `--frame-start callback` would.
/// - a fresh run: the learner knows nothing until four intervals between presented frames are timed, and a probe
///   from the callback took ~14 more frames to reach the deadline, so a fresh drag's first ~20 frames were shown a
///   cycle later than needed. Once the compositor has sent any presentation feedback and a period is known
///   (`guessPeriod`), frames start at `guessShare` of it (less the slack) from the first, and the target begins there
///   when the feedback has timed enough. A late frame of the guess is a suspect, and moves nothing: weston headless
///   on a loaded machine shows a fresh run's frames 5–15 ms late though committed well before its latch (one such
///   hitch at frame 4–6 of a drag put the rest of it 2–9 ms after the callback, not 13–18). A third late frame of
///   the guess while it stands (`guessStrikes`: weston hitches two frames in a row too; judged by the on-time
///   latency of the suspect's time: the late frames would set the percentile of so few) drops the guess: the target
///   goes back to the callback and probes as it always did (the frames in flight until the statistics begin are
///   lost, and two more, only where a compositor latches in the first half of its cycle). An on-time frame
///   committed at or past the suspect shows it a hitch, and
///   `guessSuspectFrames` on-time frames committed before it forget it. Lateness is only judged once the
///   statistics begin: a fresh run's first frames are shown sooner when the compositor was idle (weston headless
///   showed the first frame of a drag 29 ms after its callback, the next 41 ms), so a late frame is not told from
///   the least latency of a few. A cadence change probes from the callback.
/// - a run after another on the same compositor: a fresh run's guess leaves its first frames ~13 ms before weston
///   headless's latch, and a drag's first ~50 frames (while `youngAllowance` lasts) 5–13 ms before it, so a sample
///   that came just after such a start waited that much more than a cycle: touch → present p99 1.38× the floor's in
///   `bench-touch-floor` (its 1.6 s drag is a fresh run's first frames). What a quiet run learned (`memory`: the
///   on-time target, the ceiling if a second late frame confirmed it, the slack and the on-time latency, on the
///   output's refresh and cadence) starts the
///   next run (`init(remembering:)`) in place of the guess: its frames start at the remembered target less the
///   remembered slack (widened, narrowing as ever) and twice the spread of the wake → commit times seen so far (the
///   young allowance; an eighth of the period in place of its third once a wake → commit time ran past the
///   remembered slack) from the first callback with feedback. A memory whose slack is
///   over a fifth of the cycle (a loaded run's), or of another refresh or cadence (a slower one than the callbacks
///   or presentations show from the first of them; a faster one once four intervals are timed: a launch's frames
///   are presented as slowly as they are drawn), is not used; when the
///   statistics begin with their median latency half a cycle or more past the remembered one (the deadline is
///   earlier now: a late frame of each is all they show), it is dropped and the probe starts from the callback.
///
/// With no presentation feedback at all nothing is learned: frames start at the callback. Pure: all times are
/// seconds on one clock the caller chooses (presentation times converted to it).
public struct FrameDeadline: Sendable {
    /// On-time frames after which the ceiling is raised by a margin (20 s at 60 Hz): a deadline that moved later is
    /// found again, at the cost of at most one late frame per probe.
    public static let ceilingMemory = 1200
    /// On-time frames after which a ceiling that only one late frame set is dropped (1.2 s at 40 Hz): a hitch while
    /// the target probed upwards (every such frame is the latest committed yet, so nothing tells it from the
    /// deadline) costs this long, a real deadline one more late frame when the probe finds it again.
    public static let suspectMemory = 48
    /// Frames whose timing is kept for the statistics.
    static let history = 32
    /// How far (a fraction) an interval lies from a cadence to tell another cadence: the running cadence's change
    /// (the newest eight intervals' quartiles both past it) and a remembered cadence's before the statistics.
    static let cadenceChange = 0.2
    /// Frames whose wake → commit times are kept for the slack (12.8 s at 40 Hz).
    static let renderHistory = 512
    /// The share of the kept wake → commit times the slack covers (before its half margin): the third longest of 512.
    static let slackPercentile = 0.995
    /// The first frames drawn after a callback whose wake → commit times are not in the slack: a fresh run's first
    /// frames draw everything for the first time (shaders, the glyph atlas, the layer surfaces: 10 ms and more under
    /// weston headless here, where a frame after them takes 0.1–2 ms), which no later frame repeats. One of them
    /// kept the start at the callback for as long as it was in the history (the drag of `bench-touch-floor`, played
    /// 50 ms after the launch, was all started at the callback).
    static let warmupFrames = 2
    /// Wake → commit times below which a fresh run keeps `youngAllowance` for the tail not yet seen.
    static let youngHistory = 48
    /// Where a fresh run's first frames aim, as a share of the period after the callback (see the type's notes).
    public static let guessShare = 0.5
    /// On-time frames committed before a suspect late frame of the guess after which it is forgotten (see `Guess`).
    static let guessSuspectFrames = 4
    /// The late frames of the guess, the suspect's included, that drop it: two frames after the first where the
    /// deadline is earlier than the guess (every frame of it late), and a burst of two hitches in a row survives.
    static let guessStrikes = 3
    /// Frames whose commit offset and lateness are kept to tell a hitch from the deadline (3.2 s at 40 Hz).
    static let offsetHistory = 128
    /// On-time frames committed a margin or more past a late frame's offset needed to call it a hitch.
    static let hitchEvidence = 2
    /// The largest late share at or past a late frame's offset that hitches explain.
    static let hitchShare = 0.15
    /// The longest run of late frames in a row that counts as one late frame there: a busy compositor shows a few
    /// frames in a row late (weston headless, five 5–12 ms late at load 2.7), and each late frame moves the target
    /// earlier, so the run's newest frames are committed before the rest of it.
    static let burstLimit = 4

    private struct Drawn: Sendable {
        var sequence: UInt64
        var callback: Double
        var commit: Double
        /// Planned wake → commit (s).
        var took: Double
        /// The first frame drawn after a callback since the start or a frame drawn without one: the compositor
        /// may have idled and shows it sooner (weston headless: 29–35 ms after its callback against 41–42 for the
        /// next), so its latency is no measure of an on-time frame (as the least of a fresh run's few, every frame
        /// after it looked late).
        var afterIdle: Bool
    }
    private var drawn: [Drawn] = []
    private var latencies = SortedWindow(limit: history)
    private var intervals = SortedWindow(limit: history)
    /// `cycle`, `latency` and the median callback interval, computed when their arrays change (through `learn`),
    /// not at every read: `margin`, `wake`, `renderEstimate` and `presented` read them several times a frame.
    private var cycleNow: Double?
    private var latencyNow: Double?
    private var callbackMedian: Double?
    /// The planned wake → commit times, kept in ascending order too: the slack's percentile is read from them on
    /// every `wake` (twice a frame) without sorting a copy of 512 times each time.
    private var renders = SortedWindow(limit: renderHistory)
    /// Frames drawn after a callback since the start (up to `warmupFrames`).
    private var callbackFrames = 0
    /// The newest frames' commit offsets after their callbacks (s) and whether each was late: a ring whose oldest
    /// entry (at `nextOffset` once full) the newest overwrites.
    private var offsets: [(offset: Double, late: Bool)] = []
    private var nextOffset = 0
    /// The newest entries of `offsets` that were late in a row (hitches or not).
    private var lateRun = 0
    /// Intervals between consecutive callbacks (the cadence when there is no feedback), and the last callback.
    private var callbackIntervals = SortedWindow(limit: history)
    private var lastCallback: Double?
    private var lastPresented: (sequence: UInt64, time: Double)?
    private var cycleAtStart: Double?
    private var onTimeSinceCeiling = 0
    /// Whether the ceiling was set by a second late frame of the deadline's (else a hitch may have set it).
    private var confirmed = false
    /// A ceiling not yet confirmed, dropped after `suspectMemory` on-time frames and kept here for `ceilingMemory`
    /// more: a late frame of the deadline's within an eighth of a cycle of it confirms it, or any when the recent
    /// frames committed within a margin below it and an eighth of a cycle above were late more often than hitches
    /// explain.
    private var suspect: Double?
    /// Late frames in a row: three mean the cadence or the deadline moved (a refresh change): start over.
    private var lateInARow = 0
    /// `memory` as it was before the newest run of late frames began (one or two late in a row): a run that ends on
    /// a late frame (a loaded machine's wake-up) still leaves what it learned.
    private var memoryBeforeLate: Memory?
    /// The slack a late frame asked for, narrowing by 2 % per on-time frame (s).
    private var widened = 0.0
    /// Whether any presentation feedback came: the compositor sends it, so a guess can be checked.
    private var sawFeedback = false
    /// The refresh period the newest feedback gave (s), nil when none did.
    private var refresh: Double?
    /// The fresh run's guess: allowed until a frame of it is late or the target climbed past it (then, and after a
    /// cadence change, nil).
    private var guess: Guess? = Guess()
    /// What an earlier run learned (`init(remembering:)`): the fresh run's guess while it fits the compositor.
    private var remembered: Memory?
    /// The intervals between callbacks and between presented frames timed before the statistics, while a memory is
    /// kept: what `judgeRememberedCadence` judges it by (the first callbacks' come before the refresh is known).
    private var earlyIntervals: [Double] = []
    private struct Guess: Sendable {
        /// The target the guess set once the statistics began (s), nil before.
        var target: Double?
        /// The commit offset of a frame of the guess that was late (s): a suspect, perhaps the compositor's hitch,
        /// nil when none is. The `guessStrikes`th late frame of the guess while it stands drops the guess; an
        /// on-time frame committed at or past it clears it, and `guessSuspectFrames` on-time frames committed before
        /// it forget it.
        var suspect: Double?
        /// On-time frames since `suspect` was set, and late frames of the guess (itself included).
        var sinceSuspect = 0, lateSinceSuspect = 0
        /// The on-time latency when `suspect` was set (s): what the next frames are judged by while it stands. Each
        /// late frame counts in the latency's percentile, and a fresh run has few: where the deadline is earlier
        /// than the guess, the frames after the suspect are all late and would set the percentile themselves.
        var least = Double.infinity
    }

    /// The commit offset after the callback being aimed at (s).
    public private(set) var target = 0.0
    /// The earliest commit offset after a callback that was presented late (s); infinity when none is remembered.
    public private(set) var ceiling = Double.infinity
    /// Frames presented late since the start.
    public private(set) var lateFrames = 0
    /// True once presentation feedback has timed enough frames to learn from.
    public private(set) var hasFeedback = false

    /// A learner with nothing learned.
    public init() {}

    /// A learner that starts from what an earlier run on the same compositor learned (see the type's notes); nothing
    /// remembered is `init()`.
    public init(remembering memory: Memory?) {
        remembered = memory
    }

    /// What a run learned that the next run on the same compositor starts from: all in s.
    public struct Memory: Sendable, Equatable {
        /// The refresh period the compositor's feedback gave, and the cadence it paced at.
        public var refresh: Double
        public var cycle: Double
        /// The commit offset after the callback aimed at, and the earliest late one (infinity when none is known).
        public var target: Double
        public var ceiling: Double
        /// The time kept between the planned wake and the commit: the machine's load then.
        public var slack: Double
        /// The on-time callback → presentation time: frames of a remembered target past the deadline are all late,
        /// and only this tells (their latency, a cycle longer, is all the next run sees).
        public var latency: Double

        public init(refresh: Double, cycle: Double, target: Double, ceiling: Double, slack: Double, latency: Double) {
            (self.refresh, self.cycle, self.target, self.ceiling, self.slack, self.latency)
                = (refresh, cycle, target, ceiling, slack, latency)
        }

        /// One line: `refresh cycle target ceiling slack latency`, each in s (`inf` for no ceiling).
        public var line: String { "\(refresh) \(cycle) \(target) \(ceiling) \(slack) \(latency)" }

        /// The memory a `line` wrote; nil for anything else (a field missing, not a number, out of range).
        public init?(line: Substring) {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map { Double($0) }
            guard fields.count == 6, let refresh = fields[0], let cycle = fields[1], let target = fields[2],
                  let ceiling = fields[3], let slack = fields[4], let latency = fields[5], refresh > 0, refresh < 1,
                  cycle > 0, cycle < 1, target >= 0, target < cycle, ceiling > target, slack >= 0, slack < cycle,
                  latency > 0, latency < 1 else { return nil }
            self.init(refresh: refresh, cycle: cycle, target: target, ceiling: ceiling, slack: slack, latency: latency)
        }

        /// Whether it was learned on a quiet machine (a slack of at most a fifth of the cycle) and on a compositor
        /// pacing as one whose feedback gives `refresh`, and whose cadence is `cycle` when known: within 2 % of the
        /// refresh and 20 % of the cadence (a cadence change's own rule). A loaded run's memory is not used: its
        /// slack kept the next run's drag near the callback (`bench-touch-floor`, load 5–9: p50 56 ms against a
        /// fresh run's 50), and without it a loaded run's first frames missed their wake-ups' tail. Here at load 2 a
        /// run's slack was 1.5–5 ms (a fifth of weston headless's cycle is 5.2 ms; an eighth, 3.2 ms, left most
        /// such memories unused).
        func fits(refresh: Double?, cycle: Double?) -> Bool {
            guard slack <= self.cycle / 5, let refresh, abs(refresh - self.refresh) <= 0.02 * self.refresh else {
                return false
            }
            return cycle.map { abs($0 - self.cycle) <= 0.2 * self.cycle } ?? true
        }
    }

    /// What the next run on this compositor may start from: once the statistics began, the target (below the ceiling
    /// by a margin), the ceiling, the slack and the on-time latency; nil before, or without a refresh from the
    /// feedback. When the newest one or two frames were late, what it was before them (a run quit on a loaded
    /// machine's late wake-up left nothing, and the next run started fresh); after three in a row, nil. A ceiling
    /// that one late frame set (a hitch, perhaps: a short run has too few frames to tell) is not passed on, nor a
    /// target below where a fresh run's statistics begin (`guessShare` of the cycle): a hitch early in a drag had
    /// left the next run starting 6 ms after the callback, and a hitch's ceiling at 14 ms held three rounds of
    /// bench-touch-floor in a row ~10 ms after it (each 1.6 s drag shorter than the `suspectMemory` frames that drop
    /// it, so each left it again). The next run probes past it: a real deadline costs it one late frame.
    public var memory: Memory? {
        // One or two late frames at the end: what was learned before them (three: the deadline moved, none).
        guard lateInARow == 0 else { return lateInARow < 3 ? memoryBeforeLate : nil }
        guard hasFeedback, target > 0, let refresh, let cycle, let latency else { return nil }
        var target = min(self.target, ceiling - margin), ceiling = self.ceiling
        if !confirmed {
            target = max(target, Self.guessShare * cycle)
            ceiling = .infinity
        }
        return Memory(refresh: refresh, cycle: cycle, target: target, ceiling: ceiling, slack: renderEstimate,
                      latency: latency)
    }

    /// The compositor's cadence (s), learned; nil before enough feedback.
    public var cycle: Double? { cycleNow }
    /// The time from one frame callback to the next (s): the cadence where feedback taught it, else the median
    /// interval between callbacks, else the refresh period the feedback gave; nil before any.
    public var period: Double? { cycle ?? callbackMedian ?? refresh }
    /// The on-time callback → presentation time (s): the 25th percentile of the recent ones (late frames are the
    /// minority above it; a frame committed while the compositor idled can be shown sooner, the minority below);
    /// nil before feedback.
    public var latency: Double? { latencyNow }
    /// The safety margin kept below the ceiling and a cycle's end (s).
    public var margin: Double { max(0.001, (cycle ?? 0) * 0.06) }
    /// The time kept between the planned wake and the commit (s): a high percentile of the recent planned wake →
    /// commit times plus half a margin, or more after a late frame (see the type's notes).
    public var renderEstimate: Double {
        max((renderTail ?? 0) + margin / 2, widened)
    }

    /// The tail of the kept wake → commit times the slack covers: their `slackPercentile`, but never the longest
    /// alone while more are kept. The 99.5th percentile of fewer than 200 is the longest, so one wake-up that ran
    /// late was the slack for the rest of a short run, and twice the young allowance's spread: in bench-touch-floor
    /// (weston headless, the other builds idle) one wake-up 14 ms late, its frame still on time, started the next
    /// 22 frames of a drag at the callback, the rest 5–10 ms after it (~20 before), and left a memory whose slack no
    /// next run used. A late frame still widens the slack to what it took at once: one wake-up late enough to cost
    /// a frame is covered as before, one that cost nothing waits for a second as long.
    var renderTail: Double? {
        let sorted = renders.sorted
        guard sorted.count > 1, let high = renders.percentile(Self.slackPercentile) else { return sorted.last }
        return min(high, sorted[sorted.count - 2])
    }

    /// What a fresh run keeps more than the slack once its target climbs past the guess (s): while fewer than
    /// `youngHistory` wake → commit times are known, their tail is not (a fifth of a loaded machine's wake-ups run 1–10
    /// ms late, and a dozen frames can miss them all): a third of the period or twice the spread seen (`renderTail`
    /// less the median), whichever is more, for the first 16 frames known, then shrinking with each frame to nothing at
    /// 48. The guess itself leaves half a cycle. A run that starts from an earlier run's memory keeps twice the spread;
    /// only once one of its wake → commit times ran past the remembered slack (the machine busier than when it was
    /// remembered, `busierThanRemembered`) does it keep an eighth of the period instead where that is more. With the eighth from the first frame, a
    /// quiet run's drag started ~3 ms earlier for its first ~24 frames (bench-touch-floor: 18.0 ms after the callback
    /// against 21.5 later), and the samples that came just after those starts set the round's p99; on a machine
    /// loaded since, the eighth from the first frame left a late frame in 183 of 200 1.6 s drags of the model against
    /// 195 of 200 with it from the first wake-up past the slack, and 200 without it.
    var youngAllowance: Double {
        guard renders.count < Self.youngHistory, let period else { return 0 }
        let spread = renderTail.map { longest in
            2 * (longest - (renders.percentile(0.5) ?? longest))
        } ?? 0
        // Whole for the first third of the young history, then shrinking to nothing.
        let known = Double(renders.count) / Double(Self.youngHistory)
        let unknownTail = remembered == nil ? period / 3 : busierThanRemembered ? period / 8 : 0
        return max(unknownTail, spread) * min(1, 1.5 * (1 - known))
    }

    /// Whether this run, started from an earlier run's memory, took longer from a planned wake to its commit than the
    /// slack remembered (a wake-up that ran late on a machine busier since). False without a memory.
    var busierThanRemembered: Bool {
        guard let remembered, let longest = renders.sorted.last else { return false }
        return longest > remembered.slack
    }

    /// The period a fresh run's guess is a share of before the statistics (s): the shortest of the cadence timed so
    /// far, the callback interval and the refresh the feedback gave. A run's first callbacks and presentations come
    /// as slowly as its first frames are drawn (52 ms apart under weston headless while the launch drew its
    /// shaders), and half of that was past weston's latch.
    var guessPeriod: Double? { [cycle, callbackMedian, refresh].compactMap { $0 }.min() }

    /// When to start the frame owed after a callback that arrived at `callback`.
    public func wake(afterCallback callback: Double) -> Double {
        guard hasFeedback else {
            // A fresh run: the guess, once the compositor is known to send feedback (so a late frame shows).
            guard guess != nil, sawFeedback, let period = guessPeriod else { return callback }
            // The cadence is judged once the statistics begin (four intervals): the launch's frames are presented as
            // slowly as they are drawn (47 ms apart under weston headless), and that interval alone is no cadence.
            // Judged by it, the memory did not fit, and a drag's first frames after the launch started at the guess
            // (~6.5 ms after the callback, not ~21): their samples set the best rounds' p99 in bench-touch-floor.
            if let remembered, remembered.fits(refresh: refresh, cycle: intervals.count >= 4 ? cycle : nil) {
                return callback + max(0, remembered.target - max(renderEstimate, remembered.slack) - youngAllowance)
            }
            return callback + max(0, Self.guessShare * period - renderEstimate)
        }
        let young = min(youngAllowance, max(0, target - Self.guessShare * (cycle ?? 0)))
        return callback + max(0, target - renderEstimate - young)
    }

    /// When a frame started after a callback at `callback` is expected on screen: the on-time latency after it;
    /// without feedback, one callback interval after it (callbacks come as frames are shown); nil when unknown.
    public func presentation(afterCallback callback: Double) -> Double? {
        if let latency, hasFeedback { return callback + latency }
        return (cycle ?? callbackMedian).map { callback + $0 }
    }

    /// A frame (`sequence`) was drawn after a callback at `callback`, planned to start at `wake` (what `wake(…)`
    /// said: the time a late wake-up loses counts), and committed at `commit`. Frames drawn without a callback (the
    /// first after idle) are not passed.
    public mutating func drew(sequence: UInt64, callback: Double, wake: Double, commit: Double) {
        if let last = lastCallback, callback - last > 0, callback - last < 0.1 {
            learn(callbackInterval: callback - last)
            judgeRememberedCadence(adding: callback - last)
        }
        let afterIdle = lastCallback == nil
        lastCallback = callback
        let took = max(0, commit - wake)
        drawn.append(Drawn(sequence: sequence, callback: callback, commit: commit, took: took, afterIdle: afterIdle))
        if drawn.count > 8 { drawn.removeFirst() }
        guard callbackFrames >= Self.warmupFrames else {
            callbackFrames += 1
            return
        }
        renders.push(took)
    }

    /// A frame drawn without a callback: it breaks the run of consecutive frames.
    public mutating func drewWithoutCallback() {
        lastPresented = nil
        lastCallback = nil
    }

    /// Frame `sequence` was presented at `time` (the caller's clock); `refresh`: the period the feedback gave (s; 0
    /// or nil when unknown), a fresh run's period before callbacks have timed one.
    public mutating func presented(sequence: UInt64, at time: Double, refresh: Double? = nil) {
        sawFeedback = true
        if let refresh, refresh > 0 { self.refresh = refresh }
        if let last = lastPresented, sequence == last.sequence + 1, time > last.time {
            learn(interval: time - last.time)
            judgeRememberedCadence(adding: time - last.time)
        } else {
            judgeRememberedCadence(adding: nil)
        }
        lastPresented = (sequence, time)
        guard let index = drawn.firstIndex(where: { $0.sequence == sequence }) else { return }
        let frame = drawn[index]
        drawn.removeSubrange(...index)
        let latency = time - frame.callback
        guard latency > 0, !frame.afterIdle else { return }
        learn(latency: latency)
        guard let cycle, intervals.count >= 4, let least = self.latency else { return }
        // The newest eight intervals against the cadence learned: a refresh change moves all of them (a late frame
        // moves one or two), so it shows within a few frames.
        if let start = cycleAtStart, intervals.count >= 8,
           let quartiles = intervals.percentiles(ofNewest: 8, 0.25, 0.75),
           (quartiles.low > (1 + Self.cadenceChange) * start && quartiles.high > (1 + Self.cadenceChange) * start)
            || (quartiles.low < (1 - Self.cadenceChange) * start && quartiles.high < (1 - Self.cadenceChange) * start) {
            // The cadence changed: what was learned no longer holds.
            restart()
            return
        }
        if cycleAtStart == nil {
            cycleAtStart = cycle
            // The statistics begin: the fresh run's target is the guess, and probing goes on from there.
            if guess != nil {
                if let remembered, remembered.fits(refresh: refresh, cycle: cycle),
                   let typical = latencies.percentile(0.5), typical > remembered.latency + cycle / 2 {
                    // Most of its frames were late (the deadline is earlier now; a late frame of each is all they
                    // show, their latency a cycle longer): probe from the callback, and time the on-time latency
                    // afresh, without the frames of the remembered start still in flight (on time by a latency
                    // timed from late frames, they would make the deadline's late frames look like hitches).
                    self.remembered = nil
                    guess = nil
                    target = 0
                    latencies.removeAll()
                    latencyNow = nil
                    drawn.removeAll()
                    hasFeedback = true
                    return
                } else if let remembered, remembered.fits(refresh: refresh, cycle: cycle) {
                    // An earlier run's: its target, ceiling and slack, from here on the learner's own.
                    target = remembered.target
                    ceiling = remembered.ceiling
                    widened = max(widened, remembered.slack)
                    guess = nil
                } else {
                    remembered = nil
                    target = Self.guessShare * cycle
                }
                guess?.target = target
            }
        }
        hasFeedback = true
        let offset = frame.commit - frame.callback
        let late = latency > min(least, guess?.least ?? .infinity) + max(0.002, cycle / 5)
        // A frame started at the callback could not have started earlier: it teaches nothing about the deadline.
        let hitch = late && (offset - frame.took <= 0 || offset <= margin || isHitch(at: offset))
        if offsets.count < Self.offsetHistory {
            offsets.append((offset, late))
        } else {
            offsets[nextOffset] = (offset, late)
            nextOffset = (nextOffset + 1) % Self.offsetHistory
        }
        lateRun = late ? lateRun + 1 : 0
        if late {
            lateFrames += 1
            // Late although started at the callback or committed at once, or late where frames as late or later
            // were on time: the compositor's hitch, not the deadline.
            guard !hitch else { return }
            if var guess, let guessed = guess.target, offset <= guessed + margin,
               guess.lateSinceSuspect + 1 < Self.guessStrikes {
                // Late at the guess: a hitch (weston headless on a loaded machine shows a fresh run's frames 5–15 ms
                // late, two in a row too, though committed well before its latch) or a deadline earlier than
                // guessed (then the next frames of the guess are late too). A suspect: nothing moves yet.
                if guess.suspect == nil {
                    guess.suspect = offset
                    guess.sinceSuspect = 0
                    guess.least = least
                }
                guess.lateSinceSuspect += 1
                self.guess = guess
                return
            }
            if lateInARow == 0 { memoryBeforeLate = memory }
            lateInARow += 1
            // The slack was too small for this frame (a wake-up or a build took longer): widen it at once.
            widened = max(widened, frame.took + cycle / 8)
            if let suspect, abs(offset - suspect) <= cycle / 8
                || Self.isDeadline(offsets, from: suspect - margin, to: suspect + cycle / 8) {
                confirmed = true
            }
            suspect = nil
            ceiling = min(ceiling, offset)
            onTimeSinceCeiling = 0
            target = max(0, min(target, ceiling - margin) - cycle / 8)
            if let guessed = guess?.target, offset <= guessed + margin {
                // Late at the guess a third time while the first is a suspect: the deadline is earlier than
                // guessed. Probe from the callback.
                target = 0
                guess = nil
                remembered = nil
            }
            // Late again and again: the deadline is not where it was learned; render at the callback and probe anew.
            if lateInARow >= 3 { target = 0 }
        } else {
            lateInARow = 0
            widened *= 0.98
            if var guess, let suspected = guess.suspect {
                // On time at or past the suspect's offset: the suspect was a hitch. Frames on time only before it
                // tell nothing; after a few the suspect is forgotten (the climb past it finds a deadline there).
                guess.sinceSuspect += 1
                if offset >= suspected || guess.sinceSuspect >= Self.guessSuspectFrames {
                    guess.suspect = nil
                    guess.least = .infinity
                    guess.lateSinceSuspect = 0
                }
                self.guess = guess
            }
            if ceiling.isFinite {
                onTimeSinceCeiling += 1
                if offset >= ceiling { ceiling = offset + margin / 2 }
                if !confirmed, onTimeSinceCeiling >= Self.suspectMemory {
                    // One late frame and nothing since: perhaps a hitch. Probe past it again.
                    suspect = ceiling
                    ceiling = .infinity
                    onTimeSinceCeiling = 0
                } else if onTimeSinceCeiling >= Self.ceilingMemory {
                    ceiling += margin
                    onTimeSinceCeiling = 0
                }
            } else if suspect != nil {
                onTimeSinceCeiling += 1
                if onTimeSinceCeiling >= Self.ceilingMemory { suspect = nil }
            }
            target = min(target + cycle / 16, ceiling - margin, cycle - margin)
            target = max(0, target)
            // Past the guess by two probe steps: its frames were on time.
            if let guessed = guess?.target, target > guessed + cycle / 8 { guess = nil }
        }
    }

    /// Whether a frame late at commit offset `offset` is the compositor's hitch: at least `hitchEvidence` recent
    /// frames committed a margin or more later were on time, and few of those frames (this one included) were late
    /// or the newest of them was on time. A deadline earlier than a frame shown on time since is no deadline: past
    /// a real one every frame is late (and once it moves earlier, the newest frame past it is late too). In
    /// bench-touch-floor a busy weston showed three frames of a fresh run's climb 6–8 ms late, committed 8–15 ms
    /// after the callback (its latch at 24.5): the share alone took the second, one late among eight later frames,
    /// for the deadline, and the third late in a row started the probe over from the callback.
    private func isHitch(at offset: Double) -> Bool {
        // A margin past it: commit offsets timed from millisecond callback stamps are known to about a millisecond,
        // and a deadline known no better is late now and then just below frames that were on time. So where every
        // frame commits at one offset (an idle machine) a hitch is taken for the deadline's late frame; under load
        // the wake-ups spread the offsets over the slack.
        let (late, count) = lateFrames(from: offset + margin)
        guard count - late >= Self.hitchEvidence else { return false }
        return Double(late + 1) <= max(1, Self.hitchShare * Double(count + 1))
            || newestFrame(from: offset + margin).map { !$0.late } == true
    }

    /// The newest of `offsets` committed at or past `low`; nil when none is.
    private func newestFrame(from low: Double) -> (offset: Double, late: Bool)? {
        let count = offsets.count
        for back in 0..<count {
            let frame = offsets[newestIndex(back: back)]
            if frame.offset >= low { return frame }
        }
        return nil
    }

    /// The index in `offsets` of the entry `back` before the newest (0: the newest). The ring's newest entry is the
    /// last one until it is full, then the one before `nextOffset`.
    private func newestIndex(back: Int) -> Int {
        let count = offsets.count
        let newest = count < Self.offsetHistory ? count - 1 : (nextOffset + count - 1) % count
        return (newest - back + count) % count
    }

    /// The late frames among `offsets` committed at or past `low`, and all of those; the newest run of late frames
    /// in a row, up to `burstLimit` long, is one late frame there (a busy compositor's burst: one event, not one
    /// each). In bench-touch-floor weston showed five frames in a row late, each committed earlier than the one
    /// before (the target moved earlier after each): the fourth, 3.8 ms after its callback, had three late frames
    /// past it among 24 and was taken for the deadline, and the rest of the drag started at the callback.
    private func lateFrames(from low: Double) -> (late: Int, count: Int) {
        var (late, count) = Self.lateFrames(offsets, from: low, to: .infinity)
        guard lateRun > 1, lateRun <= Self.burstLimit else { return (late, count) }
        let inRun = (0..<min(lateRun, offsets.count)).filter { offsets[newestIndex(back: $0)].offset >= low }.count
        if inRun > 1 {
            // One frame, late: neither the run's other frames nor on-time evidence.
            late -= inRun - 1
            count -= inRun - 1
        }
        return (late, count)
    }

    /// Whether `frames` hold at least two late frames committed between `low` and `high`, and more than
    /// `hitchShare` of the frames committed at or past `low` (the newest included): more than hitches explain.
    private static func isDeadline(_ frames: [(offset: Double, late: Bool)], from low: Double, to high: Double)
        -> Bool {
        let late = lateFrames(frames, from: low, to: high).late
        return late >= 2 && Double(late) > hitchShare * Double(lateFrames(frames, from: low, to: .infinity).count)
    }

    /// The late frames among `frames` committed between `low` and `high`, and all of those.
    private static func lateFrames(_ frames: [(offset: Double, late: Bool)], from low: Double, to high: Double)
        -> (late: Int, count: Int) {
        var late = 0, count = 0
        for frame in frames where frame.offset >= low && frame.offset <= high {
            count += 1
            if frame.late { late += 1 }
        }
        return (late, count)
    }

    /// Before the statistics begin, a memory of a slower cadence than the callbacks and presentations already show is
    /// dropped at once: an interval between callbacks or presented frames at least 90 % of the refresh and more than
    /// 20 % under the remembered cycle (a cadence change's own rule) counts against it, one no shorter than the
    /// remembered cycle less 20 % for it, and more against than for drop it. A launch's frames come as slowly as they
    /// are drawn (47 ms apart under weston headless), so longer intervals prove nothing yet (they count for it), and an
    /// idle compositor's first repaints after frames drawn without a callback come off its cadence (weston headless:
    /// two callbacks 13 ms apart as a drag began, its refresh 16.7 ms, its cadence 25), so intervals under the refresh
    /// count neither way. Kept until the statistics, weston headless's 25 ms memory on a compositor of the same refresh
    /// pacing at 60 Hz started each frame 21.1 ms after its callback, past that compositor's 16 ms latch: its first
    /// five frames with feedback were late.
    private mutating func judgeRememberedCadence(adding interval: Double?) {
        guard let remembered, cycleAtStart == nil else { return }
        if let interval, earlyIntervals.count < Self.history { earlyIntervals.append(interval) }
        guard let refresh else { return }
        var against = 0, not = 0
        for interval in earlyIntervals where interval >= 0.9 * refresh {
            if interval < (1 - Self.cadenceChange) * remembered.cycle { against += 1 } else { not += 1 }
        }
        if against > not {
            self.remembered = nil
            earlyIntervals = []
        }
    }

    private mutating func restart() {
        intervals.removeAll()
        latencies.removeAll()
        (cycleNow, latencyNow) = (nil, nil)
        offsets.removeAll()
        nextOffset = 0
        lateRun = 0
        cycleAtStart = nil
        ceiling = .infinity
        target = 0
        widened = 0
        hasFeedback = false
        guess = nil
        remembered = nil
        onTimeSinceCeiling = 0
        confirmed = false
        suspect = nil
        lateInARow = 0
        memoryBeforeLate = nil
    }

    private mutating func learn(interval: Double) {
        intervals.push(interval)
        cycleNow = intervals.percentile(0.5)
    }

    private mutating func learn(latency: Double) {
        latencies.push(latency)
        latencyNow = latencies.percentile(0.25)
    }

    private mutating func learn(callbackInterval: Double) {
        callbackIntervals.push(callbackInterval)
        callbackMedian = callbackIntervals.percentile(0.5)
    }
}
