import RealModule
import MomentumCore
import MomentumLayers

extension GalleryScene {
    /// Lane colours, top to bottom.
    static let laneColors: [UInt32] = [0x8E8E93, 0x3478F6, 0x34C759, 0xFF9F0A, 0x5E5CE6, 0xFF375F, 0x64D2FF]
    /// Cover colours by id.
    static let coverColors: [UInt32] = [0xFF375F, 0xFF9F0A, 0x34C759, 0x3478F6]
    /// Caption colour.
    static let captionColor = RGBA(r: 1, g: 1, b: 1, a: 0.55)

    /// Appends the lanes, the form field, the orbit and the covers as presented now.
    public func draw(into list: inout DrawList) {
        drawLanes(into: &list)
        drawShake(into: &list)
        drawOrbit(into: &list)
        drawCovers(into: &list)
    }

    private func drawLanes(into list: inout DrawList) {
        let track = RGBA(r: 1, g: 1, b: 1, a: 0.14)
        let label = RGBA(r: 1, g: 1, b: 1, a: 0.8)
        for (i, lane) in GalleryLane.all.enumerated() {
            let y = layout.laneY(i)
            let color = RGBA(hex: Self.laneColors[i % Self.laneColors.count])
            list.addText(lane.label, at: SIMD2(layout.lanesFrame.x, (y - 3.5).rounded()), size: 7, color: label)
            list.addLine(from: SIMD2(layout.laneStartX, y), to: SIMD2(layout.laneEndX, y), width: 2, color: track)
            list.addCircle(center: SIMD2(laneX(i), y), radius: GalleryLayout.dotRadius, fill: color)
        }
        let f = layout.lanesFrame
        list.addText("tap: run the other way", at: SIMD2(layout.laneStartX - GalleryLayout.dotRadius, f.maxY + 6),
                     size: 7, color: Self.captionColor)
    }

    private func drawShake(into list: inout DrawList) {
        let rest = layout.shakeField
        let field = rest.offsetBy(SIMD2(shakeOffset, 0))
        list.addText("password", at: SIMD2(rest.x - GalleryLayout.labelWidth, rest.center.y - 3.5), size: 7,
                     color: RGBA(r: 1, g: 1, b: 1, a: 0.8))
        list.addRoundedRect(field, cornerRadius: 10, fill: RGBA(hex: 0xF4F5F8),
                            shadow: DropShadow(blurRadius: 10, offset: SIMD2(0, 2), color: RGBA(r: 0, g: 0, b: 0, a: 0.3)))
        for k in 0..<6 {
            list.addCircle(center: SIMD2(field.x + 24 + Double(k) * 18, field.center.y), radius: 4,
                           fill: RGBA(hex: 0x1C1C1E))
        }
        list.addText("tap: shake (additive keyframes)", at: SIMD2(rest.x, rest.maxY + 8), size: 7, color: Self.captionColor)
    }

    private func drawOrbit(into list: inout DrawList) {
        let center = layout.orbitCenter
        let radii = layout.orbitRadii
        let points = (0..<96).map { k -> SIMD2<Double> in
            let t = 2 * Double.pi * Double(k) / 96
            return center + radii * SIMD2(Double.cos(t), Double.sin(t))
        }
        list.addPolyline(points, width: 1.5, color: RGBA(r: 1, g: 1, b: 1, a: 0.25), closed: true)
        list.addCircle(center: center, radius: 22, fill: RGBA(hex: 0xFF9F0A),
                       shadow: DropShadow(blurRadius: 16, offset: .zero, color: RGBA(hex: 0xFF9F0A, alpha: 0.5)))
        // The satellite: a body elongated along its direction of travel (rotate-auto), with two panels.
        let pose = satellite
        let p = satellitePosition
        let across = SIMD2(-Double.sin(pose.angle), Double.cos(pose.angle))
        for side in [-1.0, 1.0] {
            let c = p + side * 13 * across
            list.addRoundedRect(DrawRect(x: c.x - 4, y: c.y - 7, width: 8, height: 14), cornerRadius: 2,
                                fill: RGBA(hex: 0x3478F6), rotation: pose.angle)
        }
        list.addRoundedRect(DrawRect(x: p.x - 12, y: p.y - 6, width: 24, height: 12), cornerRadius: 5,
                            fill: RGBA(hex: 0xE5E5EA), rotation: pose.angle)
        let nose = p + 11 * SIMD2(Double.cos(pose.angle), Double.sin(pose.angle))
        list.addCircle(center: nose, radius: 3, fill: RGBA(hex: 0xFF375F))
        let f = layout.orbitFrame
        list.addText("tap: 3 paced laps, rotate-auto", at: SIMD2(f.x, f.maxY + 2), size: 7, color: Self.captionColor)
    }

    private func drawCovers(into list: inout DrawList) {
        let anchor = layout.coversAnchor
        let half = GalleryLayout.cardSize / 2
        let shadow = DropShadow(blurRadius: 14, offset: SIMD2(0, 3), color: RGBA(r: 0, g: 0, b: 0, a: 0.35))
        for card in presentedCovers.sorted(by: { ($0.z, $0.id) < ($1.z, $1.id) }) {
            let c = anchor + card.position
            list.addRoundedRect(DrawRect(x: c.x - half, y: c.y - half, width: 2 * half, height: 2 * half),
                                cornerRadius: 12, fill: RGBA(hex: Self.coverColors[card.id % Self.coverColors.count]),
                                shadow: shadow, rotation: card.rotation)
            list.addText("\(card.id + 1)", at: SIMD2(c.x - half + 12, c.y + half - 26), size: 14,
                         color: RGBA(r: 1, g: 1, b: 1, a: 0.9))
        }
        let f = layout.coversFrame
        list.addText("tap: shuffle (group, +0.5 s)", at: SIMD2(f.x, f.maxY + 4), size: 7, color: Self.captionColor)
    }
}
