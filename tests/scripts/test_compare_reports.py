#!/usr/bin/python3
"""scripts/compare_reports.py on synthetic reports: a real 10% shift is SLOWER, identical samples are SAME, a
significant shift below the minimum effect is SAME, so is a p of exactly --alpha, --fail-on-slower sets the exit
status, bad input is one line, every point of a thread or work sweep is its own row, ceiling rows are not policies,
--help says everything, and it runs under python3 -I and PYTHONSAFEPATH=1 (its sibling module found without the
script's folder on sys.path)."""

import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "compare_reports.py")


def samples(scale, seed, n=30):
    """n durations around `scale` seconds with 1% noise, the same shape for every seed (only the noise differs)."""
    rng = random.Random(seed)
    return [scale * (1 + 0.01 * rng.gauss(0, 1)) for _ in range(n)]


def report(rows):
    return {"results": [dict(policy=p, status="ok", type="float64", size=1000, samples_s=s) for p, s in rows.items()]}


class CompareReports(unittest.TestCase):
    def run_script(self, a, b, *args, python=(sys.executable,), **popen):
        with tempfile.TemporaryDirectory() as d:
            paths = []
            for name, content in (("a.json", a), ("b.json", b)):
                paths.append(os.path.join(d, name))
                with open(paths[-1], "w") as f:
                    f.write(content if isinstance(content, str) else json.dumps(content))
            done = subprocess.run([*python, SCRIPT, *paths, *args], text=True, stderr=subprocess.PIPE,
                                  **{"stdout": subprocess.PIPE, **popen})
        return done.returncode, done.stdout, done.stderr

    def verdicts(self, out):
        return {line.split()[0]: line.split()[9] for line in out.splitlines()[1:] if "only in" not in line}

    def test_a_real_ten_percent_shift_is_slower_and_faster_the_other_way(self):
        a = report({"loop": samples(1e-3, 1)})
        b = report({"loop": samples(1.1e-3, 2)})
        code, out, _ = self.run_script(a, b)
        self.assertEqual(code, 0)
        self.assertEqual(self.verdicts(out), {"loop": "SLOWER"})
        self.assertEqual(self.verdicts(self.run_script(b, a)[1]), {"loop": "FASTER"})

    def test_identical_samples_are_same(self):
        a = report({"loop": samples(1e-3, 1), "std::par": samples(5e-4, 3)})
        code, out, _ = self.run_script(a, a, "--fail-on-slower", "0")
        self.assertEqual(code, 0)
        self.assertEqual(self.verdicts(out), {"loop": "SAME", "std::par": "SAME"})

    def test_p_exactly_alpha_is_same(self):
        # Three calls each, wholly apart: the exact two-sided p is 2 / C(6, 3) = 0.1, and only p < --alpha counts.
        a, b = report({"loop": [1e-3, 1.1e-3, 1.2e-3]}), report({"loop": [2e-3, 2.1e-3, 2.2e-3]})
        self.assertEqual(self.verdicts(self.run_script(a, b, "--alpha", "0.1")[1]), {"loop": "SAME"})
        self.assertEqual(self.verdicts(self.run_script(a, b, "--alpha", "0.11")[1]), {"loop": "SLOWER"})

    def test_a_significant_shift_below_the_minimum_effect_is_same(self):
        # 1% slower with 0.1% noise: p is tiny, but 1% < the default 2% minimum effect.
        a = report({"loop": [1e-3 * (1 + 0.001 * random.Random(4).gauss(0, 1)) for _ in range(30)]})
        b = report({"loop": [1.01e-3 * (1 + 0.001 * random.Random(5).gauss(0, 1)) for _ in range(30)]})
        self.assertEqual(self.verdicts(self.run_script(a, b)[1]), {"loop": "SAME"})
        self.assertEqual(self.verdicts(self.run_script(a, b, "--min-effect", "0.5")[1]), {"loop": "SLOWER"})

    def test_fail_on_slower_exits_1_only_beyond_its_threshold(self):
        a = report({"loop": samples(1e-3, 1)})
        b = report({"loop": samples(1.1e-3, 2)})
        code, _, err = self.run_script(a, b, "--fail-on-slower", "5")
        self.assertEqual(code, 1)
        self.assertIn("loop", err)
        self.assertEqual(self.run_script(a, b, "--fail-on-slower", "20")[0], 0)

    def test_fail_on_slower_ignores_a_difference_that_is_not_significant(self):
        # Medians 25% apart, samples interleaved: p far above --alpha, so SAME, and no regression whatever its size.
        a, b = report({"loop": [1e-3, 2e-3, 3e-3]}), report({"loop": [1.5e-3, 2.5e-3, 3.5e-3]})
        code, out, err = self.run_script(a, b, "--fail-on-slower", "5")
        self.assertEqual(self.verdicts(out), {"loop": "SAME"})
        self.assertEqual((code, err), (0, ""))

    def test_rows_in_one_report_only_are_listed(self):
        a = report({"loop": samples(1e-3, 1), "thrust::omp": samples(1e-3, 6)})
        b = report({"loop": samples(1e-3, 7)})
        code, out, _ = self.run_script(a, b)
        self.assertEqual(code, 0)
        self.assertRegex(out, r"thrust::omp .* only in .*a\.json")

    def test_every_point_of_a_thread_or_a_work_sweep_is_compared(self):
        for field in ("threads", "work"):
            a, b = ({"results": [dict(policy=p, status="ok", type="float64", size=1000, samples_s=samples(t, seed),
                                      **{field: n}) for p in ("loop", "std::par") for n, t in ((1, 1e-3), (2, 5e-4))]}
                    for seed in (1, 2))
            code, out, _ = self.run_script(a, b)
            self.assertEqual(code, 0)
            rows = [line.split() for line in out.splitlines()[1:]]
            self.assertEqual(len(rows), 4, out)
            column = 3 if field == "threads" else 4
            self.assertEqual(sorted((r[0], r[column]) for r in rows),
                             [("loop", "1"), ("loop", "2"), ("std::par", "1"), ("std::par", "2")])

    def test_ceiling_rows_are_not_compared_as_policies(self):
        a = report({"loop": samples(1e-3, 1)})
        a["results"].append({"policy": "host in-place ceiling", "role": "ceiling", "status": "ok", "size": 1000})
        code, out, err = self.run_script(a, a)
        self.assertEqual(code, 0, err)
        self.assertEqual(self.verdicts(out), {"loop": "SAME"})
        self.assertNotIn("ceiling", out.split("\n", 1)[1])

    def test_help_ends_with_the_exit_status(self):
        done = subprocess.run([sys.executable, SCRIPT, "--help"], capture_output=True, text=True)
        self.assertEqual(done.returncode, 0)
        self.assertIn("2 for bad input.", done.stdout)
        self.assertIn("threads and K", done.stdout)

    def test_runs_with_the_scripts_folder_off_sys_path(self):
        good = report({"loop": samples(1e-3, 1)})
        for python, env in (((sys.executable, "-I"), None), ((sys.executable,), {**os.environ, "PYTHONSAFEPATH": "1"})):
            code, out, err = self.run_script(good, good, python=python, env=env)
            self.assertEqual((code, err), (0, ""))
            self.assertEqual(self.verdicts(out), {"loop": "SAME"})

    def test_bad_input_is_one_line_and_exit_2(self):
        good = report({"loop": samples(1e-3, 1)})
        no_samples = {"results": [{"policy": "loop", "status": "ok", "size": 1000, "median_s": 1e-3}]}
        for a, b, args, message in ((good, "{not json", [], "not JSON"), (good, no_samples, [], "no samples_s"),
                                    (good, {"results": 3}, [], "not a policybench report"),
                                    (good, report({"other": samples(1e-3, 1)}), [], "no row ran in both"),
                                    (good, good, ["--alpha", "2"], "between 0 and 1"),
                                    (good, good, ["--fail-on-slower", "-1"], ">= 0")):
            code, out, err = self.run_script(a, b, *args)
            self.assertEqual(code, 2, message)
            self.assertEqual(len(err.strip().splitlines()), 1, err)
            self.assertIn(message, err)

    @unittest.skipUnless(os.path.exists("/dev/full"), "no /dev/full")
    def test_a_full_or_closed_standard_output_is_one_line_and_exit_1(self):
        good = report({"loop": samples(1e-3, 1)})
        with open("/dev/full", "w") as full:
            for popen, message in (({"stdout": full}, "No space left on device"),
                                   ({"preexec_fn": lambda: os.close(1)}, "standard output is closed")):
                code, _, err = self.run_script(good, good, **popen)
                self.assertEqual(code, 1, err)
                self.assertEqual(len(err.strip().splitlines()), 1, err)
                self.assertIn(f"cannot write standard output: {message}", err)


if __name__ == "__main__":
    unittest.main()
