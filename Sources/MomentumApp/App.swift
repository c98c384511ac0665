import MomentumCore
import MomentumScenes
import WaylandClient
import MomentumRender
import ArgumentParser
/// Entry point of the app.
public enum App { /// Runs the CLI.
  public static func main() {} }
