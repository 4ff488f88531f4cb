#!/usr/bin/env bash
# The playground in headless Chromium (issue 38): for each sample, a live `imagecolors serve` on
# 127.0.0.1 (--port 0, --allow-loopback) and a static origin serving Samples/ on another loopback
# port; Chromium opens `/?url=ORIGIN/SAMPLE`, which makes the page analyse that URL on load, and
# dumps the DOM once the page is idle. Checked:
#   1. `/` answers with the contract's Content-Security-Policy, and the page ran under it (its
#      script set data-state="done": a blocked script or a failed request leaves it otherwise);
#   2. both cards' background, primary, secondary, detail and title, the palette and the ThumbHash
#      and BlurHash in the page are the ones in GET /v1/colors' JSON for the same query, and a
#      screenshot (sRGB, one device pixel per CSS pixel) shows each card's background as a filled
#      area and each of its colours as a swatch (exact pixels; needs Pillow from .build-venv);
#   3. that JSON's colours are the CLI's (`imagecolors analyze --format json`, same options);
#   4. the README's service example: `imagecolors serve` with the README's flags (--port 0 for
#      its 8080) and its `curl` line print the README's `--format json` line with "source":"upload"
#      (byte for byte but for memory.accountedPeak, as the README says).
# Bounded: each Chromium run is killed after 90 s, the server and the origin are stopped on exit.
# Usage: Scripts/check-playground.sh [SAMPLE…]   (names in Samples/; default coffee.png rocket.jpg)
# Env: IMAGECOLORS_BIN (default .build/debug/imagecolors), SCREENSHOT=FILE.png (keeps the first
#      sample's page, 1280×2000), CHROMIUM (default chromium). Needs Debian's chromium, curl and
#      python3, and the oracle environment (Tests/Oracles/make-venv.sh) for the pixel checks.
# Ends with "check-playground: N passed, N failed"; exit status 1 when any check failed.
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/serve-lib.sh
trap serve_stop_all EXIT
chromium=${CHROMIUM:-chromium}
need check-playground.sh "chromium curl python3" "$chromium" curl python3
binary=$(serve_binary)
samples=("$@")
[ ${#samples[@]} -gt 0 ] || samples=(coffee.png rocket.jpg)

serve_origin Samples
serve_start "$binary" --allow-loopback
echo "check-playground: server $server_url, origin $origin_url"

passed=0
failed=0
check() { # check NAME COMMAND…: runs COMMAND, counts and reports it.
    local name=$1
    shift
    if "$@"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "check-playground: FAILED: $name" >&2
    fi
}

expected_csp="default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; connect-src 'self';\
 form-action 'none'; frame-ancestors 'none'; base-uri 'none'"
csp=$(curl -sS -o /dev/null -D - --max-time 10 "$server_url/" | tr -d '\r' |
    sed -n 's/^[Cc]ontent-[Ss]ecurity-[Pp]olicy: //p')
check "GET / has the contract's Content-Security-Policy (got: $csp)" test "$csp" = "$expected_csp"
for asset in playground.js playground.css openapi.json; do
    check "GET /$asset is 200" test "$(curl -sS -o /dev/null -w '%{http_code}' --max-time 10 "$server_url/$asset")" = 200
done

# The options the page sends with its form's defaults (playground.html), in its order.
options="quality=high&scheme=faithful&min-contrast=3&title-rule=brightness&palette=8&frames=first"
options+="&placeholder=both&appearance=both"
profile="$serve_scratch/chromium"
# The oracle environment's Python has Pillow (Tests/Oracles/make-venv.sh), for the screenshot's
# pixels; without it those checks are skipped and say so.
python=python3
[ -x .build-venv/bin/python ] && python=.build-venv/bin/python
for sample in "${samples[@]}"; do
    url="$origin_url/$sample"
    encoded=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "$url")
    json="$serve_scratch/${sample}.json"
    cli="$serve_scratch/${sample}.cli.json"
    dom="$serve_scratch/${sample}.html"
    curl -sS --max-time 60 -o "$json" "$server_url/v1/colors?url=$encoded&$options"
    "$binary" analyze --format json --allow-loopback --quality high --scheme faithful --min-contrast 3 \
        --title-rule brightness --palette 8 --frames first --placeholder both --appearance both "$url" >"$cli"
    started=$SECONDS
    timeout 90 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$profile" \
        --virtual-time-budget=30000 --dump-dom "$server_url/?url=$encoded" >"$dom" 2>"$serve_scratch/chromium.log" ||
        true
    echo "check-playground: $sample: page rendered in $((SECONDS - started)) s"
    shot="$serve_scratch/${sample}.png"
    timeout 90 "$chromium" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$profile" \
        --hide-scrollbars --force-color-profile=srgb --force-device-scale-factor=1 --window-size=1280,2000 \
        --virtual-time-budget=30000 --screenshot="$shot" "$server_url/?url=$encoded" >/dev/null 2>&1 || true
    if [ -n "${SCREENSHOT:-}" ] && [ "$sample" = "${samples[0]}" ]; then cp "$shot" "$SCREENSHOT"; fi
    report=$("$python" Scripts/playground_dom.py "$dom" "$json" "$cli" "$shot") && status=0 || status=$?
    echo "$report" | sed "s|^|check-playground: $sample: |"
    passed=$((passed + $(grep -c '^ok ' <<<"$report" || true)))
    failed=$((failed + $(grep -c '^FAILED ' <<<"$report" || true)))
    [ "$status" -le 1 ] || failed=$((failed + 1))
done

# The README's service example (section "The service"), as written but for the port and the cache's folder.
serve_flags=$(grep -m1 '^imagecolors serve ' README.md | sed 's/^imagecolors serve //')
curl_line=$(grep -m1 '^curl -s --data-binary @Samples/coffee.png ' README.md)
readme_json=$(grep -m1 '^{"analyzed".*"source":"Samples/coffee.png"' README.md | sed 's|"source":"Samples/coffee.png"|"source":"upload"|')
check "the README has the service example" test -n "$serve_flags" -a -n "$curl_line" -a -n "$readme_json"
# shellcheck disable=SC2086 # the README's flags, split as a shell splits them
serve_start "$binary" $(sed -e 's/--port [0-9]*//' -e "s|--cache |--cache $serve_scratch/|" <<<"$serve_flags")
readme_answer=$(bash -c "${curl_line//http:\/\/127.0.0.1:8080/$server_url}")
# Byte for byte but for memory.accountedPeak, which the README says differs for bytes in memory.
without_peak() { sed -E 's/"accountedPeak":[0-9]+/"accountedPeak":N/' <<<"$1"; }
check "the README's curl prints the README's JSON line with source upload (got: ${readme_answer:0:200})" \
    test "$(without_peak "$readme_answer")" = "$(without_peak "$readme_json")"
echo "check-playground: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
