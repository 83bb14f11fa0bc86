// swift-tools-version:6.0
import PackageDescription

// The "merge videos" tutorial on ClipMergeKit: two clips one after the other, each turned upright, an audio
// track under both, exported at the highest quality.
let package = Package(
  name: "MergeVideos",
  dependencies: [.package(name: "clipmerge", path: "../..")],
  targets: [
    .executableTarget(
      name: "merge-videos", dependencies: [.product(name: "ClipMergeKit", package: "clipmerge")])
  ]
)
