#!/usr/bin/python3
"""The GPU bundle's real run.sh, here, against stand-ins (gpu_bundle_fakes.py) for what only the GPU machine has:
the steps in plan.py's order of value, the run within its budget, every step's outcome in the summary ("ok",
"FAILED (...)" or "not run: reason"), finished rows kept when a step hangs, crashes or runs out of time, at most 8
files back, and the bundle's libraries given to its own executables only, never to Python or compute-sanitizer."""

import os
import subprocess
import sys
import unittest

from gpu_bundle_run import DEVICE_POLICIES, ORDER, ROOT, SYSTEM_LIBS, BundleRun, plan


class Bundle(BundleRun):
    def test_every_step_runs_in_order_and_only_the_bundles_executables_get_its_libraries(self):
        rc, _, summary, files, events, stdout = self.run_bundle()
        self.assertEqual(rc, 0, stdout)
        self.assertEqual(set(summary.values()), {"ok"})
        self.assertEqual(files, sorted(["summary.txt", "run.log", "device_checks.log", "h200.json", "gpu_1e8.jsonl",
                                        "gpu_1e9.jsonl", "work_sweep.json", "seed.jsonl"]))
        self.assertLessEqual(len(files), 8)  # the device tool sends back at most 8 files
        self.assertEqual([r["results"][0]["policy"] for r in self.jsonl("gpu_1e9.jsonl")], DEVICE_POLICIES)
        bundle_libs = os.path.join(self.bundle, "lib")
        for name, ld, args in events:
            mine = name.startswith("policybench")
            self.assertEqual(bundle_libs in ld, mine, f"{name} {args}: LD_LIBRARY_PATH={ld}")
            self.assertIn(SYSTEM_LIBS, ld, name)
        self.assertIn("compute-sanitizer", [name for name, _, _ in events])
        with open(os.path.join(self.out, "device_checks.log")) as f:
            log = f.read()
        for name, args in plan.STEP_ARGS[1:3]:  # each sanitizer unheld, at its own sizes
            self.assertIn(f"hold off: 1 max: {args}", log, name)
        self.assertEqual(sum(name == "python" for name, _, _ in events), 1 + 3 + 1)  # numpy check, seed rows, ratios

    def test_a_row_that_hangs_keeps_the_rows_before_it_and_the_steps_after_it_run(self):
        _, _, summary, _, _, stdout = self.run_bundle(limits={"gpu_1e9": 5}, env={"FAKE_HANG": "cuda::kernel"})
        self.assertTrue(summary["gpu_1e9"].startswith("FAILED (over its 5 s limit"), summary)
        self.assertEqual([r["results"][0]["policy"] for r in self.jsonl("gpu_1e9.jsonl")],
                         DEVICE_POLICIES[:DEVICE_POLICIES.index("cuda::kernel")])
        self.assertEqual(summary["seed"], "ok")
        self.assertEqual(summary["ratios"], "FAILED (exit 1)", stdout)  # it ran, and the cut rows' goals are unmet
        with open(os.path.join(self.out, "summary.txt")) as f:
            self.assertIn("cuda::kernel_grid_stride kernel / D2D copy at 1e+09", f.read())

    def test_a_row_that_crashes_leaves_no_half_report_and_the_next_rows_run(self):
        rc, _, summary, _, _, _ = self.run_bundle(env={"FAKE_CRASH": "cub::DeviceTransform"})
        self.assertEqual(rc, 1)
        self.assertEqual(summary["gpu_1e8"], "FAILED (exit 1)")
        self.assertEqual(len(self.jsonl("gpu_1e8.jsonl")), len(DEVICE_POLICIES) - 1)

    def test_the_device_rows_are_those_policybench_lists(self):
        # A new registry row reaches every device step without an edit to run.sh.
        rc, _, _, _, _, stdout = self.run_bundle(env={"FAKE_DEVICE_ROW": "my::new_policy + a wrapper"})
        self.assertEqual(rc, 0, stdout)
        for jsonl in ("gpu_1e8.jsonl", "gpu_1e9.jsonl"):
            self.assertEqual([r["results"][0]["policy"] for r in self.jsonl(jsonl)],
                             DEVICE_POLICIES + ["my::new_policy + a wrapper"])

    def test_a_step_over_the_deadline_is_cut_and_what_follows_is_not_run(self):
        rc, seconds, summary, files, _, _ = self.run_bundle(budget=30, env={"FAKE_SLOW": "1"})
        self.assertEqual(rc, 1)
        self.assertTrue(summary["default"].startswith("FAILED (over its"), summary)
        for name in ORDER[ORDER.index("default") + 1:]:
            self.assertEqual(summary[name], "not run: no time left in the 30 s budget")
        self.assertNotIn("h200.json", files)
        self.assertGreaterEqual(seconds, 30 - 15 - 1)  # the step had the time left to the deadline

    def test_missing_tools_are_reported_and_the_rest_runs(self):
        rc, _, summary, _, _, _ = self.run_bundle(fakes={"driver": False, "sanitizer": False},
                                                  env={"FAKE_NO_NUMPY": "1"})
        self.assertEqual(rc, 1)
        for name in ("device_tests", "memcheck", "racecheck", "gpu_1e8", "gpu_1e9"):
            self.assertEqual(summary[name], "not run: CUDA driver (libcuda.so.1 not in the loader's cache)")
        self.assertTrue(summary["seed"].startswith("not run: NumPy for "))
        self.assertEqual(summary["default"], "ok")
        rc, _, summary, _, _, _ = self.run_bundle(fakes={"sanitizer": False})
        self.assertEqual(summary["memcheck"], "not run: compute-sanitizer (not on PATH nor in /nonexistent)")
        self.assertEqual(summary["gpu_1e9"], "ok")

    def test_seed_rows_without_a_usable_gpu_module_are_unavailable_and_the_step_passes(self):
        for modules in ("missing", "broken"):
            with self.subTest(modules=modules):
                _, _, summary, _, _, _ = self.run_bundle(fakes={"gpu_modules": modules})
                self.assertEqual(summary["seed"], "ok")
                rows = [r for report in self.jsonl("seed.jsonl") for r in report["results"]]
                self.assertEqual([r["status"] for r in rows], ["unavailable"] * 3)
                self.assertIn("refuses it when it compiles at the first call: KeyError", rows[0]["reason"])


class Plan(unittest.TestCase):
    def test_the_plan_fits_its_budget_and_a_smaller_budget_is_refused(self):
        script = os.path.join(ROOT, "scripts", "gpu-check", "plan.py")
        rows = ["6", "16"]  # a GPU build lists 6 device and 15 host rows today: one more must still fit
        fits = subprocess.run([sys.executable, script, *rows], capture_output=True, text=True)
        self.assertEqual(fits.returncode, 0, fits.stderr)
        lines = [line.split("\t") for line in fits.stdout.splitlines()]
        self.assertEqual(lines[0], ["budget", str(plan.BUDGET_S)])
        self.assertEqual([line[0] for line in lines[1:]], ORDER)
        self.assertLessEqual(sum(int(line[2]) for line in lines[1:]) + plan.MARGIN_S, plan.BUDGET_S)
        smaller = subprocess.run([sys.executable, script, *rows, "--budget", "300"], capture_output=True)
        self.assertEqual(smaller.returncode, 1)


if __name__ == "__main__":
    unittest.main()
