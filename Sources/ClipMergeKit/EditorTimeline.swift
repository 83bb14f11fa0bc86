import Foundation

/// Editors' timeline files other than OpenTimelineIO's own (a CMX 3600 EDL, Final Cut Pro 7 XML, FCPXML),
/// converted to `otio_json` by OTIO's own adapters (PyPI `opentimelineio-plugins`, `otio-fcpx-xml-adapter`) in
/// a Python subprocess, so that `OTIODecoder` reads them as any `.otio` file. clipmerge parses none of these
/// formats itself.
public enum EditorTimeline {
  /// OTIO's adapter for each file extension it reads.
  public static let adapters: [String: String] = ["edl": "cmx_3600", "xml": "fcp_xml", "fcpxml": "fcpx_xml"]

  /// What the user installs for each adapter.
  static let packages: [String: String] = [
    "cmx_3600": "opentimelineio opentimelineio-plugins", "fcp_xml": "opentimelineio opentimelineio-plugins",
    "fcpx_xml": "opentimelineio otio-fcpx-xml-adapter",
  ]

  /// Why a timeline could not be converted.
  public enum Failure: Error, Sendable, Equatable {
    /// Python or OTIO's adapter is not installed: the message gives the `pip install` line.
    case adapterMissing(String)
    /// The adapter could not read the file: its own words, on one line.
    case unreadable(String)
  }

  /// OTIO's adapter for `path` by its extension (`edit.edl`: `cmx_3600`), or nil for another file.
  public static func adapter(for path: String) -> String? {
    adapters[URL(fileURLWithPath: path).pathExtension.lowercased()]
  }

  /// The interpreter run: `CLIPMERGE_PYTHON` when set (a virtual environment's), else `python3` on the PATH.
  static var python: [String] {
    if let own = ProcessInfo.processInfo.environment["CLIPMERGE_PYTHON"], !own.isEmpty { return [own] }
    return ["/usr/bin/env", "python3"]
  }

  /// The converter: reads argv[1] with adapter argv[2] (an EDL at rate argv[3] when given) and writes otio_json
  /// to standard output. Exit 3: no OTIO; 4: no such adapter; 2: the adapter's error on standard error.
  static let script = """
    import sys
    try:
        import opentimelineio as otio
    except ImportError:
        sys.exit(3)
    path, adapter, rate = sys.argv[1], sys.argv[2], sys.argv[3]
    if adapter not in otio.adapters.available_adapter_names():
        sys.exit(4)
    options = {"rate": float(rate)} if adapter == "cmx_3600" and rate else {}
    try:
        timeline = otio.adapters.read_from_file(path, adapter_name=adapter, **options)
        text = otio.adapters.write_to_string(timeline, "otio_json")
    except Exception as error:
        sys.stderr.write(" ".join(str(error).split()) or type(error).__name__)
        sys.exit(2)
    sys.stdout.write(text)
    """

  /// `path` converted to otio_json by OTIO's `adapter`; an EDL's timecodes count `rate` frames a second
  /// (OTIO's default, 24, when nil).
  public static func otioJSON(
    convertingFile path: String, adapter: String, rate: Double? = nil
  ) throws(Failure) -> Data {
    let install = "pip install \(packages[adapter] ?? "opentimelineio")"
    let command = python
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst()) + ["-c", script, path, adapter, rate.map { "\($0)" } ?? ""]
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    do { try process.run() } catch {
      throw .adapterMissing("reading it needs Python with OpenTimelineIO's \(adapter) adapter: \(install)")
    }
    // Both pipes drained at once: a child that fills one while the other is read would never finish.
    let said = PipeReader(errors.fileHandleForReading)
    let text = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let message = String(decoding: said.wait(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    switch process.terminationStatus {
    case 0: return text
    case 3, 4, 127:
      throw .adapterMissing("reading it needs OpenTimelineIO's \(adapter) adapter: \(install)")
    default:
      let line = message.split(separator: "\n").last.map(String.init) ?? "exit \(process.terminationStatus)"
      throw .unreadable("OpenTimelineIO's \(adapter) adapter cannot read it: \(line)")
    }
  }
}
