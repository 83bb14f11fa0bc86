import ClipMergeKit
import Foundation

// merge-videos FIRST SECOND AUDIO OUT: the tutorial's merge, with ClipMergeKit's names for AVFoundation's.

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 4 else {
  FileHandle.standardError.write(Data("usage: merge-videos FIRST SECOND AUDIO OUT\n".utf8))
  exit(64)
}
let paths = Array(arguments)
let renderSize = PixelSize(width: 1280, height: 720)

/// The layer instruction that shows `track` (holding `asset`) upright and as wide as the frame, or as high
/// when the clip is portrait: the tutorial's videoCompositionInstruction(_:asset:).
func videoCompositionInstruction(_ track: MutableCompositionTrack, asset: Asset) -> MutableVideoCompositionLayerInstruction {
  let instruction = MutableVideoCompositionLayerInstruction(assetTrack: track)
  let assetTrack = asset.tracks(withMediaType: .video)[0]
  let transform = assetTrack.preferredTransform
  let natural = assetTrack.naturalSize
  let upright = transform.boundingBox(width: Double(natural.width), height: Double(natural.height))
  let isPortrait = upright.height > upright.width
  let scale =
    isPortrait
    ? Double(renderSize.height) / upright.height : Double(renderSize.width) / upright.width
  var placed = transform.concatenating(.scale(x: scale, y: scale))
  // Centred in the frame.
  placed = placed.concatenating(
    .translation(
      x: (Double(renderSize.width) - upright.width * scale) / 2,
      y: (Double(renderSize.height) - upright.height * scale) / 2))
  instruction.setTransform(placed, at: .zero)
  return instruction
}

do {
  let firstAsset = try Asset(url: URL(fileURLWithPath: paths[0]))
  let secondAsset = try Asset(url: URL(fileURLWithPath: paths[1]))
  let audioAsset = try Asset(url: URL(fileURLWithPath: paths[2]))

  // 1: the composition holds the tracks.
  let mixComposition = MutableComposition()

  // 2: the two video tracks, the second starting where the first ends.
  let firstTrack = mixComposition.addMutableTrack(withMediaType: .video)
  try firstTrack.insertTimeRange(
    TimeRange(start: .zero, duration: firstAsset.duration), of: firstAsset.tracks(withMediaType: .video)[0], at: .zero)
  let secondTrack = mixComposition.addMutableTrack(withMediaType: .video)
  try secondTrack.insertTimeRange(
    TimeRange(start: .zero, duration: secondAsset.duration), of: secondAsset.tracks(withMediaType: .video)[0],
    at: firstAsset.duration)

  // 2.1: one instruction over the whole; the first clip disappears at its end.
  let total = firstAsset.duration + secondAsset.duration
  let mainInstruction = MutableVideoCompositionInstruction(timeRange: TimeRange(start: .zero, duration: total))

  // 2.2: each clip upright.
  let firstInstruction = videoCompositionInstruction(firstTrack, asset: firstAsset)
  firstInstruction.setOpacity(0, at: firstAsset.duration)
  let secondInstruction = videoCompositionInstruction(secondTrack, asset: secondAsset)

  // 2.3: the video composition.
  mainInstruction.layerInstructions = [firstInstruction, secondInstruction]
  let mainComposition = MutableVideoComposition(
    renderSize: renderSize, frameDuration: MediaTime.ticks(1, rate: 30), instructions: [mainInstruction])

  // 3: the audio track under both clips (as long as the audio goes).
  let audioTrack = mixComposition.addMutableTrack(withMediaType: .audio)
  let audioLength = min(total, audioAsset.duration)
  try audioTrack.insertTimeRange(
    TimeRange(start: .zero, duration: audioLength), of: audioAsset.tracks(withMediaType: .audio)[0], at: .zero)

  // 4: export at the highest quality.
  let exporter = AssetExportSession(asset: mixComposition, presetName: .highestQuality)
  exporter.outputURL = URL(fileURLWithPath: paths[3])
  exporter.outputFileType = .mov
  exporter.shouldOptimizeForNetworkUse = true
  exporter.videoComposition = mainComposition
  let report = try await exporter.export()
  print("merged \(report.path): \(report.duration.secondsText), \(report.videoFrames) frames")
} catch {
  FileHandle.standardError.write(Data("merge-videos: \(error)\n".utf8))
  exit(1)
}
