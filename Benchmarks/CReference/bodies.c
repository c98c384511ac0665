/* 10 000 items, each on its own soft anchor attachment (length 0, 1 Hz, ζ 0.1), one DynamicsWorld step per
 * 60 Hz frame: DynamicsWorld.advance/stepOnce/solve and DynamicsWorld+Constraints (Box2D 2.4 soft constraint:
 * integrate velocities with Padé damping, init joints with warm start, 8 velocity iterations, integrate positions
 * with the translation/rotation clamps, sleep update) in C, with the same layout: arrays of body and joint structs,
 * and the same hot/cold split (the velocity iterations read and write only the joints, which cache both inverse
 * masses, and a separate array of solver velocities filled by integrate_velocities and written back by
 * integrate_positions, as Box2D 3's b2BodyState). Gravity flips every 60 ticks outside the timed region. */
#include <math.h>
#include <stdbool.h>
#include "common.h"

#define COUNT 10000
#define FLIP_INTERVAL 60
#define POINTS_PER_METRE 100.0
#define POINTS_PER_GRAVITY 1000.0
#define MAX_TRANSLATION (2 * POINTS_PER_METRE)
#define MAX_ROTATION (0.5 * M_PI)
#define LINEAR_SLEEP_TOLERANCE (0.01 * POINTS_PER_METRE)
#define ANGULAR_SLEEP_TOLERANCE (2.0 / 180.0 * M_PI)
#define TIME_TO_SLEEP 0.5
#define LINEAR_SLOP (0.005 * POINTS_PER_METRE)

typedef struct { double x, y; } vec2;
static inline vec2 add(vec2 a, vec2 b) { return (vec2){a.x + b.x, a.y + b.y}; }
static inline vec2 sub(vec2 a, vec2 b) { return (vec2){a.x - b.x, a.y - b.y}; }
static inline vec2 scale(double s, vec2 v) { return (vec2){s * v.x, s * v.y}; }
static inline double len2(vec2 v) { return v.x * v.x + v.y * v.y; }

typedef struct {
    double density, resistance, angular_resistance, elasticity, friction;
    bool allows_rotation, collides_with_bounds;
} properties;

typedef struct {
    vec2 position, previous_position, velocity, previous_velocity;
    double angle, previous_angle, angular_velocity, width, height;
    properties props;
    double mass, inv_mass, inv_inertia;
    vec2 force;
    double torque, sleep_time;
    bool impacted, is_active;
} body;

typedef struct {
    int body_a; /* −1: anchored to a fixed point */
    int body_b;
    vec2 anchor;
    double length, frequency, damping_ratio;
    bool is_active;
    vec2 impulse;
    double scalar_impulse;
    vec2 direction;
    double gamma;
    vec2 bias;
    double scalar_bias, soft_mass;
    double inv_mass_a, inv_mass_b;
} joint;

typedef struct {
    body *bodies;
    joint *joints;
    vec2 *solver_velocities;
    int body_count, joint_count, velocity_iterations;
    vec2 gravity;
    double step_interval, lead, maximum_frame_interval;
    long step_count;
    bool is_idle;
} world;

static void apply_impulse(vec2 *v, vec2 p, const joint *j) {
    v[j->body_b] = add(v[j->body_b], scale(j->inv_mass_b, p));
    if (j->body_a >= 0) v[j->body_a] = sub(v[j->body_a], scale(j->inv_mass_a, p));
}

static void init_joint(world *w, joint *jt, double h) {
    const body *b = &w->bodies[jt->body_b];
    double inv_mass_a = 0, mass_a = 0;
    vec2 pa = jt->anchor;
    if (jt->body_a >= 0) { inv_mass_a = w->bodies[jt->body_a].inv_mass; mass_a = w->bodies[jt->body_a].mass; pa = w->bodies[jt->body_a].position; }
    double mass_b = b->mass, effective;
    if (mass_a > 0 && mass_b > 0) effective = mass_a * mass_b / (mass_a + mass_b);
    else effective = mass_a > 0 ? mass_a : mass_b;
    double omega = 2 * M_PI * jt->frequency, k = effective * omega * omega, d = 2 * effective * jt->damping_ratio * omega;
    bool soft = jt->frequency > 0;
    double gamma = h * (d + h * k);
    gamma = soft && gamma != 0 ? 1 / gamma : 0;
    jt->gamma = gamma;
    double bias_factor = soft ? h * k * gamma : 0.2 / h;
    jt->inv_mass_a = inv_mass_a;
    jt->inv_mass_b = b->inv_mass;
    double inv_mass = inv_mass_a + b->inv_mass;
    jt->soft_mass = inv_mass + gamma != 0 ? 1 / (inv_mass + gamma) : 0;
    if (jt->length == 0) {
        jt->bias = scale(bias_factor, sub(b->position, pa));
        apply_impulse(w->solver_velocities, jt->impulse, jt);
    } else {
        vec2 u = sub(b->position, pa);
        double current = sqrt(len2(u));
        if (current > LINEAR_SLOP) u = scale(1 / current, u);
        else { u = (vec2){0, 0}; jt->scalar_impulse = 0; }
        jt->direction = u;
        double c = current - fmax(jt->length, LINEAR_SLOP);
        jt->scalar_bias = bias_factor * c;
        apply_impulse(w->solver_velocities, scale(jt->scalar_impulse, u), jt);
    }
}

static void solve_joint(joint *jt, vec2 *v) {
    vec2 vb = v[jt->body_b];
    vec2 va = jt->body_a >= 0 ? v[jt->body_a] : (vec2){0, 0};
    if (jt->length == 0) {
        vec2 cdot = sub(vb, va);
        vec2 impulse = scale(-jt->soft_mass, add(add(cdot, jt->bias), scale(jt->gamma, jt->impulse)));
        jt->impulse = add(jt->impulse, impulse);
        apply_impulse(v, impulse, jt);
    } else {
        vec2 dv = sub(vb, va);
        double cdot = jt->direction.x * dv.x + jt->direction.y * dv.y;
        double impulse = -jt->soft_mass * (cdot + jt->scalar_bias + jt->gamma * jt->scalar_impulse);
        jt->scalar_impulse += impulse;
        apply_impulse(v, scale(impulse, jt->direction), jt);
    }
}

static void integrate_velocities(world *w, double h) {
    vec2 g = scale(POINTS_PER_GRAVITY, w->gravity);
    for (int i = 0; i < w->body_count; i++) {
        if (!w->bodies[i].is_active) { w->solver_velocities[i] = w->bodies[i].velocity; continue; }
        body b = w->bodies[i];
        vec2 f = scale(POINTS_PER_METRE, b.force);
        b.velocity = add(b.velocity, scale(h, add(g, scale(b.inv_mass, f))));
        b.angular_velocity += h * b.inv_inertia * b.torque;
        b.velocity = scale(1 / (1 + h * b.props.resistance), b.velocity);
        b.angular_velocity *= 1 / (1 + h * b.props.angular_resistance);
        w->bodies[i] = b;
        w->solver_velocities[i] = b.velocity;
    }
}

static void integrate_positions(world *w, double h) {
    for (int i = 0; i < w->body_count; i++) {
        if (!w->bodies[i].is_active) continue;
        body b = w->bodies[i];
        b.velocity = w->solver_velocities[i];
        vec2 translation = scale(h, b.velocity);
        if (len2(translation) > MAX_TRANSLATION * MAX_TRANSLATION) b.velocity = scale(MAX_TRANSLATION / sqrt(len2(translation)), b.velocity);
        double rotation = h * b.angular_velocity;
        if (rotation * rotation > MAX_ROTATION * MAX_ROTATION) b.angular_velocity *= MAX_ROTATION / fabs(rotation);
        b.position = add(b.position, scale(h, b.velocity));
        b.angle += h * b.angular_velocity;
        w->bodies[i] = b;
    }
}

static void update_sleep(world *w, double h) {
    double min_sleep = INFINITY;
    for (int i = 0; i < w->body_count; i++) {
        if (!w->bodies[i].is_active) continue;
        const body *b = &w->bodies[i];
        if (len2(b->velocity) > LINEAR_SLEEP_TOLERANCE * LINEAR_SLEEP_TOLERANCE
            || b->angular_velocity * b->angular_velocity > ANGULAR_SLEEP_TOLERANCE * ANGULAR_SLEEP_TOLERANCE) {
            w->bodies[i].sleep_time = 0;
            min_sleep = 0;
        } else {
            w->bodies[i].sleep_time += h;
            min_sleep = fmin(min_sleep, w->bodies[i].sleep_time);
        }
    }
    if (min_sleep >= TIME_TO_SLEEP) w->is_idle = true; /* never reached by this workload */
}

static void step_once(world *w) {
    w->step_count++;
    for (int i = 0; i < w->body_count; i++) {
        body *b = &w->bodies[i];
        b->previous_position = b->position;
        b->previous_velocity = b->velocity;
        b->impacted = false;
        b->previous_angle = b->angle;
    }
    if (w->is_idle) return;
    double h = w->step_interval;
    integrate_velocities(w, h);
    for (int j = 0; j < w->joint_count; j++) if (w->joints[j].is_active) init_joint(w, &w->joints[j], h);
    for (int it = 0; it < w->velocity_iterations; it++)
        for (int j = 0; j < w->joint_count; j++) if (w->joints[j].is_active) solve_joint(&w->joints[j], w->solver_velocities);
    integrate_positions(w, h);
    update_sleep(w, w->step_interval);
}

static void advance(world *w, double dt) {
    if (!(dt > 0)) return;
    w->lead -= fmin(dt, w->maximum_frame_interval);
    double tolerance = w->step_interval * 1e-9;
    while (w->lead < -tolerance) {
        step_once(w);
        w->lead += w->step_interval;
    }
}

static body bodies[COUNT];
static joint joints[COUNT];
static vec2 solver_velocities[COUNT];

int main(void) {
    world w = {.bodies = bodies, .joints = joints, .solver_velocities = solver_velocities, .body_count = COUNT, .joint_count = COUNT, .velocity_iterations = 8,
               .step_interval = 1.0 / 60, .maximum_frame_interval = 0.25};
    lcg r = {2};
    for (int i = 0; i < COUNT; i++) {
        vec2 anchor = {lcg_next(&r) * 1000, lcg_next(&r) * 1000};
        vec2 offset = {lcg_next(&r) * 400 - 200, lcg_next(&r) * 400 - 200};
        body *b = &bodies[i];
        *b = (body){.position = add(anchor, offset), .width = 50, .height = 50, .is_active = true,
                    .props = {.density = 1, .resistance = 0.5, .allows_rotation = true}};
        b->previous_position = b->position;
        b->mass = b->props.density * b->width * b->height / (POINTS_PER_METRE * POINTS_PER_METRE);
        b->inv_mass = 1 / b->mass;
        b->inv_inertia = 1 / (b->mass * (b->width * b->width + b->height * b->height) / 12);
        joints[i] = (joint){.body_a = -1, .body_b = i, .anchor = anchor, .length = 0, .frequency = 1,
                            .damping_ratio = 0.1, .is_active = true};
    }
    static double samples[MAX_SAMPLES];
    int n = 0;
    double begin = now_ns();
    for (int tick = 0; n < MAX_SAMPLES && (now_ns() - begin) < MAX_SECONDS * 1e9; tick++) {
        if (tick % FLIP_INTERVAL == 0) {
            w.gravity = (vec2){0, (tick / FLIP_INTERVAL) % 2 == 0 ? 1 : -1};
            w.is_idle = false;
            for (int i = 0; i < COUNT; i++) bodies[i].sleep_time = 0;
        }
        double t0 = now_ns();
        advance(&w, FRAME_INTERVAL);
        double t1 = now_ns();
        if (tick >= WARMUP_TICKS) samples[n++] = t1 - t0;
        if (w.is_idle) { fprintf(stderr, "bodies fell asleep inside the timed window\n"); return 1; }
    }
    report("Bodies10k.World", samples, n, 1);
    return 0;
}
