import Foundation

/// The runner files `plan` writes beside jobs.txt: each runs line K+1 of jobs.txt for task K (the segments,
/// then the audio).
enum JobScripts {
  /// What a Kubernetes task runs: its line of jobs.txt, the path quoted for the shell.
  static func kubernetesCommand(folder: String) -> String {
    "line=$(sed -n \"$((JOB_COMPLETION_INDEX + 1))p\" \(PlanCommand.quoted(folder + "/jobs.txt"))) "
      + "&& [ -n \"$line\" ] || exit 1; exec sh -c \"$line\""
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

  /// A Slurm job array, one task a line of jobs.txt (`sbatch slurm.sh`).
  static func slurm(folder: String, count: Int) -> String {
    """
    #!/bin/sh
    #SBATCH --job-name=clipmerge
    #SBATCH --array=0-\(count - 1)
    #SBATCH --cpus-per-task=2
    # One job a task: line SLURM_ARRAY_TASK_ID + 1 of jobs.txt. Then: clipmerge join \(PlanCommand.quoted(folder)) -o OUTPUT
    line=$(sed -n "$((SLURM_ARRAY_TASK_ID + 1))p" \(PlanCommand.quoted(folder + "/jobs.txt"))) && [ -n "$line" ] || exit 1
    exec sh -c "$line"

    """
  }

  /// A Kubernetes Indexed Job, one completion a line of jobs.txt; the image (with clipmerge) and the volume that holds the
  /// inputs and the job folder at the same paths are for the user to fill in.
  static func kubernetes(folder: String, count: Int) -> String {
    """
    apiVersion: batch/v1
    kind: Job
    metadata:
      name: clipmerge-render
    spec:
      completionMode: Indexed
      completions: \(count)
      parallelism: \(min(count, 8))
      template:
        spec:
          restartPolicy: OnFailure
          containers:
            - name: segment
              image: IMAGE-WITH-CLIPMERGE   # fill in
              command: ["sh", "-c", \(yamlString(kubernetesCommand(folder: folder)))]
              volumeMounts:
                - name: media
                  mountPath: /media        # fill in: the inputs and the job folder at the same paths
          volumes:
            - name: media
              persistentVolumeClaim:
                claimName: CLAIM           # fill in

    """
  }
}
