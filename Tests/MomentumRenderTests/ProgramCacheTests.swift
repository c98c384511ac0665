import Foundation
import MomentumLayers
import Testing
@testable import MomentumRender

/// The shader programs' binaries on disk, with real OpenGL ES on llvmpipe (EGL's surfaceless platform): a second
/// renderer loads what the first stored and draws the same pixels; a file the driver cannot use is compiled again
/// and replaced.
@Suite(.serialized)
struct ProgramCacheTests {
    /// The programs a frame uses: flat, shape, shadow, glyph, and on GLES 2 (no blit: scripts/test runs these tests
    /// with MOMENTUM_GLES_VERSION=2 too) the texture program that copies the offscreen frame.
    static let names: [String] = {
        guard let context = try? RenderContext(headlessWidth: 8, height: 8), (try? context.makeCurrent()) != nil,
              let renderer = try? Renderer() else { return [] }
        return withExtendedLifetime(context) {
            ["flat", "glyph", "shadow", "shape"] + (renderer.canBlit ? [] : ["texture"])
        }
    }()
    static var programs: Int { names.count }

    /// A frame using every program the first frames use: gradient, rounded rect with its shadow, text.
    static func frame() -> DrawList {
        var list = DrawList()
        list.addBackground(top: RGBA(r: 0.1, g: 0.1, b: 0.3), bottom: RGBA(r: 0.4, g: 0.2, b: 0.4))
        list.addRoundedRect(DrawRect(x: 20.5, y: 20, width: 120, height: 70), cornerRadius: 16,
                            fill: RGBA(r: 0.95, g: 0.95, b: 0.97),
                            shadow: DropShadow(blurRadius: 12, offset: SIMD2(0, 4)))
        list.addLabel("Wi-Fi 09:41", at: SIMD2(30, 50), size: 15, color: RGBA(r: 0.1, g: 0.1, b: 0.1))
        return list
    }

    /// Draws `frame()` at 180×120 with a renderer whose programs go through `cache`.
    static func draw(with cache: ProgramCache) throws -> [UInt8] {
        let context = try RenderContext(headlessWidth: 180, height: 120)
        return try withExtendedLifetime(context) {
            try context.makeCurrent()
            let renderer = try Renderer(programCache: cache)
            renderer.draw(frame(), width: 180, height: 120, scale: 1)
            return renderer.readPixels(width: 180, height: 120)
        }
    }

    static func withFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("momentum-programs-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder.appendingPathComponent("momentum").path)
    }

    @Test func aSecondRunLoadsTheBinariesAndDrawsTheSamePixels() throws {
        try Self.withFolder { folder in
            let first = ProgramCache(directory: folder)
            let compiled = try Self.draw(with: first)
            #expect(first.stored == Self.programs && first.loaded == 0)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(Self.programs >= 4 && files == Self.names.map { $0 + ".bin" })

            let second = ProgramCache(directory: folder)
            let loaded = try Self.draw(with: second)
            #expect(second.loaded == Self.programs && second.stored == 0)
            #expect(loaded == compiled)
            // The frame is not blank: the text and the card are there.
            #expect(Set(stride(from: 0, to: loaded.count, by: 4).map { loaded[$0] }).count > 20)
        }
    }

    @Test func aFileTheDriverCannotUseIsCompiledAgainAndReplaced() throws {
        try Self.withFolder { folder in
            let compiled = try Self.draw(with: ProgramCache(directory: folder))
            // Keep the header (magic, key, format, length), spoil the blob: the driver's own check refuses it.
            let shape = folder + "/shape.bin"
            var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: shape)))
            for i in ProgramCache.headerSize..<bytes.count { bytes[i] = 0x5A }
            try Data(bytes).write(to: URL(fileURLWithPath: shape))
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/glyph.bin"))

            let cache = ProgramCache(directory: folder)
            #expect(try Self.draw(with: cache) == compiled)
            #expect(cache.loaded == Self.programs - 2 && cache.stored == 2)
            let again = ProgramCache(directory: folder)
            #expect(try Self.draw(with: again) == compiled)
            #expect(again.loaded == Self.programs)
        }
    }

    @Test func aFolderThatCannotBeMadeOnlyCostsTheCompileWithOneLogLine() throws {
        try Self.withFolder { folder in
            // A file where the folder's parent should be.
            let parent = (folder as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: folder, contents: Data([0])))
            var lines: [String] = []
            let cache = ProgramCache(directory: folder + "/programs") { lines.append($0) }
            let image = try Self.draw(with: cache)
            #expect(cache.stored == 0 && cache.loaded == 0)
            #expect(lines.count == 1)
            #expect(lines.first?.hasPrefix("program cache: cannot make \(folder)") == true)
            #expect(Set(stride(from: 0, to: image.count, by: 4).map { image[$0] }).count > 20)
        }
    }

    @Test func plantedSymlinksAreNeitherReadNorWrittenThrough() throws {
        try Self.withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Someone else's file, linked in at a program's path and at a temporary path a write could go through
            // (the cache's temporary files are made fresh, mkostemp, so none is followed).
            let victim = (folder as NSString).deletingLastPathComponent + "/victim"
            #expect(FileManager.default.createFile(atPath: victim, contents: Data("keep me".utf8)))
            try FileManager.default.createSymbolicLink(atPath: folder + "/shape.bin", withDestinationPath: victim)
            try FileManager.default.createSymbolicLink(atPath: folder + "/flat.bin.\(getpid()).tmp",
                                                       withDestinationPath: victim)
            let cache = ProgramCache(directory: folder)
            _ = try Self.draw(with: cache)
            #expect(cache.loaded == 0 && cache.stored == Self.programs)
            #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me")
            // The links were replaced by the cache's own files.
            let shape = try FileManager.default.attributesOfItem(atPath: folder + "/shape.bin")
            #expect(shape[.type] as? FileAttributeType == .typeRegular)
        }
    }
}
