import Foundation
import ImageColors
import TestHTTPServer
import TestSupport
import Testing

/// `imagecolors analyze`, run as a user runs it.
@Suite("imagecolors analyze")
struct AnalyzeCommandTests {
    /// The elapsed time the summary line printed ("0.1 s"), which the tests cannot know.
    static func elapsed(_ output: ProcessOutput) -> String {
        guard let last = output.errorLines.last, let comma = last.lastIndex(of: ",") else { return "" }
        return String(last[last.index(comma, offsetBy: 2)...])
    }

    @Test("a JSON success line has the contract's keys and types")
    func successKeys() async throws {
        let output = try await CLI.run(["analyze", "--format", "json", "Samples/rocket.jpg"])
        #expect(output.status == 0)
        #expect(output.lines.count == 1)
        let object = try CLI.object(output.lines[0])
        #expect(object["source"] as? String == "Samples/rocket.jpg")
        #expect(object["format"] as? String == "jpeg")
        #expect(object["width"] as? Int == 640 && object["height"] as? Int == 427)
        let analyzed = try #require(object["analyzed"] as? [String: Any])
        #expect(analyzed["width"] as? Int == 250 && analyzed["height"] as? Int == 167)
        for role in ["background", "primary", "secondary", "detail"] {
            let hex = try #require(object[role] as? String, "\(role) missing")
            #expect(hex.wholeMatch(of: /#[0-9a-f]{6}/) != nil, "\(role) = \(hex)")
        }
        let fallback = try #require(object["fallback"] as? [String])
        #expect(fallback.allSatisfy { ["primary", "secondary", "detail"].contains($0) })
        let title = try #require(object["title"] as? [String: Any])
        #expect(["light", "dark"].contains(title["text"] as? String))
        #expect(["#ffffff", "#000000"].contains(title["color"] as? String))
        #expect(title["brightness"] is Double || title["brightness"] is Int)
        let ratio = try #require((title["contrastRatio"] as? NSNumber)?.doubleValue)
        #expect(ratio >= 1 && ratio <= 21)
        #expect(output.stderr.isEmpty)
    }

    @Test("every source gives one line in input order; a failure in the middle exits 1 and goes to stderr too")
    func batchWithFailure() async throws {
        let sources = ["Samples/coffee.png", "Samples/missing.png", "Samples/rocket.jpg"]
        let output = try await CLI.run(["analyze", "--format", "json"] + sources)
        #expect(output.status == 1)
        #expect(output.lines.count == 3)
        let objects = try output.lines.map(CLI.object)
        #expect(objects.map { $0["source"] as? String } == sources)
        #expect(objects[0]["background"] != nil && objects[2]["background"] != nil)
        let error = try #require(objects[1]["error"] as? [String: Any])
        #expect(error["code"] as? String == "file-not-found")
        let message = try #require(error["message"] as? String)
        #expect(
            output.errorLines == [
                "imagecolors: Samples/missing.png: \(message)",
                "imagecolors: 3 sources: 2 analysed, 1 failed, \(Self.elapsed(output))",
            ])
    }

    @Test("a URL is downloaded and analysed (served on 127.0.0.1 by this process)")
    func urlSource() async throws {
        let png = try Data(contentsOf: RepositoryPaths.samples.appendingPathComponent("coffee.png"))
        try await TestHTTPServer.with({ _ in .ok(png, contentType: "image/png") }) { server in
            let url = server.url("/coffee.png").absoluteString
            let output = try await CLI.run(["analyze", "--allow-loopback", "--format", "json", url])
            #expect(output.status == 0)
            let object = try CLI.object(output.lines[0])
            #expect(object["source"] as? String == url)
            #expect(object["format"] as? String == "png")
        }
    }

    @Test("a bad flag value exits with the usage status", arguments: [["--quality", "ultra"], ["--format", "xml"]])
    func usageError(flag: [String]) async throws {
        let output = try await CLI.run(["analyze"] + flag + ["Samples/rocket.jpg"])
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
    }

    @Test(
        "--quality sets the analysed size", arguments: [("lowest", 50), ("low", 100), ("high", 250), ("highest", 640)])
    func quality(name: String, longSide: Int) async throws {
        let output = try await CLI.run(["analyze", "--format", "json", "--quality", name, "Samples/rocket.jpg"])
        let analyzed = try #require(try CLI.object(output.lines[0])["analyzed"] as? [String: Int])
        #expect(analyzed["width"] == longSide)
    }

    @Test("text output names every role and has no escape codes when stdout is not a terminal")
    func plainText() async throws {
        let output = try await CLI.run(["analyze", "Samples/coffee.png"])
        #expect(output.status == 0)
        for word in ["background", "primary", "secondary", "detail", "title", "#"] {
            #expect(output.stdout.contains(word))
        }
        #expect(!output.stdout.contains("\u{1B}["))
    }

    @Test("a terminal gets true-colour swatches unless NO_COLOR is set", arguments: [false, true])
    func terminalSwatches(noColor: Bool) async throws {
        // Given stdout on a pseudo-terminal (util-linux `script`, in Debian's essential bsdutils),
        // and NO_COLOR set or not (`swift test` itself sets it, so it is removed explicitly)
        let json = try CLI.object(try await CLI.run(["analyze", "--format", "json", "Samples/rocket.jpg"]).lines[0])
        let background = try #require((json["background"] as? String).flatMap(RGBColor.init(hex:)))
        let command = "\(CLI.binary.path) analyze Samples/rocket.jpg"
        let output = try await runProcessInBackground(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"],
            in: CLI.root, environment: noColor ? ["NO_COLOR": "1"] : [:],
            unsetting: noColor ? [] : ["NO_COLOR"])
        #expect(output.status == 0)
        // Then the background's swatch is drawn in its own colour, or not at all with NO_COLOR
        let swatch = "\u{1B}[48;2;\(background.red);\(background.green);\(background.blue)m"
        #expect(output.stdout.contains(background.hex))
        #expect(output.stdout.contains(swatch) == !noColor)
    }

    @Test("--title-rule wcag can pick the other colour than the brightness rule, and says which rule it used")
    func titleRule() async throws {
        // Given rocket.jpg, whose dark navy background suits light text under every rule
        let brightness = try CLI.object(
            try await CLI.run(["analyze", "--format", "json", "Samples/rocket.jpg"]).lines[0])
        let wcag = try CLI.object(
            try await CLI.run(["analyze", "--format", "json", "--title-rule", "wcag", "Samples/rocket.jpg"]).lines[0])
        let brightnessTitle = try #require(brightness["title"] as? [String: Any])
        let wcagTitle = try #require(wcag["title"] as? [String: Any])
        #expect(brightnessTitle["rule"] as? String == "brightness")
        #expect(wcagTitle["rule"] as? String == "wcag")
        #expect(wcagTitle["text"] as? String == "light")
        // When the threshold is pushed to 0, the brightness rule turns the title dark
        let low = try CLI.object(
            try await CLI.run(["analyze", "--format", "json", "--brightness-threshold", "0", "Samples/rocket.jpg"])
                .lines[0])
        let lowTitle = try #require(low["title"] as? [String: Any])
        #expect(lowTitle["text"] as? String == "dark")
        // And the warning says the other colour would read better
        #expect((lowTitle["warning"] as? String)?.contains("light text would have") == true)
    }

    @Test("--title-region reports light and dark text over the picture")
    func titleRegion() async throws {
        let output = try await CLI.run([
            "analyze", "--format", "json", "--title-region", "bottom", "Samples/coffee.png",
        ])
        let title = try #require(try CLI.object(output.lines[0])["title"] as? [String: Any])
        let region = try #require(title["region"] as? [String: Any])
        for text in ["light", "dark"] {
            let measures = try #require(region[text] as? [String: Any], "\(text) missing")
            for key in ["worstContrast", "shareUnder4_5", "shareUnder3", "scrimOpacity"] {
                #expect(measures[key] is NSNumber, "\(text).\(key)")
            }
        }
    }

    @Test(
        "bad title flags exit with the usage status",
        arguments: [
            ["--title-region", "2,0,1,1"], ["--title-region", "middle"], ["--brightness-threshold", "300"],
            ["--title-rule", "loud"],
        ])
    func badTitleFlags(flags: [String]) async throws {
        let output = try await CLI.run(["analyze"] + flags + ["Samples/coffee.png"])
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
    }

    @Test(
        "--memory-budget takes sizes with units and reports the accounted peak",
        arguments: [("64MiB", 67_108_864), ("2000000", 2_000_000)])
    func memoryBudget(size: String, bytes: Int) async throws {
        let output = try await CLI.run(["analyze", "--format", "json", "--memory-budget", size, "Samples/horse.png"])
        let memory = try #require(try CLI.object(output.lines[0])["memory"] as? [String: Int])
        #expect(memory["budget"] == bytes)
        #expect((memory["accountedPeak"] ?? .max) <= bytes)
    }

    @Test("a budget too small for the image fails with the over-budget code and the numbers")
    func overBudget() async throws {
        let output = try await CLI.run([
            "analyze", "--format", "json", "--memory-budget", "600KB", "Samples/rocket.jpg",
        ])
        #expect(output.status == 1)
        let error = try #require(try CLI.object(output.lines[0])["error"] as? [String: String])
        #expect(error["code"] == "over-memory-budget")
        #expect(error["message"]?.contains("over the 600 kB memory budget") == true)
        // The library's message names no flag; the CLI adds the one that raises the budget.
        #expect(error["message"]?.hasSuffix("; raise it with --memory-budget or use a smaller image") == true)
    }

    @Test(
        "bad limit flags exit with the usage status",
        arguments: [
            ["--memory-budget", "lots"], ["--max-side", "0"], ["--max-pixels", "-1"], ["--decode-timeout", "0"],
            // Each of these trapped (an overflowing conversion) instead of a usage error.
            ["--decode-timeout", "inf"], ["--decode-timeout", "1e10"], ["--decode-timeout", "0.0001"],
            ["--timeout", "inf"], ["--timeout", "1e300"], ["--timeout", "nan"],
            ["--thumbnail", "/tmp/never.jpg", "--thumbnail-size", "4611686018427387904"],
            ["--memory-budget", "100KB"],
        ])
    func badLimitFlags(flags: [String]) async throws {
        // When the flag is out of range, then it is a usage error naming it, before any work
        let output = try await CLI.run(["analyze"] + flags + ["Samples/rocket.jpg"])
        #expect(output.status == 64)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(flags[flags.count - 2]), "\(output.stderr)")
    }

    @Test("malformed files print nothing from the C libraries, only our own lines")
    func quietOnMalformedInput() async throws {
        let folder = CLI.corpus.appendingPathComponent("malformed")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }.sorted()
            .map { folder.appendingPathComponent($0).path }
        #expect(files.count > 30)
        let output = try await CLI.run(["analyze", "--format", "json"] + files)
        #expect(output.lines.count == files.count)
        // Every stderr line is ours: a failure naming its file, or the closing summary.
        #expect(output.errorLines.last?.hasPrefix("imagecolors: \(files.count) sources: ") == true)
        for line in output.errorLines.dropLast() {
            #expect(line.hasPrefix("imagecolors: \(CLI.corpus.path)"), "stray stderr: \(line)")
        }
        // Every failure line has a code and a message.
        for object in try output.lines.map(CLI.object) {
            if let error = object["error"] as? [String: String] {
                #expect(error["code"]?.isEmpty == false && error["message"]?.isEmpty == false)
            }
        }
    }
}
