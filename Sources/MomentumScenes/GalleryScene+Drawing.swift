import MomentumCore

extension GalleryScene {
    /// Lane colours, top to bottom.
    static let laneColors: [UInt32] = [0x8E8E93, 0x3478F6, 0x34C759, 0xFF9F0A, 0x5E5CE6, 0xFF375F, 0x64D2FF]
    /// Cover colours by id.
    static let coverColors: [UInt32] = [0xFF375F, 0xFF9F0A, 0x34C759, 0x3478F6]

    /// Appends the lanes, the form field, the orbit and the covers as presented now.
    public func draw(into list: inout DrawList) {
        drawLanes(into: &list)
        drawShake(into: &list)
        drawOrbit(into: &list)
        drawCovers(into: &list)
    }

    private func drawLanes(into list: inout DrawList) {
        let track = RGBA(r: 1, g: 1, b: 1, a: 0.12)
        let r = GalleryLayout.dotRadius
        for i in GalleryLane.all.indices {
            let y = layout.laneY(i)
            let color = RGBA(hex: Self.laneColors[i % Self.laneColors.count])
            // Label swatch in the label column, then the track and the dot.
            list.addRoundedRect(DrawRect(x: layout.lanesFrame.x, y: y - 6, width: 12, height: 12), cornerRadius: 3,
                                fill: color)
            list.addRect(DrawRect(x: layout.laneStartX, y: y - 1, width: layout.laneEndX - layout.laneStartX, height: 2),
                         fill: track)
            let x = laneX(i)
            list.addRoundedRect(DrawRect(x: x - r, y: y - r, width: 2 * r, height: 2 * r), cornerRadius: r, fill: color)
        }
    }

    private func drawShake(into list: inout DrawList) {
        let field = layout.shakeField.offsetBy(SIMD2(shakeOffset, 0))
        list.addRoundedRect(field, cornerRadius: 10, fill: RGBA(hex: 0xF4F5F8),
                            shadow: DropShadow(blurRadius: 10, offset: SIMD2(0, 2), color: RGBA(r: 0, g: 0, b: 0, a: 0.3)))
        // Password dots.
        for k in 0..<6 {
            let c = SIMD2(field.x + 24 + Double(k) * 18, field.center.y)
            list.addRoundedRect(DrawRect(x: c.x - 4, y: c.y - 4, width: 8, height: 8), cornerRadius: 4,
                                fill: RGBA(hex: 0x1C1C1E))
        }
    }

    private func drawOrbit(into list: inout DrawList) {
        let center = layout.orbitCenter
        let radii = layout.orbitRadii
        // The path as a dotted ellipse.
        let dots = 64
        for k in 0..<dots {
            let t = 2 * Math.pi * Double(k) / Double(dots)
            let p = center + radii * SIMD2(Math.cos(t), Math.sin(t))
            list.addRect(DrawRect(x: p.x - 1, y: p.y - 1, width: 2, height: 2), fill: RGBA(r: 1, g: 1, b: 1, a: 0.3))
        }
        list.addRoundedRect(DrawRect(x: center.x - 22, y: center.y - 22, width: 44, height: 44), cornerRadius: 22,
                            fill: RGBA(hex: 0xFF9F0A))
        // The satellite: a body with a nose dot ahead of it along its angle (rotate-auto made visible).
        let pose = satellite
        let p = satellitePosition
        list.addRoundedRect(DrawRect(x: p.x - 10, y: p.y - 10, width: 20, height: 20), cornerRadius: 6,
                            fill: RGBA(hex: 0xE5E5EA))
        let nose = p + 15 * SIMD2(Math.cos(pose.angle), Math.sin(pose.angle))
        list.addRoundedRect(DrawRect(x: nose.x - 4, y: nose.y - 4, width: 8, height: 8), cornerRadius: 4,
                            fill: RGBA(hex: 0xFF375F))
    }

    private func drawCovers(into list: inout DrawList) {
        let anchor = layout.coversAnchor
        let half = GalleryLayout.cardSize / 2
        let shadow = DropShadow(blurRadius: 14, offset: SIMD2(0, 3), color: RGBA(r: 0, g: 0, b: 0, a: 0.35))
        for card in presentedCovers.sorted(by: { ($0.z, $0.id) < ($1.z, $1.id) }) {
            let c = anchor + card.position
            list.addRoundedRect(DrawRect(x: c.x - half, y: c.y - half, width: 2 * half, height: 2 * half),
                                cornerRadius: 12, fill: RGBA(hex: Self.coverColors[card.id % Self.coverColors.count]),
                                shadow: shadow)
        }
    }
}
