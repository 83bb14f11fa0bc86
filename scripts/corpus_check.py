#!/usr/bin/python3
"""Renders every file of a folder with `clipmerge concat FILE` and compares the output with the ffmpeg CLI's own
decode of the same file, picture by picture.

For each file it decodes the first video stream with the ffmpeg CLI (-fps_mode passthrough: every picture the
decoder gives, once, at its own time) and the output of clipmerge the same way, both shrunk to 16x16 grey, and maps
each output frame to the source picture it shows (the closest by mean squared difference; where several pictures
look alike, the one at the frame's place counts). A file is right when the output has as many frames as the
ffmpeg CLI decodes pictures, lasts as long, and shows every picture once, in order. A file clipmerge refuses is
"refused"; the table gives its reason and whether the ffmpeg CLI decodes a picture of it.

Usage: corpus_check.py [--bin PATH] [--jobs N] [--json FILE] DIR|FILE...
Prints a Markdown table; exit code 1 when a file is wrong (neither right nor refused), 0 otherwise."""

import argparse
import concurrent.futures
import json
import os
import subprocess
import sys
import tempfile

import numpy

SIDE = 16
TIMEOUT = 300


def run(cmd, timeout=TIMEOUT):
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
        return p.returncode, p.stdout, p.stderr.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return None, b"", "timed out after %d s" % timeout


def framecrc(path):
    """(times, durations) in seconds of a framecrc file's first stream."""
    times, durations, tb = [], [], None
    if os.path.exists(path):
        for line in open(path):
            if line.startswith("#tb 0:"):
                n, d = line.split(":", 1)[1].strip().split("/")
                tb = int(n) / int(d)
            elif not line.startswith("#") and line.strip():
                fields = [f.strip() for f in line.split(",")]
                times.append(int(fields[2]) * tb)
                durations.append(int(fields[3]) * tb)
    return times, durations


def irregular(times):
    """How many steps between pictures (in time order) are under half the usual step."""
    ordered = sorted(times)
    gaps = [b - a for a, b in zip(ordered, ordered[1:])]
    if not gaps:
        return 0
    usual = sorted(gaps)[len(gaps) // 2]
    return sum(1 for g in gaps if g < usual / 2)


def probe_times(path):
    """(times, durations) in s from the file's start of the first video stream's decoded pictures, as ffprobe
    gives them (their presentation stamps, or the best-effort guess where they have none); None where a picture
    has neither."""
    code, out, _ = run(["ffprobe", "-v", "quiet", "-select_streams", "v:0", "-show_entries",
                        "frame=pts_time,best_effort_timestamp_time,duration_time,pkt_duration_time"
                        ":format=start_time",
                        "-of", "json", path])
    if code != 0:
        return None
    data = json.loads(out or b"{}")
    start = float(data.get("format", {}).get("start_time", 0) or 0)
    times, durations = [], []
    for f in data.get("frames", []):
        t = f.get("pts_time", f.get("best_effort_timestamp_time"))
        if t is None:
            return None
        times.append(float(t) - start)
        durations.append(float(f.get("duration_time", f.get("pkt_duration_time", 0)) or 0))
    return times, durations


def decode(path, workdir, tag):
    """Every picture of the first video stream as the ffmpeg CLI decodes it (times in s from the file's start,
    durations, 16x16 grey), and where the first audio stream's decoded sound ends (None without sound)."""
    raw = os.path.join(workdir, tag + ".raw")
    crc = os.path.join(workdir, tag + ".crc")
    code, _, err = run(["ffmpeg", "-nostdin", "-v", "error", "-i", path, "-map", "0:v:0", "-an", "-sn", "-dn",
                        "-fps_mode", "passthrough", "-vf", "scale=%d:%d:flags=area,format=gray" % (SIDE, SIDE),
                        "-f", "rawvideo", "-y", raw,
                        "-map", "0:v:0", "-an", "-sn", "-dn", "-fps_mode", "passthrough", "-f", "framecrc", "-y", crc])
    if code is None:
        return None, err
    times, durations = framecrc(crc)
    # The decoder's own presentation times (ffprobe, from the file's start) where they are the more regular: the CLI makes a
    # muxer's stamps increase, which changes those of a decoder that gives pictures in decoding order with their
    # own stamps (SVQ3); a file with broken reordering stamps (an FLV's) is the other way round.
    probed = probe_times(path)
    if probed is not None and len(probed[0]) == len(times) and irregular(probed[0]) <= irregular(times):
        # (Durations stay the CLI's: ffprobe gives none where a WebM's packets state none.)
        times = probed[0]
    data = open(raw, "rb").read() if os.path.exists(raw) else b""
    frames = [data[i:i + SIDE * SIDE] for i in range(0, len(data) - SIDE * SIDE + 1, SIDE * SIDE)]
    n = min(len(frames), len(times))
    first_error = next((l for l in err.splitlines() if l.strip()), "")
    # The sound's end: its first decoded frame's time and the samples decoded after it (priming and padding the
    # decoder trims do not count, as packet durations would).
    acrc = os.path.join(workdir, tag + ".audio.crc")
    pcm = os.path.join(workdir, tag + ".pcm")
    run(["ffmpeg", "-nostdin", "-v", "quiet", "-i", path, "-map", "0:a:0", "-vn", "-sn", "-dn", "-f", "framecrc",
         "-y", acrc, "-map", "0:a:0", "-vn", "-sn", "-dn", "-ac", "1", "-ar", "48000", "-f", "s16le", "-y", pcm])
    atimes, _ = framecrc(acrc)
    samples = os.path.getsize(pcm) // 2 if os.path.exists(pcm) else 0
    sound_end = atimes[0] + samples / 48000 if atimes and samples else None
    # In presentation order.
    order = sorted(range(n), key=lambda i: times[i])
    return ([times[i] for i in order], [durations[i] for i in order], [frames[i] for i in order],
            sound_end), first_error


def frame_map(out, ref, expected):
    """For each output frame, the source picture it shows: the closest by mean squared difference, where pictures
    that look alike (within a small margin of the best) count as the one the frame should show."""
    o = numpy.frombuffer(b"".join(out), numpy.uint8).reshape(len(out), -1).astype(numpy.float32)
    r = numpy.frombuffer(b"".join(ref), numpy.uint8).reshape(len(ref), -1).astype(numpy.float32)
    places = numpy.arange(len(ref))
    mapped = []
    for i in range(len(out)):
        d = ((r - o[i]) ** 2).mean(axis=1)
        best = d.min()
        candidates = places[d <= best + max(2.0, best * 0.25)]
        mapped.append(int(candidates[numpy.abs(candidates - expected[i]).argmin()]))
    return mapped


def expected_pictures(out_times, ref_times):
    """The picture each output frame should show: the last one that has begun by the frame's time, within a
    millisecond (Matroska's clock rounds to one), the first before it begins, the last after it ends (where the
    sound goes on)."""
    expected, j = [], 0
    for t in out_times:
        while j + 1 < len(ref_times) and ref_times[j + 1] <= t + 0.001:
            j += 1
        expected.append(j)
    return expected


def on_picture(t, j, times, durations, typical):
    """Whether time t falls within picture j's own time: from its start for its duration, never past the next
    picture's start; up to the next picture when the decoder gives no duration or one much shorter than the
    pictures' usual spacing `typical` (field durations, a demuxer's guess)."""
    own = durations[j] if durations[j] > 0 and durations[j] >= typical / 2 else None
    if j + 1 < len(times):
        gap = times[j + 1] - times[j]
        own = gap if own is None else min(own, gap)
    if own is None:
        own = 0.04
    return times[j] - 0.001 <= t < times[j] + own - 0.001


def span(times, durations):
    if not times:
        return 0.0
    return times[-1] + durations[-1] - times[0]


def check(path, binary, workdir):
    name = os.path.basename(path)
    ref, ref_error = decode(path, workdir, "ref")
    out_path = os.path.join(workdir, "out.mp4")
    code, _, err = run([binary, "concat", path, "-o", out_path, "-y", "--preset", "ultrafast", "-q"])
    row = {"file": name, "exit": code}
    if ref is None or not ref[0]:
        row["ffmpeg"] = "no picture" + (": " + ref_error if ref_error else "")
        row["ffmpegPictures"] = 0
    else:
        row["ffmpegPictures"] = len(ref[0])
        row["ffmpegSeconds"] = round(span(ref[0], ref[1]), 3)
    if code != 0:
        row["message"] = next((l for l in err.splitlines() if l.strip()), "timed out" if code is None else "")
        row["verdict"] = "refused" if row["ffmpegPictures"] == 0 else "refused, ffmpeg decodes it"
        return row
    out, _ = decode(out_path, workdir, "out")
    os.unlink(out_path)
    if out is None or not out[0]:
        row["verdict"] = "wrong: no frame in the output"
        return row
    row["frames"] = len(out[0])
    row["seconds"] = round(span(out[0], out[1]), 3)
    warning = next((l for l in err.splitlines() if "warning" in l), "")
    if warning:
        row["message"] = warning
    if row["ffmpegPictures"] == 0:
        row["verdict"] = "wrong: the ffmpeg CLI decodes no picture, clipmerge wrote frames"
        return row
    expected = expected_pictures(out[0], ref[0])
    mapped = frame_map(out[2], ref[2], expected)
    misplaced = sum(1 for m, e in zip(mapped, expected) if m != e)
    skipped = len(ref[2]) - len(set(mapped))
    backwards = sum(1 for a, b in zip(mapped, mapped[1:]) if b < a)
    row.update(misplaced=misplaced, skipped=skipped, backwards=backwards)
    frame = min((d for d in ref[1] if d > 0), default=0.04)
    end = max(ref[0][-1] + ref[1][-1], ref[3] or 0)
    row["expectedSeconds"] = round(end, 3)
    out_end = out[0][-1] + out[1][-1]
    problems = []
    if len(ref[0]) == 1:
        # A still picture is shown for as long as a still is (5 s unless told): every frame must be it.
        if misplaced:
            problems.append("%d frames that are not its picture" % misplaced)
        row["verdict"] = "right" if not problems else "wrong: " + "; ".join(problems)
        return row
    # Frames that begin within a picture's own time (from its start for its duration, up to the next picture):
    # more than one a picture repeats pictures; frames in a gap between pictures hold the last one and do not
    # count.
    gaps = sorted(b - a for a, b in zip(ref[0], ref[0][1:]) if b > a)
    typical = gaps[len(gaps) // 2] if gaps else 0.04
    inside = sum(1 for t, e in zip(out[0], expected) if on_picture(t, e, ref[0], ref[1], typical))
    if inside != row["ffmpegPictures"]:
        problems.append("%d frames on %d pictures" % (inside, row["ffmpegPictures"]))
    if abs(out_end - end) > frame / 2 + 0.002:
        problems.append("ends at %.3f s, not %.3f" % (out_end, end))
    if misplaced or skipped or backwards:
        problems.append("%d misplaced, %d skipped, %d backwards" % (misplaced, skipped, backwards))
    row["verdict"] = "right" if not problems else "wrong: " + "; ".join(problems)
    return row


def files(args):
    for a in args:
        if os.path.isdir(a):
            for root, _, names in sorted(os.walk(a)):
                for n in sorted(names):
                    if not n.endswith((".md", ".txt", ".json", ".py")) and not n.startswith("."):
                        yield os.path.join(root, n)
        else:
            yield a


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--bin", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".build", "release", "clipmerge"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    paths = list(files(args.paths))
    binary = os.path.abspath(args.bin)

    def one(path):
        with tempfile.TemporaryDirectory() as d:
            row = check(path, binary, d)
        row["file"] = os.path.relpath(path, os.path.commonpath([os.path.abspath(p) for p in args.paths]
                                                              if len(args.paths) > 1 else
                                                              [os.path.abspath(args.paths[0])])) \
            if os.path.isdir(args.paths[0]) else os.path.basename(path)
        return row

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(one, paths))
    print("| file | ffmpeg CLI (pictures, s; with sound) | clipmerge (exit, frames, s) | verdict | message |")
    print("|---|---|---|---|---|")
    for r in rows:
        ref = r.get("ffmpeg") or "%d, %.3f" % (r["ffmpegPictures"], r["ffmpegSeconds"]) + (
            "; %.3f" % r["expectedSeconds"] if r.get("expectedSeconds", r["ffmpegSeconds"]) != r["ffmpegSeconds"]
            else "")
        ours = "%s" % r["exit"] + (", %d, %.3f" % (r["frames"], r["seconds"]) if "frames" in r else "")
        msg = r.get("message", "").replace("|", "\\|").replace(os.path.dirname(os.path.abspath(args.paths[0])) + "/", "")
        print("| `%s` | %s | %s | %s | %s |" % (r["file"], ref, ours, r["verdict"], msg[:160]))
    right = sum(1 for r in rows if r["verdict"] == "right")
    refused = sum(1 for r in rows if r["verdict"] == "refused")
    print()
    print("%d files: %d right, %d refused where the ffmpeg CLI decodes no picture either, %d other" %
          (len(rows), right, refused, len(rows) - right - refused))
    if args.json:
        json.dump(rows, open(args.json, "w"), indent=1)
    return 0 if right + refused == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
