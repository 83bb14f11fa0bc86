internal import CFFmpeg

/// The Y'CbCr matrix pictures are in. clipmerge composites in the output's matrix and converts sources to it.
enum ColorMatrix: Hashable {
  case bt601
  case bt709
  case bt2020

  /// The matrix a frame declares, or the usual guess for its height when it declares none (HD: BT.709).
  init(declared: AVColorSpace, height: Int) {
    switch declared {
    case AVCOL_SPC_BT709: self = .bt709
    case AVCOL_SPC_BT470BG, AVCOL_SPC_SMPTE170M, AVCOL_SPC_FCC: self = .bt601
    case AVCOL_SPC_BT2020_NCL, AVCOL_SPC_BT2020_CL: self = .bt2020
    default: self = ColorMatrix.guess(height: height)
    }
  }

  static func guess(height: Int) -> ColorMatrix { height >= 720 ? .bt709 : .bt601 }

  var swsColorspace: Int32 {
    switch self {
    case .bt601: return SWS_CS_ITU601
    case .bt709: return SWS_CS_ITU709
    case .bt2020: return SWS_CS_BT2020
    }
  }

  var avColorspace: AVColorSpace {
    switch self {
    case .bt601: return AVCOL_SPC_SMPTE170M
    case .bt709: return AVCOL_SPC_BT709
    case .bt2020: return AVCOL_SPC_BT2020_NCL
    }
  }

  var avPrimaries: AVColorPrimaries {
    switch self {
    case .bt601: return AVCOL_PRI_SMPTE170M
    case .bt709: return AVCOL_PRI_BT709
    case .bt2020: return AVCOL_PRI_BT2020
    }
  }

  var avTransfer: AVColorTransferCharacteristic {
    switch self {
    case .bt601: return AVCOL_TRC_SMPTE170M
    case .bt709: return AVCOL_TRC_BT709
    case .bt2020: return AVCOL_TRC_BT2020_10
    }
  }

  /// Kr and Kb of the matrix.
  var coefficients: (kr: Double, kb: Double) {
    switch self {
    case .bt601: return (0.299, 0.114)
    case .bt709: return (0.2126, 0.0722)
    case .bt2020: return (0.2627, 0.0593)
    }
  }

  /// An sRGB colour as limited-range 8-bit Y'CbCr in this matrix.
  func yuv(red: UInt8, green: UInt8, blue: UInt8) -> (y: UInt8, u: UInt8, v: UInt8) {
    let (kr, kb) = coefficients
    let r = Double(red) / 255
    let g = Double(green) / 255
    let b = Double(blue) / 255
    let y = kr * r + (1 - kr - kb) * g + kb * b
    let pb = (b - y) / (2 * (1 - kb))
    let pr = (r - y) / (2 * (1 - kr))
    func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
    return (byte(16 + 219 * y), byte(128 + 224 * pb), byte(128 + 224 * pr))
  }
}
