"""Writes the APNG fixtures in this folder with Pillow's APNG writer and their oracle frames
(Pillow's own composite of each frame, RGBA). Run by make-fixtures.sh, which names the files."""
import io
import os
import struct
import sys
import zlib

from PIL import Image, ImageDraw

samples = sys.argv[1]


def sample(name, size=(96, 64)):
    return Image.open(os.path.join(samples, name)).convert("RGB").resize(size, Image.LANCZOS)


def shapes(size, fill, box, shape="rectangle"):
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    getattr(draw, shape)(box, fill=fill)
    return image


def save(name, frames, **options):
    frames[0].save(name, save_all=True, append_images=frames[1:], **options)


coffee, chelsea, rocket = sample("coffee.png"), sample("chelsea.png"), sample("rocket.jpg")
save("animated.png", [coffee, chelsea, rocket], duration=[100, 300, 600], loop=0)
save("hidden-default.png", [Image.new("RGB", (96, 64), (255, 0, 255)), coffee, rocket],
     duration=[100, 100, 300], default_image=True, loop=0)

# A palette with a transparent entry: PLTE and tRNS apply to every frame.
palette = []
for index, colour in enumerate([(255, 255, 255), (200, 30, 30), (30, 30, 200), (250, 200, 0)]):
    palette += colour
frames = []
for step in range(3):
    image = Image.new("P", (40, 30), 0)
    image.putpalette(palette)
    ImageDraw.Draw(image).rectangle((4 + step * 8, 4, 18 + step * 8, 25), fill=1 + step)
    image.info["transparency"] = 0
    frames.append(image)
save("palette.png", frames, duration=[150, 150, 150], loop=0, transparency=0)



# Adam7-interlaced frames, which Pillow does not write: the chunks of two interlaced PNGs, the
# second's IDAT data as fdAT, assembled by hand.
def chunks(data):
    offset, found = 8, []
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        found.append((kind, data[offset + 8:offset + 8 + length]))
        offset += 12 + length
    return found


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def interlaced_png(image):
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    data = buffer.getvalue()
    # Pillow writes no interlaced PNG: re-encode the rows as Adam7 with its own filters off.
    ihdr = [body for kind, body in chunks(data) if kind == b"IHDR"][0]
    width, height = struct.unpack(">II", ihdr[:8])
    pixels = image.tobytes()
    raw = b""
    for start_y, start_x, step_y, step_x in [(0, 0, 8, 8), (0, 4, 8, 8), (4, 0, 8, 4), (0, 2, 4, 4),
                                             (2, 0, 4, 2), (0, 1, 2, 2), (1, 0, 2, 1)]:
        if start_x >= width:
            continue
        for y in range(start_y, height, step_y):
            raw += b"\0" + b"".join(pixels[(y * width + x) * 4:(y * width + x) * 4 + 4]
                                    for x in range(start_x, width, step_x))
    return ihdr[:12] + b"\1", zlib.compress(raw, 9)


coffee_rgba = coffee.convert("RGBA")
patch = sample("rocket.jpg", (40, 30)).convert("RGBA")
ihdr, default_data = interlaced_png(coffee_rgba)
_, patch_data = interlaced_png(patch)
frame0 = struct.pack(">IIIIIHHBB", 0, 96, 64, 0, 0, 1, 10, 0, 0)
frame1 = struct.pack(">IIIIIHHBB", 1, 40, 30, 20, 10, 3, 10, 0, 0)
with open("interlaced.png", "wb") as out:
    out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"acTL", struct.pack(">II", 2, 0))
              + chunk(b"fcTL", frame0) + chunk(b"IDAT", default_data) + chunk(b"fcTL", frame1)
              + chunk(b"fdAT", struct.pack(">I", 2) + patch_data) + chunk(b"IEND", b""))



def idat_data(image):
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return b"".join(body for kind, body in chunks(buffer.getvalue()) if kind == b"IDAT")


def assemble(name, size, frames):
    """An RGBA APNG whose default image is the first frame; frames are (image, x, y, delay in
    1/100 s, dispose_op, blend_op), each coded exactly as given (Pillow's writer would crop
    them)."""
    ihdr = struct.pack(">IIBBBBB", size[0], size[1], 8, 6, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"acTL", struct.pack(">II", len(frames), 0))
    sequence = 0
    for index, (image, x, y, delay, dispose, blend) in enumerate(frames):
        out += chunk(b"fcTL", struct.pack(">IIIIIHHBB", sequence, image.width, image.height, x, y, delay, 100,
                                          dispose, blend))
        sequence += 1
        if index == 0:
            out += chunk(b"IDAT", idat_data(image))
        else:
            out += chunk(b"fdAT", struct.pack(">I", sequence) + idat_data(image))
            sequence += 1
    with open(name, "wb") as file:
        file.write(out + chunk(b"IEND", b""))


# 64×48: a blue field; a red square disposed to background (a transparent hole); a green disc
# on a transparent square blended over the hole's edge (OVER keeps the blue around the disc); a
# magenta patch disposed to previous; a yellow bar blended over the canvas restored without it.
# (Pillow 13's reader restores the wrong canvas after a frame both blended OVER and disposed to
# previous, so no frame here is both.)
blue = Image.new("RGBA", (64, 48), (20, 40, 200, 255))
red = Image.new("RGBA", (24, 20), (220, 30, 30, 255))
disc = shapes((32, 24), (30, 200, 60, 255), (4, 2, 27, 21), "ellipse")
magenta = Image.new("RGBA", (16, 10), (230, 0, 200, 255))
bar = Image.new("RGBA", (40, 6), (240, 220, 20, 255))
assemble("disposal.png", (64, 48), [(blue, 0, 0, 20, 0, 0), (red, 8, 8, 20, 1, 0), (disc, 24, 12, 20, 0, 1),
                                    (magenta, 40, 2, 20, 2, 0), (bar, 4, 36, 40, 0, 1)])



# Semi-transparent pixels blended OVER (onto opaque, semi-transparent and transparent pixels),
# and frames both blended OVER and disposed to previous, which Pillow's reader composites wrongly
# (see above): these oracles are composited here from the frames' own pixels, as APNG 1.0 says.
def over(source, target):
    """`source` over `target` (RGBA, not premultiplied) with the integer formula Chromium and
    libwebp use for the spec's (libwebp's BlendPixelNonPremult); a transparent target takes the
    source as it is."""
    if source[3] == 255 or target[3] == 0:
        return source
    if source[3] == 0:
        return target
    target_factor = (target[3] * (256 - source[3])) >> 8
    alpha = source[3] + target_factor
    scale = (1 << 24) // alpha
    return tuple(((source[i] * source[3] + target[i] * target_factor) * scale) >> 24 for i in range(3)) + (alpha,)


def over_exactly(source, target):
    """APNG 1.0's OVER in real numbers, to check the integer formula against."""
    source_alpha, target_alpha = source[3] / 255, target[3] / 255
    alpha = source_alpha + target_alpha * (1 - source_alpha)
    if alpha == 0:
        return (0, 0, 0, 0)
    return tuple((source[i] * source_alpha + target[i] * target_alpha * (1 - source_alpha)) / alpha
                 for i in range(3)) + (alpha * 255,)


def composite(size, frames):
    """The canvas as each of `frames` (as for assemble) shows it, per APNG 1.0: each frame
    replaces (SOURCE) or is blended over (OVER) what is under it, then is kept, cleared or
    restored to what was under it (a first frame's "previous" clears)."""
    canvas = Image.new("RGBA", size, (0, 0, 0, 0))
    shown = []
    for index, (image, x, y, _, dispose, blend) in enumerate(frames):
        box = (x, y, x + image.width, y + image.height)
        under = canvas.crop(box)
        pixels, frame = canvas.load(), image.load()
        for row in range(image.height):
            for column in range(image.width):
                source, target = frame[column, row], pixels[x + column, y + row]
                if blend == 1:
                    mixed, exact = over(source, target), over_exactly(source, target)
                    # The integer formula is the spec's within 2 levels here (it rounds down).
                    assert all(abs(a - b) < 2 for a, b in zip(mixed, exact)), (source, target, mixed, exact)
                    source = mixed
                pixels[x + column, y + row] = source
        shown.append(canvas.copy())
        if dispose == 1 or (dispose == 2 and index == 0):
            canvas.paste((0, 0, 0, 0), box)
        elif dispose == 2:
            canvas.paste(under, box)
    return shown


# 32×24: a field half opaque blue, half green at alpha 96, its top 4 rows transparent; a red
# square whose alpha ramps from 40 to 220 blended over all three and restored to previous; a
# yellow bar at alpha 160 blended over the restored canvas; a white patch at alpha 100 blended
# over the bar and the transparent rows and restored to previous; an opaque magenta square.
field = Image.new("RGBA", (32, 24), (0, 0, 0, 0))
field.paste((20, 40, 200, 255), (0, 4, 16, 24))
field.paste((30, 180, 60, 96), (16, 4, 32, 24))
ramp = Image.new("RGBA", (16, 12))
ramp.putdata([(220, 30, 30, 40 + 12 * column) for row in range(12) for column in range(16)])
blending = [(field, 0, 0, 20, 0, 0), (ramp, 4, 0, 20, 2, 1),
            (Image.new("RGBA", (20, 8), (240, 220, 20, 160)), 8, 12, 20, 0, 1),
            (Image.new("RGBA", (12, 16), (255, 255, 255, 100)), 14, 2, 20, 2, 1),
            (Image.new("RGBA", (6, 6), (230, 0, 200, 255)), 0, 18, 40, 0, 0)]
assemble("blending.png", (32, 24), blending)

os.makedirs("oracle", exist_ok=True)
for index, frame in enumerate(composite((32, 24), blending)):
    frame.save(f"oracle/blending-{index}.png")
# Pillow's reader does not decode an interlaced APNG frame: that oracle is the known composite.
coffee_rgba.save("oracle/interlaced-0.png")
second = coffee_rgba.copy()
second.paste(patch, (20, 10))
second.save("oracle/interlaced-1.png")
for name in ["animated.png", "hidden-default.png", "disposal.png", "palette.png"]:
    with Image.open(name) as image:
        # Pillow's frame 0 of a file whose default image is not part of the animation is that
        # image; the oracles are numbered as the animation's frames.
        hidden = 1 if image.info.get("default_image") else 0
        for index in range(hidden, image.n_frames):
            image.seek(index)
            image.convert("RGBA").save(f"oracle/{name[:-4]}-{index - hidden}.png")
