#!/usr/bin/env python3
"""Write LICENSES.md from manifest.tsv (run from the evalset folder)."""
import csv, os, sys
from collections import OrderedDict

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
rows = list(csv.DictReader(open(os.path.join(HERE, "manifest.tsv")), delimiter="\t"))

L = OrderedDict()  # key -> (name, url, full-text pointer, what the licence requires)
L["CC-BY-2.0"] = ("Creative Commons Attribution 2.0 Generic", "https://creativecommons.org/licenses/by/2.0/",
    "legal code at the URL",
    "Credit the author, keep the licence notice / link, and do not imply endorsement.")
L["CC-BY-4.0"] = ("Creative Commons Attribution 4.0 International", "https://creativecommons.org/licenses/by/4.0/",
    "legal code at the URL (also reproduced in the package's copyright file where noted)",
    "Credit the creator (and the title / source where supplied), link the licence, and say if the image was modified.")
L["CC-BY-SA-3.0"] = ("Creative Commons Attribution-ShareAlike 3.0 Unported", "https://creativecommons.org/licenses/by-sa/3.0/",
    "legal code at the URL (the package copyright files for lomiri-wallpapers, ukui-wallpapers and scratch also reproduce it)",
    "Credit the author, link the licence, say if the image was modified, and distribute adaptations under the same licence.")
L["CC-BY-SA-3.0+"] = ("Creative Commons Attribution-ShareAlike 3.0 Unported or (at your option) any later version", "https://creativecommons.org/licenses/by-sa/3.0/",
    "legal code at the URL (the 3.0 text is also reproduced in the flare-game copyright file)",
    "Credit the author, link the licence, say if the image was modified, and distribute adaptations under BY-SA 3.0 or a later version.")
L["CC-BY-SA-4.0"] = ("Creative Commons Attribution-ShareAlike 4.0 International", "https://creativecommons.org/licenses/by-sa/4.0/",
    "legal code at the URL (also reproduced in the endless-sky-data copyright file)",
    "Credit the creator, link the licence, say if the image was modified, and share adaptations under BY-SA 4.0 (or a compatible licence).")
L["CC0-1.0"] = ("Creative Commons Zero 1.0 Universal (public-domain dedication)", "https://creativecommons.org/publicdomain/zero/1.0/",
    "/usr/share/common-licenses/CC0-1.0 on Debian",
    "No conditions; the credit below is a courtesy.")
L["GPL-2+"] = ("GNU General Public License, version 2 or (at your option) any later version", "https://www.gnu.org/licenses/old-licenses/gpl-2.0.html",
    "/usr/share/common-licenses/GPL-2 on Debian; notice in the package copyright file",
    "Keep the copyright notice and licence text with the file; anyone receiving it may get the corresponding source (the image itself, and the Debian source package).")
L["GPL-2 "] = ("GNU General Public License, version 2", "https://www.gnu.org/licenses/old-licenses/gpl-2.0.html",
    "/usr/share/common-licenses/GPL-2 on Debian; notice in the package copyright file",
    "Keep the copyright notice and licence text with the file; anyone receiving it may get the corresponding source (the image itself, and the Debian source package).")
L["GPL-3+ "] = ("GNU General Public License, version 3 or (at your option) any later version", "https://www.gnu.org/licenses/gpl-3.0.html",
    "/usr/share/common-licenses/GPL-3 on Debian; notice in the package copyright file",
    "Keep the copyright notice and licence text with the file; anyone receiving it may get the corresponding source (the image itself, and the Debian source package).")
L["GPL-3 "] = ("GNU General Public License, version 3", "https://www.gnu.org/licenses/gpl-3.0.html",
    "/usr/share/common-licenses/GPL-3 on Debian; notice (the per-file stanza) in the package copyright file",
    "Keep the copyright notice and licence text with the file; anyone receiving it may get the corresponding source (the image itself, and the Debian source package).")
L["GPL-3+ or CC-BY-SA-3.0"] = ("GNU GPL version 3 or later, OR Creative Commons Attribution-ShareAlike 3.0 (recipient's choice)", "https://www.gnu.org/licenses/gpl-3.0.html ; https://creativecommons.org/licenses/by-sa/3.0/",
    "/usr/share/common-licenses/GPL-3 on Debian; CC BY-SA 3.0 text in the desktop-base copyright file",
    "Under either option: credit Software in the Public Interest, Inc. and keep the licence notice (the Debian logo is also a trademark of SPI).")
L["GFDL-NIV-1.2+"] = ("GNU Free Documentation License, version 1.2 or any later version, with no Invariant Sections, no Front-Cover Texts and no Back-Cover Texts", "https://www.gnu.org/licenses/old-licenses/fdl-1.2.html",
    "/usr/share/common-licenses/GFDL-1.2 on Debian; notice in the gimp-help copyright file (gimp-help-common's: /usr/share/doc/gimp-help-en is a symlink to it; fetch.sh copies it under licenses/gimp-help-en)",
    "Keep the copyright notice and the licence notice, with a copy of the GFDL text; a modified version must be released under the GFDL, marked as modified and credit the original authors.")
L["LGPL-3.0"] = ("GNU Lesser General Public License, version 3", "https://www.gnu.org/licenses/lgpl-3.0.html",
    "/usr/share/common-licenses/LGPL-3 (+ GPL-3) on Debian",
    "Keep the copyright notice and licence text with the file; modified versions must stay under LGPL-3.0.")
L["BSD-3-Clause"] = ("BSD 3-Clause licence", "https://opensource.org/license/bsd-3-clause/",
    "the python3-skimage copyright file (License: BSD-3-Clause)",
    "Reproduce the copyright notice, the three conditions and the disclaimer; do not use the project name to endorse.")
L["Matplotlib licence"] = ("Matplotlib License Agreement (PSF-based, BSD-compatible)", "https://matplotlib.org/stable/project/license.html",
    "the python-matplotlib-data copyright file (Files: *)",
    "Keep the copyright notice and the licence agreement with any copy or derivative.")
L["NASA-not-copyrighted"] = ("NASA imagery, not copyrighted (U.S. government work)", "https://www.nasa.gov/nasa-brand-center/images-and-media/",
    "the xplanet-images copyright file (License: NASA-not-copyrighted)",
    "Free of licensing fees; NASA asks to be credited as the owner (and Visible Earth as the location found).")
L["Public domain"] = ("Public domain", "", "statement quoted in the licence column",
    "No conditions; the credit below is a courtesy (NASA/NOAA/ESA/USDA/US Navy/Wikimedia sources).")

def key(lic):
    for k in sorted(L, key=len, reverse=True):
        if lic.startswith(k):
            return k
    sys.exit("no licence key for: " + lic)

MOD = {
    "none": None,
}
def modification(conv):
    if conv == "none":
        return "none (byte-identical to the packaged file)"
    if "alpha remove" in conv:
        return "transparent background flattened onto white and saved as PNG (`%s`)" % conv
    if "[0]" in conv:
        return "converted from GIF to PNG, pixels unchanged (`%s`)" % conv
    return "`%s`" % conv

EXTRA = {
    "plasma-workspace-wallpapers": "licenses/plasma-workspace-wallpapers/usr/share/wallpapers/NAME/metadata.(json|desktop)",
    "lxqt-themes": "licenses/lxqt-themes/usr/share/lxqt/wallpapers/License",
    "palapeli-data": "licenses/palapeli-data/usr/share/palapeli/collection/NAME.desktop",
    "python3-sklearn": "licenses/python3-sklearn/usr/lib/python3/dist-packages/sklearn/datasets/images/README.txt",
    "python3-skimage": "licenses/python3-skimage/usr/lib/python3/dist-packages/skimage/data/_fetchers.py (docstring of the matching function)",
    "stellarium-data": "licenses/stellarium-data/usr/share/stellarium/nebulae/default/textures.json (imageCredits of the matching imageUrl)",
    "tuxpaint-data": "licenses/tuxpaint-data/usr/share/doc/tuxpaint-data/AUTHORS.txt.gz (Templates, Starter Images)",
    "gimp-help-en": "licenses/gimp-help-en/usr/share/gimp/2.0/help/en/tone-mapping-conclusion.html (Elle Stone's CC BY-SA 3.0 credit for the tone-mapping tutorial)",
}

out = []
w = out.append
w("# Licences and attributions for the ImageColors evaluation images\n")
w("Every image comes unchanged (or, where noted, with one ImageMagick conversion) from a Debian 12 (bookworm) package; "
  "`fetch.sh` rebuilds them and also copies each package's Debian copyright file, plus the upstream files that state per-image "
  "licences or credits, into `OUTDIR/licenses/PKG/...`. Those copies are the licence-text references used below.\n")
w("When the images are redistributed (for example committed to a repository or shown in a report), ship this file and the `licenses/` folder "
  "with them, keep the attribution lines, and keep ShareAlike / GPL images under their own licences (they are not relicensed by being in this set).\n")
w("## Licences used\n")
used = OrderedDict()
for r in rows:
    used.setdefault(key(r["licence"]), []).append(r["id"])
w("| licence | name | text | what it requires | images |")
w("|---|---|---|---|---|")
for k, ids in used.items():
    name, url, text, req = L[k]
    w("| %s | %s%s | %s | %s | %d |" % (k, name, (" (" + url + ")") if url else "", text, req, len(ids)))
w("")
for st in ("tuning", "heldout", "heldout2", "heldout3", "heldout4", "heldout5", "heldout6", "heldout7", "heldout8", "heldout9"):
    w("## %s set\n" % st)
    for r in rows:
        if r["set"] != st:
            continue
        k = key(r["licence"])
        name, url, text, req = L[k]
        pkg = r["source"].split(":", 1)[1].split("=", 1)[0]
        ext = "png" if r["conversion"] != "none" else r["path_in_package"].rsplit(".", 1)[1].lower()
        w("### %s/%s.%s\n" % (st, r["id"], ext))
        w("- Shows: %s" % r["description"])
        w("- From: `%s`, file `/%s` (sha256 `%s`)" % (r["source"], r["path_in_package"], r["sha256"]))
        w("- Licence: %s" % r["licence"])
        refs = "`licenses/%s/usr/share/doc/%s/copyright`" % (pkg, pkg)
        if pkg in EXTRA:
            refs += "; `%s`" % EXTRA[pkg]
        w("- Licence text: %s%s; %s" % (("<" + url.split(" ; ")[0] + "> ; ") if url else "", text, refs))
        w("- Modification: %s" % modification(r["conversion"]))
        mod_note = "" if r["conversion"] == "none" else " Modified: background flattened onto white / format converted (see above)."
        if k.startswith("CC-BY"):
            short = L[k][0].replace("Creative Commons ", "CC ").replace("Attribution-ShareAlike", "BY-SA").replace("Attribution", "BY")
            title = os.path.basename(r["path_in_package"])
            attr = "\"%s\" by %s, licensed under %s (%s); from Debian package %s.%s" % (title, r["author_or_origin"], short, url, pkg, mod_note)
        elif k == "GPL-3+ or CC-BY-SA-3.0":
            attr = "Debian swirl emblem, (c) 1999 Software in the Public Interest, Inc., GPL-3+ or CC BY-SA 3.0, via Debian package desktop-base.%s" % mod_note
        elif k in ("GPL-2+", "GPL-2 ", "GPL-3 ", "GPL-3+ ", "LGPL-3.0"):
            attr = "%s. (c) %s. Licensed under %s; see the licence text referenced above. Via Debian package %s.%s" % (r["description"], r["author_or_origin"], L[k][0], pkg, mod_note)
        elif k == "GFDL-NIV-1.2+":
            attr = "%s. (c) %s. Licensed under the GNU Free Documentation License 1.2 or later, no Invariant Sections, no Front-Cover or Back-Cover Texts; see the licence text referenced above. Via Debian package %s.%s" % (r["description"], r["author_or_origin"], pkg, mod_note)
            if "Elle Stone" in r["licence"]:
                attr += " Also: \"GIMP Tutorial - Tone Mapping Using GIMP Levels\" (text and images) by Elle Stone, licensed under CC BY-SA 3.0 (https://creativecommons.org/licenses/by-sa/3.0/)."
        elif k == "BSD-3-Clause":
            attr = "scikit-image logo, Copyright (c) 2009-2018 the scikit-image team, BSD-3-Clause (notice, conditions and disclaimer in licenses/python3-skimage/usr/share/doc/python3-skimage/copyright)."
        elif k == "Matplotlib licence":
            attr = "%s. Copyright (c) 2002 - 2012 John Hunter, Darren Dale, Eric Firing, Michael Droettboom and the matplotlib development team; 2012 - 2016 The matplotlib development team (as stated in the Debian copyright file); distributed under the Matplotlib License Agreement. Origin: %s." % (r["description"], r["author_or_origin"])
        elif k == "NASA-not-copyrighted":
            attr = "Image courtesy of NASA; found at NASA Visible Earth (http://visibleearth.nasa.gov/); via Debian package xplanet-images."
        else:  # public domain / CC0
            attr = "Courtesy credit (not required): %s." % r["author_or_origin"]
        w("- Attribution to use: %s" % attr)
        w("")
open(os.path.join(HERE, "LICENSES.md"), "w").write("\n".join(out) + "\n")
print("wrote LICENSES.md with %d entries" % len(rows))
