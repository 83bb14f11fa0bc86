/// The part of a render a failure happened in, for an internal error's message.
public enum EngineStage: String, Sendable, CaseIterable {
  /// Opening the output's video and audio encoders.
  case setup = "setting up the encoders"
  /// Working out what to render: a smart render's plan, or a segment of the composition.
  case planning = "planning"
  /// Decoding the inputs' pictures.
  case decoding = "decoding"
  /// Applying the layers' effects, or blurring a backdrop.
  case effects = "applying effects"
  /// Placing the layers in the frame, or making a colour card or a still picture.
  case compositing = "compositing"
  /// Drawing titles and subtitles with libass.
  case text = "drawing text"
  /// Reading, stretching and mixing the sound, or measuring its loudness.
  case audio = "mixing audio"
  /// Encoding the pictures and the sound and writing their packets.
  case encoding = "encoding"
  /// Choosing a GIF's colour palette and mapping the frames to it (libimagequant).
  case gifPalette = "choosing the GIF palette"
  /// Encoding a GIF's palette frames.
  case gifEncoding = "encoding the GIF"
  /// Joining rendered segment files into one output by stream copy.
  case joining = "joining segments"
}
