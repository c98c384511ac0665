import MomentumRun
import MomentumScenes

/// Checks a `layout` trace event (a scene at rest) the way a person looking for a broken layout would: every touch
/// target lies inside the window, the scene's targets either keep apart or one holds the other (a control on its
/// panel), and nothing of the chrome (the switcher, the HUD) lies over anything of the scene or over each other.
public enum LayoutCheck {
    /// Sub-pixel slack for edges that meet.
    static let slack = 0.5

    /// What is wrong with `layout` in a window `width` × `height`, one line each (empty when nothing is).
    public static func problems(in layout: TraceRecord.Layout, width: Double, height: Double) -> [String] {
        func list(_ targets: [TouchTarget]) -> [(name: String, rect: [Double])] {
            targets.map { ($0.name, [$0.rect.x, $0.rect.y, $0.rect.width, $0.rect.height]) }
        }
        let scene = list(layout.targets), chrome = list(layout.chrome)
        var problems: [String] = []
        for target in scene + chrome {
            guard target.rect.count == 4 else {
                problems.append("\(target.name): rect \(target.rect) is not [x, y, width, height]")
                continue
            }
            let r = target.rect
            if r[0] < -slack || r[1] < -slack || r[0] + r[2] > width + slack || r[1] + r[3] > height + slack {
                problems.append("\(target.name) at \(r) is not inside the \(Int(width))x\(Int(height)) window")
            }
        }
        let sized = { (list: [(name: String, rect: [Double])]) in list.filter { $0.rect.count == 4 } }
        let s = sized(scene), c = sized(chrome)
        for i in s.indices {
            for j in s.indices where j > i && overlap(s[i].rect, s[j].rect)
                && !contains(s[i].rect, s[j].rect) && !contains(s[j].rect, s[i].rect) {
                problems.append("\(s[i].name) \(s[i].rect) and \(s[j].name) \(s[j].rect) overlap")
            }
        }
        for i in c.indices {
            for j in c.indices where j > i && overlap(c[i].rect, c[j].rect) {
                problems.append("\(c[i].name) \(c[i].rect) and \(c[j].name) \(c[j].rect) overlap")
            }
            for target in s where overlap(c[i].rect, target.rect) {
                problems.append("\(c[i].name) \(c[i].rect) lies over \(target.name) \(target.rect)")
            }
        }
        return problems
    }

    /// True when the two rectangles share more than an edge.
    static func overlap(_ a: [Double], _ b: [Double]) -> Bool {
        min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]) > slack && min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]) > slack
    }

    /// True when `outer` holds `inner`.
    static func contains(_ outer: [Double], _ inner: [Double]) -> Bool {
        inner[0] >= outer[0] - slack && inner[1] >= outer[1] - slack && inner[0] + inner[2] <= outer[0] + outer[2] + slack
            && inner[1] + inner[3] <= outer[1] + outer[3] + slack
    }
}
