/// The part of a render a failure happened in, for an internal error's message.
public enum EngineStage: String, Sendable, CaseIterable {
  case setup = "setting up the encoders"
  case planning = "planning"
  case decoding = "decoding"
  case effects = "applying effects"
  case compositing = "compositing"
  case text = "drawing text"
  case audio = "mixing audio"
  case encoding = "encoding"
  case gifPalette = "choosing the GIF palette"
  case gifEncoding = "encoding the GIF"
  case joining = "joining segments"
}
