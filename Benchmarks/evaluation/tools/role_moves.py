#!/usr/bin/env python3
"""A quick approximation of imagecolors-quality's role rows, for sweeping a rule in seconds.

usage: role_moves.py IMAGECOLORS SETDIR... (env V=1: one line per image that moved or failed)

imagecolors-quality (quality-report.sh) is the measure of record, but it needs the Benchmarks
package built in release, which takes half an hour on a loaded 2-core machine. This script needs
only an `imagecolors` binary (a debug build will do), `vips`, ImageMagick's `convert` and numpy.
Per set it prints light and dark role slots moving more than ΔE_OK 0.20 between `low` and `high`
and under a q75 JPEG re-encode (`vips copy IN OUT.jpg[Q=75]`, an image with alpha flattened onto
white first and compared with that flattened copy, as the report does), fallbacks, needless
fallbacks (a chromatic hue of >= 2% of the pixels that no card colour carries, on vips's 250 px
thumbnail rather than the decoder's), roles under 3:1 and indistinct role pairs. Its JPEG encoder
and thumbnail differ from the report's, so single slots can differ; on tuning and heldout6 it
gave the report's counts within one slot (2026-12-06).
"""
import hashlib, json, math, os, subprocess, sys
import numpy as np

def _lin(c):
    c = np.asarray(c, dtype=np.float64) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)

def oklab_many(rgb):
    r, g, b = (_lin(rgb[..., i]) for i in range(3))
    l = np.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b)
    m = np.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b)
    s = np.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b)
    return np.stack([0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s,
                     1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s,
                     0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s], axis=-1)

def oklab(hex_color):
    return oklab_many(np.array([[int(hex_color[i:i + 2], 16) for i in (1, 3, 5)]]))[0]

def delta_e(x, y):
    return float(np.linalg.norm(oklab(x) - oklab(y)))

def lch(hex_color):
    _, a, b = oklab(hex_color)
    return math.hypot(a, b), (math.degrees(math.atan2(b, a)) + 360) % 360

SCRATCH = '/tmp/role-moves'

def variants(path):
    """The q75 copy and the base it is compared with (the file, or its flattened copy)."""
    key = hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:12]
    q75, flat = f'{SCRATCH}/{key}-q75.jpg', f'{SCRATCH}/{key}-flat.png'
    if not os.path.exists(q75):
        bands = subprocess.run(['vipsheader', '-f', 'bands', path], capture_output=True, text=True).stdout.strip()
        source = path
        if bands in ('2', '4'):
            subprocess.run(['vips', 'flatten', path, flat, '--background', '255'], check=True)
            source = flat
        subprocess.run(['vips', 'copy', source, q75 + '[Q=75]'], check=True, capture_output=True)
    return q75, (flat if os.path.exists(flat) else path)

def hue_shares(path):
    """Share of opaque pixels per 1° of hue that are chromatic (OKLCh chroma >= 0.04), at 250 px."""
    key = hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:12]
    small = f'{SCRATCH}/{key}-250.png'
    if not os.path.exists(small):
        subprocess.run(['vips', 'thumbnail', path, small, '250'], check=True, capture_output=True)
    raw = subprocess.run(['convert', small, '-depth', '8', 'rgba:-'], check=True, capture_output=True).stdout
    px = np.frombuffer(raw, dtype=np.uint8).reshape(-1, 4)
    px = px[px[:, 3] >= 128]
    lab = oklab_many(px[:, :3])
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    hue = (np.degrees(np.arctan2(lab[:, 2], lab[:, 1])) + 360) % 360
    shares = np.zeros(360)
    np.add.at(shares, hue[chroma >= 0.04].astype(int) % 360, 1)
    return shares / max(1, len(px))

def largest_uncarried(shares, carried):
    def far(h):
        return all(min(abs(h - c) % 360, 360 - abs(h - c) % 360) > 30 for c in carried)
    free = np.array([shares[h] if far(h) else 0 for h in range(360)])
    ring = np.concatenate([free[-15:], free, free[:15]])
    return max(ring[i:i + 31].sum() for i in range(360))

def analyze(cli, files, quality):
    out = subprocess.run([cli, 'analyze', '--format', 'json', '--color-management', 'off', '--quality', quality]
                         + files, capture_output=True, text=True).stdout
    return {j['source']: j for j in map(json.loads, out.splitlines())}

def card(result, dark):
    return ((result.get('appearances') or {}).get('dark') or result) if dark else result

ROLES = ('primary', 'secondary', 'detail')

def main():
    cli, sets = sys.argv[1], sys.argv[2:]
    os.makedirs(SCRATCH, exist_ok=True)
    for folder in sets:
        files = sorted(os.path.join(folder, x) for x in os.listdir(folder) if x.lower().endswith(('.jpg', '.jpeg', '.png')))
        pairs = {f: variants(f) for f in files}
        high = analyze(cli, sorted(set(files) | {p for pair in pairs.values() for p in pair}), 'high')
        low = analyze(cli, files, 'low')
        moved = {'low': [0, 0], 'q75': [0, 0]}
        slots = fallbacks = needless = under = 0
        indistinct = [0, 0]
        for f in files:
            q75, base = pairs[f]
            h = high.get(f)
            if not h or 'error' in h:
                print('  failed:', f)
                continue
            slots += 3
            notes = []
            for dark in (0, 1):
                for name, x, y in (('low', low.get(f), h), ('q75', high.get(q75), high.get(base))):
                    if not x or not y:
                        continue
                    deltas = [delta_e(card(x, dark)[k], card(y, dark)[k]) for k in ROLES]
                    moved[name][dark] += sum(d > 0.2 for d in deltas)
                    if any(d > 0.2 for d in deltas):
                        notes.append(f"{name} {'dark' if dark else 'light'} " + ' '.join('%.2f' % d for d in deltas))
                c = card(h, dark)
                colours = [c[k] for k in ROLES if k not in c.get('fallback', [])]
                indistinct[dark] += sum(delta_e(colours[i], colours[j]) < 0.08
                                        for i in range(len(colours)) for j in range(i + 1, len(colours)))
            fallbacks += len(h['fallback'])
            if h['fallback']:
                carried = [lch(h[k])[1] for k in ('background',) + ROLES if lch(h[k])[0] >= 0.02]
                carried += [lch(r['original'])[1] for r in (h.get('roles') or {}).values()
                            if r.get('original') and lch(r['original'])[0] >= 0.02]
                share = largest_uncarried(hue_shares(f), carried)
                if share >= 0.02:
                    needless += len(h['fallback'])
                    notes.append(f"needless {h['fallback']} ({share:.3f} uncarried)")
            reports = h.get('roles') or {}
            for k in ROLES:
                if k not in h['fallback'] and (reports.get(k, {}).get('contrastRatio') or 99) < 2.995:
                    under += 1
                    notes.append(f'{k} under 3:1')
            if notes and os.environ.get('V'):
                print(f'  {os.path.basename(f):48s} ' + ' | '.join(notes))
        n = max(slots, 1)
        print(f"{os.path.basename(folder.rstrip('/'))}: low<->high light {moved['low'][0]} dark {moved['low'][1]} | "
              f"q75 light {moved['q75'][0]} ({100 * moved['q75'][0] / n:.1f}%) dark {moved['q75'][1]} | of {slots} slots | "
              f"fallbacks {fallbacks}, needless {needless}, under target {under}, "
              f"indistinct light {indistinct[0]} dark {indistinct[1]}")

if __name__ == '__main__':
    main()
