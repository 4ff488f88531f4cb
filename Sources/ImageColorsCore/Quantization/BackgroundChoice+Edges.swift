// Which edges of the image each background candidate lies on: what decides a near-tie.
extension BackgroundChoice {
    /// The pixels of each of a clustering's clusters on each of the image's four edges.
    ///
    /// An edge is a strip as thick as the ``ColorHistogram/Region/border`` band
    /// (``ColorHistogram/borderThickness(width:height:)``) along one side of the image, corners
    /// included, so a corner pixel lies on two edges. Pixels under half opaque, and pixels whose
    /// bin no listed cluster holds (left out under the floor, or never grown), count for none.
    package struct EdgeCounts: Sendable, Hashable {
        /// One side of the image.
        package enum Edge: Int, CaseIterable, Sendable {
            case top, bottom, left, right
        }

        /// How many clusters each edge counts.
        package let clusterCount: Int
        /// `counts[edge.rawValue * clusterCount + cluster]`.
        package private(set) var counts: [Int]

        /// No pixel yet on any edge.
        /// - Parameter clusterCount: How many clusters.
        package init(clusterCount: Int) {
            self.clusterCount = clusterCount
            counts = [Int](repeating: 0, count: 4 * clusterCount)
        }

        /// Pixels of a cluster on an edge.
        /// - Parameters:
        ///   - cluster: The cluster's index in its list.
        ///   - edge: The edge.
        package func pixels(ofCluster cluster: Int, on edge: Edge) -> Int {
            counts[edge.rawValue * clusterCount + cluster]
        }

        /// Adds pixels of a cluster on an edge.
        package mutating func add(_ pixels: Int, toCluster cluster: Int, on edge: Edge) {
            counts[edge.rawValue * clusterCount + cluster] += pixels
        }

        /// Counts the edges of an image by the clusters a clustering of it grew: each pixel's bin
        /// is looked up in the clustering's labels, and the label's slot in its list of clusters.
        /// One pass over the four strips, no allocation but the counts.
        /// - Parameters:
        ///   - image: The image the clustering counted.
        ///   - clusterCount: How many clusters the clustering listed.
        ///   - bits: The histogram's bits per channel.
        ///   - labels: The clustering's labels (``ClusteringWorkspace/labels``), on a grid padded
        ///     by one cell on every side, `labelSide` cells long.
        ///   - labelSide: The padded grid's side, `2^bits + 2`.
        ///   - slots: Each label's index in the list (−1: left out).
        package init(
            of image: RGBAImage, clusterCount: Int, bitsPerChannel bits: Int, labels: UnsafePointer<Int16>,
            labelSide: Int, slots: UnsafePointer<Int32>
        ) {
            self.init(clusterCount: clusterCount)
            let width = image.width
            let height = image.height
            guard width > 0, height > 0, clusterCount > 0 else { return }
            let thickness = min(ColorHistogram.borderThickness(width: width, height: height), width, height)
            let shift = UInt8(8 - bits)
            let minimumAlpha = ColorHistogram.minimumAlpha
            let strips: [(Edge, rows: Range<Int>, columns: Range<Int>)] = [
                (.top, 0..<thickness, 0..<width), (.bottom, (height - thickness)..<height, 0..<width),
                (.left, 0..<height, 0..<thickness), (.right, 0..<height, (width - thickness)..<width),
            ]
            image.pixels.withUnsafeBufferPointer { pixels in
                for (edge, rows, columns) in strips {
                    let base = edge.rawValue * clusterCount
                    for y in rows {
                        for x in columns {
                            let offset = (y * width + x) * 4
                            guard pixels[offset + 3] >= minimumAlpha else { continue }
                            let red = Int(pixels[offset] >> shift)
                            let green = Int(pixels[offset + 1] >> shift)
                            let blue = Int(pixels[offset + 2] >> shift)
                            let label = Int(labels[((red + 1) * labelSide + green + 1) * labelSide + blue + 1])
                            guard label >= 0 else { continue }
                            let slot = Int(slots[label])
                            if slot >= 0 { counts[base + slot] += 1 }
                        }
                    }
                }
            }
        }
    }
}
