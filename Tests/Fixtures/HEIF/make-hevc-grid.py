#!/usr/bin/env python3
# Assembles an HEVC grid HEIC from tile files heif-enc made (one hvc1 item each): a grid item of
# COLUMNS × ROWS cells of TILE_WIDTH × TILE_HEIGHT over a WIDTH × HEIGHT canvas, each tile's hvcC
# and data copied, its ispe the cell size. libheif 1.15's heif-enc makes no grids, and phones'
# HEICs (512×512 HEVC tiles) are not free to commit; make-fixtures.sh calls this for grid.heic.
# Usage: make-hevc-grid.py [--irot N] [--imir AXIS] [--alpha] COLUMNS ROWS TILE_WIDTH TILE_HEIGHT WIDTH
#        HEIGHT TILE.heic... OUT.heic
# --irot and --imir give the grid item an irot (N anti-clockwise quarter turns) or imir property.
# --alpha: each tile was encoded with alpha (heif-enc writes an hvc1 alpha item with an auxC and an
# auxl reference); the alpha items become a second grid of the same layout, the colour grid's
# alpha image (auxl to it, auxC urn:mpeg:hevc:2015:auxid:1), as an iPhone's HEIC with alpha is.
import struct, sys
args = sys.argv[1:]; grid_props = []; alpha = False
while args and args[0] in ('--irot', '--imir', '--alpha'):
    if args[0] == '--alpha': alpha = True; args = args[1:]
    else: grid_props.append((args[0][2:], int(args[1]))); args = args[2:]
def boxes(b, off, end):
    out = []
    while off + 8 <= end:
        size, typ = struct.unpack('>I4s', b[off:off+8]); out.append((typ.decode(), off, size)); off += size
    return out
def find(b, path):
    off, end = 0, len(b)
    for i, name in enumerate(path):
        hdr = 12 if name in ('meta',) else 8
        for typ, o, s in boxes(b, off, end):
            if typ == name:
                if i == len(path) - 1: return o, s
                off, end = o + hdr, o + s; break
        else: return None
def tile(path):
    b = open(path, 'rb').read()
    o, s = find(b, ['meta', 'iprp', 'ipco', 'hvcC']); hvcc = b[o:o+s]
    o, s = find(b, ['meta', 'iloc'])
    p = o + 12; a, c = b[p], b[p+1]; p += 2; n = struct.unpack('>H', b[p:p+2])[0]; p += 2
    assert a == 0x44 and c in (0, 0x40), (hex(a), hex(c))
    iid, dri = struct.unpack('>HH', b[p:p+4]); p += 4
    base = 0
    if c == 0x40: base = struct.unpack('>I', b[p:p+4])[0]; p += 4
    ne = struct.unpack('>H', b[p:p+2])[0]; p += 2
    data = b''
    for e in range(ne):
        off, ln = struct.unpack('>II', b[p:p+8]); p += 8; data += b[base+off:base+off+ln]
    return hvcc, data
def alpha_tile(path):
    # (hvcC, data) of the alpha item of a heif-enc file: the item with an auxC among its properties.
    b = open(path, 'rb').read()
    o, s = find(b, ['meta', 'iprp', 'ipco']); props = [b[po:po+ps] for _, po, ps in boxes(b, o + 8, o + s)]
    o, s = find(b, ['meta', 'iprp', 'ipma']); wide = b[o + 11] & 1; p = o + 16; found = {}
    for _ in range(struct.unpack('>I', b[o+12:o+16])[0]):
        iid, k = struct.unpack('>HB', b[p:p+3]); p += 3; used = []
        for _ in range(k):
            if wide: used.append(struct.unpack('>H', b[p:p+2])[0] & 0x7FFF); p += 2
            else: used.append(b[p] & 0x7F); p += 1
        found[iid] = [props[i - 1] for i in used if i]
    iid = next(i for i, ps in found.items() if any(x[4:8] == b'auxC' for x in ps))
    hvcc = next(x for x in found[iid] if x[4:8] == b'hvcC')
    o, s = find(b, ['meta', 'iloc'])
    p = o + 12; a, c = b[p], b[p+1]; p += 2; n = struct.unpack('>H', b[p:p+2])[0]; p += 2
    assert a == 0x44 and c in (0, 0x40), (hex(a), hex(c))
    for _ in range(n):
        item, dri = struct.unpack('>HH', b[p:p+4]); p += 4
        base = 0
        if c == 0x40: base = struct.unpack('>I', b[p:p+4])[0]; p += 4
        ne = struct.unpack('>H', b[p:p+2])[0]; p += 2; data = b''
        for e in range(ne):
            off, ln = struct.unpack('>II', b[p:p+8]); p += 8; data += b[base+off:base+off+ln]
        if item == iid: return hvcc, data
    raise SystemExit(f'{path}: no data for its alpha item {iid}')
def box(t, payload): return struct.pack('>I4s', 8 + len(payload), t.encode()) + payload
def full(t, v, f, payload): return box(t, struct.pack('>I', (v << 24) | f) + payload)
cols, rows, tw, th, W, H = map(int, args[0:6]); files = args[6:-1]; out = args[-1]
tiles = [tile(f) for f in files]; n = len(tiles)
alphas = [alpha_tile(f) for f in files] if alpha else []
# Alpha: item n + 2 is the alpha grid, n + 3 on its tiles; their properties follow the grid's.
first_alpha_property = 3 + n + len(grid_props)
assert first_alpha_property + len(alphas) < 128, 'too many properties for 7-bit ipma indices'
grid = struct.pack('>BBBBHH', 0, 0, rows - 1, cols - 1, W, H)
ftyp = box('ftyp', b'heic' + struct.pack('>I', 0) + b'mif1heic')
hdlr = full('hdlr', 0, 0, b'\0' * 4 + b'pict' + b'\0' * 12 + b'\0')
pitm = full('pitm', 0, 0, struct.pack('>H', 1))
infes = full('infe', 2, 0, struct.pack('>HH', 1, 0) + b'grid' + b'\0')
for k in range(n): infes += full('infe', 2, 1, struct.pack('>HH', 2 + k, 0) + b'hvc1' + b'\0')
if alphas:
    infes += full('infe', 2, 0, struct.pack('>HH', n + 2, 0) + b'grid' + b'\0')
    for k in range(n): infes += full('infe', 2, 1, struct.pack('>HH', n + 3 + k, 0) + b'hvc1' + b'\0')
iinf = full('iinf', 0, 0, struct.pack('>H', n + 1 + len(alphas) + (1 if alphas else 0)) + infes)
references = box('dimg', struct.pack('>HH', 1, n) + b''.join(struct.pack('>H', 2 + k) for k in range(n)))
if alphas:
    references += box('dimg', struct.pack('>HH', n + 2, n) + b''.join(struct.pack('>H', n + 3 + k) for k in range(n)))
    references += box('auxl', struct.pack('>HHH', n + 2, 1, 1))
iref = full('iref', 0, 0, references)
extra = b''.join(box(name, bytes([value])) for name, value in grid_props)
ipco = box('ipco', full('ispe', 0, 0, struct.pack('>II', W, H)) + full('ispe', 0, 0, struct.pack('>II', tw, th)) + b''.join(h for h, d in tiles) + extra
    + b''.join(h for h, d in alphas) + (full('auxC', 0, 0, b'urn:mpeg:hevc:2015:auxid:1\0') if alphas else b''))
assoc = struct.pack('>HB', 1, 1 + len(grid_props)) + bytes([1] + [0x80 | (3 + n + i) for i in range(len(grid_props))])
for k in range(n): assoc += struct.pack('>HB', 2 + k, 2) + bytes([0x80 | (3 + k), 2])
if alphas:
    assoc += struct.pack('>HB', n + 2, 2) + bytes([1, first_alpha_property + n])
    for k in range(n): assoc += struct.pack('>HB', n + 3 + k, 2) + bytes([0x80 | (first_alpha_property + k), 2])
ipma = full('ipma', 0, 0, struct.pack('>I', n + 1 + len(alphas) + (1 if alphas else 0)) + assoc)
iprp = box('iprp', ipco + ipma)
def build(base):
    entries = struct.pack('>HHH', 1, 0, 1) + struct.pack('>II', base, len(grid)); at = base + len(grid)
    for k, (h, d) in enumerate(tiles):
        entries += struct.pack('>HHH', 2 + k, 0, 1) + struct.pack('>II', at, len(d)); at += len(d)
    if alphas:
        entries += struct.pack('>HHH', n + 2, 0, 1) + struct.pack('>II', at, len(grid)); at += len(grid)
        for k, (h, d) in enumerate(alphas):
            entries += struct.pack('>HHH', n + 3 + k, 0, 1) + struct.pack('>II', at, len(d)); at += len(d)
    count = n + 1 + (n + 1 if alphas else 0)
    iloc = full('iloc', 0, 0, bytes([0x44, 0x00]) + struct.pack('>H', count) + entries)
    return full('meta', 0, 0, hdlr + pitm + iloc + iinf + iref + iprp)
meta = build(0); base = len(ftyp) + len(meta) + 8; meta = build(base)
payload = grid + b''.join(d for h, d in tiles) + ((grid + b''.join(d for h, d in alphas)) if alphas else b'')
open(out, 'wb').write(ftyp + meta + box('mdat', payload))
