import Foundation
import Testing

@_spi(Benchmarks) @testable import ImageColors
@testable import ImageColorsCore

/// Broken, truncated and misplaced profiles are ignored with a note: the image is analysed as
/// untagged, never failed, never crashed.
@Suite("Colour management: malformed profiles")
struct MalformedProfileTests {
    static let prefix = "ignored the embedded ICC profile: "

    /// The fixture's pixels as an untagged image: what an ignored profile must give.
    static func untagged(_ data: Data) throws -> RGBAImage {
        try ColorFixtures.decode(.data(JPEGSegments.replacingProfile(in: data, with: nil))).image
    }

    /// Ways to damage a profile, by name.
    static func damage(_ what: String, _ p: [UInt8]) -> [UInt8] {
        var q = p
        switch what {
        case "garbage": return (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        case "empty after the chunk header": return []
        case "shorter than an ICC header": return Array(p.prefix(100))
        case "cut in half": return Array(p.prefix(p.count / 2))
        case "tag table cut off": return Array(p.prefix(140))
        case "tag count of 0xFFFFFFFF": q.replaceSubrange(128..<132, with: [0xFF, 0xFF, 0xFF, 0xFF])
        case "tag offsets past the end":
            for t in 0..<Int(p[131]) { q.replaceSubrange(136 + t * 12..<140 + t * 12, with: [0x7F, 0, 0, 0]) }
        default: Issue.record("unknown damage \(what)")
        }
        return q
    }

    @Test(
        "a damaged JPEG profile is ignored with a note",
        arguments: [
            "garbage", "empty after the chunk header", "shorter than an ICC header", "cut in half", "tag table cut off",
            "tag count of 0xFFFFFFFF", "tag offsets past the end",
        ])
    func damagedJPEGProfile(what: String) throws {
        // Given a Display P3 JPEG whose profile is damaged
        let fixture = try ColorFixtures.data("synthetic-p3.jpg")
        let damaged = JPEGSegments.replacingProfile(
            in: fixture, with: Self.damage(what, JPEGSegments.profile(of: fixture)))
        // When it is decoded and analysed
        let (image, outcome) = try ColorFixtures.decode(.data(damaged))
        // Then the profile is ignored with a note and the pixels are the stored ones
        #expect(outcome.profile == nil, "\(what)")
        let note = try #require(outcome.note, "\(what): no note")
        #expect(note.hasPrefix(Self.prefix), "\(what): \(note)")
        #expect(image == (try Self.untagged(fixture)), "\(what)")
        let analysis = try ImageColorAnalyzer().analyzeNow(.data(damaged))
        #expect(analysis.colorNote == note)
    }

    @Test(
        "every byte of a profile overwritten in turn: applied, or ignored with a note, never a crash",
        arguments: ["synthetic-p3.jpg", "synthetic-cmyk.jpg"])
    func byteSweep(fixture: String) throws {
        let data = try ColorFixtures.data(fixture)
        let profile = JPEGSegments.profile(of: data)
        var applied = 0
        var ignored = 0
        // Three values for every byte of the small RGB profile; one for every 4th byte of the
        // CMYK one, whose transform (a 17⁴-point table) takes 20 ms to build.
        let cmyk = fixture.contains("cmyk")
        for offset in stride(from: 0, to: profile.count, by: cmyk ? 4 : 1) {
            let values: [UInt8] = cmyk ? [profile[offset] ^ 0x5A] : [0x00, 0xFF, profile[offset] ^ 0x5A]
            for value in values where value != profile[offset] {
                var damaged = profile
                damaged[offset] = value
                let (_, outcome) = try ColorFixtures.decode(
                    .data(JPEGSegments.replacingProfile(in: data, with: damaged)))
                #expect(
                    (outcome.profile == nil) != (outcome.note == nil) || outcome == ColorManagementOutcome(),
                    "offset \(offset) = \(value): \(outcome)")
                if outcome.profile != nil { applied += 1 } else if outcome.note != nil { ignored += 1 }
            }
        }
        // Both happen: many bytes (the ID, dates, padding) do not matter, many do.
        #expect(applied > 0 && ignored > 0)
    }

    @Test("a profile split over chunks with one missing is ignored with libjpeg's words")
    func missingChunk() throws {
        let fixture = try ColorFixtures.data("synthetic-p3.jpg")
        let split = JPEGSegments.replacingProfile(in: fixture, with: JPEGSegments.profile(of: fixture), chunkSize: 200)
        let (segments, rest) = JPEGSegments.header(of: split)
        #expect(segments.filter { $0.0 == 0xE2 }.count == 3)
        let (whole, wholeOutcome) = try ColorFixtures.decode(.data(split))
        #expect(wholeOutcome.profile == "Display P3")
        #expect(whole == (try ColorFixtures.decode("synthetic-p3.jpg").image))
        var dropped = segments
        dropped.remove(at: dropped.firstIndex { $0.0 == 0xE2 && $0.1[12] == 2 }!)
        let (_, outcome) = try ColorFixtures.decode(.data(JPEGSegments.assemble(dropped, rest: rest)))
        #expect(outcome == ColorManagementOutcome(note: Self.prefix + "corrupt JPEG data: bad ICC marker"))
    }

    @Test("profiles for the wrong kind of pixels are ignored with a note saying so")
    func wrongKind() throws {
        let rgbJPEG = try ColorFixtures.data("synthetic.jpg")
        let cmykJPEG = try ColorFixtures.data("synthetic-cmyk.jpg")
        let cmykProfile = [UInt8](try ColorFixtures.data("test-cmyk.icc"))
        let p3 = [UInt8](try ColorFixtures.data("display-p3.icc"))
        let grey = [UInt8](try ColorFixtures.data("linear-gray.icc"))

        let cmykOnRGB = try ColorFixtures.decode(.data(JPEGSegments.replacingProfile(in: rgbJPEG, with: cmykProfile)))
        #expect(cmykOnRGB.outcome.note == Self.prefix + "a CMYK profile (ImageColors test CMYK) on RGB pixels")
        #expect(cmykOnRGB.image == (try Self.untagged(rgbJPEG)))

        // An RGB profile on CMYK: ignored, and the naive conversion applies.
        let rgbOnCMYK = try ColorFixtures.decode(.data(JPEGSegments.replacingProfile(in: cmykJPEG, with: p3)))
        #expect(rgbOnCMYK.outcome.note == Self.prefix + "an RGB profile (Display P3) on CMYK pixels")
        #expect(rgbOnCMYK.image == (try ColorFixtures.decode("synthetic-cmyk.jpg", colorManagement: false).image))

        let greyOnColour = try ColorFixtures.decode(.data(JPEGSegments.replacingProfile(in: rgbJPEG, with: grey)))
        #expect(greyOnColour.outcome.note == Self.prefix + "a grey profile on a colour image")

        // A Lab-space profile and a device link describe no image colours.
        var lab = p3
        lab.replaceSubrange(16..<20, with: Array("Lab ".utf8))
        let labOutcome = try ColorFixtures.decode(.data(JPEGSegments.replacingProfile(in: rgbJPEG, with: lab))).outcome
        #expect(labOutcome.note == Self.prefix + "a profile for 'Lab' data, not RGB, grey or CMYK")
        var link = p3
        link.replaceSubrange(12..<16, with: Array("link".utf8))
        let linkOutcome = try ColorFixtures.decode(.data(JPEGSegments.replacingProfile(in: rgbJPEG, with: link)))
            .outcome
        #expect(linkOutcome.note == Self.prefix + "a 'link' profile, which does not describe an image's colours")
    }

    @Test("a damaged iCCP that libpng drops is noted in libpng's words")
    func pngDroppedByLibpng() throws {
        let png = try ColorFixtures.data("synthetic-p3.png")
        let garbage = PNGChunks.replacingColorChunks(in: png, with: [PNGChunks.iCCP((0..<300).map { UInt8($0 % 251) })])
        let (image, outcome) = try ColorFixtures.decode(.data(garbage))
        let note = try #require(outcome.note)
        #expect(note.hasPrefix(Self.prefix + "iCCP"), "\(note)")
        #expect(outcome.profile == nil)
        #expect(image == (try ColorFixtures.decode("synthetic-p3.png", colorManagement: false).image))
    }

    @Test("iCCP profiles damaged byte by byte: applied, or ignored with a note, never a crash")
    func pngSweep() throws {
        let png = try ColorFixtures.data("synthetic-p3.png")
        let p3 = [UInt8](try ColorFixtures.data("display-p3.icc"))
        var outcomes: Set<String> = []
        for offset in stride(from: 0, to: p3.count, by: 1) {
            var damaged = p3
            damaged[offset] ^= 0xA5
            let (_, outcome) = try ColorFixtures.decode(
                .data(PNGChunks.replacingColorChunks(in: png, with: [PNGChunks.iCCP(damaged)])))
            #expect(outcome.profile == nil || outcome.note == nil)
            outcomes.insert(outcome.profile != nil ? "applied" : outcome.note != nil ? "noted" : "none")
        }
        #expect(outcomes.contains("applied") && outcomes.contains("noted"))
    }

    @Test("an unreadable profile in a CMYK JPEG: noted, naive conversion")
    func unreadableCMYKProfile() throws {
        let cmykJPEG = try ColorFixtures.data("synthetic-cmyk.jpg")
        let broken = JPEGSegments.replacingProfile(in: cmykJPEG, with: Array(repeating: 0x41, count: 400))
        let (image, outcome) = try ColorFixtures.decode(.data(broken))
        #expect(outcome.note?.hasPrefix(Self.prefix + "not a valid ICC profile") == true, "\(outcome)")
        #expect(image == (try ColorFixtures.decode("synthetic-cmyk.jpg", colorManagement: false).image))
    }
}

/// The shim's APP2 reader keeps only ICC chunks, at most 255 of them.
@Suite("Colour management: APP2 markers")
struct APP2MarkerTests {
    @Test("thousands of other APP2 markers are skipped; the ICC profile among them is still found")
    func otherMarkersSkipped() throws {
        let fixture = try ColorFixtures.data("synthetic-p3.jpg")
        var (segments, rest) = JPEGSegments.header(of: fixture)
        let filler = (0xE2 as UInt8, Array("MPF\0".utf8) + [UInt8](repeating: 7, count: 4_000))
        segments.insert(contentsOf: Array(repeating: filler, count: 2_000), at: 1)
        let flooded = JPEGSegments.assemble(segments, rest: rest)
        #expect(flooded.count > 8_000_000)
        let (image, outcome) = try ColorFixtures.decode(.data(flooded))
        #expect(outcome == ColorManagementOutcome(profile: "Display P3"))
        #expect(image == (try ColorFixtures.decode("synthetic-p3.jpg").image))
    }

    @Test("more than 255 ICC chunks: the profile is ignored with a note")
    func tooManyChunks() throws {
        let fixture = try ColorFixtures.data("synthetic-p3.jpg")
        let profile = JPEGSegments.profile(of: fixture)
        var (segments, rest) = JPEGSegments.header(of: JPEGSegments.replacingProfile(in: fixture, with: nil))
        for i in 0..<300 {
            let piece = Array(profile[min(profile.count, i * 2)..<min(profile.count, i * 2 + 2)])
            segments.insert(
                (0xE2, Array("ICC_PROFILE\0".utf8) + [UInt8(truncatingIfNeeded: i + 1), 255] + piece), at: 1 + i)
        }
        let (_, outcome) = try ColorFixtures.decode(.data(JPEGSegments.assemble(segments, rest: rest)))
        #expect(outcome.profile == nil)
        #expect(outcome.note?.hasSuffix("or over 255 of them") == true, "\(outcome)")
    }
}

/// The Swift reassembly of ICC chunks offered to decoders other than libjpeg agrees with libjpeg.
@Suite("Colour management: ICC chunk reassembly")
struct ICCReassemblyTests {
    static func chunk(_ seq: UInt8, of count: UInt8, _ data: [UInt8]) -> [UInt8] {
        Array("ICC_PROFILE\0".utf8) + [seq, count] + data
    }

    @Test("chunks in any order reassemble; missing, repeated or inconsistent ones do not")
    func reassembly() {
        let bad = ColorSpaceAnnouncement.ReassemblyFailure(reason: "corrupt JPEG data: bad ICC marker")
        #expect(ColorSpaceAnnouncement.reassembleICC([]) == .success(nil))
        #expect(
            ColorSpaceAnnouncement.reassembleICC([Self.chunk(2, of: 2, [3, 4]), Self.chunk(1, of: 2, [1, 2])])
                == .success([1, 2, 3, 4]))
        #expect(ColorSpaceAnnouncement.reassembleICC([Self.chunk(1, of: 2, [1])]) == .failure(bad))
        #expect(
            ColorSpaceAnnouncement.reassembleICC([Self.chunk(1, of: 1, [1]), Self.chunk(1, of: 1, [1])])
                == .failure(bad))
        #expect(
            ColorSpaceAnnouncement.reassembleICC([Self.chunk(1, of: 2, [1]), Self.chunk(2, of: 3, [2])])
                == .failure(bad))
        #expect(ColorSpaceAnnouncement.reassembleICC([Self.chunk(0, of: 1, [1])]) == .failure(bad))
        #expect(ColorSpaceAnnouncement.reassembleICC([Self.chunk(1, of: 1, [])]) == .failure(bad))
    }

    @Test("a sink told through the Swift path converts as through libjpeg's")
    func swiftPathAnnounces() throws {
        let fixture = try ColorFixtures.data("synthetic-p3.jpg")
        let chunks = JPEGSegments.header(of: fixture).segments.filter { $0.0 == 0xE2 }.map(\.1)
        var sink = ColorManagedSink(FullImageSink(), ledger: nil)
        let (reserved, raw) = try ColorSpaceAnnouncement.announce(
            jpegICCChunks: chunks, components: 3, adobeInverted: false, options: DecodeOptions(), to: &sink)
        #expect(reserved == 0 && !raw)
        #expect(sink.outcome.profile == "Display P3")
        var cmykSink = ColorManagedSink(FullImageSink(), ledger: nil)
        let cmykChunks = JPEGSegments.header(of: try ColorFixtures.data("synthetic-cmyk.jpg")).segments.filter {
            $0.0 == 0xE2
        }.map(\.1)
        let cmyk = try ColorSpaceAnnouncement.announce(
            jpegICCChunks: cmykChunks, components: 4, adobeInverted: true, options: DecodeOptions(), to: &cmykSink)
        #expect(cmyk.rawCMYK)
        #expect(cmykSink.outcome.profile == "ImageColors test CMYK")
        // A decoder that can only give RGBA: the CMYK profile is noted, not applied.
        var naiveSink = ColorManagedSink(FullImageSink(), ledger: nil)
        let naive = try ColorSpaceAnnouncement.announce(
            jpegICCChunks: cmykChunks, components: 4, adobeInverted: true, rawCMYKAvailable: false,
            options: DecodeOptions(), to: &naiveSink)
        #expect(!naive.rawCMYK)
        #expect(
            naiveSink.outcome
                == ColorManagementOutcome(
                    note: "ignored the embedded ICC profile: this decoder cannot apply a CMYK profile"))
    }
}
