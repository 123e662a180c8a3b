#!/usr/bin/python3
"""scripts/gpu-check/gpu_ratios.py on synthetic reports: the offload crossover is the smallest K from which the device
won at every larger K (not its first win), a goal met exactly is met, and JSON true is not a time."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

SCRIPT = os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "gpu-check", "gpu_ratios.py")
ENVIRONMENT = {"policybench_version": "test", "config": {"size": 10**8}, "ceilings": {"device_copy_median_s": 1.0}}


def work_point(work, device_won):
    """A one-point work sweep's report, as run.sh writes one a line of work_sweep.jsonl."""
    return {"environment": {**ENVIRONMENT, "config": {"size": 1000}}, "results": [],
            "sweep": {"kind": "work", "series": [{"work": work}]},
            "crossovers": {"gpu_vs_cpu_end_to_end_pinned": {"points_compared": 1,
                                                            "from_work": work if device_won else None}}}


def device_row(policy, kernel_s, median_s, role="policy"):
    return {"policy": policy, "device": "device", "role": role, "status": "ok", "kernel_median_s": kernel_s,
            "median_s": median_s}


class GpuRatios(unittest.TestCase):
    def run_script(self, name, lines):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, name)
            with open(path, "w") as f:
                f.write("".join(json.dumps(line) + "\n" for line in lines))
            done = subprocess.run([sys.executable, SCRIPT, path], capture_output=True, text=True)
        return done.returncode, done.stdout, done.stderr

    def test_the_offload_crossover_is_where_the_device_wins_at_every_larger_k(self):
        # Won at 4, lost at 16, won from 64 on: the crossover is 64, not 4.
        points = [work_point(1, False), work_point(4, True), work_point(16, False), work_point(64, True),
                  work_point(256, True)]
        code, out, err = self.run_script("work_sweep.jsonl", points)
        self.assertEqual(code, 0, err)
        self.assertIn("offload crossover (end to end from pinned memory) over 5 K points: from K = 64", out)

    def test_a_goal_met_exactly_is_met_and_ceiling_rows_are_not_policies(self):
        # Each ratio is the goal itself (over a 1 s copy); the ceiling row, twice as fast, is not a policy.
        report = {"environment": ENVIRONMENT,
                  "results": [device_row("cub::DeviceTransform", 1.02, 2.0),
                              device_row("cuda::kernel_grid_stride", 1.05, 2.0),
                              device_row("thrust::device", 2.0, 1.11),
                              device_row("device in place", 0.5, 0.5, role="ceiling")]}
        code, out, err = self.run_script("gpu.json", [report])
        self.assertEqual(code, 0, out + err)
        self.assertEqual(out.count(" met"), 3, out)
        self.assertIn("best GPU kernel / D2D copy at 1e+08 (cub::DeviceTransform)", out)

    def test_json_true_is_not_a_time(self):
        report = {"environment": ENVIRONMENT, "results": [device_row("cuda::kernel", True, 1.0)]}
        code, out, err = self.run_script("r.json", [report])
        self.assertEqual((code, out), (2, ""))
        self.assertTrue(err.startswith("gpu_ratios: error: "), err)
        self.assertEqual(len(err.splitlines()), 1, err)
        self.assertIn("results[0] is not a row with a policy, device and status, and numbers or null", err)


if __name__ == "__main__":
    unittest.main()
