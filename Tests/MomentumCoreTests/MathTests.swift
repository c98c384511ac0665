import RealModule
import Testing
@testable import MomentumCore

/// The engine's transcendental functions come from swift-numerics' RealModule (glibc's libm); these suites pin the
/// accuracy the engine relies on. Reference values computed with mpmath at 50 significant digits (python3), rounded to the nearest double.
enum MathReference {
    static let exp: [(Double, Double)] = [
        (-745.0, Double.leastNonzeroMagnitude),
        (-700.0, 9.85967654375977e-305),
        (-30.5, 5.675685232632723e-14),
        (-10.0, 4.5399929762484854e-05),
        (-1.0, 0.36787944117144233),
        (-0.5, 0.6065306597126334),
        (-1e-10, 0.9999999999),
        (0.0, 1.0),
        (1e-08, 1.00000001),
        (0.1, 1.1051709180756477),
        (0.34, 1.4049475905635938),
        (0.35, 1.4190675485932571),
        (0.5, 1.6487212707001282),
        (1.0, 2.718281828459045),
        (2.302585092994046, 10.000000000000002),
        (7.3, 1480.299927584545),
        (-17.25, 3.2241867372567335e-08),
        (50.0, 5.184705528587072e+21),
        (300.7, 3.911566412479153e+130),
        (709.0, 8.218407461554972e+307),
    ]
    static let expm1: [(Double, Double)] = [
        (-0.3, -0.2591817793182821),
        (-1e-05, -9.999950000166666e-06),
        (-1e-15, -9.999999999999995e-16),
        (1e-12, 1.0000000000005e-12),
        (1e-06, 1.0000005000001665e-06),
        (0.01, 0.010050167084168058),
        (0.2, 0.22140275816016985),
        (0.34, 0.4049475905635938),
        (0.4, 0.49182469764127035),
        (1.0, 1.7182818284590453),
        (-2.0, -0.8646647167633873),
        (10.0, 22025.465794806718),
    ]
    static let log: [(Double, Double)] = [
        (1e-300, -690.7755278982137),
        (2.2250738585072014e-308, -708.3964185322641),
        (Double.leastNonzeroMagnitude, -744.4400719213812),
        (1e-10, -23.025850929940457),
        (0.001, -6.907755278982137),
        (0.5, -0.6931471805599453),
        (0.7, -0.35667494393873245),
        (0.9999999, -1.0000000494736474e-07),
        (1.0, 0.0),
        (1.0000001, 9.999999505838704e-08),
        (1.4142, 0.3465640001880033),
        (1.5, 0.4054651081081644),
        (2.0, 0.6931471805599453),
        (2.718281828459045, 1.0),
        (10.0, 2.302585092994046),
        (123.456, 4.815884817283264),
        (10000000000.0, 23.025850929940457),
        (1.7976931348623157e+308, 709.782712893384),
        (0.998, -0.0020020026706730793),
    ]
    static let sin: [(Double, Double)] = [
        (-1000.25, -0.9403086681560692),
        (-100.0, 0.5063656411097588),
        (-3.14159, -2.65358979335273e-06),
        (-2.0, -0.9092974268256817),
        (-1.0, -0.8414709848078965),
        (-0.785, -0.706825181105366),
        (-1e-09, -1e-09),
        (0.0, 0.0),
        (1e-12, 1e-12),
        (0.1, 0.09983341664682815),
        (0.5, 0.479425538604203),
        (0.7853981633974483, 0.7071067811865475),
        (1.0, 0.8414709848078965),
        (1.5707963267948966, 1.0),
        (2.0, 0.9092974268256817),
        (3.141592653589793, 1.2246467991473532e-16),
        (4.5, -0.977530117665097),
        (6.283185307179586, -2.4492935982947064e-16),
        (10.0, -0.5440211108893698),
        (17.3205, -0.9991289957553023),
        (100.0, -0.5063656411097588),
        (1234.5678, 0.07803344920002027),
        (98765.4321, 0.04224386964079158),
    ]
    static let cos: [(Double, Double)] = [
        (-1000.25, 0.3403228005740423),
        (-100.0, 0.8623188722876839),
        (-3.14159, -0.9999999999964793),
        (-2.0, -0.4161468365471424),
        (-1.0, 0.5403023058681398),
        (-0.785, 0.7073882691671998),
        (-1e-09, 1.0),
        (0.0, 1.0),
        (1e-12, 1.0),
        (0.1, 0.9950041652780258),
        (0.5, 0.8775825618903728),
        (0.7853981633974483, 0.7071067811865476),
        (1.0, 0.5403023058681398),
        (1.5707963267948966, 6.123233995736766e-17),
        (2.0, -0.4161468365471424),
        (3.141592653589793, -1.0),
        (4.5, -0.2107957994307797),
        (6.283185307179586, 1.0),
        (10.0, -0.8390715290764524),
        (17.3205, 0.0417282858622438),
        (100.0, 0.8623188722876839),
        (1234.5678, -0.9969507414140119),
        (98765.4321, 0.9991073293084041),
    ]
    static let atan: [(Double, Double)] = [
        (-1e+300, -1.5707963267948966),
        (-100.0, -1.5607966601082315),
        (-2.5, -1.1902899496825317),
        (-2.0, -1.1071487177940904),
        (-1.2, -0.8760580505981934),
        (-1.0, -0.7853981633974483),
        (-0.69, -0.6039829782529978),
        (-0.5, -0.4636476090008061),
        (-0.44, -0.41450687458478597),
        (-0.1, -0.09966865249116204),
        (0.0, 0.0),
        (1e-10, 1e-10),
        (0.3, 0.2914567944778671),
        (0.4375, 0.4124104415973873),
        (0.5, 0.4636476090008061),
        (0.6875, 0.6022873461349642),
        (0.9, 0.7328151017865066),
        (1.0, 0.7853981633974483),
        (1.1875, 0.870903457075653),
        (1.5, 0.982793723247329),
        (2.4375, 1.1814796049617557),
        (3.0, 1.2490457723982544),
        (100000.0, 1.570786326794897),
        (1e+300, 1.5707963267948966),
    ]
    static let atan2: [(Double, Double, Double)] = [
        (1.0, 1.0, 0.7853981633974483),
        (1.0, -1.0, 2.356194490192345),
        (-1.0, -1.0, -2.356194490192345),
        (-1.0, 1.0, -0.7853981633974483),
        (3.0, 4.0, 0.6435011087932844),
        (-3.0, -4.0, -2.498091544796509),
        (1e-05, -1.0, 3.1415826535897935),
        (-1e-05, -1.0, -3.1415826535897935),
        (5.0, 0.001, 1.5705963267975633),
        (2.0, -7.0, 2.8632929945846817),
        (0.3, 1000000.0, 2.99999999999991e-07),
        (1000000.0, 0.3, 1.5707960267948966),
    ]
    static let pow: [(Double, Double, Double)] = [
        (0.998, 1.0, 0.998),
        (0.998, 16.6667, 0.9671837528886448),
        (0.998, 1000.0, 0.13506452244668338),
        (2.0, 10.0, 1024.0),
        (2.0, 0.5, 1.4142135623730951),
        (10.0, -3.0, 0.001),
        (1.5, 2.5, 2.7556759606310752),
        (0.5, 100.0, 7.888609052210118e-31),
        (7.0, 0.3333333333333333, 1.912931182772389),
        (0.001, 0.25, 0.1778279410038923),
    ]
}

/// Relative error, falling back to absolute error for results in the subnormal range.
private func relativeError(_ got: Double, _ expected: Double) -> Double {
    if expected.magnitude < 1e-300 { return (got - expected).magnitude * 1e290 }
    return ((got - expected) / expected).magnitude
}

@Suite struct MathTests {
    @Test func expMatchesReference() {
        for (x, expected) in MathReference.exp {
            #expect(relativeError(Double.exp(x), expected) <= 1e-15, "exp(\(x)) = \(Double.exp(x)), want \(expected)")
        }
    }

    @Test func expm1MatchesReference() {
        for (x, expected) in MathReference.expm1 {
            #expect(relativeError(Double.expMinusOne(x), expected) <= 1e-15, "expm1(\(x)) = \(Double.expMinusOne(x)), want \(expected)")
        }
    }

    @Test func logMatchesReference() {
        for (x, expected) in MathReference.log where expected != 0 {
            #expect(relativeError(Double.log(x), expected) <= 1e-15, "log(\(x)) = \(Double.log(x)), want \(expected)")
        }
        #expect(Double.log(1) == 0)
    }

    @Test func sinAndCosMatchReference() {
        for (x, expected) in MathReference.sin where expected != 0 {
            #expect(relativeError(Double.sin(x), expected) <= 1e-15, "sin(\(x)) = \(Double.sin(x)), want \(expected)")
        }
        for (x, expected) in MathReference.cos {
            #expect(relativeError(Double.cos(x), expected) <= 1e-15, "cos(\(x)) = \(Double.cos(x)), want \(expected)")
        }
        #expect(Double.sin(0) == 0)
    }

    @Test func atanAndAtan2MatchReference() {
        for (x, expected) in MathReference.atan where expected != 0 {
            #expect(relativeError(Double.atan(x), expected) <= 1e-15, "atan(\(x)) = \(Double.atan(x)), want \(expected)")
        }
        for (y, x, expected) in MathReference.atan2 {
            #expect(relativeError(Double.atan2(y: y, x: x), expected) <= 1e-15, "atan2(\(y), \(x)) = \(Double.atan2(y: y, x: x)), want \(expected)")
        }
    }

    @Test func powMatchesReference() {
        for (x, y, expected) in MathReference.pow {
            let bound = (1 + (y * Double.log(x)).magnitude) * 4.5e-16
            #expect(relativeError(Double.pow(x, y), expected) <= bound, "pow(\(x), \(y)) = \(Double.pow(x, y)), want \(expected)")
        }
    }

    @Test func specialValues() {
        #expect(Double.exp(800) == .infinity)
        #expect(Double.exp(-800) == 0)
        #expect(Double.log(0) == -.infinity)
        #expect(Double.log(-1).isNaN)
        #expect(Double.pow(-2, 3) == -8)
        #expect(Double.pow(-2, 0.5).isNaN)
        #expect(Double.atan2(y: 0, x: -1) == Double.pi)
        #expect(Double.atan2(y: -1, x: 0) == -Double.pi / 2)
        #expect(((Double.exp(1) - 2.718281828459045) / 2.718281828459045).magnitude <= 2.3e-16)  // within 1 ulp
    }
}
