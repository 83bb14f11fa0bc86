internal import CFFmpeg

/// Turns an interlaced picture into a progressive one, in place: the field shown first is kept whole, and the
/// other field's samples are replaced by the mean of the kept lines above and below wherever they comb, that
/// is, wherever a sample lies beyond both of its vertical neighbours by more than a threshold (the two fields
/// disagree because something moved between them). Still areas keep both fields and their full detail.
///
/// One picture a frame (the first field's time), as the ffmpeg CLI's yadif does by default. It reads no other
/// picture, so it works the same after a seek and on the first and last pictures.
enum Deinterlacer {
  /// How far beyond both neighbours (in 8-bit levels) a sample must lie to count as combing: above the noise of
  /// a clean encode, well below the contrast of a moving edge.
  static let threshold = 12

  /// The sample layout of a picture the deinterlacer can mend: planar, 8 to 16 bits in native byte order.
  struct Layout: Equatable {
    var planes: Int
    var bytesPerSample: Int
    var depth: Int
    var chromaShiftX: Int
    var chromaShiftY: Int
  }

  /// `format`'s layout, or nil for formats it leaves alone (packed, paletted, hardware, big-endian, float).
  static func layout(of format: AVPixelFormat) -> Layout? {
    guard let desc = av_pix_fmt_desc_get(format) else { return nil }
    let flags = Int32(desc.pointee.flags)
    let refused = AV_PIX_FMT_FLAG_PAL | AV_PIX_FMT_FLAG_BITSTREAM | AV_PIX_FMT_FLAG_HWACCEL | AV_PIX_FMT_FLAG_BE
    guard flags & Int32(refused) == 0, flags & Int32(AV_PIX_FMT_FLAG_FLOAT) == 0 else { return nil }
    let components = Int(desc.pointee.nb_components)
    guard components == 1 || flags & Int32(AV_PIX_FMT_FLAG_PLANAR) != 0 else { return nil }
    let depth = Int(desc.pointee.comp.0.depth)
    let step = Int(desc.pointee.comp.0.step)
    // One sample a step in every plane: no interleaved chroma (NV12, P010), no packed samples.
    let steps = withUnsafeBytes(of: desc.pointee.comp) { raw in
      raw.bindMemory(to: AVComponentDescriptor.self).prefix(components).map { Int($0.step) }
    }
    guard (1...16).contains(depth), step == (depth > 8 ? 2 : 1), steps.allSatisfy({ $0 == step }) else {
      return nil
    }
    return Layout(
      planes: Int(av_pix_fmt_count_planes(format)), bytesPerSample: step, depth: depth,
      chromaShiftX: Int(desc.pointee.log2_chroma_w), chromaShiftY: Int(desc.pointee.log2_chroma_h))
  }

  /// Whether `frame` is flagged interlaced and has a layout the deinterlacer can mend.
  static func applies(to frame: Frame) -> Bool {
    frame.pointer.pointee.interlaced_frame != 0 && layout(of: frame.pixelFormat) != nil
  }

  /// Mends `frame` in place (its buffers must be writable) and flags it progressive. The top field is kept
  /// when it comes first, else the bottom one.
  static func deinterlace(_ frame: Frame) {
    guard let layout = layout(of: frame.pixelFormat) else { return }
    let topFirst = frame.pointer.pointee.top_field_first != 0
    for plane in 0..<layout.planes {
      guard let base = frame.data(plane) else { continue }
      let chroma = layout.planes >= 3 && (plane == 1 || plane == 2)
      let width = chroma ? -((-frame.width) >> layout.chromaShiftX) : frame.width
      let height = chroma ? -((-frame.height) >> layout.chromaShiftY) : frame.height
      let threshold = threshold << (layout.depth - 8 > 0 ? layout.depth - 8 : 0)
      let geometry = PlaneGeometry(
        base: base, stride: frame.linesize(plane), width: width, height: height, firstMended: topFirst ? 1 : 0)
      if layout.bytesPerSample == 1 {
        mend(UInt8.self, geometry, threshold: threshold)
      } else {
        mend(UInt16.self, geometry, threshold: threshold)
      }
    }
    frame.pointer.pointee.interlaced_frame = 0
  }

  struct PlaneGeometry {
    var base: UnsafeMutablePointer<UInt8>
    var stride: Int
    var width: Int
    var height: Int
    /// The first line of the field that is mended (0 or 1); every other line from there.
    var firstMended: Int
  }

  private static func mend<Sample: FixedWidthInteger & UnsignedInteger>(
    _: Sample.Type, _ plane: PlaneGeometry, threshold: Int
  ) {
    guard plane.height >= 2, plane.width > 0 else { return }
    func row(_ y: Int) -> UnsafeMutablePointer<Sample> {
      UnsafeMutableRawPointer(plane.base + y * plane.stride).assumingMemoryBound(to: Sample.self)
    }
    for y in stride(from: plane.firstMended, to: plane.height, by: 2) {
      let above = row(y > 0 ? y - 1 : y + 1)
      let below = row(y + 1 < plane.height ? y + 1 : y - 1)
      let line = row(y)
      // Wrapping arithmetic and a select instead of a branch, so the loop vectorizes.
      let t = Int32(threshold)
      for x in 0..<plane.width {
        let a = Int32(truncatingIfNeeded: above[x])
        let b = Int32(truncatingIfNeeded: below[x])
        let c = Int32(truncatingIfNeeded: line[x])
        let d1 = c &- a
        let d2 = c &- b
        let combs = (min(d1, d2) > t) || (max(d1, d2) < -t)
        line[x] = Sample(truncatingIfNeeded: combs ? (a &+ b &+ 1) >> 1 : c)
      }
    }
  }
}
