import Composition
import Foundation

/// The `.cube` files a composition's effects name, read and parsed once per render (an unreadable or malformed
/// one is an error naming it, before anything is written), and each turned into a Y'CbCr lookup the first time a
/// renderer in a given matrix needs it. Every renderer of one render shares them: a smart render's runs, a
/// picture's times, and a smart render's runs encoded at once on threads of their own (`lock` guards the lookups).
final class CubeTables: @unchecked Sendable {
  private let cubes: [String: CubeLUT]
  private struct Key: Hashable {
    let file: String
    let matrix: ColorMatrix
  }
  private let lock = NSLock()
  private var lookups: [Key: YUVLookup] = [:]
  private var builds: [Key: LookupBuild] = [:]
  private var wide: [Key: WideLookup] = [:]

  init(composition: Composition) throws(EngineError) {
    var cubes: [String: CubeLUT] = [:]
    let files = composition.video?.instructions.flatMap(\.layers).flatMap(\.effects).compactMap(\.file) ?? []
    for file in Set(files).sorted() { cubes[file] = try Self.load(file) }
    self.cubes = cubes
  }

  /// Starts building every file's lookup in `matrix` on threads of their own, so a full render's first frame
  /// does not wait for them; `lookup` takes each when it is first asked for.
  func prepare(matrix: ColorMatrix) {
    lock.lock()
    defer { lock.unlock() }
    for (file, cube) in cubes {
      let key = Key(file: file, matrix: matrix)
      if lookups[key] == nil && builds[key] == nil { builds[key] = LookupBuild(cube, matrix: matrix) }
    }
  }

  /// The lookup for `file` in `matrix`; nil for a file the composition does not name.
  func lookup(_ file: String, matrix: ColorMatrix) -> YUVLookup? {
    let key = Key(file: file, matrix: matrix)
    lock.lock()
    defer { lock.unlock() }
    if let known = lookups[key] { return known }
    guard let cube = cubes[file] else { return nil }
    let lookup = builds.removeValue(forKey: key)?.result() ?? YUVLookup(cube, matrix: matrix)
    lookups[key] = lookup
    return lookup
  }

  /// The 10-bit lookup for `file` in `matrix` (an HDR render's); nil for a file the composition does not name.
  func wideLookup(_ file: String, matrix: ColorMatrix) -> WideLookup? {
    let key = Key(file: file, matrix: matrix)
    lock.lock()
    defer { lock.unlock() }
    if let known = wide[key] { return known }
    guard let cube = cubes[file] else { return nil }
    let lookup = WideLookup(cube, matrix: matrix)
    wide[key] = lookup
    return lookup
  }

  /// Reads and parses a `.cube` file; an error names it and says what is wrong, in a line.
  static func load(_ path: String) throws(EngineError) -> CubeLUT {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw .inputUnreadable(path: path, reason: "cannot read the colour table (\(error.localizedDescription))")
    }
    guard data.count <= 64 << 20 else { throw .invalidInput(path: path, reason: "a colour table above 64 MB") }
    do {
      return try CubeLUT(parsing: Substring(String(decoding: data, as: UTF8.self)))
    } catch {
      throw .invalidInput(path: path, reason: "not a .cube colour table: \(error)")
    }
  }
}
