// box2d-peer: records reference trajectories from the real Box2D 2.4.1 (Debian libbox2d-dev)
// and prints them as a Swift source file of test fixtures (see regen.sh).
//
// Unit mapping (UIKit Dynamics <-> Box2D): 1 Box2D metre = 100 pt; mass in kg = density x area in m^2
// (a 100x100 pt item of density 1 has mass 1); UIKit force magnitude 1 = 1 N (1 m/s^2 = 100 pt/s^2 on mass 1);
// UIKit gravity 1.0 = 10 m/s^2 = 1000 pt/s^2. Step 1/60 s, 8 velocity and 3 position iterations.
//
// Attachment of length 0 is recorded with b2MouseJoint (a soft point constraint): Box2D 2.4's b2DistanceJoint clamps
// length and minLength to b2_linearSlop and its lower-limit row stops a body dead at the anchor, which UIKit's
// (Box2D 2.2-era) attachment does not do. Length > 0 uses b2DistanceJoint with minLength 0 and maxLength FLT_MAX.
#include <box2d/box2d.h>
#include <cfloat>
#include <cstdio>
#include <string>
#include <vector>

namespace {

constexpr float kPointsPerMetre = 100.0f;
constexpr int kSteps = 180;

// kItems: two boxes colliding (UICollisionBehavior, items mode), no attachment; kStack: the same with a floor under
// the second box and gravity. For both, the second box's parameters reuse fields: anchor = its centre, length = its
// side, frequency = its density, damping = its angle (rad); the first box starts at rest too unless velocity is set.
enum Kind { kAnchor = 0, kFree = 1, kBodies = 2, kFloor = 3, kItems = 4, kStack = 5 };

struct Case {
    std::string name;
    int kind;
    double width, height, density, resistance, angularResistance;
    double frequency, damping, length;
    double startX, startY, anchorX, anchorY, velocityX, velocityY;
    double gravityY, pushX, pushY, elasticity, friction;
};

float m(double pt) { return float(pt / kPointsPerMetre); }

std::string fmt(double v) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.4f", v);
    std::string s(buf);
    if (s == "-0.0000") s = "0.0000";
    return s;
}

b2Body* makeBox(b2World& world, const Case& c, double x, double y) {
    b2BodyDef bd;
    bd.type = b2_dynamicBody;
    bd.position.Set(m(x), m(y));
    bd.linearDamping = float(c.resistance);
    bd.angularDamping = float(c.angularResistance);
    bd.linearVelocity.Set(m(c.velocityX), m(c.velocityY));
    b2Body* body = world.CreateBody(&bd);
    b2PolygonShape shape;
    shape.SetAsBox(m(c.width / 2), m(c.height / 2));
    b2FixtureDef fd;
    fd.shape = &shape;
    fd.density = float(c.density);
    fd.restitution = float(c.elasticity);
    fd.friction = float(c.friction);
    body->CreateFixture(&fd);
    return body;
}

std::string record(const Case& c) {
    b2World world(b2Vec2(0.0f, m(c.gravityY * 1000.0)));
    b2BodyDef gd;
    b2Body* ground = world.CreateBody(&gd);
    b2Body* body = makeBox(world, c, c.startX, c.startY);
    b2Body* other = nullptr;
    if (c.kind == kAnchor && c.length == 0) {
        b2MouseJointDef jd;
        jd.bodyA = ground;
        jd.bodyB = body;
        jd.target = body->GetPosition();
        jd.maxForce = FLT_MAX;
        b2LinearStiffness(jd.stiffness, jd.damping, float(c.frequency), float(c.damping), ground, body);
        auto* joint = static_cast<b2MouseJoint*>(world.CreateJoint(&jd));
        joint->SetTarget(b2Vec2(m(c.anchorX), m(c.anchorY)));
    } else if (c.kind == kAnchor || c.kind == kBodies) {
        b2Body* a = ground;
        if (c.kind == kBodies) {
            Case oc = c;
            oc.velocityX = 0;
            oc.velocityY = 0;
            other = makeBox(world, oc, c.anchorX, c.anchorY);
            a = other;
        }
        b2DistanceJointDef jd;
        jd.Initialize(a, body, b2Vec2(m(c.anchorX), m(c.anchorY)), body->GetPosition());
        jd.length = m(c.length);
        jd.minLength = 0.0f;
        jd.maxLength = FLT_MAX;
        jd.collideConnected = false;
        b2LinearStiffness(jd.stiffness, jd.damping, float(c.frequency), float(c.damping), a, body);
        world.CreateJoint(&jd);
    } else if (c.kind == kItems || c.kind == kStack) {
        Case oc = c;
        oc.velocityX = 0;
        oc.velocityY = 0;
        oc.width = c.length;
        oc.height = c.length;
        oc.density = c.frequency;
        other = makeBox(world, oc, c.anchorX, c.anchorY);
        other->SetTransform(other->GetPosition(), float(c.damping));
        if (c.kind == kStack) {
            b2EdgeShape edge;
            double floorY = c.anchorY + c.length / 2;
            edge.SetTwoSided(b2Vec2(m(-100000), m(floorY)), b2Vec2(m(100000), m(floorY)));
            b2FixtureDef fd;
            fd.shape = &edge;
            fd.restitution = float(c.elasticity);
            fd.friction = float(c.friction);
            ground->CreateFixture(&fd);
        }
    } else if (c.kind == kFloor) {
        // Container floor at y = anchorY (UIKit y grows downwards; Box2D gravity is +y here too).
        b2EdgeShape edge;
        edge.SetTwoSided(b2Vec2(m(-100000), m(c.anchorY)), b2Vec2(m(100000), m(c.anchorY)));
        b2FixtureDef fd;
        fd.shape = &edge;
        fd.restitution = float(c.elasticity);
        fd.friction = float(c.friction);
        ground->CreateFixture(&fd);
    }
    std::string out;
    auto sample = [&]() {
        out += fmt(body->GetPosition().x * kPointsPerMetre) + " " + fmt(body->GetPosition().y * kPointsPerMetre);
        if (other) {
            out += " " + fmt(other->GetPosition().x * kPointsPerMetre) + " " +
                   fmt(other->GetPosition().y * kPointsPerMetre);
        }
        if (c.kind == kItems || c.kind == kStack) out += " " + fmt(body->GetAngle()) + " " + fmt(other->GetAngle());
        out += "\n";
    };
    sample();
    for (int i = 0; i < kSteps; ++i) {
        if (c.pushX != 0 || c.pushY != 0) body->ApplyForceToCenter(b2Vec2(float(c.pushX), float(c.pushY)), true);
        world.Step(1.0f / 60.0f, 8, 3);
        sample();
    }
    return out;
}

std::vector<Case> cases() {
    std::vector<Case> all;
    // Seed panel: 300x400 pt, density 100, moving 500 pt to its anchor; frequency/damping/resistance/velocity sweep.
    const double freqs[] = {1.5, 3.5, 6.0};
    const double dampings[] = {0.2, 0.4, 0.6, 1.0};
    const double resistances[] = {0.0, 10.0, 25.0};
    const double velocities[] = {0.0, 1500.0, -1500.0};
    for (double f : freqs)
        for (double z : dampings)
            for (double r : resistances)
                for (double v : velocities) {
                    char name[96];
                    std::snprintf(name, sizeof name, "panel f%.1f z%.1f r%.0f v%+.0f", f, z, r, v);
                    all.push_back({name, kAnchor, 300, 400, 100, r, 0, f, z, 0, 200, 700, 200, 200, 0, v, 0, 0, 0, 0, 0});
                }
    // Two-dimensional: a fling across the spring axis and a diagonal move.
    all.push_back({"panel 2d cross fling", kAnchor, 300, 400, 100, 10, 0, 3.5, 0.4, 0, 200, 700, 200, 200, 1500, -600,
                   0, 0, 0, 0, 0});
    all.push_back({"small diagonal", kAnchor, 100, 100, 1, 0, 0, 2.0, 0.3, 0, 0, 0, 400, 300, 0, 0, 0, 0, 0, 0, 0});
    // Attachment with a rest length (soft distance joint) and between two bodies.
    all.push_back({"rope length 150", kAnchor, 100, 100, 1, 1, 0, 2.0, 0.2, 150, 500, 400, 200, 200, 0, 0, 0, 0, 0, 0,
                   0});
    all.push_back({"two bodies", kBodies, 100, 100, 2, 2, 0, 2.5, 0.3, 100, 600, 300, 200, 300, 0, 800, 0, 0, 0, 0, 0});
    // Forces: gravity and a continuous push on a free item; a dropped item bouncing on the floor.
    all.push_back({"gravity with resistance", kFree, 100, 100, 1, 2, 0, 0, 0, 0, 0, 0, 0, 0, 300, -800, 1, 0, 0, 0, 0});
    all.push_back({"continuous push", kFree, 100, 100, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, -1, 0, 0});
    all.push_back({"bounce e0.5", kFloor, 100, 100, 1, 0, 0, 0, 0, 0, 0, 0, 0, 600, 0, 0, 1, 0, 0, 0.5, 0});
    // Items colliding with each other (restitution, friction, off-centre hits that turn them, a stack at rest).
    // Name, kind, w, h, density, resistance, 0, other's density, other's angle, other's side, start, other's centre,
    // velocity, gravity, push, elasticity, friction.
    all.push_back({"items head-on e0.5", kItems, 100, 100, 1, 0, 0, 1, 0, 100, 200, 300, 500, 300, 600, 0, 0, 0, 0,
                   0.5, 0});
    all.push_back({"items heavy on light e0.6", kItems, 160, 160, 1, 0, 0, 1, 0, 96, 200, 300, 520, 300, 900, 0, 0, 0, 0,
                   0.6, 0.3});
    all.push_back({"items off-centre spin", kItems, 160, 160, 1, 0, 0, 1, 0, 96, 200, 300, 520, 360, 900, 0, 0, 0, 0,
                   0.6, 0.3});
    all.push_back({"items oblique onto a turned box", kItems, 120, 120, 1, 1, 0, 2, 0.4, 100, 200, 200, 480, 320, 700,
                   300, 0, 0, 0, 0.3, 0.5});
    all.push_back({"items stack at rest", kStack, 100, 100, 1, 0, 0, 1, 0, 100, 320, 150, 300, 550, 0, 0, 1, 0, 0,
                   0.2, 0.5});
    return all;
}

}  // namespace

int main() {
    std::printf("// Generated by tools/box2d-peer/regen.sh from Box2D 2.4.1 (libbox2d-dev). Do not edit.\n");
    std::printf("// Each case: UIKit-unit parameters and %d steps of 1/60 s; samples are body centres in pt, one step\n",
                kSteps);
    std::printf("// per line starting with the initial state (x y, plus x y of the second body for two-body cases, then\n");
    std::printf("// both angles in rad for colliding items).\n\n");
    std::printf("// swiftlint:disable all\n");
    std::printf("let dynamicsBox2DFixtures: [DynamicsBox2DCase] = [\n");
    for (const Case& c : cases()) {
        std::printf("    DynamicsBox2DCase(\n");
        std::printf("        name: \"%s\", kind: %d, width: %s, height: %s, density: %s, resistance: %s,\n",
                    c.name.c_str(), c.kind, fmt(c.width).c_str(), fmt(c.height).c_str(), fmt(c.density).c_str(),
                    fmt(c.resistance).c_str());
        std::printf("        frequency: %s, damping: %s, length: %s, start: (%s, %s), anchor: (%s, %s),\n",
                    fmt(c.frequency).c_str(), fmt(c.damping).c_str(), fmt(c.length).c_str(), fmt(c.startX).c_str(),
                    fmt(c.startY).c_str(), fmt(c.anchorX).c_str(), fmt(c.anchorY).c_str());
        std::printf("        velocity: (%s, %s), gravityY: %s, push: (%s, %s), elasticity: %s, friction: %s,\n",
                    fmt(c.velocityX).c_str(), fmt(c.velocityY).c_str(), fmt(c.gravityY).c_str(),
                    fmt(c.pushX).c_str(), fmt(c.pushY).c_str(), fmt(c.elasticity).c_str(), fmt(c.friction).c_str());
        std::printf("        samples: \"\"\"\n%s\"\"\"),\n", record(c).c_str());
    }
    std::printf("]\n");
    return 0;
}
