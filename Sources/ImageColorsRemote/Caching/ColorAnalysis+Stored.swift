import Foundation
import ImageColors

extension ColorAnalysis {
    /// This result as it reads back from its JSON (numbers rounded as the CLI's JSON prints
    /// them, such as `brightness` to one decimal). A cache returns this form on every run, the
    /// first one included, so a result never changes between a run that analysed and one that
    /// reused. `self` when it does not encode.
    public var asStored: ColorAnalysis {
        guard let json = try? JSONEncoder().encode(self),
            let decoded = try? JSONDecoder().decode(ColorAnalysis.self, from: json)
        else { return self }
        return decoded
    }
}
