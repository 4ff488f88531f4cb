"""Writes the untagged sRGB sources of the fixtures into the folder given: synthetic.ppm
(120×80: a dark slate edge band, flat patches of four colours) and gray-ramp.pgm (64×16)."""
import sys

out = sys.argv[1]
width, height = 120, 80
background = (0x23, 0x39, 0x5b)
patches = [  # x0, y0, x1, y1, colour: larger first
    (14, 12, 66, 68, (0xe0, 0x7a, 0x3f)),   # orange
    (70, 12, 106, 40, (0xf2, 0xd9, 0x8c)),  # light yellow
    (70, 44, 92, 68, (0x4f, 0xb3, 0xa9)),   # teal
    (94, 44, 106, 68, (0xd9, 0x6c, 0x9a)),  # pink
]
pixels = bytearray()
for y in range(height):
    for x in range(width):
        colour = background
        for x0, y0, x1, y1, c in patches:
            if x0 <= x < x1 and y0 <= y < y1:
                colour = c
        pixels += bytes(colour)
with open(f"{out}/synthetic.ppm", "wb") as f:
    f.write(b"P6\n%d %d\n255\n" % (width, height) + pixels)

ramp = bytes(x * 4 + (x >= 32) * 3 for y in range(16) for x in range(64))
with open(f"{out}/gray-ramp.pgm", "wb") as f:
    f.write(b"P5\n64 16\n255\n" + ramp)
