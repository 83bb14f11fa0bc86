#!/usr/bin/env bash
# make slurm-check: starts a one-node Slurm on this machine (munged, slurmctld and slurmd by hand in a scratch
# folder, on ports of their own, no systemd), submits a plan with the job folder's submit.sh (the array of
# segments, then join.sh after it with afterok), and compares what it joined with the single render of the
# same spec: the same frame times (ffprobe), every frame above 40 dB PSNR (the ffmpeg CLI's psnr filter), the
# audio sample for sample (md5 of the decoded PCM). Then it cancels a task with scancel and checks that its
# segment is not written. The daemons are stopped and the scratch folder removed however it ends. Not part of
# make test: it needs root (or sudo) for the packages and starts daemons.
set -euo pipefail
shopt -s extglob
cd "$(dirname "$0")/.."
project=$PWD
# slurmd runs jobs as their users and munged's key is root's: the daemons (and this check) need root.
(($(id -u) == 0)) || { echo "slurm-check: run it as root (sudo make slurm-check): it starts slurmd" >&2; exit 77; }
scripts/install-deps.sh slurmctld=slurm-wlm slurmd=slurmd munged=munge
bin=$project/.build/release/clipmerge
[[ -x $bin ]] || { echo "slurm-check: build first (make release)" >&2; exit 1; }
# The tasks find clipmerge on PATH, as on a cluster's nodes (sbatch passes the environment on).
export PATH=$project/.build/release:$PATH
scratch=$(mktemp -d "${TMPDIR:-/tmp}/clipmerge-slurm.XXXXXX")
stop() {
  # Jobs first (a failed check can leave a render running), then the daemons, each waited for.
  if [[ -n ${SLURM_CONF:-} ]] && squeue -h >/dev/null 2>&1; then
    scancel --user "$(id -un)" 2>/dev/null || true
    for _ in $(seq 100); do [[ -z $(squeue -h 2>/dev/null) ]] && break; sleep 0.1; done
  fi
  for daemon in slurmd slurmctld munged; do
    [[ -f $scratch/$daemon.pid ]] || continue
    pid=$(cat "$scratch/$daemon.pid")
    kill "$pid" 2>/dev/null || continue
    for _ in $(seq 50); do
      [[ $(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null || echo gone) == @(Z|gone) ]] && break
      sleep 0.1
    done
  done
  [[ -n ${KEEP:-} ]] && echo "kept $scratch" >&2 || rm -rf "$scratch"
}
trap stop EXIT
trap 'exit 130' INT TERM HUP
mkdir -p "$scratch/state" "$scratch/spool" "$scratch/job"
node=$(hostname -s)
cat > "$scratch/slurm.conf" <<CONF
ClusterName=clipmerge-check
SlurmctldHost=$node
SlurmctldPort=${SLURMCTLD_PORT:-16817}
SlurmdPort=${SLURMD_PORT:-16818}
SlurmUser=$(id -un)
AuthType=auth/munge
AuthInfo=socket=$scratch/munge.socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/slurmctld.log
SlurmdLogFile=$scratch/slurmd.log
ReturnToService=2
KillWait=30
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
NodeName=$node CPUs=$(nproc) RealMemory=$(awk '/^MemTotal/ { print int($2 / 1024) }' /proc/meminfo) State=UNKNOWN
PartitionName=check Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$scratch/slurm.conf
head -c 1024 /dev/urandom > "$scratch/munge.key" && chmod 400 "$scratch/munge.key"
munged --force --socket="$scratch/munge.socket" --key-file="$scratch/munge.key" --pid-file="$scratch/munged.pid" \
  --log-file="$scratch/munged.log" --seed-file="$scratch/munge.seed"
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
for _ in $(seq 50); do sinfo -h -o %T 2>/dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o %T | grep -q idle || { echo "slurm-check: the node never came up" >&2; tail "$scratch"/*.log >&2; exit 1; }
echo "slurm: $(sinfo -V), node $node idle with $(nproc) CPUs"

# The spec: three clips crossfading under a title, as the segment tests render it.
f=$project/Fixtures/generated
"$bin" concat "$f/base.mp4" "$f/overlay.mp4" "$f/gop.mp4#t=0,2" --transition crossfade,0.5 --text Segments \
  --size 320x240 --fps 30 --preset veryfast --print-spec > "$scratch/spec.json"
"$bin" compose "$scratch/spec.json" -o "$scratch/single.mp4" -q
"$bin" plan "$scratch/spec.json" --segments 3 "$scratch/job" --threads 1 > /dev/null
# Jobs (and join.sh's relative output) run in the folder sbatch is called from.
wait_for() { # JOBID: until it has left the queue
  for _ in $(seq 600); do [[ -z $(squeue -h -j "$1" 2>/dev/null) ]] && return 0; sleep 0.5; done
  echo "slurm-check: job $1 still queued after 5 minutes" >&2
  return 1
}
start=$(date +%s.%N)
join_id=$(cd "$scratch" && sh job/submit.sh joined.mp4 | tail -1)
wait_for "$join_id"
echo "submit.sh: segments and join done in $(echo "$(date +%s.%N) - $start" | bc | cut -c1-5) s"
[[ -f $scratch/joined.mp4 ]] || { echo "slurm-check: the join wrote nothing" >&2; cat "$scratch"/*.out >&2; exit 1; }

times() { ffprobe -v error -select_streams v -show_entries frame=pts_time -of csv=p=0 "$1" | cut -d, -f1 | grep .; }
[[ $(times "$scratch/joined.mp4") == "$(times "$scratch/single.mp4")" ]] ||
  { echo "slurm-check: frame times differ from the single render" >&2; exit 1; }
frames=$(times "$scratch/single.mp4" | wc -l)
# In the scratch folder: a path in a filter graph would need the graph's own escaping.
lowest=$(cd "$scratch" && ffmpeg -v error -i joined.mp4 -i single.mp4 -lavfi "[0:v][1:v]psnr=stats_file=psnr.txt" \
  -f null - && sed -n 's/.*psnr_y:\([0-9.inf]*\).*/\1/p' psnr.txt | sed 's/inf/999/' | sort -g | head -1)
(($(echo "$lowest > 40" | bc))) || { echo "slurm-check: a frame is at $lowest dB" >&2; exit 1; }
pcm() { ffmpeg -v error -i "$1" -map 0:a -f s16le -ar 48000 -ac 2 - | md5sum | cut -d' ' -f1; }
[[ $(pcm "$scratch/joined.mp4") == "$(pcm "$scratch/single.mp4")" ]] ||
  { echo "slurm-check: the audio differs from the single render" >&2; exit 1; }
echo "joined: $frames frames at the single render's times, lowest luma PSNR $lowest dB, audio md5 identical"

# A task cancelled mid-render (a render long enough to be caught running) ends CANCELLED and leaves no file in
# segments/, not even a partial one.
"$bin" plan --segments 1 "$scratch/long" --threads 1 -- concat "$f/base.mp4" "$f/overlay.mp4" --size 1920x1080 \
  --preset veryslow > /dev/null
id=$(cd "$scratch" && sbatch --parsable --array=0 long/slurm.sh)
for _ in $(seq 100); do [[ $(squeue -h -j "$id" -o %T) == RUNNING ]] && break; sleep 0.1; done
sleep 1
[[ $(squeue -h -j "$id" -o %T) == RUNNING ]] || { echo "slurm-check: the task to cancel is not running" >&2; exit 1; }
cancelled=$(date +%s.%N)
scancel "$id"
wait_for "$id"
# proctrack/linuxproc lets the job leave the queue when its batch shell ends: wait for clipmerge itself too.
for _ in $(seq 100); do pgrep -f "clipmerge segment $scratch/long" >/dev/null || break; sleep 0.1; done
took=$(echo "$(date +%s.%N) - $cancelled" | bc | cut -c1-4)
# A task that ignored SIGTERM would be killed only after KillWait (30 s).
(($(echo "$took < 10" | bc))) || { echo "slurm-check: the task took $took s to stop" >&2; exit 1; }
state=$(scontrol show job "$id" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p' | head -1)
[[ $state == CANCELLED ]] || { echo "slurm-check: the cancelled task ended $state" >&2; exit 1; }
left=$(find "$scratch/long/segments" -type f 2>/dev/null | wc -l)
((left == 0)) || { echo "slurm-check: a cancelled task left $left files" >&2; exit 1; }
echo "scancel: the task stopped in $took s, ended CANCELLED and left no file"
echo "slurm-check: passed"
