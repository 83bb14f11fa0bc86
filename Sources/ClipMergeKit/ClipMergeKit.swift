// ClipMergeKit: clipmerge's engine for Swift programs, in the shapes of AVFoundation's editing API (an asset and
// its tracks, a mutable composition into which time ranges are inserted, a video composition of layer
// instructions, an audio mix, an export session). The model's value types (MediaTime, TimeRange,
// AffineTransform2D, PixelSize, Color, Container) come with it. Nothing here changes the process (no signal
// handler) beyond what an export needs while it runs, but for one thing: a library is quiet, so FFmpeg's and its
// codecs' messages are turned off when an asset or an export session is first made, unless the program chose a
// level first (`FFmpegLog.level = 32` before that keeps FFmpeg's information lines on standard error).
@_exported import Composition
// EngineError, ExportReport and the engine's probe, for what an export reports.
@_exported import Engine
