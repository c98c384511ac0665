import MomentumCore
import MomentumLayers

extension TransitionScene {
    /// Appends the backdrop (content rows and the "Present" button), the dimming, the header bar with its two
    /// cross-fading titles, and the card. Dimming is a translucent full-container rect whose alpha comes from the
    /// scrubbed backdrop animation; the cross-fade sets the titles' fill alphas.
    public func draw(into list: inout DrawList) {
        let container = layout.containerRect
        // Backdrop content: a few list rows and the button that presents the card.
        let rowHeight = 44.0, gap = 12.0
        var rowY = TransitionLayout.headerHeight + 24
        while rowY + rowHeight < container.height - 16 {
            list.addRoundedRect(DrawRect(x: 16, y: rowY, width: max(container.width - 32, 0), height: rowHeight),
                                cornerRadius: 10, fill: RGBA(hex: 0xE6E9F0, alpha: 0.9))
            rowY += rowHeight + gap
        }
        list.addRoundedRect(layout.buttonRect, cornerRadius: 26, fill: RGBA(hex: 0x3478F6),
                            shadow: DropShadow(blurRadius: 10, offset: SIMD2(0, 2), color: RGBA(r: 0, g: 0, b: 0, a: 0.25)))
        list.addRoundedRect(layout.buttonRect.insetBy(18).offsetBy(SIMD2(0, 0)), cornerRadius: 8,
                            fill: RGBA(hex: 0xFFFFFF, alpha: 0.85))
        // Dimming, scrubbed by the completion percentage.
        list.addRect(container, fill: RGBA(r: 0, g: 0, b: 0, a: Float(backdrop.dimAlpha)))
        // Header bar with the two titles cross-fading (the seed's navigation bar).
        let header = layout.headerRect
        list.addRect(header, fill: RGBA(hex: 0xF7F8FA, alpha: 0.96))
        list.addRect(DrawRect(x: 0, y: header.maxY - 1, width: header.width, height: 1), fill: RGBA(hex: 0xC8CCD4))
        let fade = Float(backdrop.headerFade)
        let titleA = DrawRect(x: header.center.x - 70, y: header.center.y - 9, width: 140, height: 18)
        list.addRoundedRect(titleA, cornerRadius: 9, fill: RGBA(hex: 0x2C2F36, alpha: 1 - fade))
        let titleB = DrawRect(x: header.center.x - 50, y: header.center.y - 9, width: 100, height: 18)
        list.addRoundedRect(titleB, cornerRadius: 9, fill: RGBA(hex: 0x3478F6, alpha: fade))
        let close = DrawRect(x: header.maxX - 72, y: header.center.y - 9, width: 56, height: 18)
        list.addRoundedRect(close, cornerRadius: 9, fill: RGBA(hex: 0x3478F6, alpha: fade))
        // The card, where it is presented.
        let card = cardRect
        guard card.maxY > 0, card.y < container.height else { return }
        list.addRoundedRect(card, cornerRadius: 18, fill: RGBA(hex: 0xFFFFFF),
                            shadow: DropShadow(blurRadius: 24, offset: SIMD2(0, 4), color: RGBA(r: 0, g: 0, b: 0, a: 0.35)))
        list.addRoundedRect(DrawRect(x: card.center.x - 22, y: card.y + 10, width: 44, height: 6), cornerRadius: 3,
                            fill: RGBA(hex: 0xB8BCC6))
        let inner = card.insetBy(20)
        var lineY = inner.y + 24
        var index = 0
        while lineY + 14 < inner.maxY, index < 12 {
            let widthFraction = [0.9, 0.75, 0.82, 0.6][index % 4]
            list.addRoundedRect(DrawRect(x: inner.x, y: lineY, width: inner.width * widthFraction, height: 14),
                                cornerRadius: 7, fill: RGBA(hex: index == 0 ? 0x3478F6 : 0xD5D9E2))
            lineY += 30
            index += 1
        }
    }
}
