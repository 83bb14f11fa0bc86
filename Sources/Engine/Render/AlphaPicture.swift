internal import CFFmpeg

/// Pictures with an alpha channel (PNG, ProRes 4444, VP9 with alpha, QuickTime Animation, GIF transparency),
/// made ready for compositing: 8-bit Y'CbCr 4:2:0 with a full-size alpha plane (`yuva420p`; in an HDR render
/// 10-bit, `yuva420p10le`), the colour planes premultiplied by alpha about black, `P = 16 + (Y − 16)·A` and
/// `P = 128 + (C − 128)·A` (at 10 bits, about 64 and 512).
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
  static func hasAlpha(_ frame: Frame) -> Bool {
    frame.pixelFormat == AV_PIX_FMT_YUVA420P || frame.pixelFormat == AV_PIX_FMT_YUVA420P10LE
  }

  /// Premultiplies a `yuva444p` (or, for HDR, `yuva444p16`) frame's colour planes by its alpha, in place;
  /// returns whether any pixel is less than opaque (when none is, the alpha plane can be dropped).
  static func premultiply(_ frame: Frame) -> Bool {
    frame.bitDepth > 8 ? premultiply(frame, samples: UInt16.self) : premultiply(frame, samples: UInt8.self)
  }

  private static func premultiply<S: PlaneSample>(_ frame: Frame, samples: S.Type) -> Bool {
    guard let alpha = Plane<S>(frame, plane: 3, fullChroma: true) else { return false }
    let opaque = S(alpha.maximum)
    var transparent = false
    for y in 0..<alpha.height {
      let a = alpha.row(y)
      for x in 0..<alpha.width where a[x] != opaque {
        transparent = true
        break
      }
      if transparent { break }
    }
    guard transparent else { return false }
    let full = Int64(alpha.maximum)
    for (plane, black8) in [(0, 16), (1, 128), (2, 128)] {
      guard let view = Plane<S>(frame, plane: plane, fullChroma: true) else { continue }
      let black = Int64(view.level(black8))
      for y in 0..<view.height {
        let row = view.row(y)
        let a = alpha.row(y)
        for x in 0..<view.width {
          let offset = Int64(row[x]) - black
          // Rounded to nearest, symmetrically about black.
          let scaled = (offset * Int64(a[x]) + (offset < 0 ? -full / 2 : full / 2)) / full
          row[x] = S(clamping: black + scaled)
        }
      }
    }
    return true
  }
}
