/// The touch rule the scenes keep for a finger on something that moves (seed 000's tap, seed 004's stop):
///
/// - a press does not change the motion at touch-down;
/// - a quick tap (lifted within the tap time, before `holdTime`, no movement past the slop) retargets it to where
///   a tap sends it, with its current velocity (seed 000's `didTap`): it turns, it does not stop;
/// - a press that moves past the slop catches it where it is drawn at that moment, with no jump, and from then on it
///   follows the finger 1:1 (seed 004: the presented value becomes the model);
/// - a press held still for `holdTime` catches it and holds it there (seed 004's stop); the lift then lets it go
///   from rest, as a release without velocity does.
///
/// The panel, the transition's card and the playground's card keep it (the playground's "where a tap sends it":
/// nowhere new — the card goes on as it went — except on the dynamics backend, where a tap pushes it, adding the
/// push to the velocity it has, as UIKit's instantaneous push does). The gallery acts on taps alone, at the lift,
/// so a press changes nothing there either; its "abrupt restart" lane jumps on purpose (the seed's counter-example). (The scroll list stops on touch-down, as a scroll view does: a
/// coasting list is touched to be stopped.)
public enum TouchRule {
    /// How long a still press on a moving object takes to catch it (s): longer than a quick tap's press (~60–100 ms
    /// down), short enough to feel like grabbing.
    public static let holdTime = 0.13
}
