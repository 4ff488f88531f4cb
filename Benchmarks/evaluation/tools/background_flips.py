#!/usr/bin/env python3
"""A quick check of the background's stability, beside role_moves.py's role rows.

usage: background_flips.py IMAGECOLORS SETDIR...

For every image, the background at `high` of the picture against its q75 JPEG re-encode (the
same copy and flattening as role_moves.py) and against a copy cropped by 1 pixel on every side
(`vips crop`); prints each image whose background moves more than ΔE_OK 0.10 either way, and the
count. imagecolors-quality (quality-report.sh) is the measure of record; this needs only an
`imagecolors` binary (a debug build will do), `vips` and numpy, and takes about a minute a set.
"""
import os, subprocess, sys

import role_moves as moves

def cropped(path):
    crop = f"{moves.SCRATCH}/{os.path.basename(path)}-crop.png"
    if not os.path.exists(crop):
        size = [int(subprocess.run(['vipsheader', '-f', f, path], capture_output=True, text=True).stdout)
                for f in ('width', 'height')]
        subprocess.run(['vips', 'crop', path, crop, '1', '1', str(size[0] - 2), str(size[1] - 2)],
                       check=True, capture_output=True)
    return crop

def main():
    cli, sets = sys.argv[1], sys.argv[2:]
    os.makedirs(moves.SCRATCH, exist_ok=True)
    flips = total = 0
    for folder in sets:
        files = sorted(os.path.join(folder, x) for x in os.listdir(folder)
                       if x.lower().endswith(('.jpg', '.jpeg', '.png')))
        pairs = {f: moves.variants(f) for f in files}
        crops = {f: cropped(f) for f in files}
        every = sorted({p for pair in pairs.values() for p in pair} | set(files) | set(crops.values()))
        results = moves.analyze(cli, every, 'high')
        for f in files:
            q75, base = pairs[f]
            try:
                by_q75 = moves.delta_e(results[base]['background'], results[q75]['background'])
                by_crop = moves.delta_e(results[f]['background'], results[crops[f]]['background'])
            except KeyError:
                print('  failed:', f)
                continue
            total += 1
            if max(by_q75, by_crop) > 0.10:
                flips += 1
                print(f"  {os.path.basename(f):45s} q75 {by_q75:.2f} crop {by_crop:.2f}  "
                      f"{results[base]['background']} {results[q75]['background']} {results[crops[f]]['background']}")
    print(f'background flips (ΔE_OK > 0.10 under a q75 re-encode or a 1-pixel crop): {flips} of {total}')

if __name__ == '__main__':
    main()
