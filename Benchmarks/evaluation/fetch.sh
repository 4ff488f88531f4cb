#!/usr/bin/env bash
# fetch.sh — rebuild the ImageColors tuning / held-out image sets from Debian packages.
#
# usage: ./fetch.sh OUTDIR
#   env CACHE_DIR   cache for downloaded .deb files and extracted members
#                   (default: OUTDIR/.cache)
#   env IM_CONVERT  ImageMagick convert binary (default: /usr/bin/convert)
#
# Reads manifest.tsv next to this script. For every package named in the
# `source` column (apt:PKG=VERSION) it runs `apt-get download PKG=VERSION`
# into the cache (skipped when the .deb is already cached), extracts only the
# listed members with dpkg-deb, checks each member's sha256 (exit 1 on any
# mismatch), applies the listed conversion (ImageMagick) and writes
# OUTDIR/tuning/ID.EXT, OUTDIR/heldout/ID.EXT, OUTDIR/heldout2/ID.EXT,
# OUTDIR/heldout3/ID.EXT, OUTDIR/heldout4/ID.EXT, OUTDIR/heldout5/ID.EXT, OUTDIR/heldout6/ID.EXT,
# OUTDIR/heldout7/ID.EXT, OUTDIR/heldout8/ID.EXT and OUTDIR/heldout9/ID.EXT.
# Safe to re-run.
# The current manifest uses Debian packages only. Rows with a PyPI source
# (pypi:PKG==VERSION, fetched with pip download --no-deps) also work; this was
# tested with scikit-learn==1.2.1, whose china.jpg has the same sha256 as Debian's.
set -euo pipefail

die() { echo "fetch.sh: ERROR: $*" >&2; exit 1; }
log() { echo "fetch.sh: $*" >&2; }

[ $# -eq 1 ] || die "usage: $0 OUTDIR"
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
MANIFEST="$HERE/manifest.tsv"
[ -f "$MANIFEST" ] || die "manifest not found: $MANIFEST"
mkdir -p "$1"
OUTDIR=$(cd "$1" && pwd)
CACHE_DIR=${CACHE_DIR:-$OUTDIR/.cache}
mkdir -p "$CACHE_DIR/debs" "$CACHE_DIR/pypi" "$CACHE_DIR/x"
CACHE_DIR=$(cd "$CACHE_DIR" && pwd)
IM_CONVERT=${IM_CONVERT:-/usr/bin/convert}

for tool in apt-get dpkg-deb tar sha256sum awk; do
  command -v "$tool" >/dev/null || die "missing tool: $tool"
done

# ImageMagick is only needed when some row has a conversion.
need_im=$(awk -F'\t' 'NR>1 && $7!="none"{n++} END{print n+0}' "$MANIFEST")
if [ "$need_im" -gt 0 ] && ! { [ -x "$IM_CONVERT" ] && "$IM_CONVERT" -version 2>/dev/null | grep -q ImageMagick; }; then
  if [ "$(id -u)" = 0 ]; then
    log "installing imagemagick (needed for $need_im conversions)"
    apt-get install -y -q imagemagick >/dev/null || { apt-get update -q >/dev/null && apt-get install -y -q imagemagick >/dev/null; }
  fi
  [ -x "$IM_CONVERT" ] && "$IM_CONVERT" -version 2>/dev/null | grep -q ImageMagick \
    || die "ImageMagick convert not found at $IM_CONVERT (apt-get install imagemagick, or set IM_CONVERT)"
fi
convert() { "$IM_CONVERT" "$@"; }   # the manifest's conversion commands call `convert`

APT_UPDATED=0
apt_update_once() {
  if [ "$APT_UPDATED" = 0 ] && [ "$(id -u)" = 0 ]; then
    log "running apt-get update"; apt-get update -q >/dev/null || true; APT_UPDATED=1
  fi
}

# deb_for PKG VERSION -> prints path of a cached .deb with exactly that Package/Version, if any
deb_for() {
  local f
  for f in "$CACHE_DIR/debs/$1/"*.deb; do
    [ -e "$f" ] || continue
    if [ "$(dpkg-deb -f "$f" Package)" = "$1" ] && [ "$(dpkg-deb -f "$f" Version)" = "$2" ]; then
      echo "$f"; return 0
    fi
  done
  return 1
}

# fetch_deb PKG VERSION -> prints path of the .deb (downloading it if not cached)
fetch_deb() {
  local pkg=$1 ver=$2 dir="$CACHE_DIR/debs/$1" f
  if f=$(deb_for "$pkg" "$ver"); then echo "$f"; return 0; fi
  mkdir -p "$dir"
  log "downloading $pkg=$ver"
  if ! (cd "$dir" && apt-get download -q "$pkg=$ver" >/dev/null 2>"$dir/.apt.log"); then
    apt_update_once
    if ! (cd "$dir" && apt-get download -q "$pkg=$ver" >/dev/null 2>"$dir/.apt.log"); then
      # The exact version may have been superseded by a stable point release.
      # Fall back to the current candidate; the sha256 checks below decide
      # whether its files are still the same.
      log "WARNING: $pkg=$ver is not downloadable; trying the current candidate version"
      (cd "$dir" && apt-get download -q "$pkg" >/dev/null 2>>"$dir/.apt.log") \
        || die "apt-get download $pkg failed (see $dir/.apt.log)"
      f=$(ls -t "$dir"/*.deb | head -n1)
      log "WARNING: using $(dpkg-deb -f "$f" Version) instead of $ver"
      echo "$f"; return 0
    fi
  fi
  deb_for "$pkg" "$ver" || die "downloaded $pkg but no .deb with version $ver in $dir"
}

# fetch_wheel PKG VERSION -> prints path of the wheel (downloading it if not cached)
fetch_wheel() {
  local pkg=$1 ver=$2 dir="$CACHE_DIR/pypi/$1-$2" f
  mkdir -p "$dir"
  f=$(ls "$dir"/*.whl 2>/dev/null | head -n1 || true)
  if [ -z "$f" ]; then
    log "downloading $pkg==$ver from PyPI"
    python3 -m pip download -q --no-deps --only-binary=:all: -d "$dir" "$pkg==$ver" >&2 \
      || die "pip download $pkg==$ver failed"
    f=$(ls "$dir"/*.whl | head -n1)
  fi
  echo "$f"
}

# ---- pass 1: group the wanted members by source -----------------------------
declare -A MEMBERS=()   # source -> newline-separated member paths
while IFS=$'\t' read -r set id kind source path sha conv lic author desc; do
  [ "$set" = set ] && continue
  MEMBERS[$source]+="$path"$'\n'
done < "$MANIFEST"

# ---- licence evidence -----------------------------------------------------------
# Each package's Debian copyright file, plus the upstream files that state the
# per-image licence or credit, go to OUTDIR/licenses/PKG/... (see LICENSES.md).
EVIDENCE='
plasma-workspace-wallpapers usr/share/wallpapers/Kite/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/FlyingKonqui/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Autumn/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/SafeLanding/metadata.desktop
plasma-workspace-wallpapers usr/share/wallpapers/ColdRipple/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/OneStandsOut/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/EveningGlow/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/ColorfulCups/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/DarkestHour/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/summer_1am/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/MilkyWay/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Honeywave/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Grey/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/BytheWater/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Kay/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Altai/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Canopee/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/FallenLeaf/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Patak/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Path/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Flow/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Volna/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/IceCold/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Shell/metadata.json
plasma-workspace-wallpapers usr/share/wallpapers/Cluster/metadata.json
lxqt-themes usr/share/lxqt/wallpapers/License
palapeli-data usr/share/palapeli/collection/citrus-fruits.desktop
palapeli-data usr/share/palapeli/collection/european-honey-bee.desktop
palapeli-data usr/share/palapeli/collection/cincinnati-bridge.desktop
python3-sklearn usr/lib/python3/dist-packages/sklearn/datasets/images/README.txt
python3-skimage usr/lib/python3/dist-packages/skimage/data/_fetchers.py
stellarium-data usr/share/stellarium/nebulae/default/textures.json
wesnoth-1.16-data usr/share/games/wesnoth/1.16/data/core/images/portraits/ARTISTS
tuxpaint-data usr/share/doc/tuxpaint-data/AUTHORS.txt.gz
gimp-help-en usr/share/gimp/2.0/help/en/tone-mapping-conclusion.html
'
# A package whose usr/share/doc/PKG is a symlink to a sibling package of the same
# source and version carries no copyright file of its own; it is taken from the
# sibling's .deb (PKG=VERSION of the sibling) and copied to
# OUTDIR/licenses/PKG/usr/share/doc/PKG/copyright, where the symlink points on an
# installed system.
DOC_SIBLING='
gimp-help-en gimp-help-common
'
sibling_of() {  # PKG -> the sibling that carries its copyright file, if any
  local p s
  while read -r p s; do [ "$p" = "$1" ] && { echo "$s"; return 0; }; done <<< "$DOC_SIBLING"
  return 0
}
docs_for() {  # PKG -> the Debian copyright file and evidence files of that package
  local epkg epath
  [ -n "$(sibling_of "$1")" ] || echo "usr/share/doc/$1/copyright"
  while read -r epkg epath; do [ "$epkg" = "$1" ] && echo "$epath"; done <<< "$EVIDENCE"
  return 0
}

# ---- pass 1b: download every missing .deb in one apt-get call (parallel fetch) --
batch=()
for source in "${!MEMBERS[@]}"; do
  case "$source" in apt:*) ;; *) continue ;; esac
  spec=${source#apt:}; pkg=${spec%%=*}; ver=${spec#*=}
  deb_for "$pkg" "$ver" >/dev/null || batch+=("$pkg=$ver")
  sib=$(sibling_of "$pkg")
  if [ -n "$sib" ]; then deb_for "$sib" "$ver" >/dev/null || batch+=("$sib=$ver"); fi
done
if [ ${#batch[@]} -gt 0 ]; then
  tmpdl="$CACHE_DIR/debs/.batch"; rm -rf "$tmpdl"; mkdir -p "$tmpdl"
  log "downloading ${#batch[@]} packages: ${batch[*]}"
  if (cd "$tmpdl" && apt-get download -q "${batch[@]}" >/dev/null 2>"$tmpdl/.apt.log"); then
    for f in "$tmpdl"/*.deb; do
      p=$(dpkg-deb -f "$f" Package); mkdir -p "$CACHE_DIR/debs/$p"; mv "$f" "$CACHE_DIR/debs/$p/"
    done
  else
    log "batch download failed; falling back to one package at a time"
  fi
  rm -rf "$tmpdl"
fi

# ---- pass 2: download (cached) and extract the listed members ----------------
declare -A XDIR=()      # source -> directory the members were extracted into
declare -A ARCHIVE=()   # source -> cached .deb / .whl
for source in "${!MEMBERS[@]}"; do
  case "$source" in
    apt:*)
      spec=${source#apt:}; pkg=${spec%%=*}; ver=${spec#*=}
      deb=$(fetch_deb "$pkg" "$ver"); ARCHIVE[$source]=$deb
      xd="$CACHE_DIR/x/$pkg"
      mkdir -p "$xd"
      mapfile -t want < <({ printf '%s' "${MEMBERS[$source]}"; docs_for "$pkg"; } | grep -v '^$' | sort -u)
      missing=()
      for p in "${want[@]}"; do [ -f "$xd/$p" ] || missing+=("./$p"); done
      if [ ${#missing[@]} -gt 0 ]; then
        dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$xd" "${missing[@]}" \
          || die "could not extract ${missing[*]} from $deb"
      fi
      sib=$(sibling_of "$pkg")
      if [ -n "$sib" ] && [ ! -f "$CACHE_DIR/x/$sib/usr/share/doc/$sib/copyright" ]; then
        sdeb=$(fetch_deb "$sib" "$ver"); mkdir -p "$CACHE_DIR/x/$sib"
        dpkg-deb --fsys-tarfile "$sdeb" | tar -x -C "$CACHE_DIR/x/$sib" "./usr/share/doc/$sib/copyright" \
          || die "could not extract the copyright file of $sib from $sdeb"
      fi
      ;;
    pypi:*)
      spec=${source#pypi:}; pkg=${spec%%==*}; ver=${spec#*==}
      whl=$(fetch_wheel "$pkg" "$ver"); ARCHIVE[$source]=$whl
      xd="$CACHE_DIR/x/pypi-$pkg-$ver"
      mkdir -p "$xd"
      mapfile -t want < <(printf '%s' "${MEMBERS[$source]}" | sort -u)
      for p in "${want[@]}"; do
        [ -f "$xd/$p" ] || python3 -c 'import sys,zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])' "$whl" "$p" "$xd" \
          || die "could not extract $p from $whl"
      done
      ;;
    *) die "unknown source kind: $source" ;;
  esac
  XDIR[$source]=$xd
done

# ---- pass 2b: copy licence evidence next to the images ------------------------
mkdir -p "$OUTDIR/licenses"
for source in "${!MEMBERS[@]}"; do
  case "$source" in apt:*) ;; *) continue ;; esac
  spec=${source#apt:}; pkg=${spec%%=*}
  while read -r d; do
    src="$CACHE_DIR/x/$pkg/$d"; dst="$OUTDIR/licenses/$pkg/$d"
    [ -f "$src" ] || die "missing licence file $d of $pkg"
    mkdir -p "$(dirname "$dst")"; cp "$src" "$dst"
  done < <(docs_for "$pkg")
  sib=$(sibling_of "$pkg")
  if [ -n "$sib" ]; then
    src="$CACHE_DIR/x/$sib/usr/share/doc/$sib/copyright"; dst="$OUTDIR/licenses/$pkg/usr/share/doc/$pkg/copyright"
    [ -f "$src" ] || die "missing copyright file of $sib (for $pkg)"
    mkdir -p "$(dirname "$dst")"; cp "$src" "$dst"
  fi
done
cp "$HERE/manifest.tsv" "$OUTDIR/manifest.tsv"
[ -f "$HERE/LICENSES.md" ] && cp "$HERE/LICENSES.md" "$OUTDIR/LICENSES.md"

# ---- pass 3: verify, convert, write ------------------------------------------
mkdir -p "$OUTDIR/tuning" "$OUTDIR/heldout" "$OUTDIR/heldout2" "$OUTDIR/heldout3" "$OUTDIR/heldout4" "$OUTDIR/heldout5" "$OUTDIR/heldout6" "$OUTDIR/heldout7" "$OUTDIR/heldout8" "$OUTDIR/heldout9"
bad=0; n=0
while IFS=$'\t' read -r set id kind source path sha conv lic author desc; do
  [ "$set" = set ] && continue
  case "$set" in tuning|heldout|heldout2|heldout3|heldout4|heldout5|heldout6|heldout7|heldout8|heldout9) ;; *) die "bad set '$set' for $id" ;; esac
  IN="${XDIR[$source]}/$path"
  got=$(sha256sum "$IN" | cut -d' ' -f1)
  if [ "$got" != "$sha" ] && [ "${source%%:*}" = apt ]; then
    # a stale or damaged cached member: extract it again from the archive once
    rm -f "$IN"
    dpkg-deb --fsys-tarfile "${ARCHIVE[$source]}" | tar -x -C "${XDIR[$source]}" "./$path" || true
    got=$(sha256sum "$IN" 2>/dev/null | cut -d' ' -f1 || true)
  fi
  if [ "$got" != "$sha" ]; then
    echo "fetch.sh: SHA256 MISMATCH for $id ($source $path): expected $sha, got $got" >&2
    bad=$((bad+1)); continue
  fi
  if [ "$conv" = none ]; then
    ext=${path##*.}; ext=${ext,,}; [ "$ext" = jpeg ] && ext=jpg
    OUT="$OUTDIR/$set/$id.$ext"
    if ! { [ -f "$OUT" ] && [ "$(sha256sum "$OUT" | cut -d' ' -f1)" = "$sha" ]; }; then
      cp "$IN" "$OUT.tmp" && mv "$OUT.tmp" "$OUT"
    fi
  else
    final="$OUTDIR/$set/$id.png"
    OUT="$final.tmp.png"
    eval "$conv" || die "conversion failed for $id: $conv"
    mv "$OUT" "$final"; OUT=$final
  fi
  chmod 0644 "$OUT"
  n=$((n+1))
done < "$MANIFEST"

[ "$bad" -eq 0 ] || die "$bad file(s) failed sha256 verification"
log "OK: $n images written under $OUTDIR/{tuning,heldout,heldout2,heldout3,heldout4,heldout5,heldout6,heldout7,heldout8,heldout9} (cache: $CACHE_DIR)"
