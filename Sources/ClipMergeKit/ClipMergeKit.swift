// ClipMergeKit: clipmerge's engine for Swift programs, in the shapes of AVFoundation's editing API (an asset and
// its tracks, a mutable composition into which time ranges are inserted, a video composition of layer
// instructions, an audio mix, an export session). The model's value types (MediaTime, TimeRange,
// AffineTransform2D, PixelSize, Color, Container) come with it. Nothing here changes the process (no signal
// handler, no log setting) beyond what an export needs while it runs: FFmpeg logs as the program set it
// (`FFmpegLog.silence()` turns it off).
@_exported import Composition
// EngineError, ExportReport and the engine's probe, for what an export reports.
@_exported import Engine
