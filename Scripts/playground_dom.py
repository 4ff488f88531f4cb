"""Compares the playground's DOM (Chromium's --dump-dom) with the service's JSON and the CLI's.

Usage: python3 Scripts/playground_dom.py PAGE.html SERVER.json CLI.json [SCREENSHOT.png]
With a screenshot (sRGB, one device pixel per CSS pixel) and Pillow, also checks that each card's
background fills an area and each of its colours is drawn as a swatch, exactly.
Prints one line per check, "ok NAME" or "FAILED NAME: why"; exits 1 when any failed.
Part of Scripts/check-playground.sh.
"""
import json
import sys
from html.parser import HTMLParser

ROLES = ["background", "primary", "secondary", "detail"]


class Page(HTMLParser):
    """Collects what the checks read: the page's state, each card's rows, the palette and hashes."""

    def __init__(self):
        super().__init__()
        self.state = None
        self.card = None  # the card (light or dark) being read
        self.cards = {}  # appearance -> {role: {"hex": data-hex, "text": the cell's code text}}
        self.row = None
        self.palette = []
        self.texts = {}  # id -> text, for the hashes
        self.reading = None  # ("code", row) or ("id", name)

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "html":
            self.state = a.get("data-state")
        if tag == "article" and a.get("data-appearance"):
            self.card = a["data-appearance"]
            self.cards[self.card] = {"hidden": "hidden" in a}
        if tag == "tr" and self.card and a.get("data-role"):
            self.row = {"hex": a.get("data-hex"), "text": ""}
            self.cards[self.card][a["data-role"]] = self.row
        if tag == "code" and self.row is not None and "hex" in (a.get("class") or ""):
            self.reading = ("code", self.row)
        if tag == "li" and a.get("data-hex"):
            self.palette.append(a["data-hex"])
        if a.get("id") in ("thumbhash-text", "blurhash-text"):
            self.reading = ("id", a["id"])
            self.texts[a["id"]] = ""

    def handle_endtag(self, tag):
        if tag == "code":
            self.reading = None
        if tag == "tr":
            self.row = None
        if tag == "article":
            self.card = None

    def handle_data(self, data):
        if self.reading and self.reading[0] == "code":
            self.reading[1]["text"] += data
        elif self.reading and self.reading[0] == "id":
            self.texts[self.reading[1]] += data


def pixels(path, server, check):
    """Counts the screenshot's pixels of each card colour: a card's body is hundreds of pixels of
    its background; a swatch (1.1rem, rounded) is about 200 of its colour."""
    try:
        from PIL import Image
    except ImportError:
        print("skipped pixel checks: no Pillow (Tests/Oracles/make-venv.sh makes .build-venv)")
        return
    try:
        counts = {color: n for n, color in Image.open(path).convert("RGB").getcolors(1 << 24)}
    except OSError as error:
        check("the screenshot", False, str(error))
        return
    for appearance, card in server["appearances"].items():
        for role, least in [("background", 20_000), ("primary", 150), ("secondary", 150), ("detail", 150)]:
            hex_color = card[role]
            rgb = tuple(int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
            check(f"{appearance} {role} {hex_color} drawn (at least {least} px)", counts.get(rgb, 0) >= least,
                  f"{counts.get(rgb, 0)} px of it in the screenshot")


def main():
    page = Page()
    page.feed(open(sys.argv[1], encoding="utf-8").read())
    server = json.load(open(sys.argv[2]))
    cli = json.loads(open(sys.argv[3]).readline())
    failures = 0

    def check(name, ok, why=""):
        nonlocal failures
        print(f"ok {name}" if ok else f"FAILED {name}: {why}")
        failures += 0 if ok else 1

    check("the page finished its analysis (data-state=done)", page.state == "done", f"data-state={page.state}")
    check("the server answered a result", "error" not in server and "appearances" in server, json.dumps(server)[:300])
    if page.state != "done" or "appearances" not in server:
        return 1
    for appearance in ["light", "dark"]:
        card = server["appearances"].get(appearance)
        shown = page.cards.get(appearance, {})
        check(f"the JSON has the {appearance} card", card is not None, "appearances lacks it")
        if card is None:
            continue
        check(f"the {appearance} card is shown", shown and not shown.get("hidden"), str(shown)[:200])
        for role in ROLES + ["title"]:
            want = card["title"]["color"] if role == "title" else card[role]
            row = shown.get(role, {})
            check(f"{appearance} {role} {want} in the page", row.get("hex") == want and row.get("text") == want,
                  f"page has data-hex={row.get('hex')} text={row.get('text')!r}")
    want_palette = [entry["color"] for entry in server.get("palette", [])]
    check(f"palette of {len(want_palette)} in the page", page.palette == want_palette and want_palette,
          f"page {page.palette}, JSON {want_palette}")
    holder = server.get("placeholder", {})
    for key in ["thumbhash", "blurhash"]:
        text = page.texts.get(f"{key}-text", "")
        check(f"{key} in the page", holder.get(key) and text == holder[key], f"page {text!r}, JSON {holder.get(key)!r}")
    if len(sys.argv) > 4:
        pixels(sys.argv[4], server, check)
    # The service and the CLI: the same object but for `source` (the URL as given in both).
    same = {k: v for k, v in server.items() if k != "cache"} == {k: v for k, v in cli.items() if k != "cache"}
    differing = sorted(k for k in set(server) | set(cli) if server.get(k) != cli.get(k))
    check("the service's JSON is the CLI's", same, f"keys differ: {differing}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
