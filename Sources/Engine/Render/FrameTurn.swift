internal import CFFmpeg
import Composition

/// Turns upright frames back into the orientation a stream stores its pictures in (the inverse of its display
/// matrix), sample for sample, so that a smart render's re-encoded pictures splice with copied ones that a
/// player turns upright with the same matrix. 8-bit and 10-bit 4:2:0 (the pictures a smart render encodes).
final class FrameTurn {
  let orientation: Orientation
  private let turned: Frame

  /// A turn into `orientation`'s stored pictures of `width`×`height` (the stored size, before turning upright).
  init(orientation: Orientation, width: Int, height: Int, format: AVPixelFormat) throws(EngineError) {
    guard format == AV_PIX_FMT_YUV420P || format == AV_PIX_FMT_YUV420P10LE else {
      throw .internalFailure(.encoding, "pictures of \(format) cannot be turned to a stored orientation")
    }
    self.orientation = orientation
    do { turned = try Frame(width: width, height: height, format: format) } catch {
      throw .internalFailure(.encoding, "cannot allocate a turned picture: \(error)")
    }
  }

  /// `upright` in the stored orientation: a frame of this turn's, overwritten by the next call.
  func turn(_ upright: Frame) throws(EngineError) -> Frame {
    let bytes = turned.pixelFormat == AV_PIX_FMT_YUV420P10LE ? 2 : 1
    let width = turned.width
    let height = turned.height
    let uprightSize = orientation.swapsAxes ? (height, width) : (width, height)
    guard upright.pixelFormat == turned.pixelFormat, (upright.width, upright.height) == uprightSize else {
      throw .internalFailure(
        .encoding, "a \(upright.width)x\(upright.height) frame cannot be turned to \(width)x\(height)")
    }
    do {
      try turned.makeWritable()
      try check(av_frame_copy_props(turned.pointer, upright.pointer), "av_frame_copy_props")
    } catch { throw .internalFailure(.encoding, "\(error)") }
    for plane in 0..<3 {
      let w = plane == 0 ? width : (width + 1) / 2
      let h = plane == 0 ? height : (height + 1) / 2
      guard let to = turned.data(plane), let from = upright.data(plane) else { continue }
      let map = Self.map(orientation, width: w, height: h)
      let toLine = turned.linesize(plane)
      let fromLine = upright.linesize(plane)
      for y in 0..<h {
        var ux = map.x + map.dxRow * y
        var uy = map.y + map.dyRow * y
        let row = to + y * toLine
        for x in 0..<w {
          let source = from + uy * fromLine + ux * bytes
          if bytes == 2 {
            row[2 * x] = source[0]
            row[2 * x + 1] = source[1]
          } else {
            row[x] = source[0]
          }
          ux += map.dxColumn
          uy += map.dyColumn
        }
      }
    }
    return turned
  }

  /// Where stored sample (0, 0) of a `width`×`height` plane lies in the upright plane, and how far a step along
  /// a stored row (column) or down a stored column (row) moves there: each is -1, 0 or 1.
  static func map(_ orientation: Orientation, width: Int, height: Int) -> (
    x: Int, y: Int, dxColumn: Int, dyColumn: Int, dxRow: Int, dyRow: Int
  ) {
    let turn = orientation.transform
    let box = turn.boundingBox(width: Double(width), height: Double(height))
    let upright = turn.concatenating(.translation(x: -box.x, y: -box.y))
    func at(_ x: Int, _ y: Int) -> (Int, Int) {
      let p = upright.apply(x: Double(x) + 0.5, y: Double(y) + 0.5)
      return (Int(p.x.rounded(.down)), Int(p.y.rounded(.down)))
    }
    let origin = at(0, 0)
    let right = at(1, 0)
    let down = at(0, 1)
    return (origin.0, origin.1, right.0 - origin.0, right.1 - origin.1, down.0 - origin.0, down.1 - origin.1)
  }
}
