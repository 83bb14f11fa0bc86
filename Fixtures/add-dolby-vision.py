#!/usr/bin/env python3
"""Adds a Dolby Vision configuration record (a `dvcC` box: level 1, RPU and base layer present; profile 5 unless
given, base-layer compatibility 0 unless given) to the first hvc1/hev1 sample entry of an MP4 whose moov follows
its media data, as phones write HEVC with Dolby Vision (an iPhone: profile 8, compatibility 4, HLG).
The ffmpeg CLI cannot write one from scratch; this is what lets the tests check that copy joins keep it.
Usage: add-dolby-vision.py IN.mp4 OUT.mp4 [PROFILE COMPATIBILITY]"""
import struct
import sys

CONTAINERS = {b"moov", b"trak", b"mdia", b"minf", b"stbl"}


def boxes(data, start, end):
    pos = start
    while pos + 8 <= end:
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if size < 8:
            raise SystemExit("unsupported box size")
        yield pos, size, kind
        pos += size


def find_entry(data, start, end, path):
    """Offsets of the boxes from moov down to the first hvc1/hev1 sample entry."""
    for pos, size, kind in boxes(data, start, end):
        if kind in CONTAINERS:
            found = find_entry(data, pos + 8, pos + size, path + [pos])
            if found:
                return found
        elif kind == b"stsd":
            entries = pos + 16  # version, flags, entry count
            for epos, esize, ekind in boxes(data, entries, pos + size):
                if ekind in (b"hvc1", b"hev1"):
                    return path + [pos, epos]
    return None


def main():
    data = bytearray(open(sys.argv[1], "rb").read())
    top = {kind: pos for pos, size, kind in boxes(data, 0, len(data))}
    if b"moov" not in top or b"mdat" not in top or top[b"moov"] < top[b"mdat"]:
        raise SystemExit("needs an MP4 whose moov follows mdat (no faststart)")
    path = find_entry(data, 0, len(data), [])
    if not path:
        raise SystemExit("no HEVC sample entry")
    entry = path[-1]
    entry_size = struct.unpack(">I", data[entry:entry + 4])[0]
    profile, compatibility = (int(sys.argv[3]), int(sys.argv[4])) if len(sys.argv) > 4 else (5, 0)
    payload = bytes([1, 0]) + struct.pack(">H", (profile << 9) | (1 << 3) | (1 << 2) | 1) + bytes(
        [compatibility << 4]) + bytes(19)
    box = struct.pack(">I4s", 8 + len(payload), b"dvcC") + payload
    data[entry + entry_size:entry + entry_size] = box
    for pos in path:  # every parent, down to the sample entry, grows by the box
        size = struct.unpack(">I", data[pos:pos + 4])[0]
        data[pos:pos + 4] = struct.pack(">I", size + len(box))
    open(sys.argv[2], "wb").write(data)


main()
