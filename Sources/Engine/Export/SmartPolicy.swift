/// What a caller allows of smart render (`ExportPlan`): asked for, turned off, or left to the plan.
public struct SmartPolicy: Sendable {
  /// A smart render was asked for (`--smart`): taken whenever its plan copies a frame.
  public var asked = false
  /// A smart render was turned off (`--no-smart`).
  public var turnedOff = false
  /// The composition is a join or a trim of clips, where a smart render may be chosen unasked.
  public var offered = false
  /// The clips could be joined by a copy join (the caller checked): no smart render unasked.
  public var joinableByCopy = false
  /// The caller chose the video encoding (codec, quality, CRF, preset or rate): smart only when asked.
  public var encodingChosen = false

  /// A policy of what the caller asked for and knows; each is false unless given.
  public init(
    asked: Bool = false, turnedOff: Bool = false, offered: Bool = false, joinableByCopy: Bool = false,
    encodingChosen: Bool = false
  ) {
    self.asked = asked
    self.turnedOff = turnedOff
    self.offered = offered
    self.joinableByCopy = joinableByCopy
    self.encodingChosen = encodingChosen
  }
}
