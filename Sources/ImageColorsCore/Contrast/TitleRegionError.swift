/// Why a title region could not be used: the text given for it, or the image it was applied to.
public enum TitleRegionError: ImageColorsError, Equatable {
    /// Neither `top`, `bottom`, `center` nor four comma-separated numbers.
    case unrecognized(String)
    /// One of the four parts is not a finite number.
    case notANumber(String, component: String, value: String)
    /// A fraction outside 0…1.
    case outOfRange(String, component: String, value: Double)
    /// A width or height of 0 or less.
    case empty(String, component: String)
    /// The rectangle ends past the image's right or bottom edge.
    case pastEdge(String, sum: String, value: Double)
    /// The image has no pixels to measure.
    case emptyImage

    /// `invalid-title-region`, or `empty-image`.
    public var code: String {
        self == .emptyImage ? "empty-image" : "invalid-title-region"
    }

    /// What is wrong, naming the value as given.
    public var description: String {
        switch self {
        case .unrecognized(let text):
            """
            title region "\(text)": expected top, bottom, center or X,Y,W,H (fractions of the image, e.g. \
            0,0.6,1,0.4)
            """
        case .notANumber(let text, let component, let value):
            "title region \"\(text)\": \(component) is \"\(value)\", not a number"
        case .outOfRange(let text, let component, let value):
            "title region \"\(text)\": \(component) is \(value), must be between 0 and 1"
        case .empty(let text, let component):
            "title region \"\(text)\": \(component) must be greater than 0"
        case .pastEdge(let text, let sum, let value):
            "title region \"\(text)\": \(sum) is \(value), past the edge of the image (must be at most 1)"
        case .emptyImage:
            "title region: the image has no pixels"
        }
    }
}
