#!/usr/bin/env python3
# Assembles an HEVC grid HEIC from tile files heif-enc made (one hvc1 item each): a grid item of
# COLUMNS × ROWS cells of TILE_WIDTH × TILE_HEIGHT over a WIDTH × HEIGHT canvas, each tile's hvcC
# and data copied, its ispe the cell size. libheif 1.15's heif-enc makes no grids, and phones'
# HEICs (512×512 HEVC tiles) are not free to commit; make-fixtures.sh calls this for grid.heic.
# Usage: make-hevc-grid.py [--irot N] [--imir AXIS] COLUMNS ROWS TILE_WIDTH TILE_HEIGHT WIDTH HEIGHT
#        TILE.heic... OUT.heic
# --irot and --imir give the grid item an irot (N anti-clockwise quarter turns) or imir property.
import struct, sys
args = sys.argv[1:]; grid_props = []
while args and args[0] in ('--irot', '--imir'):
    grid_props.append((args[0][2:], int(args[1]))); args = args[2:]
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
def box(t, payload): return struct.pack('>I4s', 8 + len(payload), t.encode()) + payload
def full(t, v, f, payload): return box(t, struct.pack('>I', (v << 24) | f) + payload)
cols, rows, tw, th, W, H = map(int, args[0:6]); files = args[6:-1]; out = args[-1]
tiles = [tile(f) for f in files]; n = len(tiles)
grid = struct.pack('>BBBBHH', 0, 0, rows - 1, cols - 1, W, H)
ftyp = box('ftyp', b'heic' + struct.pack('>I', 0) + b'mif1heic')
hdlr = full('hdlr', 0, 0, b'\0' * 4 + b'pict' + b'\0' * 12 + b'\0')
pitm = full('pitm', 0, 0, struct.pack('>H', 1))
infes = full('infe', 2, 0, struct.pack('>HH', 1, 0) + b'grid' + b'\0')
for k in range(n): infes += full('infe', 2, 1, struct.pack('>HH', 2 + k, 0) + b'hvc1' + b'\0')
iinf = full('iinf', 0, 0, struct.pack('>H', n + 1) + infes)
iref = full('iref', 0, 0, box('dimg', struct.pack('>HH', 1, n) + b''.join(struct.pack('>H', 2 + k) for k in range(n))))
extra = b''.join(box(name, bytes([value])) for name, value in grid_props)
ipco = box('ipco', full('ispe', 0, 0, struct.pack('>II', W, H)) + full('ispe', 0, 0, struct.pack('>II', tw, th)) + b''.join(h for h, d in tiles) + extra)
assoc = struct.pack('>HB', 1, 1 + len(grid_props)) + bytes([1] + [0x80 | (3 + n + i) for i in range(len(grid_props))])
for k in range(n): assoc += struct.pack('>HB', 2 + k, 2) + bytes([0x80 | (3 + k), 2])
ipma = full('ipma', 0, 0, struct.pack('>I', n + 1) + assoc)
iprp = box('iprp', ipco + ipma)
def build(base):
    entries = struct.pack('>HHH', 1, 0, 1) + struct.pack('>II', base, len(grid)); at = base + len(grid)
    for k, (h, d) in enumerate(tiles):
        entries += struct.pack('>HHH', 2 + k, 0, 1) + struct.pack('>II', at, len(d)); at += len(d)
    iloc = full('iloc', 0, 0, bytes([0x44, 0x00]) + struct.pack('>H', n + 1) + entries)
    return full('meta', 0, 0, hdlr + pitm + iloc + iinf + iref + iprp)
meta = build(0); base = len(ftyp) + len(meta) + 8; meta = build(base)
open(out, 'wb').write(ftyp + meta + box('mdat', grid + b''.join(d for h, d in tiles)))
