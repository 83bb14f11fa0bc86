// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "clipmerge",
  products: [
    .executable(name: "clipmerge", targets: ["clipmerge"]),
    .library(name: "Composition", targets: ["Composition"]),
    .library(name: "ClipMergeKit", targets: ["ClipMergeKit"]),
  ],
  targets: [
    .systemLibrary(
      name: "CFFmpeg",
      pkgConfig: "libavformat libavcodec libavutil libswscale libswresample",
      providers: [
        .apt([
          "libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswscale-dev", "libswresample-dev",
        ])
      ]
    ),
    .systemLibrary(name: "CLibass", pkgConfig: "libass fontconfig", providers: [.apt(["libass-dev"])]),
    .systemLibrary(name: "CLibimagequant", pkgConfig: "imagequant", providers: [.apt(["libimagequant-dev"])]),
    .systemLibrary(name: "CEbur128", pkgConfig: "libebur128", providers: [.apt(["libebur128-dev"])]),
    .systemLibrary(name: "CRubberBand", pkgConfig: "rubberband", providers: [.apt(["librubberband-dev"])]),
    .target(name: "CEffectKernels"),
    .target(name: "Composition"),
    .target(name: "Engine", dependencies: [
        "Composition", "CFFmpeg", "CLibass", "CLibimagequant", "CEbur128", "CRubberBand", "CEffectKernels",
      ]),
    .target(name: "ClipMergeKit", dependencies: ["Composition", "Engine"]),
    // The command line is one client of the library: it sees what a Swift program that adds ClipMergeKit sees.
    .target(name: "ClipMergeCLI", dependencies: ["ClipMergeKit"]),
    .executableTarget(name: "clipmerge", dependencies: ["ClipMergeCLI"]),
    .target(name: "TestSupport", dependencies: ["Engine", "Composition"], path: "Tests/TestSupport"),
    .testTarget(name: "CompositionTests", dependencies: ["Composition"]),
    .testTarget(name: "ClipMergeKitTests", dependencies: ["ClipMergeKit", "TestSupport"]),
    .testTarget(name: "EngineTests", dependencies: ["Engine", "Composition", "TestSupport"]),
    .testTarget(
      name: "ClipMergeCLITests", dependencies: ["ClipMergeCLI", "Engine", "Composition", "TestSupport"]),
  ]
)
