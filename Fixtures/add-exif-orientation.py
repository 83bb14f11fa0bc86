#!/usr/bin/env python3
"""Adds an EXIF APP1 segment with one tag, Orientation (0x0112), to a JPEG, as a phone's camera writes it: the
picture stored as the sensor saw it, the tag saying how to turn it upright. The ffmpeg CLI cannot write EXIF.
Usage: add-exif-orientation.py IN.jpg OUT.jpg VALUE (1-8)"""
import struct
import sys

data = open(sys.argv[1], "rb").read()
if data[:2] != b"\xff\xd8":
    raise SystemExit("not a JPEG")
value = int(sys.argv[3])
# Big-endian TIFF header, one IFD with one SHORT entry, no next IFD.
tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1)
tiff += struct.pack(">HHIHH", 0x0112, 3, 1, value, 0) + struct.pack(">I", 0)
payload = b"Exif\x00\x00" + tiff
segment = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
open(sys.argv[2], "wb").write(data[:2] + segment + data[2:])
