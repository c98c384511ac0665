import Testing
@testable import MomentumCore

@Suite("Timing: steps(), linear() and Penner easings")
struct TimingEasingTests {
    @Test("steps() follows the CSS Easing 2 examples for every jump position")
    func steps() throws {
        let end = try StepsEasing(4, .jumpEnd)
        #expect(end.value(at: 0) == 0 && end.value(at: 0.2) == 0 && end.value(at: 0.25) == 0.25 && end.value(at: 1) == 1)
        let start = try StepsEasing(4, .jumpStart)
        #expect(start.value(at: 0) == 0.25 && start.value(at: 0.99) == 1)
        let none = try StepsEasing(5, .jumpNone)
        #expect(none.value(at: 0) == 0 && none.value(at: 0.5) == 0.5 && none.value(at: 0.79) == 0.75 && none.value(at: 0.99) == 1)
        let both = try StepsEasing(3, .jumpBoth)
        #expect(both.value(at: 0) == 0.25 && both.value(at: 0.5) == 0.5 && both.value(at: 1) == 1)
        #expect(throws: TimingFunctionError.self) { try StepsEasing(1, .jumpNone) }
        #expect(throws: TimingFunctionError.self) { try StepsEasing(0) }
    }

    @Test("linear() resolves inputs like CSS and interpolates between them")
    func piecewiseLinear() throws {
        let knee = try LinearEasing([.init(0), .init(0.25, at: 0.75), .init(1)])
        #expect(knee.value(at: 0.375) == 0.125)
        #expect(knee.value(at: 0.875) == 0.625)
        #expect(knee.slope(at: 0.9) == 3)
        let hold = try LinearEasing([.init(0), .init(0.5, at: 0.25, through: 0.75), .init(1)])
        #expect(hold.value(at: 0.125) == 0.25 && hold.value(at: 0.5) == 0.5 && hold.slope(at: 0.5) == 0)
        let spread = try LinearEasing([.init(0), .init(0.3), .init(0.9), .init(1)])
        #expect(spread.points.map(\.input) == [0, 1.0 / 3.0, 2.0 / 3.0, 1])
        let clamped = try LinearEasing([.init(0, at: 0), .init(0.5, at: 0.6), .init(0.7, at: 0.4), .init(1)])
        #expect(clamped.points[2].input == 0.6)
        #expect(clamped.value(at: 0.6) == 0.7)
        let identity = try LinearEasing([.init(0), .init(1)])
        #expect(identity.value(at: 1.5) == 1.5 && identity.value(at: -0.5) == -0.5)
        #expect(throws: TimingFunctionError.self) { try LinearEasing([.init(0)]) }
    }

    @Test("Penner curves hit closed-form values")
    func closedForms() {
        func value(_ family: EasingCurve.Family, _ direction: EasingCurve.Direction, _ t: Double) -> Double {
            TimingFunction.easing(EasingCurve(family, direction)).value(at: t)
        }
        #expect(abs(value(.bounce, .out, 0.5) - 0.765625) < 1e-15)
        #expect(abs(value(.bounce, .out, 4.0 / 11.0) - 1) < 1e-15)
        #expect(abs(value(.bounce, .in, 0.5) - (1 - 0.765625)) < 1e-15)
        #expect(abs(value(.quad, .inOut, 0.25) - 0.125) < 1e-15)
        #expect(abs(value(.cubic, .out, 0.5) - 0.875) < 1e-15)
        #expect(abs(value(.sine, .in, 0.5) - 0.2928932188134524) < 1e-14)
        #expect(abs(value(.elastic, .out, 0.5) - 1.015625) < 1e-14)
        #expect(abs(value(.back, .in, 0.5) - (-0.0876975)) < 1e-14)
        #expect(abs(value(.circ, .out, 0.6) - 0.916515138991168) < 1e-14)
        #expect(abs(value(.expo, .in, 0.5) - 0.03125) < 1e-15)
        #expect(abs(value(.quint, .inOut, 0.75) - 0.984375) < 1e-15)
        #expect(abs(value(.quart, .out, 0.5) - 0.9375) < 1e-15)
    }

    @Test("every Penner curve starts at 0, ends at 1, and its slope is the derivative of its value",
          arguments: EasingCurve.Family.allCases)
    func slopes(family: EasingCurve.Family) {
        let kinks: [Double] = [0.5, 4.0 / 11.0, 8.0 / 11.0, 10.0 / 11.0, 7.0 / 11.0, 3.0 / 11.0, 1.0 / 11.0]
        for direction in EasingCurve.Direction.allCases {
            let curve = EasingCurve(family, direction)
            #expect(abs(curve.value(at: 0)) < 1e-12 && abs(curve.value(at: 1) - 1) < 1e-12, "\(family) \(direction)")
            var worst = 0.0
            for i in 1..<400 {
                let t = Double(i) / 400
                if kinks.contains(where: { abs($0 - t) < 2e-3 || abs($0 / 2 - t) < 2e-3 || abs(1 - $0 / 2 - t) < 2e-3 }) {
                    continue
                }
                let h = 1e-6
                let numeric = (curve.value(at: t + h) - curve.value(at: t - h)) / (2 * h)
                worst = max(worst, abs(curve.slope(at: t) - numeric) / max(1, abs(numeric)))
            }
            #expect(worst < 1e-5, "\(family) \(direction) slope error \(worst)")
        }
    }

    @Test("timing functions parse from CLI / CSS text")
    func parsing() throws {
        #expect(try TimingFunction(parsing: "easeInEaseOut") == .easeInEaseOut)
        #expect(try TimingFunction(parsing: "ease-in-out") == .easeInEaseOut)
        #expect(try TimingFunction(parsing: "ease") == .default)
        #expect(try TimingFunction(parsing: " cubic-bezier(0.68, -0.55, 0.265, 1.55) ")
                == .cubicBezier(try CubicBezier(0.68, -0.55, 0.265, 1.55)))
        #expect(try TimingFunction(parsing: "steps(4, jump-none)") == .steps(try StepsEasing(4, .jumpNone)))
        #expect(try TimingFunction(parsing: "step-start").value(at: 0) == 1)
        #expect(try TimingFunction(parsing: "linear(0, 0.25 75%, 1)").value(at: 0.375) == 0.125)
        #expect(try TimingFunction(parsing: "easeOutBounce") == .easing(EasingCurve(.bounce, .out)))
        #expect(try TimingFunction(parsing: "ease-in-out-elastic") == .easing(EasingCurve(.elastic, .inOut)))
        #expect(throws: TimingFunctionError.self) { try TimingFunction(parsing: "cubic-bezier(1.2, 0, 0.5, 1)") }
        #expect(throws: TimingFunctionError.self) { try TimingFunction(parsing: "wobble") }
        #expect(throws: TimingFunctionError.self) { try TimingFunction(parsing: "cubic-bezier(0.2, x, 0.5, 1)") }
    }
}
