#!/usr/bin/env bash
# make image: builds the image clipmerge:latest from the Dockerfile with podman (docker when there is no
# podman; CONTAINER_ENGINE chooses, global options included): the package make deb builds, over a Debian 12
# base that mmdebstrap makes from Debian's archive and the engine imports, so no registry is needed. Then it
# runs the image as the Dockerfile's example does, joining two fixtures in a folder of the host, and checks the
# result with ffprobe; then a staged run: the segments rendered in a container that shares no folder with the
# host, joined on the host.
# RUN_FLAGS adds options to that run. A sandbox that refuses the default limits (setrlimit: Operation not
# permitted) and has hybrid cgroups runs it with CONTAINER_ENGINE="podman --runtime runc --cgroup-manager
# cgroupfs" RUN_FLAGS="--ulimit nofile=1024:1024 --ulimit nproc=1000:1000".
set -euo pipefail
cd "$(dirname "$0")/.."
read -ra engine <<<"${CONTAINER_ENGINE:-$(command -v podman || command -v docker || true)}"
if ((${#engine[@]} == 0)); then
  scripts/install-deps.sh podman=podman
  engine=(podman)
fi
scripts/install-deps.sh mmdebstrap=mmdebstrap
# Without root, mmdebstrap and podman work in a user namespace: newuidmap, and slirp4netns for the network.
(($(id -u) == 0)) || scripts/install-deps.sh newuidmap=uidmap slirp4netns=slirp4netns
deb=$(scripts/make-deb.sh | sed -n 's/^built //p')
[[ -f $deb ]] || { echo "make image: make deb built no package" >&2; exit 1; }
base=localhost/clipmerge-base:bookworm
if ! "${engine[@]}" image inspect "$base" >/dev/null 2>&1; then
  # Debian 12 minbase without documentation, as debian:bookworm-slim is.
  mmdebstrap --quiet --variant=minbase --dpkgopt='path-exclude=/usr/share/doc/*' \
    --dpkgopt='path-include=/usr/share/doc/*/copyright' --dpkgopt='path-exclude=/usr/share/locale/*' \
    bookworm - "deb http://deb.debian.org/debian bookworm main" \
    "deb http://deb.debian.org/debian bookworm-updates main" \
    "deb http://deb.debian.org/debian-security bookworm-security main" |
    "${engine[@]}" import --change 'CMD ["/bin/bash"]' - "$base" >/dev/null
fi
context=.build/image
rm -rf "$context" && mkdir -p "$context"
cp "$deb" Dockerfile "$context/"
isolation=()
[[ $(basename "${engine[0]}") == podman ]] && isolation=(--isolation=chroot)
"${engine[@]}" build "${isolation[@]}" --quiet --build-arg BASE="$base" --build-arg DEB="$deb" -t clipmerge:latest \
  "$context" >/dev/null
echo "built clipmerge:latest ($("${engine[@]}" image inspect clipmerge:latest --format '{{.Size}}') bytes) from $deb"
work=$(mktemp -d "${TMPDIR:-/tmp}/clipmerge-image.XXXXXX")
trap 'rm -rf "$work"' EXIT
cp Fixtures/generated/base.mp4 Fixtures/generated/overlay.mp4 "$work/"
# The host user owns the output. Rootless podman maps the host user to root in the container unless told to
# keep the ids.
keep=()
[[ $(basename "${engine[0]}") == podman && $(id -u) -ne 0 ]] && keep=(--userns=keep-id)
# shellcheck disable=SC2086 # RUN_FLAGS is a list of options
"${engine[@]}" run --rm ${RUN_FLAGS:-} "${keep[@]}" --user "$(id -u):$(id -g)" -v "$work":/work clipmerge:latest \
  concat base.mp4 overlay.mp4 -o joined.mp4 -q
duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$work/joined.mp4")
streams=$(ffprobe -v error -show_entries stream=codec_type -of csv=p=0 "$work/joined.mp4" | sort | tr '\n' ' ')
echo "docker run example: joined.mp4 lasts $duration s, streams: $streams"
[[ $streams == "audio video " ]] || { echo "make image: the image's join has streams $streams" >&2; exit 1; }

# A staged run, as on a machine that shares no folder with this one: the inputs and the job folder go into a
# container at the same paths (a tar through standard input), the container renders every line of jobs.txt, its
# segments/ come back the same way, and the join runs here.
bin=$(scripts/build-static.sh)
"$bin" plan --segments 2 "$work/job" -- concat "$work/base.mp4" "$work/overlay.mp4" --preset veryfast > /dev/null
# As root in the container, which has none of the host's folders: it makes the job's path as it unpacks. What
# comes back is unpacked in a folder of its own, and only the segments are taken from it.
mkdir "$work/back"
# shellcheck disable=SC2086
tar -C / -cf - "${work#/}/base.mp4" "${work#/}/overlay.mp4" "${work#/}/job" |
  "${engine[@]}" run -i --rm ${RUN_FLAGS:-} --user 0 --entrypoint sh clipmerge:latest -c \
    'cd / && tar -xf - && sh -e "$1/job/jobs.txt" >&2 && tar -cf - "${1#/}/job/segments"' sh "$work" |
  tar -C "$work/back" --no-same-owner -xf -
mkdir -p "$work/job/segments"
cp "$work/back/${work#/}/job/segments/"* "$work/job/segments/"
"$bin" join "$work/job" -o "$work/staged.mp4" -q
frames=$(ffprobe -v error -count_frames -select_streams v -show_entries stream=nb_read_frames -of csv=p=0 \
  "$work/staged.mp4")
expected=$(ffprobe -v error -count_frames -select_streams v -show_entries stream=nb_read_frames -of csv=p=0 \
  "$work/joined.mp4")
echo "staged run: segments rendered in a container with no shared folder, joined here: $frames frames" \
  "(the image's single render: $expected)"
[[ $frames == "$expected" ]] || { echo "make image: the staged run has $frames frames, not $expected" >&2; exit 1; }
