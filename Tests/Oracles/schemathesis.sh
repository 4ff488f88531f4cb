#!/usr/bin/env bash
# schemathesis (PyPI, in the oracle environment .build-venv: Tests/Oracles/make-venv.sh) against a
# live `imagecolors serve` and the /openapi.json it serves (issue 38). The server runs on
# 127.0.0.1 (--port 0) with --allow-loopback and --allowed-sources limited to a static origin that
# serves Samples/ on another loopback port; half of the generated `url` values are those samples
# (a schemathesis dictionary), so results are checked as well as errors. Checks: no 5xx
# (not_a_server_error), every status, content type, required header and body as the document says
# (status_code_conformance, content_type_conformance, response_headers_conformance,
# response_schema_conformance). Phases: examples, coverage, fuzzing (positive and negative data).
# Bounded: at most MAX_EXAMPLES cases per operation (default 40), MAX_TIME seconds for the run
# (default 120; killed 60 s past it), and the server and the origin are stopped on exit.
# Usage: Tests/Oracles/schemathesis.sh   Env: IMAGECOLORS_BIN (default .build/debug/imagecolors),
#        MAX_EXAMPLES, MAX_TIME, SEED (default 38, for a reproducible run), REPORT_DIR (keeps the
#        JUnit and NDJSON reports there).
# Ends with "schemathesis: N passed, N failed" (operations); exit status 1 when any failed.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Scripts/serve-lib.sh
trap serve_stop_all EXIT
venv=.build-venv
[ -x "$venv/bin/schemathesis" ] || {
    echo "schemathesis.sh needs schemathesis in $venv: run Tests/Oracles/make-venv.sh" >&2
    exit 2
}
need schemathesis.sh "python3 curl" python3 curl
binary=$(serve_binary)
max_examples=${MAX_EXAMPLES:-40}
max_time=${MAX_TIME:-120}
report_dir=${REPORT_DIR:-$serve_scratch/report}
mkdir -p "$report_dir"

serve_origin Samples
serve_start "$binary" --allow-loopback --allowed-sources "$origin_url/" --timeout 10 --decode-timeout 10
echo "schemathesis: server $server_url, origin $origin_url"

# The served document must be the committed one.
curl -sS --max-time 10 "$server_url/openapi.json" -o "$serve_scratch/served.json"
cmp -s "$serve_scratch/served.json" Sources/ImageColorsServer/Resources/openapi.json || {
    echo "schemathesis: FAILED: /openapi.json is not Sources/ImageColorsServer/Resources/openapi.json" >&2
    exit 1
}

samples=$(find Samples -maxdepth 1 -type f \( -name '*.png' -o -name '*.jpg' \) -printf '"%f",' |
    sed "s|\"\\([^\"]*\\)\"|\"$origin_url/\\1\"|g; s/,\$//")
config="$serve_scratch/schemathesis.toml"
cat >"$config" <<EOF
[dictionaries.samples]
values = [$samples]

[parameters]
"query.url" = { dictionary = "samples", probability = 0.5 }
EOF

started=$SECONDS
status=0
schemathesis=$(realpath "$venv/bin/schemathesis")
report_dir=$(realpath "$report_dir")
# From the scratch folder: schemathesis keeps its cache (.schemathesis/) in the working directory.
(cd "$serve_scratch" && timeout $((max_time + 60)) "$schemathesis" --config-file "$config" run "$server_url/openapi.json" \
    --url "$server_url" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
    --phases examples,coverage,fuzzing --max-examples "$max_examples" --max-time "$max_time" \
    --request-timeout 60 --workers 1 --seed "${SEED:-38}" --suppress-health-check too_slow,filter_too_much \
    --report junit,ndjson --report-junit-path "$report_dir/junit.xml" \
    --report-ndjson-path "$report_dir/events.ndjson") || status=$?
echo "schemathesis: ran $((SECONDS - started)) s, exit status $status"

# Operations passed and failed, from the JUnit report (one test case per operation).
read -r passed failed < <(python3 - "$report_dir/junit.xml" <<'EOF'
import sys
import xml.etree.ElementTree as ET
cases = list(ET.parse(sys.argv[1]).getroot().iter("testcase"))
bad = sum(1 for case in cases if case.find("failure") is not None or case.find("error") is not None)
print(len(cases) - bad, bad)
EOF
) || { passed=0; failed=1; }
[ "$status" -eq 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "schemathesis: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
