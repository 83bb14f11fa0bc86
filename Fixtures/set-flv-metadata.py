#!/usr/bin/python3
"""Rewrites numbers of an FLV file's onMetaData (AMF0), as other muxers and damaged files leave them: a duration
shorter than the pictures (a recorder that wrote its header before it finished), a frame rate that is not the
pictures' own (an FLV stating 1000 fps on average for 24).

Usage: set-flv-metadata.py IN.flv OUT.flv KEY=NUMBER..."""

import struct
import sys


def main():
    source, target, pairs = sys.argv[1], sys.argv[2], sys.argv[3:]
    data = bytearray(open(source, "rb").read())
    for pair in pairs:
        key, value = pair.split("=", 1)
        # An ECMA array entry: the key's length (2 bytes), the key, then type 0 (a number) and a big-endian double.
        entry = struct.pack(">H", len(key)) + key.encode() + b"\x00"
        at = data.find(entry, 0, 4096)
        if at < 0:
            sys.exit("%s: no number '%s' in its onMetaData" % (source, key))
        at += len(entry)
        data[at:at + 8] = struct.pack(">d", float(value))
    open(target, "wb").write(bytes(data))


main()
