"""`--via-service`: a partition's URLs posted in batches to a running `imagecolors serve` fleet.

`POST /v1/colors/batch` takes a JSON array of at most `--max-batch` (100) URLs and answers NDJSON,
one line per URL in input order: the CLI's JSON. Options are query parameters named as the CLI's
flags (Sources/ImageColorsServer/Resources/openapi.json). A 429 (busy) or a connection failure is
retried with exponential backoff, honouring Retry-After, a bounded number of times, each retry on
the fleet's next server; a batch still refused becomes error rows, never a failed task.
"""

import json
import time
import urllib.error
import urllib.parse
import urllib.request

from catalogue_rows import NO_OUTPUT, SERVICE_UNREACHABLE, error_row, printed_source, row_from_line

# The analyze flags the batch route takes, as query parameters of the same names (openapi.json).
SERVICE_OPTIONS = (
    "quality", "scheme", "min-contrast", "appearance", "placeholder",
    "palette", "title-rule", "title-region", "backdrop", "frames",
)  # fmt: skip


def query_from_flags(flags):
    """The batch route's query parameters for the analyze `flags`, as (name, value) pairs.

    Raises ValueError naming a flag the service does not take (its own limits, such as
    `--memory-budget`, are the server's flags) or a flag without a value.
    """
    pairs, index = [], 0
    while index < len(flags):
        flag = flags[index]
        name, _, value = flag[2:].partition("=") if flag.startswith("--") else (flag, "", "")
        if name not in SERVICE_OPTIONS:
            raise ValueError(f"{flag}: the service takes only --{', --'.join(SERVICE_OPTIONS)}")
        if not value:
            index += 1
            if index >= len(flags):
                raise ValueError(f"{flag} needs a value")
            value = flags[index]
        pairs.append((name, value))
        index += 1
    return pairs


class BatchClient:
    """Posts batches to the fleet at `base_urls` (each `http://host:port`, no trailing slash).

    - batch_size: URLs per request, at most the server's `--max-batch` (default 100).
    - attempts: tries per batch on 429 or a connection failure (default 6); backoff starts at
      0.5 s, doubles, and is capped at 10 s, or follows Retry-After (capped at 30 s).
    - timeout: seconds one request may take, its whole answer included (default 300).
    """

    def __init__(self, base_urls, query, kinds, batch_size=100, attempts=6, timeout=300.0):
        self.base_urls, self.query, self.kinds = list(base_urls), list(query), kinds
        self.batch_size, self.attempts, self.timeout = batch_size, attempts, timeout

    def rows(self, index, sources):
        """The rows of one partition (number `index`) of sources, in order."""
        batch, server = [], index % len(self.base_urls)
        for source in sources:
            batch.append(source)
            if len(batch) == self.batch_size:
                server = yield from self._batch_rows(batch, server)
                batch = []
        if batch:
            yield from self._batch_rows(batch, server)

    def _batch_rows(self, batch, server):
        lines, failure, server = self._post(batch, server)
        if failure is not None:
            code, message = failure
            for source in batch:
                yield error_row(source, code, message, self.kinds)
            return server
        for position, source in enumerate(batch):
            if position >= len(lines):
                message = f"the service's answer ended after {len(lines)} of {len(batch)} lines"
                yield error_row(source, NO_OUTPUT, message, self.kinds)
            elif printed_source(lines[position]) not in (None, source):
                message = f"line {position + 1} of the answer names {printed_source(lines[position])!r}"
                yield error_row(source, NO_OUTPUT, message, self.kinds)
            else:
                yield row_from_line(source, lines[position], self.kinds)
        return server

    def _post(self, batch, server):
        """(lines, None, server) on 200; ([], (code, message), server) when refused for good."""
        body = json.dumps(batch).encode()
        delay, last = 0.5, None
        for attempt in range(self.attempts):
            url = f"{self.base_urls[server]}/v1/colors/batch?{urllib.parse.urlencode(self.query)}"
            request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
            try:
                with urllib.request.urlopen(request, timeout=self.timeout) as response:
                    text = response.read().decode("utf-8", errors="replace")
                    return [line for line in text.split("\n") if line.strip()], None, server
            except urllib.error.HTTPError as error:
                code, message = _error_body(error)
                last = (code, f"{url}: HTTP {error.code}: {message}")
                if error.code not in (429, 502, 503, 504):
                    return [], last, server
                wait = _retry_after(error.headers.get("Retry-After"), delay)
            except (urllib.error.URLError, OSError) as error:
                last = (SERVICE_UNREACHABLE, f"{url}: {getattr(error, 'reason', error)}")
                wait = delay
            if attempt + 1 < self.attempts:
                time.sleep(wait)
                delay = min(delay * 2, 10.0)
                server = (server + 1) % len(self.base_urls)
        code, message = last
        return [], (code, f"{message} (gave up after {self.attempts} tries)"), server


def _error_body(error):
    """The code and message of the service's `{"error": {"code", "message"}}` body."""
    try:
        details = json.loads(error.read().decode("utf-8", errors="replace"))["error"]
        return str(details["code"]), str(details["message"])
    except (ValueError, KeyError, TypeError, OSError):
        return f"http-{error.code}", str(error.reason)


def _retry_after(header, fallback):
    try:
        return min(max(float(header), 0.0), 30.0)
    except (TypeError, ValueError):
        return fallback
