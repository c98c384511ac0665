import Foundation
import MomentumCore
import Testing

/// The listings of the getting-started article (`Engine/Sources/MomentumCore/MomentumCore.docc/GettingStarted.md`),
/// compiled and run against MomentumCore's public API: a plain `import`, so nothing internal is visible to them.
///
/// Each listing is copied here verbatim between `// listing: NAME` and `// end listing`. `listingsAreTheArticles`
/// checks that the article's ```swift blocks are exactly these listings, in order, and each other test checks that
/// its listing prints what the article's `// Prints "…"` comments say. Inside a test `print` is the test's own
/// function, which records what the listing prints.
@Suite struct GettingStartedTests {
    @Test func springWithVelocity() throws {
        let printed = Printed()
        func print(_ item: Any) { printed.append(item) }
        // listing: spring-with-velocity
        var spring = SpringAnimation(parameters: SpringParameters(response: 0.5, dampingRatio: 0.7),
                                     value: [0, 0], velocity: [0, -2000], target: [300, 0])
        print(spring.presentedVelocity)               // Prints "SIMD2<Double>(0.0, -2000.0)"
        var highest = 0.0
        while !spring.isAtRest {
            spring.advance(by: 1.0 / 60)              // one frame of a 60 Hz display
            highest = min(highest, spring.presentedValue.y)
        }
        print(highest < -70)                          // Prints "true": it carried on upward first
        print(spring.presentedValue)                  // Prints "SIMD2<Double>(300.0, 0.0)"
        // end listing
        try Article.expect(printed, ofListings: ["spring-with-velocity"])
    }

    @Test func retargetingMidFlight() throws {
        let printed = Printed()
        func print(_ item: Any) { printed.append(item) }
        // listing: retargeting
        var spring = SpringAnimation(parameters: SpringParameters(response: 0.4, dampingRatio: 0.8),
                                     value: [0, 0], target: [300, 0])
        for _ in 0..<12 { spring.advance(by: 1.0 / 60) }     // 200 ms on the way to x = 300
        let velocity = spring.presentedVelocity
        spring.retarget(to: [0, 200])                         // a new target mid-flight…
        print(spring.presentedVelocity == velocity)           // Prints "true": …and the velocity carries on
        while !spring.isAtRest { spring.advance(by: 1.0 / 60) }
        print(spring.presentedValue)                          // Prints "SIMD2<Double>(0.0, 200.0)"
        // end listing
        try Article.expect(printed, ofListings: ["retargeting"])
    }

    @Test func dynamicsWorld() throws {
        let printed = Printed()
        func print(_ item: Any) { printed.append(item) }
        // listing: dynamics-world
        var world = DynamicsWorld()
        world.bounds = DynamicsRect(x: 0, y: 0, width: 400, height: 800)
        world.gravity = [0, 1]                                         // 1000 pt/s², downward
        let card = world.addItem(center: [200, 100], width: 100, height: 100,
                                 properties: DynamicsItemProperties(elasticity: 0.5, friction: 0.3,
                                                                    allowsRotation: false, collidesWithBounds: true))
        world.setVelocity([900, -600], for: card)                      // thrown up and to the right
        while !world.isIdle { world.advance(by: 1.0 / 60) }            // it bounces off the walls, then sleeps
        print(world.presentedPosition(of: card).y)                     // Prints "750.0": on the floor
        print(world.presentedVelocity(of: card))                       // Prints "SIMD2<Double>(0.0, 0.0)"
        // end listing
        try Article.expect(printed, ofListings: ["dynamics-world"])
    }

    @Test func bezierTween() throws {
        let printed = Printed()
        func print(_ item: Any) { printed.append(item) }
        // listing: bezier-tween
        let curve = try CubicBezier(0.2, 0, 0, 1)                      // CSS cubic-bezier(0.2, 0, 0, 1)
        var tween = TweenBackend(duration: 0.3, timingFunction: .cubicBezier(curve), at: [0, 0])
        tween.start(from: [0, 0], velocity: .zero, to: [100, 0])
        tween.advance(by: 0.15)                                        // half the time…
        print(tween.presentedValue.x == 100 * curve.value(at: 0.5))   // Prints "true": …where the curve says
        let velocity = tween.presentedVelocity
        tween.retarget(to: [100, 50])
        print(tween.presentedVelocity == velocity)                     // Prints "true"
        tween.advance(by: 0.31)                                        // the new layer's 0.3 s and a little more
        print(tween.presentedValue)                                    // Prints "SIMD2<Double>(100.0, 50.0)"
        // end listing
        try Article.expect(printed, ofListings: ["bezier-tween"])
    }

    @Test func drivingItFromYourOwnClock() async throws {
        let printed = Printed()
        func print(_ item: Any) { printed.append(item) }
        // listing: your-timestamps
        var animator = Animator<String, SpringAnimation>()
        animator.add(SpringAnimation(parameters: SpringParameters(response: 0.3, dampingRatio: 1),
                                     value: [0, 0], target: [0, 400]), for: "sheet")
        var previous: Double?
        func frame(at timestamp: Double) -> Double {                   // your display link calls this
            defer { previous = timestamp }
            return animator.advance(by: timestamp - (previous ?? timestamp))
        }
        print(frame(at: 10))                                           // Prints "0.0": the first frame has no step
        print(frame(at: 10.0625))                                      // Prints "0.0625"
        print(frame(at: 11))                                           // Prints "0.1": a 0.9375 s stall, clamped
        var now = 11.0
        while !animator.isIdle {                                       // stop your display link once idle
            now += 1.0 / 64
            _ = frame(at: now)
        }
        print(animator.presentedValue(for: "sheet") ?? .zero)          // Prints "SIMD2<Double>(0.0, 400.0)"
        // end listing
        // listing: continuous-clock
        animator.retarget("sheet", to: [0, 0])                         // and back again, in real time
        let clock = ContinuousClock()
        var last = clock.now
        while !animator.isIdle {
            try await Task.sleep(for: .milliseconds(16))
            let now = clock.now
            animator.advance(by: (now - last) / .seconds(1))           // seconds since the last frame
            last = now
        }
        print(animator.presentedValue(for: "sheet") ?? .zero)          // Prints "SIMD2<Double>(0.0, 0.0)"
        // end listing
        try Article.expect(printed, ofListings: ["your-timestamps", "continuous-clock"])
    }

    @Test func listingsAreTheArticles() throws {
        let article = try Article.blocks()
        let listings = try Article.listings()
        #expect(article.count == listings.count, "the article has \(article.count) swift blocks, the tests \(listings.count) listings")
        for (index, (block, listing)) in zip(article, listings).enumerated() {
            #expect(block == listing.text, "block \(index + 1) of the article differs from listing '\(listing.name)'")
        }
        // Every block says what it prints, so every test checks something.
        for (index, block) in article.enumerated() {
            #expect(!Article.printed(in: block).isEmpty, "block \(index + 1) of the article says nothing it prints")
        }
    }
}

/// What a listing printed, one string a `print`.
final class Printed {
    private(set) var lines: [String] = []
    func append(_ item: Any) { lines.append(String(describing: item)) }
}

/// The article and this file's listings, read from the source tree.
enum Article {
    struct Listing {
        let name: String
        let text: String
    }

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    static let testFile = URL(fileURLWithPath: #filePath)
    static let articleFile = testFile
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Engine/Sources/MomentumCore/MomentumCore.docc/GettingStarted.md")

    /// The text of every ```swift block of the article, in order.
    static func blocks() throws -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in try String(contentsOf: articleFile, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line == "```swift" { current = [] }
            } else if line == "```" {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// This file's listings, in order, each without the indentation of its `// listing:` line.
    static func listings() throws -> [Listing] {
        var listings: [Listing] = []
        var open: (name: String, indent: Int, lines: [String])?
        for line in try String(contentsOf: testFile, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop(while: { $0 == " " })
            if let listing = open {
                if trimmed == "// end listing" {
                    listings.append(Listing(name: listing.name, text: listing.lines.joined(separator: "\n")))
                    open = nil
                } else {
                    let indent = String(repeating: " ", count: listing.indent)
                    open?.lines.append(line.hasPrefix(indent) ? String(line.dropFirst(listing.indent)) : String(trimmed))
                }
            } else if trimmed.hasPrefix("// listing: ") {
                open = (String(trimmed.dropFirst("// listing: ".count)), line.count - trimmed.count, [])
            }
        }
        return listings
    }

    /// What a block's `// Prints "…"` comments say it prints, in order.
    static func printed(in block: String) -> [String] {
        let marker = "// Prints \""
        return block.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: marker)?.upperBound,
                  let end = line[start...].firstIndex(of: "\"") else { return nil }
            return String(line[start..<end])
        }
    }

    /// Expects `output` to be what the article says the named listings print, one after the other: the
    /// `// Prints` comments of the article's blocks at those listings' places.
    static func expect(_ output: Printed, ofListings names: [String],
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let listings = try listings()
        let blocks = try blocks()
        var expected: [String] = []
        for name in names {
            guard let index = listings.firstIndex(where: { $0.name == name }) else {
                throw Missing(description: "no listing named '\(name)' in \(testFile.path)")
            }
            guard index < blocks.count else {
                throw Missing(description: "listing '\(name)' is number \(index + 1), the article has \(blocks.count) swift blocks")
            }
            expected += printed(in: blocks[index])
        }
        #expect(output.lines == expected, sourceLocation: sourceLocation)
    }
}
