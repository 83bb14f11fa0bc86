#!/usr/bin/python3
"""Rewrites a WebM as libwebm's writers (vpxenc) leave it: no DefaultDuration for the track (so no packet states
how long it lasts) and a segment Duration that ends where the last picture begins (FATE's vp90-2-* samples state
0.18 s for ten pictures at 50 fps).

Usage: strip-webm-durations.py IN.webm OUT.webm DURATION_MS"""

import struct
import sys


def main():
    source, target, duration = sys.argv[1], sys.argv[2], float(sys.argv[3])
    data = bytearray(open(source, "rb").read())
    # TrackEntry's DefaultDuration (ID 23 E3 83, a one-byte size, 1 to 8 bytes) becomes a Void element (EC) of
    # the same length.
    at = data.find(b"\x23\xe3\x83")
    if at < 0:
        sys.exit("%s: no DefaultDuration" % source)
    length = 3 + 1 + (data[at + 3] & 0x7F)
    data[at:at + length] = b"\xec" + bytes([0x80 | (length - 2)]) + bytes(length - 2)
    # Info's Duration (ID 44 89, a float of 4 or 8 bytes, in TimestampScale units: milliseconds).
    at = data.find(b"\x44\x89")
    if at < 0:
        sys.exit("%s: no Duration" % source)
    size = data[at + 2] & 0x7F
    data[at + 3:at + 3 + size] = struct.pack(">d" if size == 8 else ">f", duration)
    open(target, "wb").write(bytes(data))


main()
