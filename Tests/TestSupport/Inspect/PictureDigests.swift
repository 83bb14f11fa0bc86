import Foundation

/// The MD5 of each decoded picture of a file's video, in order, as the ffmpeg CLI computes them (its framemd5
/// muxer): two files show exactly the same picture where their digests are equal, whatever our readers say.
public enum PictureDigests {
  public static func of(_ path: String) throws -> [String] {
    try ClipmergeProcess.runTool(
      "ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0:v", "-f", "framemd5", "-"]
    )
    .split(separator: "\n").filter { !$0.hasPrefix("#") }
    .compactMap { $0.split(separator: ",").last?.trimmingCharacters(in: .whitespaces) }
  }
}
