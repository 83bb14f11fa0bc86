import ClipMergeKit
import Foundation

/// A grid of a composition's frames, evenly over its length, each with its timecode under it, made as a
/// composition of its own: the frames as still sources placed by layer transforms, the timecodes as one ASS
/// subtitle layer (`\pos` puts each under its picture), rendered once.
struct ContactSheet {
  var columns: Int
  var rows: Int
  /// The sheet's width in pixels.
  var width: Int

  /// `CxR` (4x3), at most 20 by 20.
  init?(grid text: String, width: Int) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), (1...20).contains(c), (1...20).contains(r)
    else { return nil }
    columns = c
    rows = r
    self.width = width
  }

  var count: Int { columns * rows }

  /// The times of the cells: the middle of each of `count` equal parts of `duration`.
  func times(over duration: MediaTime) -> [MediaTime] {
    (0..<count).map { duration.multiplied(by: Int64(2 * $0 + 1), dividedBy: Int64(2 * count)) }
  }

  /// The layout for frames of `frame` size: each cell's picture rectangle and the sheet's size.
  func layout(frame: PixelSize) -> (cells: [Rect], size: PixelSize, label: Int) {
    let margin = max(8, width / 160)
    let cellWidth = (width - margin * (columns + 1)) / columns
    let cellHeight = max(2, Int((Double(cellWidth) * Double(frame.height) / Double(frame.width)).rounded()))
    let label = max(18, cellHeight / 7)
    let height = rows * (cellHeight + label + margin) + margin
    let cells = (0..<count).map { k in
      Rect(
        x: Double(margin + k % columns * (cellWidth + margin)),
        y: Double(margin + k / columns * (cellHeight + label + margin)), width: Double(cellWidth),
        height: Double(cellHeight))
    }
    return (cells, PixelSize(width: width + width % 2, height: height + height % 2), label)
  }

  /// The size a cell's picture is made at for frames of `frame` size: the cell's, in even pixels.
  func cellSize(frame: PixelSize) -> PixelSize {
    let cell = layout(frame: frame).cells[0]
    return PixelSize(width: max(2, Int(cell.width) & ~1), height: max(2, Int(cell.height) & ~1))
  }

  /// The sheet's spec (JSON) for the cells' pictures `pictures` (PNG files of `pictureSize`, of frames of
  /// `frame` size) shown at `times`; writes the labels' ASS script into `folder`.
  func spec(pictures: [String], times: [MediaTime], frame: PixelSize, pictureSize: PixelSize, folder: String) throws
    -> Data
  {
    let (cells, size, label) = layout(frame: frame)
    let ass = folder + "/labels.ass"
    try labels(times: times, cells: cells, size: size, label: label).write(
      toFile: ass, atomically: true, encoding: .utf8)
    let second: [String: Any] = ["start": 0, "duration": 1]
    var tracks: [[String: Any]] = [
      ["id": 1, "kind": "video", "segments": [["source": ["subtitles": ass], "sourceRange": second, "start": 0]]]
    ]
    var layers: [[String: Any]] = [["track": 1]]
    for (k, picture) in pictures.enumerated() {
      tracks.append(
        ["id": k + 2, "kind": "video", "segments": [["source": picture, "sourceRange": second, "start": 0]]])
      layers.append([
        "track": k + 2,
        "transform": [
          "scale": [cells[k].width / Double(pictureSize.width), cells[k].height / Double(pictureSize.height)],
          "translate": [cells[k].x, cells[k].y],
        ],
      ])
    }
    let spec: [String: Any] = [
      "tracks": tracks,
      "video": [
        "renderSize": "\(size.width)x\(size.height)", "frameRate": 1, "background": "#202020",
        "instructions": [["timeRange": second, "layers": layers]],
      ],
    ]
    return try JSONSerialization.data(withJSONObject: spec, options: [.sortedKeys])
  }

  /// Each timecode centred under its cell, white on the sheet's dark grey.
  private func labels(times: [MediaTime], cells: [Rect], size: PixelSize, label: Int) -> String {
    let font = label * 3 / 4
    var script = """
      [Script Info]
      ScriptType: v4.00+
      PlayResX: \(size.width)
      PlayResY: \(size.height)
      WrapStyle: 2
      ScaledBorderAndShadow: yes

      [V4+ Styles]
      Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
      Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, \
      MarginR, MarginV, Encoding
      Style: Label,DejaVu Sans,\(font),&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,8,0,0,0,1

      [Events]
      Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

      """
    for (cell, time) in zip(cells, times) {
      let x = Int(cell.x + cell.width / 2)
      let y = Int(cell.y + cell.height) + (label - font) / 2
      script += "Dialogue: 0,0:00:00.00,0:00:01.00,Label,,0,0,0,,{\\pos(\(x),\(y))}\(time.timecodeText)\n"
    }
    return script
  }
}
