import MomentumCore
import WaylandClient

extension TouchPhase {
    /// The engine's phase for a phase the seat reported.
    init(_ phase: Touch.Phase) {
        switch phase {
        case .down: self = .down
        case .motion: self = .motion
        case .up: self = .up
        case .cancel: self = .cancel
        }
    }
}

extension TouchFrame {
    /// The engine's touch frame for a frame the seat reported (the one place platform input becomes engine input).
    init(_ frame: Touch.Frame) {
        self.init(changes: frame.changes.map { TouchChange(id: $0.id, phase: TouchPhase($0.phase), position: $0.position,
                                                           time: $0.time) },
                  isCancel: frame.isCancel)
    }
}

extension ScrollInput {
    /// The engine's scroll for one the seat reported.
    init(_ scroll: Touch.Scroll) {
        let source: Source = switch scroll.source {
        case 0?: .wheel
        case 1?: .finger
        case 2?: .continuous
        case 3?: .wheelTilt
        default: .unknown
        }
        self.init(delta: scroll.delta, steps: scroll.steps, source: source, stopped: scroll.stopped, time: scroll.time)
    }
}

extension PinchInput {
    /// The engine's pinch for one the seat reported.
    init(_ pinch: Touch.Pinch) {
        let phase: Phase = switch pinch.phase {
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled: .cancelled
        }
        self.init(phase: phase, scale: pinch.scale, rotation: pinch.rotation, time: pinch.time)
    }
}
