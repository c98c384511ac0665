import Testing
@testable import MomentumText

/// Finding the face through fontconfig: Inter when installed (CI installs fonts-inter), else a sans-serif face
/// with one log line, else a one-line error.
@Suite struct FontsTests {
    @Test func findsInterInBothWeightsWithoutLogging() throws {
        var lines: [String] = []
        let fonts = try Fonts { lines.append($0) }
        #expect(!fonts.isFallback)
        #expect(lines.isEmpty)
        let regular = try #require(fonts.descriptors[.regular])
        let semibold = try #require(fonts.descriptors[.semibold])
        #expect(regular.family == "Inter")
        #expect(regular.style == "Regular")
        #expect(semibold.family == "Inter")
        #expect(semibold.style.replacingSpaces() == "SemiBold", "semibold style: \(semibold.style)")
        #expect(regular.path != semibold.path)
        #expect(regular.path.hasSuffix(".otf") || regular.path.hasSuffix(".ttf"))
    }

    @Test func missingFamilyFallsBackToASansSerifWithOneLogLine() throws {
        var lines: [String] = []
        let fonts = try Fonts(preferredFamily: "NoSuchFamily") { lines.append($0) }
        #expect(fonts.isFallback)
        #expect(lines.count == 1)
        let line = try #require(lines.first)
        #expect(line.hasPrefix("font: NoSuchFamily not found, using "), "\(line)")
        #expect(!line.contains("\n"))
        let regular = try #require(fonts.descriptors[.regular])
        #expect(regular.family != "NoSuchFamily")
        #expect(line.contains(regular.path))
        // The fallback shapes and rasterises like the real thing; using it logs nothing more.
        let shaper = TextShaper(fonts: fonts)
        let run = shaper.shape("Hello", pixelSize: 16, weight: .semibold)
        #expect(run.glyphs.count == 5)
        #expect(run.glyphs.allSatisfy { $0.id != 0 && $0.xAdvance > 0 })
        let atlas = GlyphAtlas(fonts: fonts)
        #expect(atlas.layout(run, x: 0, y: 20).count == 5)
        #expect(lines.count == 1)
    }

    @Test func noFontAtAllIsAOneLineError() {
        var lines: [String] = []
        #expect {
            _ = try Fonts(preferredFamily: "Inter", configuration: .empty) { lines.append($0) }
        } throws: { error in
            guard let error = error as? FontError else { return false }
            return error.description.hasPrefix("font: fontconfig found no font at all")
                && error.description.contains("fonts-inter") && !error.description.contains("\n")
        }
        #expect(lines.isEmpty)
    }
}

extension String {
    func replacingSpaces() -> String { String(filter { $0 != " " }) }
}
