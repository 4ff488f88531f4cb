import Foundation
import TestSupport
import Testing

/// `--color-management on|off` and how the profile shows in the output.
@Suite("imagecolors analyze --color-management")
struct ColorManagementCommandTests {
    @Test("on by default: the JSON names the profile applied; off: no key and the colours read as sRGB")
    func onAndOff() async throws {
        let on = try await CLI.run(["analyze", "--format", "json", "Samples/rocket.jpg"])
        let explicit = try await CLI.run([
            "analyze", "--format", "json", "--color-management", "on", "Samples/rocket.jpg",
        ])
        let off = try await CLI.run(["analyze", "--format", "json", "--color-management", "off", "Samples/rocket.jpg"])
        #expect(on.status == 0 && explicit.status == 0 && off.status == 0)
        #expect(on.stdout == explicit.stdout)
        let managed = try CLI.object(try #require(on.lines.first))
        let unmanaged = try CLI.object(try #require(off.lines.first))
        #expect(managed["colorProfile"] as? String == "Adobe RGB (1998)")
        #expect(managed["colorNote"] == nil)
        #expect(unmanaged["colorProfile"] == nil && unmanaged["colorNote"] == nil)
        #expect(managed["background"] as? String != unmanaged["background"] as? String)
        #expect(unmanaged["background"] as? String == "#172236")
    }

    @Test("untagged images have no colorProfile key")
    func untagged() async throws {
        let output = try await CLI.run(["analyze", "--format", "json", "Samples/coffee.png"])
        let object = try CLI.object(try #require(output.lines.first))
        #expect(object["colorProfile"] == nil && object["colorNote"] == nil)
    }

    @Test("the text report has a profile line for a profile applied and for one ignored")
    func text() async throws {
        let output = try await CLI.run(["analyze", "Samples/rocket.jpg", "../shared/corpus/color/icc-after-SOF.jpg"])
        #expect(output.stdout.contains("\n  profile    Adobe RGB (1998), converted to sRGB\n"))
        #expect(
            output.stdout.contains("\n  profile    ignored the embedded ICC profile: corrupt JPEG data: bad ICC marker")
        )
    }

    @Test("a bad value exits with the usage status")
    func badValue() async throws {
        let output = try await CLI.run(["analyze", "--color-management", "maybe", "Samples/rocket.jpg"])
        #expect(output.status == 64)
    }
}
