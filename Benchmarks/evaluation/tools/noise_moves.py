#!/usr/bin/env python3
"""How continuous the rules are: role slots that move under noise no one can see.

usage: noise_moves.py IMAGECOLORS SETDIR... (env V=1: one line per image that moved;
       AMPLITUDE=N: noise of -N..N, default 1)

Each image (or, for an image with alpha, its copy flattened onto white, as role_moves.py makes
it) gets a lossless PNG copy with every channel of every pixel moved by a uniform random step of
-1, 0 or +1, the same steps on every run (seeded by the file's path). Both are analysed at
`high`; per set it prints the light and dark role slots that moved more than ΔE_OK 0.20, the
measure of issue 41's targets. Nothing was re-encoded and no one can see the difference, so
every move is a decision of the rules that a near-tie turned: a continuous rule moves none, and a
q75 re-encode can never do better than this. Needs `vips`, ImageMagick's `convert` and
`identify`, and numpy (like role_moves.py, whose helpers it uses); the copies are kept in
role_moves.py's scratch folder.
"""
import hashlib, os, subprocess, sys
import numpy as np
import role_moves as rm

def noisy_copy(path, amplitude):
    """The lossless copy of `path` (or of its flattened copy) with uniform noise of ±amplitude."""
    _, base = rm.variants(path)
    key = hashlib.sha1(os.path.abspath(path).encode()).hexdigest()[:12]
    out = f'{rm.SCRATCH}/{key}-noise{amplitude}.png'
    if not os.path.exists(out):
        size = subprocess.run(['identify', '-format', '%w %h', base + '[0]'],
                              capture_output=True, text=True, check=True).stdout.split()
        raw = subprocess.run(['convert', base + '[0]', '-depth', '8', 'rgb:-'], capture_output=True, check=True).stdout
        pixels = np.frombuffer(raw, np.uint8).astype(np.int16)
        steps = np.random.default_rng(int(key, 16) % 2**32).integers(-amplitude, amplitude + 1, pixels.shape)
        noisy = np.clip(pixels + steps, 0, 255).astype(np.uint8)
        subprocess.run(['convert', '-size', f'{size[0]}x{size[1]}', '-depth', '8', 'rgb:-', out],
                       input=noisy.tobytes(), check=True)
    return out, base

def main():
    cli, sets = sys.argv[1], sys.argv[2:]
    amplitude = int(os.environ.get('AMPLITUDE', '1'))
    os.makedirs(rm.SCRATCH, exist_ok=True)
    for folder in sets:
        files = sorted(os.path.join(folder, x) for x in os.listdir(folder) if x.lower().endswith(('.jpg', '.jpeg', '.png')))
        pairs = {f: noisy_copy(f, amplitude) for f in files}
        results = rm.analyze(cli, sorted({p for pair in pairs.values() for p in pair}), 'high')
        moved, slots = [0, 0], 0
        for f in files:
            noisy, base = pairs[f]
            x, y = results.get(noisy), results.get(base)
            if not x or not y or 'error' in x or 'error' in y:
                print('  failed:', f)
                continue
            slots += 3
            for dark in (0, 1):
                deltas = [rm.delta_e(rm.card(x, dark)[k], rm.card(y, dark)[k]) for k in rm.ROLES]
                moved[dark] += sum(d > 0.2 for d in deltas)
                if dark == 0 and any(d > 0.2 for d in deltas) and os.environ.get('V'):
                    print(f'  {os.path.basename(f):48s} light ' + ' '.join('%.2f' % d for d in deltas))
        n = max(slots, 1)
        print(f"{os.path.basename(folder.rstrip('/'))}: noise ±{amplitude} light {moved[0]} ({100 * moved[0] / n:.1f}%) "
              f"dark {moved[1]} | of {slots} slots")

if __name__ == '__main__':
    main()
