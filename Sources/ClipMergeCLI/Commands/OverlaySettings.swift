import ClipMergeKit

/// The overlay recipe's settings from the command line, each nil where not given: put on the recipe, once its
/// inputs are probed, by `apply(to:)`.
struct OverlaySettings {
  var scale: Double?
  var position: OverlayPosition?
  var margin: Double?
  var rotation: Double?
  var opacity: Double?
  var fadeIn: TimeRange?
  var fadeOut: TimeRange?
  var frame: FrameOptions
  var audio: AudioChoice?
  var export = ExportSettings()

  func apply(to recipe: inout OverlayRecipe) {
    if let scale { recipe.scale = scale }
    if let position { recipe.position = position }
    if let margin { recipe.margin = margin }
    if let rotation { recipe.rotation = rotation }
    if let opacity { recipe.opacity = opacity }
    recipe.fadeIn = fadeIn
    recipe.fadeOut = fadeOut
    recipe.renderSize = frame.size
    recipe.frameDuration = frame.frameDuration
    if let background = frame.background { recipe.background = background }
    if let fit = frame.fit { recipe.fit = fit }
    if let anchor = frame.anchor { recipe.anchor = anchor }
    if let volume = frame.volume { recipe.volume = volume }
    recipe.effects = frame.effects
    if let audio { recipe.audio = audio }
    recipe.export = export
  }
}
