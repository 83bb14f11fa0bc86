import Composition
import Foundation

/// A decoded picture copied out as 8-bit 4:2:0 planes, for checking pixels (tests, diagnostics).
package struct PictureSample: Sendable {
  package let time: MediaTime
  package let width: Int
  package let height: Int
  let luma: [UInt8]
  let cb: [UInt8]
  let cr: [UInt8]

  init(frame: Frame, time: MediaTime) {
    self.time = time
    width = frame.width
    height = frame.height
    func copy(_ plane: Int) -> [UInt8] {
      guard let view = PlaneView(frame, plane: plane) else { return [] }
      var out = [UInt8]()
      out.reserveCapacity(view.width * view.height)
      for y in 0..<view.height { out.append(contentsOf: UnsafeBufferPointer(start: view.row(y), count: view.width)) }
      return out
    }
    luma = copy(0)
    cb = copy(1)
    cr = copy(2)
  }

  /// Whether both pictures hold the same samples, every one.
  package func isIdentical(to other: PictureSample) -> Bool {
    width == other.width && height == other.height && luma == other.luma && cb == other.cb && cr == other.cr
  }

  /// The peak signal-to-noise ratio of the luma against `other`'s, in dB (infinite when identical).
  package func lumaPSNR(against other: PictureSample) -> Double {
    guard luma.count == other.luma.count, !luma.isEmpty else { return 0 }
    var sum = 0.0
    for (a, b) in zip(luma, other.luma) {
      let d = Double(a) - Double(b)
      sum += d * d
    }
    let mse = sum / Double(luma.count)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
  }

  /// Every chroma sample, Cb then Cr.
  package var chromaSamples: [UInt8] { cb + cr }

  /// The largest difference between two samples at the same place in any plane (nil when the sizes differ).
  package func maximumDifference(to other: PictureSample) -> Int? {
    guard width == other.width, height == other.height else { return nil }
    var largest = 0
    for (a, b) in [(luma, other.luma), (cb, other.cb), (cr, other.cr)] {
      for (x, y) in zip(a, b) { largest = max(largest, abs(Int(x) - Int(y))) }
    }
    return largest
  }

  /// Y', Cb, Cr at pixel (x, y) (chroma of the 2×2 block holding it); nil outside the picture.
  package func yuv(x: Int, y: Int) -> (y: Int, u: Int, v: Int)? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let cw = (width + 1) / 2
    let c = (y / 2) * cw + x / 2
    return (Int(luma[y * width + x]), Int(cb[c]), Int(cr[c]))
  }
}
