import Foundation

/// The runner files `plan` writes beside jobs.txt: each runs line K+1 of jobs.txt for task K (the segments,
/// then the audio), failing loudly (a line on standard error and a nonzero code) when the line is not there or
/// jobs.txt cannot be read; and each has its join step, so the final file is written too.
struct JobScripts {
  /// The job folder, resolved.
  var folder: String
  /// The lines of jobs.txt.
  var count: Int
  /// The plan's identity: names the cluster jobs so that two plans never collide.
  var plan: String
  /// Cores a job asks for (`plan --threads`; 2 when not given).
  var cpus: Int
  /// Memory a segment job asks for, in MiB (SegmentMemory).
  var memory: Int
  var slurm = SlurmOptions()
  /// The folder every path of the job lies under (the job folder and the inputs): what the Kubernetes volume
  /// is mounted at.
  var mountPath: String

  /// What Slurm's sbatch is told beside the array: the queue, the account and the time limit.
  struct SlurmOptions {
    var partition: String?
    var account: String?
    var time: String?

    var lines: String {
      [("partition", partition), ("account", account), ("time", time)].compactMap { name, value in
        value.map { "#SBATCH --\(name)=\($0)\n" }
      }.joined()
    }
  }

  var jobsFile: String { PlanCommand.quoted(folder + "/jobs.txt") }
  var name: String { "clipmerge-" + plan.prefix(12) }

  /// The shell lines that run line `index` + 1 of jobs.txt (`index` a shell expression), each failure said.
  func runLine(index variable: String) -> String {
    """
    jobs=\(jobsFile)
    : "${\(variable):?is not set: run this as a task of the job}"
    [ -r "$jobs" ] || { echo "clipmerge: cannot read $jobs on $(hostname)" >&2; exit 66; }
    line=$(sed -n "$((\(variable) + 1))p" "$jobs") || { echo "clipmerge: cannot read $jobs" >&2; exit 74; }
    [ -n "$line" ] || { echo "clipmerge: $jobs has no line $((\(variable) + 1)) (tasks 0 to \(count - 1))" >&2; exit 64; }
    exec sh -c "$line"
    """
  }

  /// A Slurm job array, one task a line of jobs.txt (`sbatch slurm.sh`; `sh submit.sh OUTPUT` adds the join).
  var slurmArray: String {
    """
    #!/bin/sh
    #SBATCH --job-name=\(name)
    #SBATCH --array=0-\(count - 1)
    #SBATCH --cpus-per-task=\(cpus)
    #SBATCH --mem=\(memory)M
    \(slurm.lines)# One job a task: line SLURM_ARRAY_TASK_ID + 1 of jobs.txt.
    \(runLine(index: "SLURM_ARRAY_TASK_ID"))

    """
  }

  /// The join as a Slurm job: `sbatch join.sh OUTPUT`.
  var slurmJoin: String {
    """
    #!/bin/sh
    #SBATCH --job-name=\(name)-join
    #SBATCH --cpus-per-task=1
    \(slurm.lines)[ $# -eq 1 ] || { echo "usage: sbatch join.sh OUTPUT" >&2; exit 64; }
    exec clipmerge join \(PlanCommand.quoted(folder)) -o "$1"

    """
  }

  /// Submits the array and the join after it: `sh submit.sh OUTPUT` (relative to where it is run).
  var slurmSubmit: String {
    let dir = PlanCommand.quoted(folder)
    return """
      #!/bin/sh
      # Submits the segments (slurm.sh) and the join (join.sh), which starts once every segment has succeeded.
      [ $# -eq 1 ] || { echo "usage: sh submit.sh OUTPUT" >&2; exit 64; }
      array=$(sbatch --parsable \(dir)/slurm.sh) || exit 69
      sbatch --parsable --dependency=afterok:"${array%%;*}" --kill-on-invalid-dep=yes \(dir)/join.sh "$1" || exit 69

      """
  }

  /// Every line with GNU parallel here or over ssh, stopping at the first failure, then the join:
  /// `sh run.sh OUTPUT` (JOBS jobs at once, default one a core).
  var parallelRun: String {
    """
    #!/bin/sh
    # Renders every line of jobs.txt with GNU parallel (JOBS at once, default one a core; add parallel's
    # own options, --sshloginfile for other machines, in PARALLEL), then joins: sh run.sh OUTPUT
    [ $# -eq 1 ] || { echo "usage: sh run.sh OUTPUT" >&2; exit 64; }
    command -v parallel >/dev/null || { echo "clipmerge: run.sh needs GNU parallel" >&2; exit 69; }
    parallel --halt now,fail=1 -j "${JOBS:-100%}" < \(jobsFile) || exit $?
    exec clipmerge join \(PlanCommand.quoted(folder)) -o "$1"

    """
  }

  /// What a Kubernetes task runs: its line of jobs.txt.
  var kubernetesCommand: String { runLine(index: "JOB_COMPLETION_INDEX") }

  /// A Kubernetes Indexed Job, one completion a line of jobs.txt; an index whose job fails with a usage, data
  /// or input error (64, 65, 66: a retry would fail the same way) fails at once, others are retried twice.
  var kubernetesJob: String {
    """
    # A Kubernetes Indexed Job (1.29 or later: backoffLimitPerIndex, podFailurePolicy), one completion a line of
    # jobs.txt. Fill in the image (make image builds one; it runs as uid 1000, who must be able to write the job
    # folder) and the claim: a ReadWriteMany volume holding the inputs and the job folder under \(mountPath).
    # Then: kubectl apply -f k8s-join.yaml once this Job is complete.
    apiVersion: batch/v1
    kind: Job
    metadata:
      name: \(name)
      labels:
        app.kubernetes.io/name: clipmerge
    spec:
      completionMode: Indexed
      completions: \(count)
      parallelism: \(min(count, 8))
      backoffLimitPerIndex: 2
      podFailurePolicy:
        rules:
          - action: FailIndex
            onExitCodes:
              containerName: segment
              operator: In
              values: [64, 65, 66]
      template:
        spec:
          restartPolicy: Never
          containers:
            - name: segment
              image: clipmerge:latest
              imagePullPolicy: IfNotPresent
              command: ["sh", "-c", \(Self.yamlString(kubernetesCommand))]
    \(kubernetesContainerTail)

    """
  }

  /// The join as a Kubernetes Job: `kubectl wait --for=condition=complete job/NAME` and then apply it; the
  /// output goes to OUTPUT in the job folder unless its env says otherwise.
  var kubernetesJoin: String {
    """
    # The join, once the segments' Job is complete:
    #   kubectl wait --for=condition=complete job/\(name) && kubectl apply -f k8s-join.yaml
    apiVersion: batch/v1
    kind: Job
    metadata:
      name: \(name)-join
      labels:
        app.kubernetes.io/name: clipmerge
    spec:
      backoffLimit: 2
      template:
        spec:
          restartPolicy: Never
          containers:
            - name: join
              image: clipmerge:latest
              imagePullPolicy: IfNotPresent
              env:
                - name: OUTPUT
                  value: \(Self.yamlString(folder + "/output.mp4"))
              command: ["sh", "-c", \(Self.yamlString("exec clipmerge join \(PlanCommand.quoted(folder)) -o \"$OUTPUT\""))]
    \(kubernetesContainerTail)

    """
  }

  /// The resources and the volume of a container, and the pod's volumes.
  private var kubernetesContainerTail: String {
    """
              resources:
                requests:
                  cpu: "\(cpus)"
                  memory: \(memory)Mi
              volumeMounts:
                - name: media
                  mountPath: \(Self.yamlString(mountPath))
          volumes:
            - name: media
              persistentVolumeClaim:
                claimName: CLAIM           # fill in
    """
  }

  /// `text` as a YAML double-quoted scalar: printable ASCII as it is, everything else escaped (YAML reads
  /// U+2028 and U+2029 as line breaks).
  static func yamlString(_ text: String) -> String {
    var quoted = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case " "..."~": quoted.unicodeScalars.append(scalar)
      default:
        quoted +=
          scalar.value <= 0xFFFF ? String(format: "\\u%04X", scalar.value) : String(format: "\\U%08X", scalar.value)
      }
    }
    return quoted + "\""
  }

  /// The deepest folder holding every one of `paths` (absolute): the root when they share nothing else.
  static func commonFolder(_ paths: [String]) -> String {
    let split = paths.map { $0.split(separator: "/").map(String.init) }
    guard var common = split.first else { return "/" }
    for parts in split.dropFirst() {
      common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
    }
    return "/" + common.joined(separator: "/")
  }

  /// The files, by name in the job folder.
  var files: [(name: String, text: String)] {
    [
      ("slurm.sh", slurmArray), ("join.sh", slurmJoin), ("submit.sh", slurmSubmit), ("run.sh", parallelRun),
      ("k8s-job.yaml", kubernetesJob), ("k8s-join.yaml", kubernetesJoin),
    ]
  }
}
