#!/usr/bin/python3
"""Plots policybench JSON reports: GB/s per policy against the copy ceilings, time versus size with crossovers,
thread scaling, cold versus warm, and MPI rank scaling (scripts/mpi_scaling.sh's merged report). Rows of several reports are merged (e.g. the C++ run and the Python seed's rows
in the same schema); a figure the rows cannot make is skipped with one line saying why."""
import argparse
import errno
import json
import os
import sys

GB = "GB/s (10^9 bytes/s)"
STDOUT_FAILED = []  # set once standard output could not be written: the figures are still made, then exit status 1


def fail(message):
    print(f"plot.py: error: {message}", file=sys.stderr)
    sys.exit(2)


def load(path):
    """One report as (environment, rows, sweep, crossovers); exits 2 on a missing file, bad JSON or schema."""
    try:
        with open(path, encoding="utf-8") as f:
            report = json.load(f)
    except OSError as e:
        fail(f"{path}: {e.strerror}")
    except ValueError as e:
        fail(f"{path}: not JSON ({e})")
    rows = report.get("results") if isinstance(report, dict) else None
    if not isinstance(rows, list) or not isinstance(report.get("environment"), dict) or not all(
            isinstance(r, dict) and {"policy", "device", "status", "size", "median_s"} <= r.keys() for r in rows):
        fail(f"{path}: not a policybench report (needs 'environment' and 'results' rows with policy, device, "
             "status, size, median_s)")
    return report["environment"], [r for r in rows if r["status"] == "ok"], report.get("sweep"), report.get(
        "crossovers")


def number(row, field):
    value = row.get(field)
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def show(path):
    """Prints a written file's path. A full or closed standard output is one error line (exit status 1 once the
    figures are made); a closed pipe (| head) quietly drops the remaining paths."""
    if STDOUT_FAILED:
        return
    try:
        if sys.stdout is None:  # started with standard output closed (>&-)
            raise OSError(errno.EBADF, "standard output is closed")
        print(path, flush=True)
        return
    except BrokenPipeError:
        STDOUT_FAILED.append(False)
    except OSError as e:
        print(f"plot.py: error: cannot write standard output: {e.strerror or e}", file=sys.stderr)
        STDOUT_FAILED.append(True)
    if sys.stdout is not None:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the flush at exit has nothing to say


def machine(environments):
    """'AMD EPYC, NVIDIA H200' from the first report that names them."""
    cpu = next((e.get("host", {}).get("cpu_model") for e in environments if e.get("host", {}).get("cpu_model")), "")
    gpus = [e.get("device", {}) for e in environments]
    gpu = next((d.get("name") for d in gpus if d.get("available") and d.get("name")), "no GPU")
    return f"{cpu or 'unknown CPU'}, {gpu}"


def finish(ax, out_dir, name, title, xlabel, ylabel, **legend):
    """Labels, legend, and the figure written as NAME.png and NAME.svg into out_dir (the paths are printed)."""
    if xlabel:
        ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(**{"fontsize": "small", **legend})
    for ext in ("png", "svg"):
        path = os.path.join(out_dir, f"{name}.{ext}")
        ax.figure.savefig(path, dpi=110, bbox_inches="tight")
        show(path)


def per_policy(reports, x_field, y_field):
    """{label: {x: y}} for each policy of each report measured at two or more x; a report's own policies are not
    mixed with another's (a single run at one size stays out of a sweep's line); the label names the report when
    two reports have the same policy."""
    series = {}
    for index, (_, rows, sweep, _) in enumerate(reports):
        if (sweep or {}).get("kind") == "ranks" and x_field != "ranks":
            continue  # a rank series varies the job, not the size or the threads
        for r in rows:
            if number(r, y_field) and number(r, x_field):
                series.setdefault((r["policy"], index), {})[r[x_field]] = r[y_field]
    series = {key: points for key, points in series.items() if len(points) >= 2}
    names = [policy for policy, _ in series]
    return {(policy if names.count(policy) == 1 else f"{policy} [report {index + 1}]"): points
            for (policy, index), points in series.items()}


def single_point_rows(reports):
    """Rows of single runs; failing those, each size sweep's largest size (where cache effects matter least)."""
    single = [(env, r) for env, rows, sweep, _ in reports if not sweep for r in rows]
    if single:
        return single
    out = []
    for env, rows, sweep, _ in reports:
        if sweep and sweep.get("kind") == "size" and rows:
            largest = max(r["size"] for r in rows)
            out += [(env, r) for r in rows if r["size"] == largest]
    return out


def label_rows(rows):
    """Policy names, with the element count added when the same policy appears at several."""
    names = [r["policy"] for _, r in rows]
    return [f"{n} ({r['size']})" if names.count(n) > 1 else n for n, (_, r) in zip(names, rows)]


def gb_per_s_bars(plt, reports, title, out_dir):
    rows = [(e, r) for e, r in single_point_rows(reports) if number(r, "kernel_gb_per_s") or number(r, "gb_per_s")]
    if not rows:
        return "no row with a GB/s figure"
    _, ax = plt.subplots(figsize=(max(6, 0.6 * len(rows) + 2), 4.5))
    values = [number(r, "kernel_gb_per_s") or number(r, "gb_per_s") for _, r in rows]
    colors = ["tab:green" if r["device"] == "device" else "tab:blue" for _, r in rows]
    ax.bar(range(len(rows)), values, color=colors)
    ax.set_xticks(range(len(rows)), label_rows(rows), rotation=45, ha="right")
    ax.bar([0], [0], color="tab:blue", label="host policy (host clock)")
    if any(r["device"] == "device" for _, r in rows):
        ax.bar([0], [0], color="tab:green", label="device policy (kernel time)")
    # Reports before the in-place ceiling called it host_copy_gb_per_s (then the only host ceiling).
    for fields, style, name in ((("host_in_place_gb_per_s", "host_copy_gb_per_s"), "--", "CPU in-place ceiling"),
                                (("device_copy_gb_per_s",), ":", "GPU device-to-device copy ceiling")):
        found = (next((number(e.get("ceilings", {}), f) for f in fields if f in e.get("ceilings", {})), None)
                 for e, _ in rows)
        ceilings = {c for c in found if c}
        for c in sorted(ceilings):
            ax.axhline(c, color="black", linestyle=style, label=f"{name} ({c:.0f} GB/s)")
    size = rows[0][1]["size"]
    finish(ax, out_dir, "gb_per_s", f"{title}\nthroughput of a[i] += 1, {size} x {rows[0][1].get('type', '')}, "
           "read + write counted", None, GB)
    return None


def draw_lines(draw, series):
    """One line per label of per_policy's series, in ascending x."""
    for label, points in series.items():
        xs = sorted(points)
        draw(xs, [points[x] for x in xs], marker="o", markersize=3, label=label)


def time_vs_size(plt, reports, title, out_dir):
    series = per_policy(reports, "size", "median_s")
    if not series:
        return "no policy was measured at two or more sizes (run --sweep size)"
    _, ax = plt.subplots(figsize=(8, 5.5))
    draw_lines(ax.loglog, series)
    for _, _, _, crossovers in reports:
        for c in (crossovers or {}).values():
            at = c.get("at_from_size") if isinstance(c, dict) else None
            if at:
                ax.plot(at["size"], at["challenger_s"], marker="*", markersize=14, color="red", linestyle="none")
                ax.annotate(f"{c['challenger']} beats {c['baseline']}\nfrom {at['size']} elements",
                            (at["size"], at["challenger_s"]), textcoords="offset points", xytext=(8, -24),
                            fontsize="x-small", color="red")
    ax.grid(True, which="major", alpha=0.3)
    finish(ax, out_dir, "time_vs_size", f"{title}\ntime of a[i] += 1 versus size (stars: crossovers)",
           "element count", "median time per call (s, host clock)", fontsize="x-small", ncol=2)
    return None


def thread_scaling(plt, reports, title, out_dir):
    series = per_policy(reports, "threads", "speedup_vs_1_thread")
    if not series:
        return "no row has speedup_vs_1_thread (run --sweep threads)"
    _, ax = plt.subplots(figsize=(7, 5))
    most = max(max(s) for s in series.values())
    ax.plot([1, most], [1, most], color="black", linestyle="--", label="ideal (speedup = threads)")
    draw_lines(ax.plot, series)
    finish(ax, out_dir, "thread_scaling", f"{title}\nthread scaling of a[i] += 1",
           "host threads (oneTBB global_control, OpenMP)", "speedup over the policy's own 1-thread median")
    return None


def cold_vs_warm(plt, reports, title, out_dir):
    rows = [(e, r) for e, r in single_point_rows(reports) if number(r, "cold_s") and number(r, "median_s")]
    if not rows:
        return "no row has both cold_s and median_s"
    _, ax = plt.subplots(figsize=(max(6, 0.6 * len(rows) + 2), 4.5))
    x = range(len(rows))
    ax.bar([i - 0.2 for i in x], [r["cold_s"] * 1e3 for _, r in rows], width=0.4, label="cold: first call")
    ax.bar([i + 0.2 for i in x], [r["median_s"] * 1e3 for _, r in rows], width=0.4, label="warm: median call")
    ax.set_yscale("log")
    ax.set_xticks(list(x), label_rows(rows), rotation=45, ha="right")
    finish(ax, out_dir, "cold_vs_warm", f"{title}\ncold versus warm, {rows[0][1]['size']} elements", None,
           "time per call (ms, host clock, log scale)")
    return None


def rank_scaling(plt, reports, title, out_dir):
    series = per_policy(reports, "ranks", "gb_per_s")
    if not series:
        return "no policy was measured at two or more rank counts (run scripts/mpi_scaling.sh)"
    _, (ax, eff) = plt.subplots(1, 2, figsize=(12, 5))
    draw_lines(ax.plot, series)
    # Parallel efficiency: aggregate GB/s at n ranks / (n x the 1-rank GB/s), the same for weak and strong scaling.
    per_rank = {label: points[min(points)] / min(points) for label, points in series.items()}
    draw_lines(eff.plot, {label: {n: gb / (n * per_rank[label]) for n, gb in points.items()}
                          for label, points in series.items()})
    for axis in (ax, eff):
        axis.set_xticks(sorted({n for points in series.values() for n in points}))
    eff.axhline(1, color="black", linestyle="--", label="ideal")
    eff.set_ylim(bottom=0)
    ax.set_xlabel("MPI ranks")
    ax.set_ylabel(f"aggregate {GB}: all ranks' bytes / slowest rank's time")
    ax.legend(fontsize="small")
    scaling = next((s.get("scaling") for _, _, sweep, _ in reports for s in (sweep or {}).get("series", [])), "")
    finish(eff, out_dir, "rank_scaling", f"{title}\n{scaling} scaling across MPI ranks", "MPI ranks",
           "parallel efficiency (aggregate / (ranks x smallest run's per rank))")
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("reports", nargs="+", help="policybench --format json reports")
    parser.add_argument("-o", "--output-dir", default=".",
                        help="where the PNG and SVG files go, created if missing (default: here)")
    args = parser.parse_args()
    reports = [load(path) for path in args.reports]  # bad input fails before -o is created
    try:
        os.makedirs(args.output_dir, exist_ok=True)
    except OSError as e:
        fail(f"-o: cannot use '{args.output_dir}' as the output directory: {e.strerror}")
    try:
        import matplotlib
        matplotlib.use("Agg")  # files only: no display needed
        import matplotlib.pyplot as plt
    except ImportError:
        fail("matplotlib is missing: apt-get install python3-matplotlib (scripts/install-deps.sh does)")
    title = f"policybench on {machine([env for env, _, _, _ in reports])}"
    made = 0
    for name, figure in (("gb_per_s", gb_per_s_bars), ("time_vs_size", time_vs_size),
                         ("thread_scaling", thread_scaling), ("cold_vs_warm", cold_vs_warm),
                         ("rank_scaling", rank_scaling)):
        why_not = figure(plt, reports, title, args.output_dir)
        if why_not:
            print(f"plot.py: skipped {name}: {why_not}", file=sys.stderr)
        else:
            made += 1
        plt.close("all")
    if made == 0:
        print("plot.py: error: no figure could be made from these reports", file=sys.stderr)
        sys.exit(1)
    if any(STDOUT_FAILED):
        sys.exit(1)


if __name__ == "__main__":
    main()
