extension StringProtocol {
    /// The text without the spaces and tabs (and, with `newlines`, line breaks) at its ends: Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (`.whitespacesAndNewlines`) without Foundation.
    func trimmingSpaces(newlines: Bool = false) -> String {
        let isSpace = { (c: Character) in c.isWhitespace && (newlines || !c.isNewline) }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension String {
    /// The text cut or filled with spaces to `length` characters: Foundation's `padding(toLength:withPad:" ",
    /// startingAt: 0)` without Foundation.
    func padded(_ length: Int) -> String {
        count >= length ? String(prefix(length)) : self + String(repeating: " ", count: length - count)
    }
}
