/// A client's `WAYLAND_DEBUG=client` log read for frame timing: when it committed frames and when its frame callbacks
/// arrived, for a client without a trace of its own (weston-simple-egl). libwayland stamps each line `[ms.µs]` with
/// CLOCK_REALTIME microseconds modulo 2^32; times here are microseconds after `spawnMicros` (the same clock, read when
/// the client was started), the stamp unwrapped against it.
///
/// A frame commit is a `wl_surface.commit` that asks for the next frame callback (a `wl_surface.frame` since the last
/// commit; it may carry no buffer when only subsurfaces changed), or one with a new buffer on a surface that is not a
/// subsurface (a subsurface's commits show only with its parent's).
struct WaylandDebugLog {
    /// Frame commits and frame-callback `done` events (µs after the spawn), and the toplevel configures' sizes.
    private(set) var commits: [Double] = []
    private(set) var dones: [Double] = []
    private(set) var configures: [(width: Int, height: Int)] = []

    /// Reads `text`, a log begun at `spawnMicros` (CLOCK_REALTIME µs, any width: only its value modulo 2^32 counts).
    init(text: String, spawnMicros: UInt64) {
        let modulus: Int64 = 1 << 32
        let base = Int64(spawnMicros % UInt64(modulus))
        var frameCallbacks: Set<Substring> = [], wantsFrame: Set<Substring> = [], subsurfaces: Set<Substring> = []
        var attached: [Substring: Bool] = [:]
        for line in text.split(separator: "\n") {
            guard line.first == "[", let close = line.firstIndex(of: "]") else { continue }
            let stamp = line[line.index(after: line.startIndex)..<close].trimmingSpaces()
            let parts = stamp.split(separator: ".")
            guard parts.count == 2, let ms = Int64(parts[0]), let us = Int64(parts[1]) else { continue }
            var t = ((ms * 1000 + us) - base) % modulus
            if t < 0 { t += modulus }
            if t > modulus / 2 { t -= modulus }   // a line stamped a hair before the spawn reading
            var rest = line[line.index(after: close)...].drop { $0 == " " }
            let request = rest.hasPrefix("->")
            if request { rest = rest.dropFirst(2).drop { $0 == " " } }
            // iface@id.message(args)
            guard let at = rest.firstIndex(of: "@"), let dot = rest[at...].firstIndex(of: "."),
                  let open = rest[dot...].firstIndex(of: "("), let end = rest.lastIndex(of: ")") else { continue }
            let interface = rest[..<at], id = rest[rest.index(after: at)..<dot]
            let message = rest[rest.index(after: dot)..<open], args = rest[rest.index(after: open)..<end]
            let time = Double(t)
            switch (request, interface, message) {
            case (true, "wl_subcompositor", "get_subsurface"):
                // (new id wl_subsurface@N, wl_surface@child, wl_surface@parent)
                if let child = Self.objects(args, of: "wl_surface").first { subsurfaces.insert(child) }
            case (true, "wl_surface", "frame"):
                if let callback = Self.objects(args, of: "wl_callback").first {
                    frameCallbacks.insert(callback)
                    wantsFrame.insert(id)
                }
            case (true, "wl_surface", "attach"):
                attached[id] = args.hasPrefix("wl_buffer@")
            case (true, "wl_surface", "commit"):
                let framed = wantsFrame.remove(id) != nil
                if (attached.removeValue(forKey: id) == true && !subsurfaces.contains(id)) || framed {
                    commits.append(time)
                }
            case (false, "wl_callback", "done"):
                if frameCallbacks.remove(id) != nil { dones.append(time) }
            case (false, "xdg_toplevel", "configure"):
                let size = args.split(separator: ",").prefix(2).compactMap { Int($0.trimmingSpaces()) }
                if size.count == 2 { configures.append((size[0], size[1])) }
            default:
                break
            }
        }
    }

    /// The ids of `interface` objects named in an argument list (`wl_surface@12`, `new id wl_callback@25`).
    static func objects(_ args: Substring, of interface: String) -> [Substring] {
        args.split(separator: ",").compactMap { arg in
            guard let range = arg.firstRange(of: interface + "@") else { return nil }
            return arg[range.upperBound...].prefix { $0.isNumber }
        }
    }

    /// Intervals between the frame commits in [`from`, `to`) (ms).
    func intervals(from: Double, to: Double) -> [Double] {
        let inside = commits.filter { $0 >= from && $0 < to }
        return zip(inside, inside.dropFirst()).map { ($1 - $0) / 1000 }
    }

    /// For each frame callback in [`from`, `to`): the time to the next frame commit, when it comes before the next
    /// callback (ms).
    func callbackToCommit(from: Double, to: Double) -> [Double] {
        var result: [Double] = []
        var j = 0
        for (i, done) in dones.enumerated() where done >= from && done < to {
            while j < commits.count, commits[j] < done { j += 1 }
            guard j < commits.count else { break }
            let next = i + 1 < dones.count ? dones[i + 1] : .infinity
            if commits[j] < next { result.append((commits[j] - done) / 1000) }
        }
        return result
    }
}
