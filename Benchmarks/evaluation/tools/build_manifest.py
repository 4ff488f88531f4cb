#!/usr/bin/env python3
"""Build manifest.tsv from selection.py.

usage: build_manifest.py EXTRACT_ROOT DEB_DIR > manifest.tsv
EXTRACT_ROOT/<package>/ holds each package extracted with dpkg-deb -x;
DEB_DIR holds the downloaded .deb files (used for the exact versions), either
flat or one folder per package as in fetch.sh's cache:
  build_manifest.py OUTDIR/.cache/x OUTDIR/.cache/debs > manifest.tsv
"""
import glob, hashlib, os, subprocess, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from selection import ROWS

CONV = {
    "none": "none",
    "gif2png": 'convert "${IN}[0]" -define png:exclude-chunks=date,time "$OUT"',
    "flatten": 'convert "$IN" -background white -alpha remove -alpha off -define png:exclude-chunks=date,time "$OUT"',
}

def version_of(debdir, pkg):
    hits = []
    for f in glob.glob(os.path.join(debdir, pkg + "_*.deb")) + glob.glob(os.path.join(debdir, pkg, pkg + "_*.deb")):
        p = subprocess.run(["dpkg-deb", "-f", f, "Package", "Version"], capture_output=True, text=True, check=True).stdout.split("\n")
        name = p[0].split(": ", 1)[1]; ver = p[1].split(": ", 1)[1]
        if name == pkg:
            hits.append(ver)
    if len(hits) != 1:
        sys.exit("need exactly one .deb for %s, found %r" % (pkg, hits))
    return hits[0]

def main():
    root, debdir = sys.argv[1], sys.argv[2]
    cols = ["set", "id", "kind", "source", "path_in_package", "sha256", "conversion", "licence", "author_or_origin", "description"]
    print("\t".join(cols))
    versions = {}
    for (st, ident, kind, pkg, path, conv, lic, author, desc) in ROWS:
        full = os.path.join(root, pkg, path)
        if os.path.islink(full):
            sys.exit("%s is a symlink in %s; list its target instead" % (path, pkg))
        if pkg not in versions:
            versions[pkg] = version_of(debdir, pkg)
        sha = hashlib.sha256(open(full, "rb").read()).hexdigest()
        row = [st, ident, kind, "apt:%s=%s" % (pkg, versions[pkg]), path, sha, CONV[conv], lic, author, desc]
        for v in row:
            assert "\t" not in v and "\n" not in v, v
        print("\t".join(row))

main()
