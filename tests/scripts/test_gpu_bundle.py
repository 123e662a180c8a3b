#!/usr/bin/python3
"""The GPU bundle's real run.sh, here, against stand-ins (gpu_bundle_fakes.py) for what only the GPU machine has:
the steps in plan.py's order of value, the run within its budget, every step's outcome in the summary ("ok",
"FAILED (...)" or "not run: reason"), finished rows kept when a step hangs, crashes or runs out of time ("cut at N of
M"), at most 8 files back, a second try of named steps merged with the first run's files, the driver found as the
CUDA runtime finds it, and the bundle's libraries given to its own executables only, never to Python or
compute-sanitizer."""

import os
import shutil
import subprocess
import tempfile
import sys
import unittest

from gpu_bundle_run import DEVICE_POLICIES, ORDER, ROOT, SYSTEM_LIBS, BundleRun, plan


FILES = sorted(["summary.txt", "run.log", "device_checks.log", "h200.jsonl", "gpu_1e8.jsonl", "gpu_1e9.jsonl",
                "work_sweep.jsonl", "seed.jsonl"])
NO_DRIVER = "not run: a usable CUDA device: cudaErrorInsufficientDriver: CUDA driver version is insufficient"


class Bundle(BundleRun):
    def test_every_step_runs_in_order_and_only_the_bundles_executables_get_its_libraries(self):
        rc, _, summary, files, events, stdout = self.run_bundle()
        self.assertEqual(rc, 0, stdout)
        self.assertEqual(set(summary.values()), {"ok"})
        self.assertEqual(files, FILES)  # the device tool sends back at most 8 files
        self.assertEqual([r["results"][0]["policy"] for r in self.jsonl("gpu_1e9.jsonl")], DEVICE_POLICIES)
        self.assertEqual([len(r["results"]) for r in self.jsonl("h200.jsonl")], [2] + [2] * len(DEVICE_POLICIES))
        self.assertEqual([r["sweep"]["series"][0]["work"] for r in self.jsonl("work_sweep.jsonl")], [1, 4, 16, 64])
        bundle_libs = os.path.join(self.bundle, "lib")
        for name, ld, args in events:
            mine = name.startswith("policybench")
            self.assertEqual(bundle_libs in ld, mine, f"{name} {args}: LD_LIBRARY_PATH={ld}")
            self.assertIn(SYSTEM_LIBS, ld, name)
        with open(os.path.join(self.out, "device_checks.log")) as f:
            log = f.read()
        for name, args in plan.STEP_ARGS[1:3]:  # each sanitizer unheld, at its own sizes, on its doctest filter
            self.assertIn(f"hold off: 1 max: {args.split()[0]} args: {plan.SANITIZED_TYPES}", log, name)
        self.assertEqual(sum(name == "python" for name, _, _ in events), 1 + 3 + 1)  # numpy check, seed rows, ratios
        with open(os.path.join(self.out, "summary.txt")) as f:
            text = f.read()
        self.assertIn("offload crossover (end to end from pinned memory) over 4 K points: from K = 16", text)
        self.assertIn("best GPU kernel / D2D copy at 1e+09 (cub::DeviceTransform)", text)  # not the ceiling row
        gpu_rows = [r for report in self.jsonl("seed.jsonl") for r in report["results"] if r["device"] == "device"]
        self.assertEqual([r["status"] for r in gpu_rows], ["ok", "ok"])
        for r in gpu_rows:  # the stand-in CuPy has no RawKernel to hold the stream with: each row says so
            self.assertIn("kernel time: CUDA events WITHOUT a stream hold, Python's dispatch included (no hold: "
                          "AttributeError", r["backend"])

    def test_the_driver_is_found_through_ld_library_path_alone(self):
        # The loader's cache (the fake ldconfig) has no libcuda.so.1: the runtime finds the driver all the same.
        _, _, summary, _, _, _ = self.run_bundle()
        for name in ("device_tests", "memcheck", "racecheck", "gpu_1e8", "gpu_1e9", "work_sweep"):
            self.assertEqual(summary[name], "ok")

    def test_a_step_killed_at_its_limit_keeps_its_rows_and_says_where_it_was_cut(self):
        rc, _, summary, _, _, _ = self.run_bundle(limits={"gpu_1e9": 5, "work_sweep": 5},
                                                  env={"FAKE_HANG": "cuda::kernel", "FAKE_HANG_WORK": "16"})
        self.assertEqual(rc, 1)
        cut = DEVICE_POLICIES.index("cuda::kernel")
        self.assertEqual(summary["gpu_1e9"], f"FAILED (over its 5 s limit, cut at {cut} of 6 rows; what it wrote is "
                                             "kept)")
        self.assertEqual([r["results"][0]["policy"] for r in self.jsonl("gpu_1e9.jsonl")], DEVICE_POLICIES[:cut])
        self.assertTrue(summary["work_sweep"].startswith("FAILED (over its 5 s limit, cut at 2 of 4 rows"), summary)
        self.assertEqual([r["sweep"]["series"][0]["work"] for r in self.jsonl("work_sweep.jsonl")], [1, 4])
        self.assertEqual(summary["seed"], "ok")
        self.assertEqual(summary["ratios"], "FAILED (exit 1)")  # it ran, and the cut rows' goals are unmet
        with open(os.path.join(self.out, "summary.txt")) as f:
            self.assertIn("cuda::kernel_grid_stride kernel / D2D copy at 1e+09", f.read())

    def test_a_rerun_of_the_failed_steps_writes_only_those_and_merges_with_the_first_run(self):
        self.run_bundle(limits={"gpu_1e9": 5}, env={"FAKE_HANG": "cuda::kernel"})
        first = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, first)
        shutil.copytree(self.out, first, dirs_exist_ok=True)
        with open(os.path.join(first, "gpu_1e8.jsonl")) as f:
            first_1e8 = f.read()
        steps = plan.rerun_steps(os.path.join(first, "summary.txt"))
        self.assertEqual(steps, {"gpu_1e9", "ratios"})
        rc, _, summary, files, events, stdout = self.run_bundle(steps=sorted(steps), previous=first)
        self.assertEqual(rc, 0, stdout)
        self.assertEqual(files, FILES)
        self.assertEqual((summary["gpu_1e9"], summary["ratios"]), ("ok", "ok"))
        self.assertEqual(summary["default"], "ok")  # the first run's line, kept
        measured = [args for name, _, args in events
                    if name == "policybench" and args != "--list-policies --format json"]
        self.assertTrue(measured and all("--size 1G" in args for args in measured), measured)
        self.assertEqual(len(self.jsonl("gpu_1e9.jsonl")), len(DEVICE_POLICIES))
        with open(os.path.join(self.out, "gpu_1e8.jsonl")) as f:
            self.assertEqual(f.read(), first_1e8)
        bad = subprocess.run(["bash", os.path.join(self.bundle, "run.sh"), "gpu_1e10"], capture_output=True, text=True)
        self.assertEqual((bad.returncode, bad.stderr.count("\n")), (2, 1), bad.stderr)

    def test_a_row_that_crashes_leaves_no_half_report_and_the_next_rows_run(self):
        rc, _, summary, _, _, _ = self.run_bundle(env={"FAKE_CRASH": "cub::DeviceTransform"})
        self.assertEqual(rc, 1)
        self.assertEqual(summary["gpu_1e8"], "FAILED (exit 1, 5 of 6 rows written)")
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
        self.assertIn("cut at 0 of 7 rows", summary["default"])
        for name in ORDER[ORDER.index("default") + 1:]:
            self.assertEqual(summary[name], "not run: no time left in the 30 s budget")
        self.assertNotIn("h200.jsonl", files)
        self.assertGreaterEqual(seconds, 30 - 15 - 1)  # the step had the time left to the deadline

    def test_missing_tools_are_reported_and_the_rest_runs(self):
        rc, _, summary, _, _, _ = self.run_bundle(fakes={"driver": False, "sanitizer": False},
                                                  env={"FAKE_NO_NUMPY": "1"})
        self.assertEqual(rc, 1)
        for name in ("device_tests", "memcheck", "racecheck", "gpu_1e8", "gpu_1e9", "work_sweep"):
            self.assertTrue(summary[name].startswith(NO_DRIVER), summary[name])
        self.assertTrue(summary["seed"].startswith("not run: NumPy for "))
        self.assertEqual(summary["default"], "ok")
        rc, _, summary, _, _, _ = self.run_bundle(fakes={"sanitizer": False})
        self.assertEqual(summary["memcheck"], "not run: compute-sanitizer (not on PATH nor in /nonexistent)")
        self.assertEqual(summary["gpu_1e9"], "ok")

    def test_an_unavailable_seed_gpu_row_fails_the_step_only_where_policybench_has_a_device(self):
        for modules, driver, verdict in (("missing", False, "ok"), ("broken", False, "ok"),
                                         ("missing", True, "FAILED (exit 1, 3 of 3 rows written)")):
            with self.subTest(modules=modules, driver=driver):
                _, _, summary, _, _, _ = self.run_bundle(fakes={"gpu_modules": modules, "driver": driver})
                self.assertEqual(summary["seed"], verdict)
                rows = [r for report in self.jsonl("seed.jsonl") for r in report["results"]]
                self.assertEqual([r["status"] for r in rows], ["unavailable"] * 3)
                self.assertIn("refuses it when it compiles at the first call: KeyError", rows[0]["reason"])


if __name__ == "__main__":
    unittest.main()
