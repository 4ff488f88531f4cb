#!/usr/bin/env bash
# usage: tools/make_contact_sheets.sh IMAGEDIR [DESTDIR]
# IMAGEDIR is the OUTDIR given to fetch.sh; writes contact_tuning.png and
# contact_heldout.png (ImageMagick montage, one tile per image, labelled by id)
# into DESTDIR (default: the evalset folder). Needs imagemagick and fonts-dejavu-core.
set -euo pipefail
SRC=$1
DEST=${2:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
MONTAGE=${IM_MONTAGE:-/usr/bin/montage}
for set in tuning heldout; do
  files=()
  while IFS= read -r f; do files+=("$f"); done < <(ls "$SRC/$set"/* | sort)
  args=()
  for f in "${files[@]}"; do b=$(basename "$f"); args+=(-label "${b%.*}" "$f"); done
  "$MONTAGE" -font DejaVu-Sans -pointsize 13 -define jpeg:size=600x600 "${args[@]}" \
    -auto-orient -thumbnail 280x210 -geometry +6+6 -tile 7x -background '#808080' \
    -title "ImageColors evalset: $set (${#files[@]} images)" \
    -depth 8 -define png:exclude-chunks=date,time "$DEST/contact_$set.png"
  echo "wrote $DEST/contact_$set.png"
done
