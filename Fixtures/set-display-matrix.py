#!/usr/bin/env python3
"""Copies an MP4 with its first video track's display matrix (tkhd) replaced: a b c d as numbers (1, -1, 0),
the translation in pixels. The ffmpeg CLI 5.1 writes only rotations (`-metadata:s:v rotate=`); a phone's
front camera writes mirrored ones.

    set-display-matrix.py IN OUT A B C D TX TY
"""
import struct
import sys


def boxes(data, start, end):
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at : at + 8])
        if size == 1:
            size = struct.unpack(">Q", data[at + 8 : at + 16])[0]
        if size < 8 or at + size > end:
            raise SystemExit(f"bad box at {at}")
        yield at, size, kind
        at += size


def main():
    source, target = sys.argv[1], sys.argv[2]
    a, b, c, d, tx, ty = (float(v) for v in sys.argv[3:9])
    data = bytearray(open(source, "rb").read())
    moov = next((at, size) for at, size, kind in boxes(data, 0, len(data)) if kind == b"moov")
    for at, size, kind in boxes(data, moov[0] + 8, moov[0] + moov[1]):
        if kind != b"trak":
            continue
        inner = {k: (p, s) for p, s, k in boxes(data, at + 8, at + size)}
        mdia = inner.get(b"mdia")
        handler = None
        if mdia:
            for p, s, k in boxes(data, mdia[0] + 8, mdia[0] + mdia[1]):
                if k == b"hdlr":
                    handler = bytes(data[p + 16 : p + 20])
        if handler != b"vide":
            continue
        tkhd = inner[b"tkhd"][0]
        offset = tkhd + (60 if data[tkhd + 8] == 1 else 48)
        fixed = lambda v: struct.pack(">i", int(round(v * 65536)))
        data[offset : offset + 36] = (
            fixed(a) + fixed(b) + struct.pack(">i", 0) + fixed(c) + fixed(d) + struct.pack(">i", 0)
            + fixed(tx) + fixed(ty) + struct.pack(">i", 1 << 30)
        )
        open(target, "wb").write(data)
        return
    raise SystemExit("no video track")


main()
