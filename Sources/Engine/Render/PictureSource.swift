import Composition

/// Where a layer's pictures come from: a decoded file (`VideoReader`) or pictures clipmerge draws
/// (`DrawnPictures`). Times never go backwards between calls.
protocol PictureSource: AnyObject {
  /// The picture showing at source time `time`, or nil when there is none.
  func picture(at time: MediaTime) throws(EngineError) -> SourcePicture?
}
