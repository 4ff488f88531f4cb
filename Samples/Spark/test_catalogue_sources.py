"""How the catalogue lists its sources, names them to the CLI and joins its lines back (no Spark).

Run: .build-venv-spark/bin/python -m unittest Samples/Spark/test_catalogue_sources.py
(Samples/Spark/test-catalogue.sh runs it first).
"""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from catalogue import cli_line, list_sources  # noqa: E402
from catalogue_rows import join_partition  # noqa: E402


class ListTests(unittest.TestCase):
    def test_a_file_reads_as_the_cli_reads_input_lists(self):
        # Given lines with spaces around, a blank line, a comment and a repeat,
        # then sources are trimmed, the blank and the comment skipped, the repeat dropped and counted.
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            handle.write("  a.png \n\n# a comment\nhttps://example.com/b.jpg\na.png\n")
        self.addCleanup(os.unlink, handle.name)
        self.assertEqual(list_sources(handle.name), (["a.png", "https://example.com/b.jpg"], 1))

    def test_a_folder_is_listed_recursively_sorted_without_hidden_names(self):
        # Given a folder with a subfolder, a hidden file and a hidden folder,
        # then its files are listed depth first, sorted, the hidden ones left out.
        with tempfile.TemporaryDirectory() as folder:
            for name in ("b.png", "a.png", "sub/c.png", ".DS_Store", ".cache/d.png"):
                os.makedirs(os.path.dirname(os.path.join(folder, name)), exist_ok=True)
                open(os.path.join(folder, name), "w").close()
            sources, repeats = list_sources(folder)
        expected = [os.path.join(folder, name) for name in ("a.png", "b.png", "sub/c.png")]
        self.assertEqual((sources, repeats), (expected, 0))


class LineTests(unittest.TestCase):
    def test_urls_stay_as_they_are(self):
        self.assertEqual(cli_line("https://example.com/a b.jpg"), "https://example.com/a b.jpg")

    def test_paths_become_absolute_so_no_name_reads_as_a_comment_or_a_flag(self):
        for name in ("#cover.png", "-cover.png", " cover.png"):
            self.assertEqual(cli_line(name), os.path.join(os.getcwd(), name))

    def test_names_no_line_can_hold_are_refused(self):
        for name in ("cover.png ", "two\nlines.png", "bad\udcff.png"):
            self.assertIsNone(cli_line(name), name)


def result(source):
    return json.dumps({"source": source, "format": "png", "width": 4, "height": 3, "background": "#000000"})


class JoinTests(unittest.TestCase):
    def test_two_names_of_one_file_each_get_the_row(self):
        rows, strays = join_partition([("/a.png", ["a.png", "./a.png"])], [result("/a.png")], ())
        self.assertEqual([(row[0], row[1], row[-2]) for row in rows], [("a.png", "png", None), ("./a.png", "png", None)])
        self.assertEqual(strays, 0)

    def test_a_source_the_cli_never_answered_is_a_no_output_row(self):
        # Given a CLI that stopped after its first line, then the second source is `no-output`.
        rows, _ = join_partition([("/a.png", ["/a.png"]), ("/b.png", ["/b.png"])], [result("/a.png")], ())
        self.assertEqual([row[-2] for row in rows], [None, "no-output"])

    def test_lines_naming_no_source_are_counted(self):
        # Given a line for another source and a line that is not JSON, then both count as strays.
        rows, strays = join_partition([("/a.png", ["/a.png"])], [result("/z.png"), "Segmentation fault"], ())
        self.assertEqual(([row[-2] for row in rows], strays), (["no-output"], 2))

    def test_a_failure_line_is_an_error_row(self):
        line = json.dumps({"source": "/a.png", "error": {"code": "file-not-found", "message": "no such file"}})
        rows, _ = join_partition([("/a.png", ["a.png"])], [line], ())
        self.assertEqual(rows[0][-2:], ("file-not-found", "no such file"))
        self.assertEqual(set(rows[0][1:-2]), {None})


if __name__ == "__main__":
    unittest.main()
