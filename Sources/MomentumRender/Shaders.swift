/// GLSL ES 1.00 sources (valid in ES 2 and ES 3 contexts), one fragment shader per primitive so that each pixel runs
/// only the arithmetic its primitive needs: a gradient is a gradient, a shadow alone pays for `erf`.
///
/// Each quad carries, per vertex: position (buffer px, y down), premultiplied colour, the shape's centre and
/// half-size (buffer px), its rotation as (cos θ, sin θ), its corner radius, a blur sigma and two optional
/// cut planes (normal, point on the plane; a zero normal means none). The vertex shader maps the position into
/// the shape's unrotated frame (an affine map, so the interpolated `v_local` is exact at every fragment); the fragment shader evaluates the rounded box's signed
/// distance `d` (negative inside) there and turns it into coverage — rotation keeps lengths, so edges stay
/// anti-aliased over one buffer px at any angle:
/// - `shape`: anti-aliased edge, coverage = 1 − smoothstep(−0.5, 0.5, d) (a ramp one buffer px wide);
/// - `shadow` (sigma > 0): coverage = ½·(1 − erf(d / (σ√2))) — the exact Gaussian blur of a straight edge,
///   applied along the distance field (a close, cheap approximation near corners);
/// - `flat`: the interpolated colour only (gradients, and rectangles whose edges lie on whole pixels).
/// A cut plane (where two line segments of a polyline join) drops that end's edge from the distance and instead
/// keeps only pixel centres on its side of the miter line: the start cut keeps dot(n, P − J) ≥ 0, the end cut
/// keeps < 0. Both segments get the same n and J and P comes from `gl_FragCoord` (exact pixel centres), so the
/// two evaluate the very same arithmetic and every pixel lands in exactly one of them.
enum Shaders {
    /// The first lines of every fragment shader: GLSL ES 1.00, high precision where the GPU has it.
    static let header = """
        #version 100
        #ifdef GL_FRAGMENT_PRECISION_HIGH
        precision highp float;
        #else
        precision mediump float;
        #endif
        """

    /// Signed distance from p to a box of half-size b with corner radius r, centred at the origin (negative inside).
    static let roundedBoxDistance = """
        float roundedBoxDistance(vec2 p, vec2 b, float r) {
            vec2 q = abs(p) - b + r;
            return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
        }
        """

    static let vertex = """
        #version 100
        attribute vec2 a_pos;
        attribute vec4 a_color;
        attribute vec4 a_shape;
        attribute vec4 a_params;
        attribute vec4 a_cutStart;
        attribute vec4 a_cutEnd;
        uniform vec2 u_viewport;
        varying vec2 v_local;
        varying vec4 v_color;
        varying vec2 v_half;
        varying vec2 v_params;
        varying vec4 v_cutStart;
        varying vec4 v_cutEnd;
        void main() {
            vec2 d = a_pos - a_shape.xy;
            float c = a_params.z;
            float s = a_params.w;
            v_local = vec2(c * d.x + s * d.y, -s * d.x + c * d.y);
            v_color = a_color;
            v_half = a_shape.zw;
            v_params = a_params.xy;
            v_cutStart = a_cutStart;
            v_cutEnd = a_cutEnd;
            vec2 ndc = a_pos / u_viewport * 2.0 - 1.0;
            gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
        }
        """

    /// Background gradients: the interpolated colour, nothing else.
    static let flat = """
        \(header)
        varying vec4 v_color;
        void main() {
            gl_FragColor = v_color;
        }
        """

    /// Shapes with anti-aliased edges: rectangles, rounded rectangles, line segments (with their miter cuts).
    static let shape = """
        \(header)
        varying vec2 v_local;
        varying vec4 v_color;
        varying vec2 v_half;
        varying vec2 v_params;
        varying vec4 v_cutStart;
        varying vec4 v_cutEnd;
        uniform float u_height;

        \(roundedBoxDistance)

        void main() {
            vec2 p = v_local;
            float cut = 1.0;
            // Pixel centre in buffer px, y down, exactly (x + 0.5, y + 0.5).
            vec2 pixel = vec2(gl_FragCoord.x, u_height - gl_FragCoord.y);
            if (dot(v_cutStart.xy, v_cutStart.xy) > 0.0 && p.x < 0.0) {
                cut *= step(0.0, dot(v_cutStart.xy, pixel - v_cutStart.zw));
                p.x = 0.0;
            }
            if (dot(v_cutEnd.xy, v_cutEnd.xy) > 0.0 && p.x > 0.0) {
                cut *= 1.0 - step(0.0, dot(v_cutEnd.xy, pixel - v_cutEnd.zw));
                p.x = 0.0;
            }
            float radius = min(v_params.x, min(v_half.x, v_half.y));
            float d = roundedBoxDistance(p, v_half, radius);
            gl_FragColor = v_color * ((1.0 - smoothstep(-0.5, 0.5, d)) * cut);
        }
        """

    /// Soft shadows: the Gaussian-blurred edge of a rounded box.
    static let shadow = """
        \(header)
        varying vec2 v_local;
        varying vec4 v_color;
        varying vec2 v_half;
        varying vec2 v_params;

        \(roundedBoxDistance)

        // erf(x) to ~1e-4 (Winitzki's approximation, a = 0.147).
        float erfApprox(float x) {
            float x2 = x * x;
            float t = x2 * (1.2732395 + 0.147 * x2) / (1.0 + 0.147 * x2);
            return sign(x) * sqrt(1.0 - exp(-t));
        }

        void main() {
            float radius = min(v_params.x, min(v_half.x, v_half.y));
            float d = roundedBoxDistance(v_local, v_half, radius);
            gl_FragColor = v_color * (0.5 - 0.5 * erfApprox(d / (v_params.y * 1.4142136)));
        }
        """

    /// The statements of `source`'s `main` as a function `name` returning the colour they write: the very arithmetic
    /// of that shader (its own source stays as it is, so its program binaries and pixels are the same).
    static func colourFunction(_ name: String, from source: String) -> String {
        guard let start = source.firstRange(of: "void main() {"), let end = source.ranges(of: "}").last else { return "" }
        return "vec4 \(name)() {" + source[start.upperBound ..< end.lowerBound].replacing("gl_FragColor = ", with: "return ")
            + "}"
    }

    /// The text of `source` from the first `start` up to the first `end` after it ("" where either is missing).
    static func text(of source: String, from start: String, upTo end: String) -> String {
        guard let from = source.firstRange(of: start),
              let to = source[from.lowerBound...].firstRange(of: end) else { return "" }
        return String(source[from.lowerBound ..< to.lowerBound])
    }

    /// The varyings and uniform `shape` reads.
    static let shapeInputs = text(of: shape, from: "varying vec2 v_local;", upTo: "float roundedBoxDistance")

    /// The functions `shadow` calls before its `main` (`erfApprox`).
    static let shadowFunctions = text(of: shadow, from: "// erf(x)", upTo: "void main() {")

    /// Shapes and shadows in one program, the kind chosen by `u_kind` (`combinedKind`): each kind's colour is worked
    /// out by its own shader's statements and one is picked, with no branch (llvmpipe rounds a value written under a
    /// branch's mask one step apart from its own program's in places), so the pixels are the kind's own program's.
    /// llvmpipe builds a program's code (vertex, setup and fragment) at its first draw, 4–7 ms of CPU each even with
    /// Mesa's shader cache warm: one program drawing both kinds builds once. Every pixel works out both kinds'
    /// colours, about their sum in cost: it draws only a launch's first frames (`Renderer.drawsCombined`), not the flat
    /// fills (the whole background) nor the glyphs, which keep their own programs.
    static let combined = """
        \(header)
        \(shapeInputs)
        uniform float u_kind;

        \(roundedBoxDistance)

        \(shadowFunctions)

        \(colourFunction("shapeColour", from: shape))

        \(colourFunction("shadowColour", from: shadow))

        void main() {
            vec4 shape = shapeColour();
            vec4 shadow = shadowColour();
            gl_FragColor = u_kind < 0.5 ? shape : shadow;
        }
        """

    /// Textured quads (the offscreen frame copied to the window): position in buffer px, texture coordinates.
    static let textureVertex = """
        #version 100
        attribute vec2 a_pos;
        attribute vec4 a_color;
        attribute vec4 a_shape;
        uniform vec2 u_viewport;
        varying vec2 v_texcoord;
        varying vec4 v_color;
        void main() {
            v_texcoord = a_shape.xy;
            v_color = a_color;
            vec2 ndc = a_pos / u_viewport * 2.0 - 1.0;
            gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
        }
        """

    /// Samples the texture, times the vertex colour (white for a plain copy).
    static let texture = """
        \(header)
        varying vec2 v_texcoord;
        varying vec4 v_color;
        uniform sampler2D u_texture;
        void main() {
            gl_FragColor = texture2D(u_texture, v_texcoord) * v_color;
        }
        """

    /// Glyphs: the atlas holds coverage (luminance), times the premultiplied text colour.
    static let glyph = """
        \(header)
        varying vec2 v_texcoord;
        varying vec4 v_color;
        uniform sampler2D u_texture;
        void main() {
            gl_FragColor = v_color * texture2D(u_texture, v_texcoord).r;
        }
        """
}
