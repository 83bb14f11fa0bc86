internal import CFFmpeg
internal import CLibass
import Composition

/// The pictures of a drawn source (a title, a subtitle file's cues), rendered by libass at the render size.
/// A picture is the box around what libass drew, in straight-alpha RGBA, with its corner as the picture's
/// origin; it is drawn again only when libass says the text changed, so a title is rendered (and converted and
/// scaled by the compositor) once, and a subtitle once per cue.
final class DrawnPictures: PictureSource {
  let path: String
  private let renderer: AssRenderer
  private let track: AssTrack
  private var current: SourcePicture?
  private var hasRendered = false
  private var serial = 0

  /// The pictures of `drawing`, drawn by `renderer(font)`: a renderer for frames of `width`×`height` whose
  /// default font is the drawing's (shared by the render's drawings of that font).
  init(
    _ drawing: Drawing, path: String, width: Int, height: Int,
    renderer: (String) throws(EngineError) -> AssRenderer
  ) throws(EngineError) {
    self.path = path
    switch drawing {
    case .text(let text, let style):
      self.renderer = try renderer(style.font)
      let library = self.renderer.library
      track = try AssTrack(
        library: library, script: AssScript.title(text, style: style, width: width, height: height))
    case .subtitles(let style):
      self.renderer = try renderer(style.font)
      let library = self.renderer.library
      let file = try SubtitleFile(path: path)
      track = try AssTrack(
        library: library, header: file.assHeader ?? AssScript.header(style, width: width, height: height),
        events: file.events)
    case .color:
      throw .internalFailure(.text, "a colour card is not drawn by libass (ColorCard draws it)")
    }
  }

  /// What shows at `time` (ass_render_frame); nil when nothing does.
  func picture(at time: MediaTime) throws(EngineError) -> SourcePicture? {
    var change: Int32 = 0
    let ms = time.count(of: MediaTime.ticks(1, rate: 1000), rounding: .down)
    let images = ass_render_frame(renderer.pointer, track.pointer, ms, &change)
    let drewLast = renderer.lastTrack == ObjectIdentifier(self)
    renderer.lastTrack = ObjectIdentifier(self)
    if hasRendered && drewLast && change == 0 { return current }
    // The renderer drew another track in between: the images say whether this one changed.
    let keys = Self.keys(images)
    if hasRendered && keys == lastKeys { return current }
    hasRendered = true
    lastKeys = keys
    current = try images.flatMap { first throws(EngineError) in try paint(first) }
    return current
  }

  /// What an image libass gave is: its place, size and colour and a digest of its bitmap (FNV-1a).
  private struct ImageKey: Equatable {
    var x, y, width, height: Int32
    var color: UInt32
    var digest: UInt64
  }

  private var lastKeys: [ImageKey] = []

  private static func keys(_ first: UnsafeMutablePointer<ASS_Image>?) -> [ImageKey] {
    var keys: [ImageKey] = []
    var image = first
    while let i = image {
      let p = i.pointee
      image = p.next
      var digest: UInt64 = 0xcbf2_9ce4_8422_2325
      if let bitmap = p.bitmap, p.w > 0, p.h > 0 {
        for y in 0..<Int(p.h) {
          let row = bitmap + y * Int(p.stride)
          for x in 0..<Int(p.w) { digest = (digest ^ UInt64(row[x])) &* 0x100_0000_01b3 }
        }
      }
      keys.append(ImageKey(x: p.dst_x, y: p.dst_y, width: p.w, height: p.h, color: p.color, digest: digest))
    }
    return keys
  }

  /// The images composited "over" one another into an RGBA picture of their bounding box, its corner on even
  /// coordinates (so the 4:2:0 chroma lines up).
  private func paint(_ first: UnsafeMutablePointer<ASS_Image>) throws(EngineError) -> SourcePicture? {
    var left = Int.max
    var top = Int.max
    var right = Int.min
    var bottom = Int.min
    var image: UnsafeMutablePointer<ASS_Image>? = first
    while let i = image {
      let p = i.pointee
      if p.w > 0 && p.h > 0 {
        left = min(left, Int(p.dst_x))
        top = min(top, Int(p.dst_y))
        right = max(right, Int(p.dst_x + p.w))
        bottom = max(bottom, Int(p.dst_y + p.h))
      }
      image = p.next
    }
    guard left < right, top < bottom else { return nil }
    left -= left & 1
    top -= top & 1
    let width = right - left + ((right - left) & 1)
    let height = bottom - top + ((bottom - top) & 1)
    // Straight alpha, in floating point while the images are laid over one another.
    var rgb = [Float](repeating: 0, count: width * height * 3)
    var alpha = [Float](repeating: 0, count: width * height)
    image = first
    while let i = image {
      let p = i.pointee
      image = p.next
      guard p.w > 0, p.h > 0, let bitmap = p.bitmap else { continue }
      let colour = (
        Float((p.color >> 24) & 0xFF), Float((p.color >> 16) & 0xFF), Float((p.color >> 8) & 0xFF)
      )
      let opacity = Float(255 - (p.color & 0xFF)) / 255
      for y in 0..<Int(p.h) {
        let row = bitmap + y * Int(p.stride)
        let base = (Int(p.dst_y) - top + y) * width + Int(p.dst_x) - left
        for x in 0..<Int(p.w) where row[x] != 0 {
          let a = Float(row[x]) / 255 * opacity
          let index = base + x
          let under = alpha[index] * (1 - a)
          let out = a + under
          for c in 0..<3 {
            let value = c == 0 ? colour.0 : c == 1 ? colour.1 : colour.2
            rgb[index * 3 + c] = (value * a + rgb[index * 3 + c] * under) / out
          }
          alpha[index] = out
        }
      }
    }
    let frame: Frame
    do { frame = try Frame(width: width, height: height, format: AV_PIX_FMT_RGBA) } catch {
      throw .internalFailure(.text, "\(error)")
    }
    guard let data = frame.data(0) else { throw .internalFailure(.text, "no picture buffer for text") }
    let stride = frame.linesize(0)
    for y in 0..<height {
      let row = data + y * stride
      for x in 0..<width {
        let index = y * width + x
        row[4 * x] = UInt8(min(max(rgb[index * 3], 0), 255).rounded())
        row[4 * x + 1] = UInt8(min(max(rgb[index * 3 + 1], 0), 255).rounded())
        row[4 * x + 2] = UInt8(min(max(rgb[index * 3 + 2], 0), 255).rounded())
        row[4 * x + 3] = UInt8(min(max(alpha[index] * 255, 0), 255).rounded())
      }
    }
    frame.pointer.pointee.color_range = AVCOL_RANGE_JPEG
    serial += 1
    return SourcePicture(frame: frame, time: .zero, serial: serial, originX: left, originY: top, isDrawn: true)
  }
}
