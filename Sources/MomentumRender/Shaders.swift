/// GLSL ES 1.00 sources (valid in ES 2 and ES 3 contexts) for the one program every command is drawn with.
///
/// Each quad carries, per vertex: position (buffer px, y down), premultiplied colour, the shape's centre and
/// half-size (buffer px), its corner radius and a blur sigma. The fragment shader evaluates the rounded box's
/// signed distance `d` (negative inside) at the pixel centre and turns it into coverage:
/// - sigma = 0: anti-aliased edge, coverage = 1 − smoothstep(−0.5, 0.5, d) (a ramp one buffer px wide);
/// - sigma > 0: soft shadow, coverage = ½·(1 − erf(d / (σ√2))) — the exact Gaussian blur of a straight edge,
///   applied along the distance field (a close, cheap approximation near corners).
enum Shaders {
    static let vertex = """
        #version 100
        attribute vec2 a_pos;
        attribute vec4 a_color;
        attribute vec4 a_shape;
        attribute vec2 a_params;
        uniform vec2 u_viewport;
        varying vec2 v_pos;
        varying vec4 v_color;
        varying vec4 v_shape;
        varying vec2 v_params;
        void main() {
            v_pos = a_pos;
            v_color = a_color;
            v_shape = a_shape;
            v_params = a_params;
            vec2 ndc = a_pos / u_viewport * 2.0 - 1.0;
            gl_Position = vec4(ndc.x, -ndc.y, 0.0, 1.0);
        }
        """

    static let fragment = """
        #version 100
        #ifdef GL_FRAGMENT_PRECISION_HIGH
        precision highp float;
        #else
        precision mediump float;
        #endif
        varying vec2 v_pos;
        varying vec4 v_color;
        varying vec4 v_shape;
        varying vec2 v_params;

        // Signed distance from p to a box of half-size b with corner radius r, centred at the origin.
        float roundedBoxDistance(vec2 p, vec2 b, float r) {
            vec2 q = abs(p) - b + r;
            return min(max(q.x, q.y), 0.0) + length(max(q, 0.0)) - r;
        }

        // erf(x) to ~1e-4 (Winitzki's approximation, a = 0.147).
        float erfApprox(float x) {
            float x2 = x * x;
            float t = x2 * (1.2732395 + 0.147 * x2) / (1.0 + 0.147 * x2);
            return sign(x) * sqrt(1.0 - exp(-t));
        }

        void main() {
            float radius = min(v_params.x, min(v_shape.z, v_shape.w));
            float d = roundedBoxDistance(v_pos - v_shape.xy, v_shape.zw, radius);
            float sigma = v_params.y;
            float coverage;
            if (sigma > 0.0) {
                coverage = 0.5 - 0.5 * erfApprox(d / (sigma * 1.4142136));
            } else {
                coverage = 1.0 - smoothstep(-0.5, 0.5, d);
            }
            gl_FragColor = v_color * coverage;
        }
        """
}
