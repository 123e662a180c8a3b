"""The GPU performance goals as ratios read from policybench JSON reports (the default run at 10^7, and GPU-only runs
at 10^8 and 10^9, where the data is well beyond the H200's 60 MB L2). Usage: gpu_ratios.py REPORT.json...
Prints one line per ratio with its goal; exit status 1 when a goal is not met or a figure is missing."""

import json
import sys

# (what, goal, policy or None for the best GPU row, figure): kernel figures against the device-to-device copy.
GOALS = [
    ("best GPU kernel / D2D copy", 1.02, None, "kernel_median_s"),
    ("cuda::kernel_grid_stride kernel / D2D copy", 1.05, "cuda::kernel_grid_stride", "kernel_median_s"),
    ("thrust::device host-synchronous / D2D copy", 1.11, "thrust::device", "median_s"),
]


def ratios(report):
    size = report["environment"]["config"]["size"]
    copy_s = report["environment"]["ceilings"].get("device_copy_median_s")
    rows = [r for r in report["results"] if r["device"] == "device" and r["status"] == "ok"]
    for what, goal, policy, figure in GOALS:
        candidates = [r for r in rows if r.get(figure) and (policy is None or r["policy"] == policy)]
        best = min(candidates, key=lambda r: r[figure], default=None)
        value = best[figure] / copy_s if best and copy_s else None
        yield f"{what} at {size:.0e}" + (f" ({best['policy']})" if best and policy is None else ""), value, goal


def main(paths):
    unmet = 0
    for path in paths:
        try:
            with open(path) as f:
                report = json.load(f)
        except (OSError, ValueError) as e:
            print(f"{path}: not read ({e})")
            unmet += 1
            continue
        if report["environment"]["config"]["size"] < 10**8:
            continue  # 10^7 float64 is under 4x the L2: no GPU goal there
        for name, value, goal in ratios(report):
            met = value is not None and value <= goal
            unmet += not met
            shown = "not measured" if value is None else f"{value:8.3f}"
            print(f"{name:<66} {shown}   goal <= {goal:<5} {'met' if met else 'NOT MET'}")
    return 1 if unmet else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
