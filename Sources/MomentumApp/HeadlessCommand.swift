import ArgumentParser

/// `momentum headless`: the demo on a machine with no display (weston headless + scripted touch).
struct HeadlessCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "headless",
        abstract: "Run the demo inside a private headless weston, play a tour of gestures, save trace and screenshot.")

    @Option(help: "Folder for trace.jsonl, screenshot.png and weston.log.") var out = "momentum-headless"
    @Option(help: "Animator backend.") var backend = "spring"
    @Option(help: "Output size WxH.") var size = "800x600"

    func run() throws {
        throw AppError("headless run not wired yet")
    }
}
