import MomentumLayers

/// The layout check in motion (`DrawnLayout.problems`) over a scene's frames at one size, each problem kept the first
/// time it is seen: the same two things colliding at a later instant are the same finding.
struct LayoutFindings {
    /// A problem, where and when it was first seen.
    struct Finding: CustomStringConvertible {
        var scene: String, size: String, t: Double, atRest: Bool, problem: LayoutProblem
        var description: String {
            "\(scene) \(size) t=\(DrawnLayout.number(t)) s\(atRest ? " (at rest)" : ""): \(problem)"
        }
    }

    let scene: String, size: String, width: Double, height: Double
    let widths: TextWidths
    private(set) var all: [Finding] = []
    private var seen = Set<String>()

    /// Findings for `scene` in a window `width` × `height` named `size` (`360x720@2`), text measured by `widths`.
    init(scene: String, size: String, width: Double, height: Double, widths: TextWidths) {
        self.scene = scene
        self.size = size
        self.width = width
        self.height = height
        self.widths = widths
    }

    /// Judges the frame drawn at `t` (s).
    mutating func judge(_ layout: DrawnLayout, t: Double, atRest: Bool) {
        for problem in layout.problems(width: width, height: height, atRest: atRest, measure: widths.width(of:)) {
            // The names without their rectangles.
            let key = [problem.kind.rawValue, problem.first, problem.second]
                .map { $0.split(separator: "[")[0] }.joined(separator: "|")
            if seen.insert(key).inserted {
                all.append(Finding(scene: scene, size: size, t: t, atRest: atRest, problem: problem))
            }
        }
    }
}
