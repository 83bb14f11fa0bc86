#!/usr/bin/python3
"""Replaces the slice data of every picture of an MP4's H.264 stream with random bytes (a fixed seed), keeping
the sample sizes, the NAL headers and the parameter sets: a file that opens and whose packets all look in order,
of which no picture decodes (as FATE's H264_might_overflow.mkv and an encrypted stream read without its key).

Usage: scramble-slices.py IN.mp4 OUT.mp4"""

import random
import struct
import sys


def main():
    source, target = sys.argv[1], sys.argv[2]
    data = bytearray(open(source, "rb").read())
    noise = random.Random(7)
    at = 0
    while at + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[at:at + 8])
        if size < 8:
            sys.exit("%s: a box of size %d" % (source, size))
        if kind == b"mdat":
            # Samples are NAL units each after a 4-byte length (avcC's usual length size).
            nal, end = at + 8, at + size
            while nal + 4 <= end:
                length = struct.unpack(">I", data[nal:nal + 4])[0]
                if data[nal + 4] & 31 in (1, 5):
                    for k in range(nal + 5, min(nal + 4 + length, end)):
                        data[k] = noise.randrange(256)
                nal += 4 + length
        at += size
    open(target, "wb").write(bytes(data))


main()
