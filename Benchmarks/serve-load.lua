-- wrk's script for Benchmarks/serve-load.sh: GET /v1/colors over the Samples, round robin.
-- Environment (set by serve-load.sh):
--   LOAD_URLS    the origin's sample URLs, percent-encoded, separated by spaces;
--   LOAD_UNIQUE  1: each request names another URL (the sample with "?n=THREAD-COUNT"), so no
--                request is a cache hit or joins another's single flight: every one is a download
--                and an analysis;
--   LOAD_LIMIT   answers per wrk thread, after which the thread stops and writes the file
--                LOAD_DONE_DIR/THREAD (wrk itself runs until -d or SIGINT: serve-load.sh sends
--                SIGINT once every thread's file is there; 0: no limit);
--   LOAD_QUERY   options appended to each request ("&quality=high"), may be empty.
-- done() prints one line, "load: requests=… seconds=… p50_ms=… p99_ms=… errors=… statuses=200:N,…".

local threads = {}
local urls = {}
for url in string.gmatch(os.getenv("LOAD_URLS") or "", "%S+") do
    urls[#urls + 1] = url
end
local unique = os.getenv("LOAD_UNIQUE") == "1"
local limit = tonumber(os.getenv("LOAD_LIMIT") or "0") or 0
local query = os.getenv("LOAD_QUERY") or ""
local done_dir = os.getenv("LOAD_DONE_DIR") or "."
local counter = 0
local answered = 0
statuses = {}

function setup(thread)
    thread:set("id", #threads + 1)
    threads[#threads + 1] = thread
end

function request()
    counter = counter + 1
    local url = urls[(counter - 1) % #urls + 1]
    if unique then
        url = url .. "%3Fn%3D" .. id .. "-" .. counter
    end
    return wrk.format("GET", "/v1/colors?url=" .. url .. query)
end

function response(status, headers, body)
    local key = tostring(status)
    statuses[key] = (statuses[key] or 0) + 1
    answered = answered + 1
    if limit > 0 and answered == limit then
        local marker = io.open(done_dir .. "/" .. id, "w")
        if marker then
            marker:close()
        end
        wrk.thread:stop()
    end
end

function done(summary, latency, requests)
    local counts = {}
    for _, thread in ipairs(threads) do
        for status, count in pairs(thread:get("statuses") or {}) do
            counts[status] = (counts[status] or 0) + count
        end
    end
    local parts = {}
    for status, count in pairs(counts) do
        parts[#parts + 1] = status .. ":" .. count
    end
    table.sort(parts)
    local errors = summary.errors
    io.write(string.format(
        "load: requests=%d seconds=%.3f p50_ms=%.3f p99_ms=%.3f errors=%d statuses=%s\n",
        summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
        errors.connect + errors.read + errors.write + errors.timeout, table.concat(parts, ",")))
end
