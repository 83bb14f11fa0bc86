internal import CFFmpeg

/// Pictures with an alpha channel (PNG, ProRes 4444, VP9 with alpha, QuickTime Animation, GIF transparency),
/// made ready for compositing: 8-bit Y'CbCr 4:2:0 with a full-size alpha plane (`yuva420p`), the colour planes
/// premultiplied by alpha about black, `P = 16 + (Y − 16)·A` and `P = 128 + (C − 128)·A`.
///
/// Premultiplied pictures scale without dark or bright fringes: a transparent pixel's colour (often black or
/// white in a PNG) weighs nothing when swscale averages it with its opaque neighbours, because its premultiplied
/// value is already black-with-no-weight. Composited "over": `out = P + (1 − A)·(D − black)`, per plane.
enum AlphaPicture {
  /// Whether a pixel format carries alpha.
  static func hasAlpha(_ format: AVPixelFormat) -> Bool {
    cm_pix_fmt_flags(format) & Int32(AV_PIX_FMT_FLAG_ALPHA) != 0
  }

  /// Whether a normalized picture carries an alpha plane to composite with.
  static func hasAlpha(_ frame: Frame) -> Bool { frame.pixelFormat == AV_PIX_FMT_YUVA420P }

  /// Premultiplies a `yuva444p` frame's colour planes by its alpha, in place; returns whether any pixel is less
  /// than opaque (when none is, the alpha plane can be dropped).
  static func premultiply(_ frame: Frame) -> Bool {
    guard let alpha = PlaneView(frame, plane: 3, fullChroma: true) else { return false }
    var transparent = false
    for y in 0..<alpha.height {
      let a = alpha.row(y)
      for x in 0..<alpha.width where a[x] != 255 {
        transparent = true
        break
      }
      if transparent { break }
    }
    guard transparent else { return false }
    for (plane, black) in [(0, 16), (1, 128), (2, 128)] {
      guard let view = PlaneView(frame, plane: plane, fullChroma: true) else { continue }
      for y in 0..<view.height {
        let row = view.row(y)
        let a = alpha.row(y)
        for x in 0..<view.width {
          let weight = Int32(a[x])
          let offset = Int32(row[x]) - Int32(black)
          // Rounded to nearest, symmetrically about black.
          let scaled = (offset * weight + (offset < 0 ? -127 : 127)) / 255
          row[x] = UInt8(clamping: Int32(black) + scaled)
        }
      }
    }
    return true
  }
}
