import ImageColorsCore

// Analyses pixels this program decoded itself: a binary PPM (P6, what `djpeg` writes) given as
// an argument, or a made-up picture streamed row by row. It imports only the core.
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A P6 PPM's size and RGB bytes: a header of four tokens ("P6", width, height, 255), one
/// whitespace byte, then the samples.
func readPPM(_ bytes: [UInt8]) -> (width: Int, height: Int, rgb: ArraySlice<UInt8>)? {
    var tokens: [Int] = []
    var index = 0
    var magic = ""
    while tokens.count < 3, index < bytes.count {
        while index < bytes.count, bytes[index] == 0x23 { // a comment line
            while index < bytes.count, bytes[index] != 0x0A { index += 1 }
            index += 1
        }
        var token = ""
        while index < bytes.count, !(bytes[index] == 0x20 || (0x09...0x0D).contains(bytes[index])) {
            token.append(Character(UnicodeScalar(bytes[index])))
            index += 1
        }
        index += 1
        if token.isEmpty { continue }
        if magic.isEmpty { magic = token } else if let value = Int(token) { tokens.append(value) } else { return nil }
    }
    guard magic == "P6", tokens.count == 3, tokens[2] == 255 else { return nil }
    let (width, height) = (tokens[0], tokens[1])
    guard width > 0, height > 0, bytes.count - index >= width * height * 3 else { return nil }
    return (width, height, bytes[index..<index + width * height * 3])
}

/// Prints what a card needs.
func show(_ colors: ColorAnalysis) {
    print("background \(colors.background.hex)  primary \(colors.primary.hex)  secondary \(colors.secondary.hex)")
    let analyzed = "\(colors.analyzed.width)×\(colors.analyzed.height)"
    print("detail \(colors.detail.hex)  title \(colors.title.text.rawValue)  analyzed \(analyzed)")
}

let analyzer = PixelAnalyzer()
do {
    if CommandLine.arguments.count > 1 {
        let path = CommandLine.arguments[1]
        guard let data = FileManager.default.contents(atPath: path), let ppm = readPPM(Array(data)) else {
            print("core-only: \(path) is not a binary PPM (P6, 8-bit)")
            exit(2)
        }
        // RGB to RGBA, the fourth byte ignored (as kCGImageAlphaNoneSkipLast is).
        var rgba = [UInt8](repeating: 0, count: ppm.width * ppm.height * 4)
        for (i, start) in stride(from: ppm.rgb.startIndex, to: ppm.rgb.endIndex, by: 3).enumerated() {
            rgba[i * 4] = ppm.rgb[start]
            rgba[i * 4 + 1] = ppm.rgb[start + 1]
            rgba[i * 4 + 2] = ppm.rgb[start + 2]
        }
        show(try analyzer.analyze(rgba, layout: PixelLayout(width: ppm.width, height: ppm.height, alpha: .ignored)))
    } else {
        // A dusk sky over a dark field with an orange sun, pushed one row at a time.
        let (width, height) = (640, 400)
        var stream = try analyzer.stream(PixelLayout(width: width, height: height))
        var row = [UInt8](repeating: 255, count: width * 4)
        for y in 0..<height {
            for x in 0..<width {
                let sun = (x - 420) * (x - 420) + (y - 180) * (y - 180) < 40 * 40
                let field = y > 260
                let color: (UInt8, UInt8, UInt8) =
                    sun ? (250, 140, 30) : field ? (30, 40, 32) : (UInt8(40 + y / 4), 60, UInt8(150 - y / 4))
                (row[x * 4], row[x * 4 + 1], row[x * 4 + 2]) = color
            }
            try row.withUnsafeBytes { try stream.append(row: $0) }
        }
        show(try stream.finish())
    }
} catch let error as any ImageColorsError {
    print("core-only: \(error.code): \(error)")
    exit(1)
}
