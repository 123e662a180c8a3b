#!/usr/bin/env python3
"""The GPU check's results on one screen: a table of every row of policybench (and seed_compare.py) reports, then the
GPU performance goals as ratios at 10^8 and 10^9 elements (beyond the H200's 60 MB L2). Usage: gpu_ratios.py FILE...
where FILE is a JSON report or a .jsonl of reports, one a line (run.sh writes one per row). Missing files are named;
exit status 1 when a goal is not met or a figure is missing, 2 (one line) for a file that is not such reports."""

import json
import sys

# (what, goal, policy or None for the best GPU row, figure): against the device-to-device copy of the same bytes.
GOALS = [
    ("best GPU kernel / D2D copy", 1.02, None, "kernel_median_s"),
    ("cuda::kernel_grid_stride kernel / D2D copy", 1.05, "cuda::kernel_grid_stride", "kernel_median_s"),
    ("thrust::device host-synchronous / D2D copy", 1.11, "thrust::device", "median_s"),
]


class BadReport(Exception):
    """A file that is not policybench reports; str() says where and why, for one line after the file's name."""


def number_or_null(value):
    return value is None or isinstance(value, (int, float)) and not isinstance(value, bool)


def checked(report, where):
    """The report, when it holds what this script reads: environment.config and environment.ceilings objects, a
    results list of rows with a policy, device and status each, and numbers or null where it reads figures (a size
    sweep's config.size is null)."""
    env = report.get("environment") if isinstance(report, dict) else None
    if not isinstance(report, dict) or not isinstance(report.get("results"), list):
        raise BadReport(f"{where}not a policybench report (needs a 'results' list)")
    if not isinstance(env, dict) or not all(isinstance(env.get(f), dict) for f in ("config", "ceilings")):
        raise BadReport(f"{where}no 'environment' with its 'config' and 'ceilings'")
    if not number_or_null(env["config"].get("size")) or not number_or_null(env["ceilings"].get("device_copy_median_s")):
        raise BadReport(f"{where}environment: config.size or ceilings.device_copy_median_s is not a number")
    for i, r in enumerate(report["results"]):
        if not isinstance(r, dict) or not all(isinstance(r.get(f), str) for f in ("policy", "device", "status")) or \
                not all(number_or_null(r.get(f)) for f in ("median_s", "kernel_median_s", "pct_of_ceiling")):
            raise BadReport(f"{where}results[{i}] is not a row with a policy, device and status, and numbers or "
                            "null for its times")
    return report


def reports(path):
    """The reports in `path`: one for .json, one a line for .jsonl (a cut line, from a killed writer, is skipped)."""
    with open(path) as f:
        if not path.endswith(".jsonl"):
            try:
                return [checked(json.load(f), "")]
            except ValueError as e:
                raise BadReport(f"not JSON ({e})") from None
        out = []
        for number, line in enumerate(f, 1):
            try:
                report = json.loads(line)
            except ValueError:
                print(f"{path}: a line that is not JSON, skipped")
                continue
            out.append(checked(report, f"line {number}: "))
        return out


def shown(value, scale=1.0, digits=3):
    return "-" if value is None else f"{value * scale:.{digits}g}"


def table(path, rows):
    print(f"\n{path}: {len(rows)} rows")
    print(f"{'policy':<62} {'status':<11} {'host ms':>9} {'kernel ms':>9} {'% ceiling':>9}  why not")
    for report, r in rows:
        print(f"{r['policy']:<62} {r['status']:<11} {shown(r.get('median_s'), 1e3):>9} "
              f"{shown(r.get('kernel_median_s'), 1e3):>9} {shown(r.get('pct_of_ceiling')):>9}  {r.get('reason') or ''}")


def ratios(size, rows):
    """One (name, value or None, goal) per goal; each policy row set against its own report's D2D copy."""
    ok = [(rep, r) for rep, r in rows
          if r["device"] == "device" and r["status"] == "ok" and r.get("role", "policy") == "policy"]
    for what, goal, policy, figure in GOALS:
        values = []
        for report, r in ok:
            copy_s = report["environment"]["ceilings"].get("device_copy_median_s")
            if r.get(figure) and copy_s and (policy is None or r["policy"] == policy):
                values.append((r[figure] / copy_s, r["policy"]))
        best = min(values, default=None)
        name = f"{what} at {size:.0e}" + (f" ({best[1]})" if best and policy is None else "")
        yield name, best[0] if best else None, goal


def offload_crossover(reports):
    """THE offload crossover over one-point work sweeps (run.sh's work_sweep.jsonl): each point's report says whether
    the device, end to end from pinned memory, beat the best host policy at its K; as in sweep.hpp, the crossover
    is the smallest K from which it won at every larger K measured. (K, points measured): K None when it never did."""
    won = sorted((rep["sweep"]["series"][0]["work"], c["from_work"] is not None) for rep in reports
                 for c in [(rep.get("crossovers") or {}).get("gpu_vs_cpu_end_to_end_pinned")]
                 if c and c["points_compared"])
    k = None
    for work, device_won in reversed(won):
        if not device_won:
            break
        k = work
    return k, len(won)


def main(paths):
    unmet = 0
    for path in paths:
        try:
            read = reports(path)
        except OSError as e:  # a step that wrote nothing: named, and its goals unmet
            print(f"\n{path}: not read ({e.strerror or e})")
            unmet += 1
            continue
        except (BadReport, UnicodeDecodeError) as e:
            print(f"gpu_ratios: error: {path}: {e}", file=sys.stderr)
            return 2
        rows = [(rep, r) for rep in read for r in rep["results"]]
        table(path, rows)
        sweeps = [rep for rep in read if (rep.get("sweep") or {}).get("kind") == "work"]
        if sweeps:
            k, points = offload_crossover(sweeps)
            print(f"offload crossover (end to end from pinned memory) over {points} K points: "
                  f"{'from K = ' + str(k) if k else 'not in this range'}")
        size = rows[0][0]["environment"]["config"].get("size") if rows else 0
        if size is None:
            print("no goals checked: a size sweep (config.size null); they are for single runs at 10^8 and 10^9")
            continue
        if size < 10**8 or "policybench_version" not in rows[0][0]["environment"]:
            continue  # 10^7 float64 is under 4x the L2, and the seed rows have no goal
        for name, value, goal in ratios(size, rows):
            met = value is not None and value <= goal
            unmet += not met
            print(f"{name:<66} {shown(value, 1, 4):>8}   goal <= {goal:<5} {'met' if met else 'NOT MET'}")
    return 1 if unmet else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
