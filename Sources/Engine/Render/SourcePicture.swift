import Composition

/// One decoded picture of a source, with its presentation time in source coordinates.
final class SourcePicture {
  /// The decoded frame, possibly sharing buffers with the decoder: read only.
  let frame: Frame
  let time: MediaTime
  /// Unique within its reader, increasing: identifies the picture in caches.
  let serial: Int
  /// The picture as the compositor takes it (8-bit 4:2:0 limited range in the output's matrix, or 10-bit
  /// BT.2020 in an HDR render), made on first use.
  var normalized: Frame?
  /// Where the picture's top-left corner lies in its source's frame: (0, 0) for a decoded picture; for drawn
  /// text, the corner of the box around what was drawn (the rest of the frame is transparent).
  let originX: Int
  let originY: Int
  /// Whether clipmerge drew the picture (text, a colour card) rather than decoded it: a drawn picture is its box
  /// at its origin; a decoded one of another size than its stream declares is fitted into that size.
  let isDrawn: Bool

  init(frame: Frame, time: MediaTime, serial: Int, originX: Int = 0, originY: Int = 0, isDrawn: Bool = false) {
    self.frame = frame
    self.time = time
    self.serial = serial
    self.originX = originX
    self.originY = originY
    self.isDrawn = isDrawn
  }
}
