#!/usr/bin/python3
"""The GPU check's plans (scripts/gpu-check/plan.py): every step in run.sh's order with a budget that holds its limits,
the plan of named steps and of what a first run's summary says failed, and both device calls (the first run and a
re-run of its two longest steps) within the session's device time, a machine start each."""

import os
import subprocess
import sys
import tempfile
import unittest

from gpu_bundle_run import ORDER, ROOT, plan


class Plan(unittest.TestCase):
    def run_plan(self, *args):
        script = os.path.join(ROOT, "scripts", "gpu-check", "plan.py")
        return subprocess.run([sys.executable, script, "6", "16", *args], capture_output=True, text=True)

    def test_the_plan_names_every_step_in_order_and_its_budget_holds_the_limits(self):
        # A GPU build lists 6 device and 15 host rows today: one more must still fit.
        fits = self.run_plan()
        self.assertEqual(fits.returncode, 0, fits.stderr)
        lines = [line.split("\t") for line in fits.stdout.splitlines()]
        self.assertEqual([line[0] for line in lines[2:]], ORDER)
        self.assertEqual(int(lines[0][1]), sum(int(line[2]) for line in lines[2:]) + plan.MARGIN_S)
        some = self.run_plan("--steps", "gpu_1e9,ratios")
        self.assertEqual([line.split("\t")[0] for line in some.stdout.splitlines()[2:]], ["gpu_1e9", "ratios"])
        self.assertEqual(self.run_plan("--steps", "gpu_1e10").returncode, 2)

    def test_a_rerun_plan_holds_what_failed_was_cut_had_no_time_or_no_device_and_the_ratios(self):
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as summary:
            summary.write("NVIDIA H200\n\nstep           result    seconds\n" + "".join(
                f"{name:<14} {verdict:<60} 3\n" for name, verdict in [
                    ("device_tests", "ok"), ("memcheck", "not run: compute-sanitizer (not on PATH)"),
                    ("gpu_1e8", "not run: a usable CUDA device: cudaErrorNoDevice: no CUDA-capable device"),
                    ("default", "FAILED (exit 1, 6 of 7 rows written)"),
                    ("gpu_1e9", "FAILED (over its 30 s limit, cut at 4 of 6 rows; what it wrote is kept)"),
                    ("seed", "not run: no time left in the 394 s budget"), ("ratios", "FAILED (exit 1)")]))
            summary.flush()
            rerun = self.run_plan("--rerun", summary.name)
        self.assertEqual([line.split("\t")[0] for line in rerun.stdout.splitlines()[2:]],
                         ["default", "gpu_1e8", "gpu_1e9", "seed", "ratios"])

    def test_both_tries_fit_the_device_time_with_a_machine_start_each(self):
        tries = self.run_plan("--two-tries")
        self.assertEqual(tries.returncode, 0, tries.stdout)
        self.assertIn("first run: every step", tries.stdout)
        self.assertIn("re-run: ", tries.stdout)
        self.assertIn(f"of {plan.DEVICE_S}", tries.stdout)



if __name__ == "__main__":
    unittest.main()
