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
        /// Each edge's pixels that no listed cluster holds (under half opaque, in a bin the
        /// clustering did not grow, or in a cluster left out): with ``counts``, every pixel of a
        /// strip is counted once.
        package private(set) var unlisted = [0, 0, 0, 0]

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
        ///
        /// Cost: one pass over the grown bins, which gives every bin its slot in a table of
        /// 2^(3 × bits) entries (16 KiB at 4 bits), then one pass over the four strips with a
        /// table look-up and one add per pixel, no branch: a pixel of no listed cluster, or under
        /// half opaque, adds to a spare slot that is never reported. (Looking each pixel's label
        /// up in the padded grid, then its slot, with a test for each, took about 40
        /// instructions a pixel: on busy pictures with a near-tie a fifth of their quantization.)
        /// No allocation but the counts and that table.
        /// - Parameters:
        ///   - image: The image the clustering counted.
        ///   - clusterCount: How many clusters the clustering listed.
        ///   - bits: The histogram's bits per channel.
        ///   - labels: The clustering's labels (``ClusteringWorkspace/labels``), on a grid padded
        ///     by one cell on every side, `labelSide` cells long.
        ///   - labelSide: The padded grid's side, `2^bits + 2`.
        ///   - slots: Each label's index in the list (−1: left out).
        ///   - grownBins: The bins the clustering grew (``ClusteringWorkspace/grownBins``), each in
        ///     the low bits of its key; every other bin has no label.
        ///   - grownCount: How many bins it grew.
        ///   - binMask: The low bits of a key that hold a bin index.
        package init(
            of image: RGBAImage, clusterCount: Int, bitsPerChannel bits: Int, labels: UnsafePointer<Int16>,
            labelSide: Int, slots: UnsafePointer<Int32>, grownBins: UnsafePointer<UInt64>, grownCount: Int,
            binMask: UInt64
        ) {
            self.init(clusterCount: clusterCount)
            let width = image.width
            let height = image.height
            guard width > 0, height > 0, clusterCount > 0 else { return }
            let thickness = min(ColorHistogram.borderThickness(width: width, height: height), width, height)
            // Each bin's slot, `clusterCount` (the spare) when it was not grown or its cluster was
            // left out. Only grown bins hold a label, so only they are looked up.
            let side = 1 << bits
            let spare = Int32(truncatingIfNeeded: clusterCount)
            var slotOfBin = [Int32](repeating: spare, count: side * side * side)
            slotOfBin.withUnsafeMutableBufferPointer { table in
                for i in 0..<grownCount {
                    let bin = Int(truncatingIfNeeded: grownBins[i] & binMask)
                    let cell = ClusteringWorkspace.labelIndex(ofBin: bin, bitsPerChannel: bits, labelSide: labelSide)
                    let slot = slots[Int(labels[cell])]
                    table[bin] = slot >= 0 ? slot : spare
                }
            }
            // Per edge, the listed clusters then the spare: `edge × (clusterCount + 1) + slot`.
            let stride = clusterCount &+ 1
            var tallies = [Int](repeating: 0, count: 4 * stride)
            let shift = UInt32(8 &- bits)
            let cellMask = UInt32(side &- 1)
            let opaque = UInt32(ColorHistogram.minimumAlpha) &<< 24
            // Each strip as runs of consecutive pixels: the top and bottom strips are one run
            // each, the left and right strips one run per row.
            let runs: [(Edge, first: Int, count: Int, rows: Range<Int>)] = [
                (.top, 0, thickness &* width, 0..<1),
                (.bottom, (height &- thickness) &* width, thickness &* width, 0..<1),
                (.left, 0, thickness, 0..<height), (.right, width &- thickness, thickness, 0..<height),
            ]
            image.pixels.withUnsafeBytes { raw in
                slotOfBin.withUnsafeBufferPointer { table in
                    tallies.withUnsafeMutableBufferPointer { tallies in
                        let pixels = raw.baseAddress!
                        let table = table.baseAddress!
                        /// Adds each pixel of `count` from `first` to its cluster's tally in `base`.
                        @inline(__always) func tally(
                            _ first: Int, _ count: Int, _ base: UnsafeMutablePointer<Int>, _ bin: (UInt32) -> Int
                        ) {
                            for i in first..<(first &+ count) {
                                let p = UInt32(
                                    littleEndian: pixels.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
                                let slot = p >= opaque ? Int(truncatingIfNeeded: table[bin(p)]) : clusterCount
                                base[slot] &+= 1
                            }
                        }
                        for (edge, first, count, rows) in runs {
                            let base = tallies.baseAddress! + edge.rawValue &* stride
                            for y in rows {
                                // The default depth gets its own loop, its bin one multiply.
                                if bits == 4 {
                                    tally(first &+ y &* width, count, base, ColorHistogram.bin4)
                                } else {
                                    tally(first &+ y &* width, count, base) { p in
                                        let red = (p &>> shift) & cellMask
                                        let green = (p &>> (8 &+ shift)) & cellMask
                                        let blue = (p &>> (16 &+ shift)) & cellMask
                                        return Int(
                                            truncatingIfNeeded: red &<< UInt32(2 &* bits) | green &<< UInt32(bits)
                                                | blue)
                                    }
                                }
                            }
                        }
                    }
                }
            }
            for edge in Edge.allCases {
                for cluster in 0..<clusterCount {
                    counts[edge.rawValue &* clusterCount &+ cluster] = tallies[edge.rawValue &* stride &+ cluster]
                }
                unlisted[edge.rawValue] = tallies[edge.rawValue &* stride &+ clusterCount]
            }
        }
    }
}
