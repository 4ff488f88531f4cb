"""Our light and dark cards against Material Color Utilities' tonal-spot scheme (materialyoucolor
on PyPI) on the same images: a Markdown table on stdout.

Usage: compare_material.py RESULTS.jsonl IMAGE...   (RESULTS: `imagecolors analyze --format json`
of the same images, one line each, in the same order). Run by compare-material.sh.

Material derives light and dark from one source colour (the image's quantized colours scored
by chroma and share): dark surfaces at tone 6 (`surface`) and 12 (`surfaceContainer`) with
little chroma, accents placed by tone. Ours derives the dark card from the image's own card
colours. Per image: each background's CIE L* (Material's "tone"), OKLCh chroma and hue, the hue
turn from the light background, and each scheme's primary contrast on its dark background.
"""
import json
import math
import os
import sys

from materialyoucolor.dynamiccolor.material_dynamic_colors import MaterialDynamicColors
from materialyoucolor.hct import Hct
from materialyoucolor.quantize import ImageQuantizeCelebi
from materialyoucolor.scheme.scheme_tonal_spot import SchemeTonalSpot
from materialyoucolor.score.score import Score


# The 2021 specification: dark `surface` at tone 6, `surfaceContainer` at 12 (the band the issue
# cites); MATERIAL_SPEC=2025 for the newer one (darker: about tone 4 and 9).
SPEC = os.environ.get("MATERIAL_SPEC", "2021")


def rgb(hex_color):
    return [int(hex_color[i:i + 2], 16) for i in (1, 3, 5)]


def linear(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(hex_color):
    r, g, b = (linear(c) for c in rgb(hex_color))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lstar(hex_color):
    y = luminance(hex_color)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else 24389 / 27 * y


def oklch(hex_color):
    r, g, b = (linear(c) for c in rgb(hex_color))
    l = 0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b
    m = 0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b
    s = 0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b
    l, m, s = (math.copysign(abs(v) ** (1 / 3), v) for v in (l, m, s))
    L = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
    a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
    bb = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    return L, math.hypot(a, bb), math.degrees(math.atan2(bb, a)) % 360


def contrast(x, y):
    lx, ly = sorted((luminance(x), luminance(y)), reverse=True)
    return (lx + 0.05) / (ly + 0.05)


def hue_turn(x, y):
    d = abs(x - y) % 360
    return min(d, 360 - d)


def material(path):
    ranked = Score.score(ImageQuantizeCelebi(path, 1, 128))
    source = ranked[0]
    colors = MaterialDynamicColors(spec=SPEC)
    out = {"source": "#%06x" % (source & 0xFFFFFF)}
    for dark in (False, True):
        scheme = SchemeTonalSpot(Hct.from_int(source), dark, 0.0, spec_version=SPEC)
        for name in ("surface", "surfaceContainer", "primary"):
            out[("dark " if dark else "light ") + name] = "#%06x" % (getattr(colors, name).get_argb(scheme) & 0xFFFFFF)
    return out


def describe(hex_color):
    L, C, h = oklch(hex_color)
    return f"`{hex_color}` L\\* {lstar(hex_color):.0f}, C {C:.3f}, {h:.0f}°"


def main():
    results = [json.loads(line) for line in open(sys.argv[1])]
    print("| image | ours: light background | ours: dark background | hue turn | ours: dark primary on it | "
          f"Material source | Material {SPEC} dark surface | dark surfaceContainer | dark primary on surface |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for path, result in zip(sys.argv[2:], results):
        light = result["appearances"]["light"]
        dark = result["appearances"]["dark"]
        ours_turn = hue_turn(oklch(light["background"])[2], oklch(dark["background"])[2])
        chromatic = oklch(light["background"])[1] >= 0.02
        m = material(path)
        name = path.split("/")[-1]
        print(f"| {name} | {describe(light['background'])} | {describe(dark['background'])} | "
              f"{ours_turn:.1f}°{'' if chromatic else ' (grey)'} | `{dark['primary']}` "
              f"{contrast(dark['primary'], dark['background']):.2f}:1 | `{m['source']}` | "
              f"{describe(m['dark surface'])} | {describe(m['dark surfaceContainer'])} | "
              f"`{m['dark primary']}` {contrast(m['dark primary'], m['dark surface']):.2f}:1 |")


if __name__ == "__main__":
    main()
