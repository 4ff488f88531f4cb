#!/usr/bin/env bash
# Remakes the APNG fixtures in this folder and their oracle frames (committed: the tests need no
# encoder). Needs python3 with venv; Pillow comes from PyPI into a throwaway virtual environment,
# writes the files with its APNG writer (which crops each frame to what changed) and composites
# the oracles with its APNG reader.
#   animated.png        Samples coffee, chelsea and rocket at 96×64 for 0.1, 0.3 and 0.6 s; the
#                       default image (IDAT) is the first frame
#   hidden-default.png  a magenta 96×64 default image that is not part of the animation (IDAT
#                       before the first fcTL), then coffee for 0.1 s and rocket for 0.3 s
#   disposal.png        64×48 RGBA, assembled by hand so that each frame is coded as given: a
#                       blue field; a red square disposed to background (a transparent hole); a
#                       green disc on a transparent square blended over the hole's edge; a
#                       magenta patch disposed to previous; a yellow bar blended over the canvas
#                       restored without it
#   palette.png         40×30, PLTE with a transparent entry (tRNS): a bar in a new colour and
#                       place in each of 3 cropped frames
#   interlaced.png      96×64 RGBA, Adam7: coffee, then a 40×30 rocket at (20, 10) that replaces
#                       the pixels under it (assembled by hand: Pillow writes no interlaced PNG)
#   blending.png        32×24 RGBA, assembled by hand: a field half opaque blue, half green at
#                       alpha 96, its top rows transparent; a red square with an alpha ramp
#                       (40-220) blended over all three and disposed to previous; a yellow bar
#                       at alpha 160 blended over; a white patch at alpha 100 blended over the
#                       bar and disposed to previous; an opaque magenta square
#   oracle/NAME-N.png   Pillow's composite of animation frame N (RGBA); for interlaced.png, which
#                       Pillow does not decode, the two pictures composited by the script; for
#                       blending.png, whose semi-transparent OVER and OVER-then-previous frames
#                       Pillow's reader composites wrongly, the script's own composite per APNG
#                       1.0, with the integer OVER formula of Chromium and libwebp (checked
#                       within 2 levels of the spec's real-number formula)
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet "Pillow==13.0.0"
rm -rf oracle
"$work/venv/bin/python" make-fixtures.py ../../../Samples
