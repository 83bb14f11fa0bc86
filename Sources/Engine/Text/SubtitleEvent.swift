/// One subtitle cue as libass takes it: its line in Matroska's ASS form
/// (`ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text`) and its time on the output's timeline, in
/// milliseconds.
struct SubtitleEvent {
  var line: String
  var start: Int64
  var duration: Int64
}
