"""The placeholder oracle: thumbhash-python and blurhash (PyPI), run on the pixels a Swift test
wrote, and used to decode the hashes our encoders made from them.

Reads a JSON array from stdin, one object per image:
  {"rgba": path, "rgb": path, "width": w, "height": h, "components": [x, y],
   "thumbhash": our base64 ThumbHash, "blurhash": our BlurHash}
where `rgba` holds w*h*4 bytes (the pixels ThumbHash sees) and `rgb` w*h*3 bytes (the same
pixels composited onto the card's background: what BlurHash sees). Writes a JSON array, one
object per image:
  {"thumbhash": the reference's base64 ThumbHash of `rgba`,
   "blurhash": the reference's BlurHash of `rgb` with the same components,
   "thumbhashAverage": [r, g, b, a] the average colour our ThumbHash stores, read by the
                       reference's Hash.decode and converted as the reference's
                       thumbHashToAverageRGBA does (0-255),
   "thumbhashDecodedAverage": [r, g, b, a] mean of the reference's 32 px decode of our
                       ThumbHash (colour weighted by alpha, 0-255),
   "blurhashAverage": [r, g, b] mean in linear light of the reference's 32x32 decode of our
                      BlurHash, sRGB-encoded (0-255, not rounded): BlurHash's DC is that mean}
Run with the oracle virtual environment (Tests/Oracles/make-venv.sh).
"""
import base64
import json
import sys

import blurhash
from thumbhash.decode import thumbhash_to_rgba
from thumbhash.hash import Hash
from thumbhash.encode import rgba_to_thumbhash


def encode_srgb(linear):
    """Linear light 0-1 to sRGB 0-255, unrounded."""
    v = max(0.0, min(1.0, linear))
    return 255 * (v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055)


def main():
    results = []
    for item in json.load(sys.stdin):
        w, h = item["width"], item["height"]
        with open(item["rgba"], "rb") as f:
            rgba = list(f.read())
        with open(item["rgb"], "rb") as f:
            rgb = f.read()
        rows = [[[rgb[(y * w + x) * 3 + c] for c in range(3)] for x in range(w)] for y in range(h)]
        cx, cy = item["components"]
        theirs_thumb = base64.b64encode(rgba_to_thumbhash(w, h, rgba)).decode("ascii")
        theirs_blur = blurhash.encode(rows, components_x=cx, components_y=cy)
        dw, dh, decoded = thumbhash_to_rgba(base64.b64decode(item["thumbhash"]))
        alpha = sum(decoded[i + 3] for i in range(0, len(decoded), 4))
        stored = Hash.decode(base64.b64decode(item["thumbhash"]), 1.25)
        b = stored.l_dc - 2 / 3 * stored.p_dc
        r = (3 * stored.l_dc - b + stored.q_dc) / 2
        g = r - stored.q_dc
        thumb_stored = [255 * max(0.0, min(1.0, v)) for v in (r, g, b)] + [255 * stored.a_dc]
        thumb_average = [
            sum(decoded[i + c] * decoded[i + 3] for i in range(0, len(decoded), 4)) / alpha if alpha else 0
            for c in range(3)
        ] + [alpha / (dw * dh)]
        pixels = blurhash.decode(item["blurhash"], 32, 32, linear=True)
        blur_average = [encode_srgb(sum(p[c] for row in pixels for p in row) / (32 * 32)) for c in range(3)]
        results.append({"thumbhash": theirs_thumb, "blurhash": theirs_blur, "thumbhashAverage": thumb_stored,
                        "thumbhashDecodedAverage": thumb_average, "blurhashAverage": blur_average})
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
