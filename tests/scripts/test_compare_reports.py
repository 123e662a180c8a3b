#!/usr/bin/python3
"""scripts/compare_reports.py on synthetic reports: a real 10% shift is SLOWER, identical samples are SAME, a
significant shift below the minimum effect is SAME, so is a p of exactly --alpha, --fail-on-slower sets the exit
status, bad input is one line, every point of a thread or work sweep is its own row, ceiling rows are not policies,
rows of no known role are named where they are left out, --side-by-side tags every report's rows with its file
within 120 columns (a duration in its whole unit, CI % the interval's full width), file names escaped, --help says
everything, and it runs under python3 -I and PYTHONSAFEPATH=1 (its sibling module found without the script's folder
on sys.path)."""

import json
import os
import random
import re
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
        return {line.split()[0]: line.split()[9] for line in out.splitlines()[1:]
                if "only in" not in line and "left out" not in line}

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

    def test_each_workloads_row_is_compared_with_the_same_workloads(self):
        # One policy under two workloads: two rows, each compared with its own workload's (a report without the
        # field is the increment's); merged under one name they would be "two rows loop" or compare triad with poly.
        a = report({"loop": samples(1e-3, 1)})
        a["results"] += [dict(a["results"][0], workload=w, samples_s=samples(s, 5)) for w, s in (("triad", 2e-3),
                                                                                                   ("poly", 4e-3))]
        b = json.loads(json.dumps(a))
        b["results"][0]["workload"] = "increment"
        b["results"][2]["samples_s"] = samples(4.4e-3, 6)
        code, out, err = self.run_script(a, b)
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(self.verdicts(out), {"loop": "SAME", "triad/loop": "SAME", "poly/loop": "SLOWER"})

    def test_ceiling_rows_are_not_compared_as_policies(self):
        a = report({"loop": samples(1e-3, 1)})
        a["results"].append({"policy": "host in-place ceiling", "role": "ceiling", "status": "ok", "size": 1000})
        code, out, err = self.run_script(a, a)
        self.assertEqual(code, 0, err)
        self.assertEqual(self.verdicts(out), {"loop": "SAME"})
        self.assertNotIn("ceiling", out.split("\n", 1)[1])

    def test_rows_of_no_known_role_are_named_not_dropped_silently(self):
        a = report({"loop": samples(1e-3, 1), "roof": samples(1e-3, 2), "std::par": samples(1e-3, 3)})
        a["results"][1]["role"], a["results"][2]["role"] = "roofline", None
        code, out, err = self.run_script(a, a)
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(self.verdicts(out), {"loop": "SAME"})
        self.assertRegex(out, r'\nroof \(role "roofline", neither policy nor ceiling\) left out of .*a\.json\n')
        self.assertRegex(out, r"\nstd::par \(role null, neither policy nor ceiling\) left out of .*b\.json\n")
        code, _, err = self.run_script(a, report({"other": samples(1e-3, 1)}))
        self.assertEqual(code, 2)
        self.assertRegex(err, r"^compare_reports: error: no row ran in both .*; roof \(role \"roofline\", neither "
                              r"policy nor ceiling\) left out of .*a\.json; std::par \(role null, .*\n$")

    def side_by_side(self, reports, *args):
        """--side-by-side on {file name: report} written in a scratch folder; (exit status, stdout, stderr)."""
        with tempfile.TemporaryDirectory() as d:
            for name, content in reports.items():
                with open(os.path.join(d, name), "w") as f:
                    f.write(content if isinstance(content, str) else json.dumps(content))
            done = subprocess.run([sys.executable, SCRIPT, "--side-by-side", *reports, *args], cwd=d,
                                  capture_output=True, text=True)
        return done.returncode, done.stdout, done.stderr

    def test_side_by_side_tags_each_row_with_its_file(self):
        a = report({"loop": samples(1e-3, 1), "std::par": samples(5e-4, 2)})
        b = report({"loop": samples(2e-3, 3)})
        b["results"][0]["median_s"] = 2e-3
        b["results"].append({"policy": "cupy a += 1", "status": "unavailable", "reason": "no GPU", "size": 1000})
        code, out, err = self.side_by_side({"a.json": a, "b.json": b})
        self.assertEqual((code, err), (0, ""))
        lines = out.splitlines()
        self.assertEqual(lines[:2], ["[1] a.json", "[2] b.json"])
        tagged = [line.split()[:2] for line in lines if line.startswith("[") and "float64" in line]
        self.assertEqual(tagged, [["[1]", "loop"], ["[1]", "std::par"], ["[2]", "loop"]])
        self.assertIn("[2] cupy a += 1: unavailable: no GPU", lines)
        self.assertRegex(out, r"\n\[2\] +loop +- +float64 +1000 .* 2 ms ")  # its own median, in its own unit

    def test_side_by_side_escapes_control_characters_in_file_names(self):
        name = "a\nb\x1b\udcff.json"  # a newline, an escape and a byte that is not UTF-8
        code, out, err = self.side_by_side({name: report({"loop": samples(1e-3, 1)})})
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(out.splitlines()[0], "[1] a\\nb\\x1b\\xff.json")
        self.assertFalse(any(line.startswith("b") for line in out.splitlines()))
        code, _, err = self.side_by_side({"good.json": report({}), name: "{not json"})
        self.assertEqual(code, 2)
        self.assertRegex(err, r"^compare_reports: error: a\\nb\\x1b\\xff\.json: not JSON .*\n$")

    def test_side_by_side_fits_120_columns(self):
        long_name = "thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments " + "x" * 130
        rows = {long_name: samples(123.456, 1), "loop": samples(1e-9, 2)}
        wide = {"results": [dict(policy=p, device="device", status="ok", type="float64", size=10**12, threads=192,
                                 work=1024, cold_s=s[0], median_s=s[1], gb_per_s=4321.5, kernel_median_s=s[2])
                            for p, s in rows.items()]}
        code, out, err = self.side_by_side({"w" * 150 + ".json": wide, "b.json": wide})
        self.assertEqual((code, err), (0, ""))
        self.assertLessEqual(max(len(line) for line in out.splitlines()), 120, out)
        policy = "".join(line[5:].split("  ")[0] for line in out.splitlines() if re.match(r"(\[\d\]| {3})  \S", line))
        self.assertIn(long_name.replace(" ", ""), policy.replace(" ", ""))  # the whole name, wrapped, not cut

    def test_side_by_side_refuses_a_tests_option_and_compare_two_reports_only(self):
        good = report({"loop": samples(1e-3, 1)})
        code, _, err = self.side_by_side({"a.json": good}, "--fail-on-slower", "5")
        self.assertEqual((code, err), (2, "compare_reports: error: --fail-on-slower: a test's option, not one of "
                                          "--side-by-side's\n"))
        code, _, err = self.run_script(good, good, "extra.json")
        self.assertEqual(code, 2)
        self.assertIn("two reports to compare, A.json and B.json, not 3", err)

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

    def test_side_by_side_cells_a_whole_unit_and_the_intervals_full_width(self):
        # A median of exactly 1 ms is "1 ms", not "1000 us"; CI % is (high - low) / median: (1.03 - 0.99) / 1 = 4.0.
        a = report({"loop": samples(1e-3, 1)})
        a["results"][0].update(median_s=1e-3, median_ci_low_s=0.99e-3, median_ci_high_s=1.03e-3)
        code, out, err = self.side_by_side({"a.json": a})
        self.assertEqual((code, err), (0, ""))
        self.assertRegex(out, r"\n\[1\] +loop +- +float64 +1000 +- +- +- +1 ms +4\.0 ")


if __name__ == "__main__":
    unittest.main()
