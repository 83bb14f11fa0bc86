import Foundation
import Synchronization

/// Turns SIGINT, SIGTERM and SIGHUP (a closed terminal) into a flag the render loop polls, so an interrupted render removes its temporary
/// file and exits 130 instead of dying mid-write.
enum SignalTrap {
  static let raised = Atomic<Bool>(false)

  static func install() {
    signal(SIGINT) { _ in SignalTrap.raised.store(true, ordering: .relaxed) }
    signal(SIGTERM) { _ in SignalTrap.raised.store(true, ordering: .relaxed) }
    signal(SIGHUP) { _ in SignalTrap.raised.store(true, ordering: .relaxed) }
  }

  static var isRaised: Bool { raised.load(ordering: .relaxed) }
}
