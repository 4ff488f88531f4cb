/// What the progressive DC reader does with damage libjpeg only *warns* about (a scan that ends
/// early, garbage before a marker, a bad Huffman code, the file ending before EOI): an error when
/// strict, as libjpeg's warnings are under ``DecodeOptions/warningsAreErrors``; otherwise decoding
/// goes on the way libjpeg goes on (missing bits read as zeros, the end of the file as EOI).
struct DecodeWarnings {
    /// Whether a warning stops decoding.
    let strict: Bool

    /// Reports `warning`: throws it when strict, else returns and decoding goes on.
    func warn(_ warning: ImageDecodingError) throws(ImageDecodingError) {
        if strict { throw warning }
    }
}
