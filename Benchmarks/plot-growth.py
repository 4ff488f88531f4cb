"""Draws growth.sh's CSV as an SVG: time against pixels, both axes logarithmic, one line per
measurement, and a dashed line of slope 1 (cost proportional to pixels) for reference.
Standard library only.

    python3 plot-growth.py growth.csv growth.svg
"""
import csv
import math
import sys

rows = list(csv.DictReader(open(sys.argv[1])))
series = [
    ("quantize (image in memory)", "quantize_s", "#1f77b4"),
    ("end to end, baseline JPEG", "jpeg_s", "#d62728"),
    ("end to end, progressive JPEG", "progressive_s", "#9467bd"),
    ("end to end, PNG", "png_s", "#2ca02c"),
]
xs = [float(r["megapixels"]) for r in rows]
ys = [float(r[key]) * 1000 for r in rows for _, key, _ in series]

W, H, left, right, top, bottom = 760, 460, 80, 270, 40, 60
x0, x1 = math.floor(math.log10(min(xs))), math.ceil(math.log10(max(xs)))
y0, y1 = math.floor(math.log10(min(ys))), math.ceil(math.log10(max(ys)))


def px(x):
    return left + (math.log10(x) - x0) / (x1 - x0) * (W - left - right)


def py(y):
    return H - bottom - (math.log10(y) - y0) / (y1 - y0) * (H - top - bottom)


out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
       f'<rect width="{W}" height="{H}" fill="white"/>',
       f'<text x="{left}" y="24" font-size="15">ImageColors: time against image size (log–log)</text>']
for e in range(x0, x1 + 1):
    x = px(10 ** e)
    out.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{H - bottom}" stroke="#ddd"/>')
    out.append(f'<text x="{x:.1f}" y="{H - bottom + 18}" text-anchor="middle">{10 ** e:g}</text>')
for e in range(y0, y1 + 1):
    y = py(10 ** e)
    out.append(f'<line x1="{left}" y1="{y:.1f}" x2="{W - right}" y2="{y:.1f}" stroke="#ddd"/>')
    out.append(f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end">{10 ** e:g}</text>')
out.append(f'<text x="{(left + W - right) / 2}" y="{H - 15}" text-anchor="middle">megapixels</text>')
out.append(f'<text x="20" y="{(top + H - bottom) / 2}" text-anchor="middle" '
           f'transform="rotate(-90 20 {(top + H - bottom) / 2})">milliseconds (median)</text>')
out.append(f'<rect x="{left}" y="{top}" width="{W - left - right}" height="{H - top - bottom}" fill="none" stroke="#444"/>')
# Slope 1 through the first quantize point: where a cost proportional to pixels would lie.
qx, qy = xs[0], float(rows[0]["quantize_s"]) * 1000
out.append(f'<line x1="{px(qx):.1f}" y1="{py(qy):.1f}" x2="{px(xs[-1]):.1f}" y2="{py(qy * xs[-1] / qx):.1f}" '
           f'stroke="#999" stroke-dasharray="5,4"/>')
for i, (name, key, color) in enumerate(series):
    points = " ".join(f"{px(x):.1f},{py(float(r[key]) * 1000):.1f}" for x, r in zip(xs, rows))
    out.append(f'<polyline points="{points}" fill="none" stroke="{color}" stroke-width="2"/>')
    for x, r in zip(xs, rows):
        out.append(f'<circle cx="{px(x):.1f}" cy="{py(float(r[key]) * 1000):.1f}" r="3.5" fill="{color}"/>')
    ly = top + 20 + i * 22
    out.append(f'<line x1="{W - right + 15}" y1="{ly}" x2="{W - right + 40}" y2="{ly}" stroke="{color}" stroke-width="2"/>')
    out.append(f'<text x="{W - right + 46}" y="{ly + 4}">{name}</text>')
ly = top + 20 + len(series) * 22
out.append(f'<line x1="{W - right + 15}" y1="{ly}" x2="{W - right + 40}" y2="{ly}" stroke="#999" stroke-dasharray="5,4"/>')
out.append(f'<text x="{W - right + 46}" y="{ly + 4}">proportional to pixels</text>')
out.append("</svg>")
open(sys.argv[2], "w").write("\n".join(out) + "\n")
