#!/usr/bin/python3
"""scripts/interval_coverage.py on synthetic reports: a median inside or outside the other run's interval counts as
covered or not, every ordered pair counts, --one-thread keeps only one-thread backends, under 6 calls the samples'
range is the interval, rows without either are left out, bad input (one report, a non-report, a row twice) is one
error line with exit status 2, and --help fits 120 columns."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "interval_coverage.py")


def row(policy, median, half_width, backend="oneTBB"):
    low, high = (None, None) if half_width is None else (median - half_width, median + half_width)
    return dict(policy=policy, role="policy", device="host", backend=backend, status="ok", type="float64",
                size=1000, threads=2, work=1, median_s=median, median_ci_low_s=low, median_ci_high_s=high)


class IntervalCoverage(unittest.TestCase):
    def run_script(self, *reports, args=()):
        with tempfile.TemporaryDirectory() as d:
            paths = []
            for i, content in enumerate(reports):
                paths.append(os.path.join(d, f"{i}.json"))
                with open(paths[-1], "w") as f:
                    f.write(content if isinstance(content, str) else json.dumps({"results": content}))
            done = subprocess.run([sys.executable, SCRIPT, *paths, *args], text=True, capture_output=True)
        return done.returncode, done.stdout, done.stderr

    def test_each_ordered_pair_counts_inside_and_outside(self):
        # loop: 1.00 +- 0.05 and 1.04 +- 0.01: 1.04 lies in [0.95, 1.05], 1.00 not in [1.03, 1.05]: 1 of 2.
        # std::par: the same interval twice: 2 of 2.
        a = [row("loop", 1.00, 0.05), row("std::par", 0.5, 0.01)]
        b = [row("loop", 1.04, 0.01), row("std::par", 0.5, 0.01)]
        code, out, err = self.run_script(a, b)
        self.assertEqual((code, err), (0, ""))
        self.assertTrue(out.startswith("covered 3 of 4 (row, pair) cases = 75%"), out)
        self.assertIn("loop (policy): 1/2", out)

    def test_one_thread_rows_and_rows_without_an_interval(self):
        a = [row("loop", 1.0, 0.1, "plain for loop (1 thread)"), row("std::par", 0.5, 0.01),
             row("std::seq", 1.0, None, "libstdc++ (sequential)")]
        b = [row("loop", 2.0, 0.1, "plain for loop (1 thread)"), row("std::par", 0.5, 0.01),
             row("std::seq", 1.0, None, "libstdc++ (sequential)")]
        code, out, _ = self.run_script(a, b, args=("--one-thread",))
        self.assertEqual(code, 0)
        self.assertTrue(out.startswith("covered 0 of 2 (row, pair) cases = 0%"), out)
        self.assertIn("2 rows without an interval left out", out)
        self.assertNotIn("std::par", out)
        # Under 6 calls the table prints the samples' range: 1.0 lies in [0.9, 1.2], 1.1 in [0.95, 1.05] not.
        a[2]["samples_s"], b[2]["samples_s"], b[2]["median_s"] = [0.95, 1.0, 1.05], [0.9, 1.1, 1.2], 1.1
        code, out, _ = self.run_script(a, b, args=("--one-thread",))
        self.assertIn("std::seq (policy): 1/2", out)
        self.assertIn("0 rows without an interval", out)

    def test_bad_input_is_one_line_and_exit_2(self):
        good = [row("loop", 1.0, 0.1)]
        for reports in ([good], [good, "not json"], [good, [row("loop", 1, 0.1), row("loop", 1, 0.1)]],
                        [good, [{"policy": "loop", "status": "ok", "size": "big"}]],
                        [good, [row("std::par", 1.0, 0.1)]], [good, [dict(row("loop", 1, None), samples_s=["x"])]]):
            code, out, err = self.run_script(*reports)
            self.assertEqual(code, 2, reports)
            self.assertEqual(out, "")
            self.assertEqual(len(err.strip().splitlines()), 1, err)
            self.assertNotIn("Traceback", err)

    def test_help_fits_120_columns(self):
        out = subprocess.run([sys.executable, SCRIPT, "--help"], capture_output=True, text=True, check=True).stdout
        self.assertEqual([line for line in out.splitlines() if len(line) > 120], [])


if __name__ == "__main__":
    unittest.main()
