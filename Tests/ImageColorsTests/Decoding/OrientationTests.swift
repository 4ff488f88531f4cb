import Foundation
import Testing
@testable import ImageColors

/// EXIF orientation: the eight hopper files show the same picture.
@Suite("EXIF orientation")
struct OrientationTests {
    static let files = (1...8).map { "orientation/hopper_orientation_\($0).jpg" }

    @Test("every orientation gives the displayed size and background of the upright file", arguments: files)
    func sameAsUpright(path: String) async throws {
        let analyzer = ImageColorAnalyzer()
        let upright = try await analyzer.analyze(fileAt: TestFiles.corpus(Self.files[0]))
        let oriented = try await analyzer.analyze(fileAt: TestFiles.corpus(path))
        #expect(oriented.width == upright.width && oriented.height == upright.height)
        #expect(oriented.analyzed == upright.analyzed)
        let a = oriented.background, b = upright.background
        let distance = max(abs(Int(a.red) - Int(b.red)), abs(Int(a.green) - Int(b.green)), abs(Int(a.blue) - Int(b.blue)))
        #expect(distance <= 12, "\(path): background \(a.hex) vs \(b.hex)")
    }

    @Test("orientation tags 2–8 are read", arguments: 2...8)
    func tagRead(value: Int) async throws {
        let analysis = try await ImageColorAnalyzer().analyze(fileAt: TestFiles.corpus("orientation/hopper_orientation_\(value).jpg"))
        #expect(analysis.orientation == value)
    }

    @Test("the transforms move a marked corner where a viewer shows it")
    func transforms() {
        // Given a 3×2 image whose stored top-left pixel is red
        var image = RGBAImage(width: 3, height: 2, filledWith: .black)
        image[0, 0] = (255, 0, 0, 255)
        // Then each orientation puts it at the displayed corner the EXIF spec says
        let expected: [Orientation: (Int, Int)] = [
            .up: (0, 0), .upMirrored: (2, 0), .down: (2, 1), .downMirrored: (0, 1),
            .leftMirrored: (0, 0), .right: (1, 0), .rightMirrored: (1, 2), .left: (0, 2),
        ]
        for (orientation, (x, y)) in expected {
            let shown = orientation.apply(to: image)
            #expect(shown.width == (orientation.swapsDimensions ? 2 : 3))
            #expect(shown[x, y].red == 255, "\(orientation)")
        }
    }
}
