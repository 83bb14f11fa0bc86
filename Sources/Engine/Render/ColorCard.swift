internal import CFFmpeg
import Composition

/// The picture of a colour card (`color:navy`): one opaque RGBA frame of the source's size, made once.
final class ColorCard: PictureSource {
  private let picture: SourcePicture

  init(color: Color, size: PixelSize) throws(EngineError) {
    let frame: Frame
    do { frame = try Frame(width: size.width, height: size.height, format: AV_PIX_FMT_RGBA) } catch {
      throw .internalFailure(.compositing, "cannot make a \(size.width)x\(size.height) colour card: \(error)")
    }
    guard let data = frame.data(0) else { throw .internalFailure(.compositing, "no picture buffer for a colour card") }
    let stride = frame.linesize(0)
    for y in 0..<size.height {
      let row = data + y * stride
      for x in 0..<size.width {
        row[4 * x] = color.red
        row[4 * x + 1] = color.green
        row[4 * x + 2] = color.blue
        row[4 * x + 3] = 255
      }
    }
    frame.pointer.pointee.color_range = AVCOL_RANGE_JPEG
    picture = SourcePicture(frame: frame, time: .zero, serial: 1, isDrawn: true)
  }

  func picture(at time: MediaTime) throws(EngineError) -> SourcePicture? { picture }
}
