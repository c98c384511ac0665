#if canImport(Glibc)
import Glibc
#endif
import CGLES
import FileIO

/// Linked programs kept in a folder as the driver's own binaries (`glGetProgramBinary`), so that a later run loads
/// each with `glProgramBinary` instead of compiling its GLSL.
///
/// On Mesa the first GLSL compile of a process sets up the compiler (its built-in functions): ~6.5 MiB of heap kept
/// as long as the context lives, and ~25 ms at launch; a run whose programs all load from binaries never compiles
/// GLSL (docs/benchmarks/scenes.md, perf-mem3). Each program is one file, `NAME.bin`: a header with a hash of the GL
/// strings, the sources and the attribute bindings, then the driver's binary format and blob. A file for other
/// sources or another driver, or a blob the driver refuses (a new driver build), is compiled again and replaced.
/// Reading or writing the folder never fails a run: it only costs the compile, and the first problem is logged once.
/// One thread, with the context current.
public final class ProgramCache {
    /// The folder the files are in (made, with its parents, on the first store).
    public let directory: String
    /// Programs loaded from a binary since this cache was made.
    public private(set) var loaded = 0
    /// Programs written since this cache was made.
    public private(set) var stored = 0

    private let log: (String) -> Void
    private var logged = false

    /// A cache in `directory`; `log` hears the first problem reading or writing it (one line).
    public init(directory: String, log: @escaping (String) -> Void = { _ in }) {
        self.directory = directory
        self.log = log
    }

    /// "MPB1": the file format.
    static let magic: [UInt8] = [0x4D, 0x50, 0x42, 0x31]
    /// Magic, key (8 bytes), binary format (4), blob length (4), little-endian.
    static let headerSize = 20

    /// What a program's binary depends on: the current context's GL strings, the attribute bindings and both
    /// sources (FNV-1a, 64 bits: the same in every process).
    static func key(vertex: String, fragment: String, attributes: [String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            hash = (hash ^ 0xff) &* 0x100_0000_01b3  // a separator no UTF-8 text contains
        }
        for name in [GL_VENDOR, GL_RENDERER, GL_VERSION, GL_SHADING_LANGUAGE_VERSION] {
            add(glGetString(GLenum(name)).map { String(cString: $0) } ?? "")
        }
        attributes.forEach(add)
        add(vertex)
        add(fragment)
        return hash
    }

    /// Whether the context can save and load program binaries at all.
    static var contextCanSaveBinaries: Bool {
        var formats: GLint = 0
        glGetIntegerv(GLenum(GL_NUM_PROGRAM_BINARY_FORMATS), &formats)
        return formats > 0
    }

    func path(_ name: String) -> String { directory + "/" + name + ".bin" }

    /// The linked program stored as `name` for `key`, or nil (none, another key, or the driver refused it).
    func load(name: String, key: UInt64) -> GLuint? {
        guard Self.contextCanSaveBinaries, let bytes = read(path(name)), bytes.count > Self.headerSize,
              Array(bytes[0..<4]) == Self.magic, Self.uint64(bytes, at: 4) == key else { return nil }
        let format = GLenum(Self.uint32(bytes, at: 12))
        let length = Int(Self.uint32(bytes, at: 16))
        guard length == bytes.count - Self.headerSize else { return nil }
        let program = glCreateProgram()
        guard program != 0 else { return nil }
        bytes.withUnsafeBytes { raw in
            glProgramBinary(program, format, raw.baseAddress.map { $0 + Self.headerSize }, GLsizei(length))
        }
        var linked: GLint = 0
        glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
        guard linked == GL_TRUE else {
            glDeleteProgram(program)
            while glGetError() != GLenum(GL_NO_ERROR) {}  // a refused format leaves GL_INVALID_ENUM behind
            return nil
        }
        loaded += 1
        return program
    }

    /// Saves `program` (linked) as `name` for `key`, replacing what was there.
    func store(_ program: GLuint, name: String, key: UInt64) {
        guard Self.contextCanSaveBinaries else { return }
        var length: GLint = 0
        glGetProgramiv(program, GLenum(GL_PROGRAM_BINARY_LENGTH), &length)
        guard length > 0 else { return }
        var blob = [UInt8](repeating: 0, count: Int(length))
        var written: GLsizei = 0
        var format: GLenum = 0
        glGetProgramBinary(program, length, &written, &format, &blob)
        guard written > 0, written <= length else { return }
        var file = Self.magic
        Self.append(key, to: &file)
        Self.append(UInt64(format) | UInt64(UInt32(written)) << 32, to: &file)
        file += blob.prefix(Int(written))
        if let problem = write(file, to: path(name)) {
            if !logged { log("program cache: \(problem); shaders are compiled at each launch") }
            logged = true
        } else {
            stored += 1
        }
    }

    // MARK: Files

    /// The whole file at `path`, or nil when it cannot be read.
    private func read(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)  // a planted symlink is not read
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        return try? FileIO.readAll(fd, limit: 64 << 20)  // no program binary is this large
    }

    /// Writes `bytes` to `path` through a fresh temporary file renamed over it (a reader never sees half a file, a
    /// planted symlink is neither followed nor written through); the problem, or nil.
    private func write(_ bytes: [UInt8], to path: String) -> String? {
        if let (folder, error) = FileIO.makeDirectories(directory, mode: 0o700) {
            return "cannot make \(folder): \(FileIO.reason(error))"
        }
        if let error = FileIO.writeAtomically(bytes, to: path, mode: 0o600, sync: false) {
            return "cannot write \(path): \(FileIO.reason(error))"
        }
        return nil
    }

    // MARK: Bytes

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func uint64(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << UInt64(8 * $1) }
    }

    private static func uint32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 | UInt32(bytes[offset + $1]) << UInt32(8 * $1) }
    }
}
