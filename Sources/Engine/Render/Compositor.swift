internal import CFFmpeg
import Composition

/// Composes layers over a background into an output frame. A layer that is only scaled and moved to whole
/// pixels is scaled by swscale (once per source picture) and blended 1:1; any other transform goes through the
/// affine blitter, after swscale has shrunk the picture when the transform shrinks it more than twofold. Frames
/// are 8-bit 4:2:0 in `matrix`, or with `hdr` 10-bit 4:2:0 BT.2020 in that transfer.
final class Compositor {
  let matrix: ColorMatrix
  let hdr: ToneMapper.Transfer?
  private let scalers: ScalerCache
  /// The last scaled picture of each track, reused while the same picture shows at the same size.
  private var scaled: [TrackID: (serial: Int, width: Int, height: Int, frame: Frame)] = [:]
  private let masks = MaskPainter()

  init(matrix: ColorMatrix, scalers: ScalerCache, hdr: ToneMapper.Transfer? = nil) {
    self.matrix = hdr == nil ? matrix : .bt2020
    self.hdr = hdr
    self.scalers = scalers
  }

  /// Fills `frame` with `background`, then draws `layers` bottom first. The fill is skipped when the bottom
  /// layer is opaque and covers the whole frame, and so are the layers under the top opaque full-frame layer.
  func compose(_ layers: [LayerDraw], background: Color, into frame: Frame) throws(FFmpegError) {
    let opaque = layers.lastIndex { Self.coversOpaquely($0, width: frame.width, height: frame.height) }
    if opaque == nil { fill(frame, with: background) }
    for layer in layers[(opaque ?? 0)...] { try draw(layer, into: frame) }
  }

  private func fill(_ frame: Frame, with color: Color) {
    if let hdr {
      let yuv = HDRPlacement(transfer: hdr, source: ColorMatrix.bt709.coefficients).yuv10(
        red: color.red, green: color.green, blue: color.blue)
      for (plane, value) in [yuv.y, yuv.u, yuv.v].enumerated() { Plane<UInt16>(frame, plane: plane)?.fill(value) }
    } else {
      let yuv = matrix.yuv(red: color.red, green: color.green, blue: color.blue)
      for (plane, value) in [yuv.y, yuv.u, yuv.v].enumerated() { PlaneView(frame, plane: plane)?.fill(value) }
    }
  }

  /// Whether `layer` replaces every pixel of a `width`×`height` frame: fully opaque, drawn 1:1 (no soft edges)
  /// and covering the frame, at even offsets so the half-size chroma planes are covered too.
  static func coversOpaquely(_ layer: LayerDraw, width: Int, height: Int) -> Bool {
    guard layer.opacity >= 1, layer.mask == nil, !AlphaPicture.hasAlpha(layer.picture), let r = placement(of: layer)
    else { return false }
    return r.x % 2 == 0 && r.y % 2 == 0 && r.x <= 0 && r.y <= 0 && r.x + r.width >= width && r.y + r.height >= height
  }

  /// Where a layer lands when it is only scaled and moved to whole pixels (the 1:1 path): its rectangle in render
  /// pixels; nil for any other transform.
  static func placement(of layer: LayerDraw) -> (x: Int, y: Int, width: Int, height: Int)? {
    let t = layer.transform
    guard t.isAxisAligned, t.a > 0, t.d > 0 else { return nil }
    let width = t.a * Double(layer.picture.width)
    let height = t.d * Double(layer.picture.height)
    guard [width, height, t.tx, t.ty].allSatisfy({ isWhole($0) && abs($0) < 1e9 }), width >= 1, height >= 1 else {
      return nil
    }
    return (Int(t.tx.rounded()), Int(t.ty.rounded()), Int(width.rounded()), Int(height.rounded()))
  }

  /// Forgets the cached picture of `track`.
  func forget(track: TrackID) { scaled[track] = nil }

  /// Forgets cached pictures of tracks not in `active`.
  func retain(tracks active: Set<TrackID>) {
    for track in scaled.keys where !active.contains(track) { scaled[track] = nil }
  }

  private func draw(_ layer: LayerDraw, into frame: Frame) throws(FFmpegError) {
    guard layer.opacity > 0 else { return }
    guard let mask = layer.mask else { return try drawWhole(layer, into: frame) }
    // An empty mask shows nothing (a wipe or an iris before it opens).
    guard mask.rect.width > 0, mask.rect.height > 0 else { return }
    masks.save(frame)
    try drawWhole(layer, into: frame)
    masks.restoreOutside(mask.shape, rect: mask.rect, feather: mask.feather, in: frame)
  }

  private func drawWhole(_ layer: LayerDraw, into frame: Frame) throws(FFmpegError) {
    let t = layer.transform
    let w = Double(layer.picture.width)
    let h = Double(layer.picture.height)
    // A moving still always goes through the blitter: switching between paths from frame to frame would flicker.
    // A layer enlarged far past the frame (a spec's scale 60) is sampled by the blitter, which touches only the
    // pixels shown: scaled whole it would take gigabytes, or more than FFmpeg allocates.
    if !(layer.isStill && layer.isMoving), let r = Self.placement(of: layer),
      r.width * r.height <= 4 * frame.width * frame.height
    {
      let picture = try resized(layer, width: r.width, height: r.height)
      Blender.blend(picture, into: frame, x: r.x, y: r.y, opacity: layer.opacity)
      return
    }
    // Shrinking by more than 2× with bilinear sampling aliases: let swscale shrink first.
    let scaleX = (t.a * t.a + t.b * t.b).squareRoot()
    let scaleY = (t.c * t.c + t.d * t.d).squareRoot()
    if scaleX < 0.5 || scaleY < 0.5 {
      // A still shrinks by a power of two (a mipmap level) and the blitter enlarges it to its size: a zoom or
      // pan on a photo then moves smoothly, scaled once per level, not once a frame.
      let width = max(2, Int((layer.isStill ? w / Self.mipLevel(scaleX) : w * scaleX).rounded(.up)))
      let height = max(2, Int((layer.isStill ? h / Self.mipLevel(scaleY) : h * scaleY).rounded(.up)))
      let picture = try resized(layer, width: width, height: height)
      let back = AffineTransform2D.scale(x: w / Double(width), y: h / Double(height))
      AffineBlitter.draw(picture, transform: back.concatenating(t), opacity: layer.opacity, into: frame)
      return
    }
    AffineBlitter.draw(layer.picture, transform: t, opacity: layer.opacity, into: frame)
  }

  private func resized(_ layer: LayerDraw, width: Int, height: Int) throws(FFmpegError) -> Frame {
    if width == layer.picture.width && height == layer.picture.height { return layer.picture }
    if let cached = scaled[layer.track], cached.serial == layer.serial, cached.width == width,
      cached.height == height
    {
      return cached.frame
    }
    // The track's previous scaled picture is done with: its buffers take the new one.
    let spare = scaled.removeValue(forKey: layer.track)?.frame
    let alpha = AlphaPicture.hasAlpha(layer.picture)
    let format =
      hdr == nil
      ? (alpha ? AV_PIX_FMT_YUVA420P : AV_PIX_FMT_YUV420P) : (alpha ? AV_PIX_FMT_YUVA420P10LE : AV_PIX_FMT_YUV420P10LE)
    let frame = try scalers.convert(
      layer.picture, width: width, height: height, matrix: matrix, format: format, reusing: spare)
    scaled[layer.track] = (layer.serial, width, height, frame)
    return frame
  }

  private static func isWhole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-6 }

  /// The smallest power of two at or above 1 / `scale` (1 for scales of a half and more): shrunk by it, the
  /// picture is at most twice as large as it shows, and the blitter only enlarges it (no aliasing).
  static func mipLevel(_ scale: Double) -> Double {
    guard scale > 0, scale < 0.5 else { return 1 }
    return Double(1 << min(30, Int(log2(1 / scale).rounded(.up))))
  }
}
