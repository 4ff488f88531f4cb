"""The --via-service client's answers to a busy, refusing, short or absent server (no Spark).

A scripted server on 127.0.0.1 answers each request with the next planned status; a 200 echoes
one NDJSON line per URL of the body. Run: .build-venv-spark/bin/python -m unittest
Samples/Spark/test_catalogue_service.py (Samples/Spark/test-catalogue.sh runs it first).
"""

import http.server
import json
import os
import socket
import sys
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from catalogue_service import BatchClient, query_from_flags  # noqa: E402


class ScriptedServer:
    """Answers the i-th request with plan[i] (the last entry repeats): 200, 200-short, or a status."""

    def __init__(self, plan):
        self.plan, self.requests = plan, []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                urls = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                owner.requests.append((self.path, urls))
                step = owner.plan[min(len(owner.requests), len(owner.plan)) - 1]
                if step.startswith("200"):
                    kept = urls[:1] if step == "200-short" else urls
                    body = "".join(json.dumps({"source": url, "format": "png", "background": "#000000"}) + "\n"
                                   for url in kept).encode()  # fmt: skip
                    self.send_response(200)
                else:
                    code = "busy" if step == "429" else "invalid-option"
                    body = json.dumps({"error": {"code": code, "message": f"planned {step}"}}).encode()
                    self.send_response(int(step))
                    self.send_header("Retry-After", "0")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class BatchClientTests(unittest.TestCase):
    def run_client(self, plan, urls, **options):
        server = ScriptedServer(plan)
        self.addCleanup(server.close)
        client = BatchClient([server.url], [("quality", "low")], (), **options)
        return list(client.rows(0, urls)), server.requests

    def test_busy_twice_then_answered(self):
        # Given a server busy for two requests, when a batch is posted, then the third try answers it.
        rows, requests = self.run_client(["429", "429", "200"], ["http://a/1", "http://a/2"], attempts=4)
        self.assertEqual([row[0] for row in rows], ["http://a/1", "http://a/2"])
        self.assertEqual([row[-2] for row in rows], [None, None])
        self.assertEqual(len(requests), 3)
        self.assertTrue(requests[0][0].endswith("/v1/colors/batch?quality=low"))

    def test_always_busy_gives_up(self):
        # Given a server that stays busy, when a batch is posted, then each URL is a `busy` row
        # after exactly `attempts` tries.
        started = time.monotonic()
        rows, requests = self.run_client(["429"], ["http://a/1", "http://a/2"], attempts=3)
        self.assertEqual([row[-2] for row in rows], ["busy", "busy"])
        self.assertIn("gave up after 3 tries", rows[0][-1])
        self.assertEqual(len(requests), 3)
        self.assertLess(time.monotonic() - started, 10)

    def test_refusal_is_not_retried(self):
        # Given a 400, when a batch is posted, then its code is every row's and it is not retried.
        rows, requests = self.run_client(["400"], ["http://a/1"], attempts=3)
        self.assertEqual(rows[0][-2], "invalid-option")
        self.assertEqual(len(requests), 1)

    def test_short_answer(self):
        # Given an answer with fewer lines than URLs, then the missing ones are `no-output` rows.
        rows, _ = self.run_client(["200-short"], ["http://a/1", "http://a/2"])
        self.assertEqual([row[-2] for row in rows], [None, "no-output"])

    def test_batches_keep_order(self):
        # Given five URLs and batches of two, then three requests are made and rows keep the order.
        urls = [f"http://a/{index}" for index in range(5)]
        rows, requests = self.run_client(["200"], urls, batch_size=2)
        self.assertEqual([row[0] for row in rows], urls)
        self.assertEqual([len(body) for _, body in requests], [2, 2, 1])

    def test_unreachable(self):
        # Given no server on the port, then each URL is a `service-unreachable` row after the tries.
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        client = BatchClient([f"http://127.0.0.1:{port}"], [], (), attempts=2, timeout=5)
        rows = list(client.rows(0, ["http://a/1"]))
        self.assertEqual(rows[0][-2], "service-unreachable")

    def test_a_fleet_retries_on_the_next_server(self):
        # Given a fleet whose first server is gone, when a batch is posted, then the retry goes to
        # the second server, which answers it.
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        server = ScriptedServer(["200"])
        self.addCleanup(server.close)
        client = BatchClient([f"http://127.0.0.1:{port}", server.url], [], (), attempts=2, timeout=5)
        rows = list(client.rows(0, ["http://a/1"]))
        self.assertEqual((rows[0][-2], len(server.requests)), (None, 1))


class QueryTests(unittest.TestCase):
    def test_flags_become_parameters(self):
        pairs = query_from_flags(["--quality", "low", "--placeholder=both"])
        self.assertEqual(pairs, [("quality", "low"), ("placeholder", "both")])

    def test_flag_the_service_does_not_take(self):
        with self.assertRaisesRegex(ValueError, "--memory-budget"):
            query_from_flags(["--memory-budget", "30MB"])


if __name__ == "__main__":
    unittest.main()
