/// The band across the top of the window that the app's chrome takes: the scene switcher at the top left and the
/// frame-timing HUD at the top right (12 px from the edges, 72 px tall). Scenes keep their touch targets below it,
/// so the HUD is never drawn over something to touch and the switcher is never in the way; what slides (a sheet,
/// a card) may pass over it, as sheets pass over an app's bars.
public enum SceneChrome {
    /// The band's height in logical px.
    public static let top = 96.0
}
