import CFFmpeg

/// Which streams of a file clipmerge uses: the best video stream that is a real picture sequence (not cover art)
/// and the best audio stream, each only when a decoder for it exists.
enum StreamSelection {
  static func videoStream(of input: InputFile) -> Int? {
    guard let index = input.bestStream(AVMEDIA_TYPE_VIDEO) else { return nil }
    let stream = input.stream(index)
    if stream.pointee.disposition & AV_DISPOSITION_ATTACHED_PIC != 0 { return nil }
    let par = stream.pointee.codecpar.unsafelyUnwrapped.pointee
    guard par.width > 0, par.height > 0, avcodec_find_decoder(par.codec_id) != nil else { return nil }
    return index
  }

  static func audioStream(of input: InputFile) -> Int? {
    guard let index = input.bestStream(AVMEDIA_TYPE_AUDIO) else { return nil }
    let par = input.stream(index).pointee.codecpar.unsafelyUnwrapped.pointee
    guard par.sample_rate > 0, par.ch_layout.nb_channels > 0, avcodec_find_decoder(par.codec_id) != nil else {
      return nil
    }
    return index
  }
}
