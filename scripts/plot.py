#!/usr/bin/python3
"""Plots policybench JSON reports: GB/s per policy against the in-place ceilings, time versus size with crossovers,
thread scaling, cold versus warm, and MPI rank scaling (scripts/mpi_scaling.sh's merged report). Every median is drawn
with its 95% interval and every bar on a linear axis from zero. Rows of several reports are merged (e.g. the C++ run
and the Python seed's rows in the same schema); a figure the rows cannot make is skipped with one line saying why.
Exit status 0; 1 when no figure could be made or one could not be written; 2 for a report that cannot be used."""
import argparse
import errno
import math
import os
import sys

import report_file

GB = "GB/s (10^9 bytes/s)"
STDOUT_FAILED = []  # set once standard output could not be written: the figures are still made, then exit status 1


def fail(message, status=2):
    print(f"plot.py: error: {message}", file=sys.stderr)
    sys.exit(status)


# The fields plot.py reads, by where they are and what they must hold when present (null is always allowed, except
# for the row fields that say which row it is). A report that breaks this is refused whole with one line.
ROW_FIELDS = {"policy": "text", "device": "text", "status": "text", "size": "count", "type": "text",
              **{f: "number" for f in ("median_s", "cold_s", "gb_per_s", "kernel_gb_per_s", "kernel_median_s",
                                       "median_ci_low_s", "median_ci_high_s", "kernel_median_ci_low_s",
                                       "kernel_median_ci_high_s", "speedup_vs_1_thread")},
              **{f: "count" for f in ("threads", "ranks", "reps", "disturbed_calls")}, "above_ceiling": "bool"}
CEILINGS = ("host_in_place_gb_per_s", "host_in_place_low_gb_per_s", "host_copy_gb_per_s", "device_in_place_gb_per_s",
            "device_in_place_low_gb_per_s", "device_copy_gb_per_s")
SERIES_FIELDS = {"size": "count", "threads": "count", "scaling": "text", **{f: "number" for f in CEILINGS}}
KINDS = {"text": (lambda v: isinstance(v, str), "a string"),
         "count": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0, "a count (an integer >= 0)"),
         "number": (lambda v: report_file.is_number(v) and v >= 0, "a finite number >= 0"),
         "bool": (lambda v: isinstance(v, bool), "true or false"),
         "object": (lambda v: isinstance(v, dict), "an object")}


def check(obj, where, fields, required=(), not_null=()):
    """Raises BadReport naming `where` and the field when a field of the object `obj` is not of its kind, a
    `required` one is missing or a `not_null` one is null."""
    if not isinstance(obj, dict):
        raise report_file.BadReport(f"{where} is {report_file.describe(obj)}, not an object")
    for name, kind in fields.items():
        if name not in obj and name in required:
            raise report_file.BadReport(f"{where}: no '{name}'")
        value = obj.get(name)
        test, wanted = KINDS[kind]
        if (value is not None or name in not_null) and not test(value):
            raise report_file.BadReport(f"{where}: '{name}' is {report_file.describe(value)}, not {wanted}")


def check_report(report):
    """Raises BadReport for a report whose fields plot.py reads are missing or of the wrong kind."""
    if not isinstance(report, dict) or not isinstance(report.get("results"), list) or "environment" not in report:
        raise report_file.BadReport("not a policybench report (needs 'environment' and a 'results' list)")
    env = report["environment"]
    check(env, "environment", {"host": "object", "device": "object", "ceilings": "object"})
    check(env.get("host") or {}, "environment.host", {"cpu_model": "text"})
    check(env.get("device") or {}, "environment.device", {"name": "text", "available": "bool"})
    check(env.get("ceilings") or {}, "environment.ceilings", {c: "number" for c in CEILINGS})
    for i, row in enumerate(report["results"]):
        check(row, f"results[{i}]", ROW_FIELDS, required=("policy", "device", "status", "size", "median_s"),
              not_null=("policy", "device", "status", "size"))
        for prefix in ("median", "kernel_median"):  # an error bar must hold its median
            low, median, high = (row.get(f) for f in (f"{prefix}_ci_low_s", f"{prefix}_s", f"{prefix}_ci_high_s"))
            if None not in (low, median, high) and not low <= median <= high:
                raise report_file.BadReport(f"results[{i}]: {prefix}_s {median} is outside its interval "
                                            f"[{low}, {high}]")
    sweep = report.get("sweep")
    check(sweep or {}, "sweep", {"kind": "text"})
    series = (sweep or {}).get("series")
    if series is not None and not isinstance(series, list):
        raise report_file.BadReport(f"sweep: 'series' is {report_file.describe(series)}, not a list")
    for i, point in enumerate(series or []):
        check(point, f"sweep.series[{i}]", SERIES_FIELDS)
    crossovers = report.get("crossovers")
    check(crossovers or {}, "crossovers", {})
    for name, c in (crossovers or {}).items():
        check(c or {}, f"crossovers.{name}", {"challenger": "text", "baseline": "text", "at_from_size": "object"})
        check((c or {}).get("at_from_size") or {}, f"crossovers.{name}.at_from_size",
              {"size": "count", "challenger_s": "number"})


def load(path):
    """One report as (environment, rows that ran, sweep, crossovers); exits 2 with one line for a file that cannot be
    read or is not a report plot.py can use (report_file.read says which files are refused)."""
    try:
        report = report_file.read(path)
        check_report(report)
    except report_file.BadReport as e:
        fail(f"{path}: {e}")
    return report["environment"], [r for r in report["results"] if r["status"] == "ok"], report.get("sweep"), \
        report.get("crossovers")


def number(row, field):
    """The field's value, or None when absent or null (check_report has refused anything else)."""
    return row.get(field)


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


def finish(ax, out_dir, name, title, xlabel, ylabel, caption=(), **legend):
    """Labels, legend, the caption's lines under the axes, and the figure written as NAME.png and NAME.svg into
    out_dir (the paths are printed). A file that cannot be written (a full disk, a file size limit) is removed and
    ends the run with one line and exit status 1."""
    if xlabel:
        ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title:
        ax.set_title(title)
    ax.legend(**{"fontsize": "small", **legend})
    if caption:  # under everything drawn so far (tick labels included), in figure fractions
        figure = ax.figure
        figure.canvas.draw()
        box = figure.get_tightbbox(figure.canvas.get_renderer())
        figure.text(box.x0 / figure.get_figwidth(), box.y0 / figure.get_figheight() - 0.02, "\n".join(caption),
                    ha="left", va="top", fontsize="x-small", wrap=True)
    for ext in ("png", "svg"):
        path = os.path.join(out_dir, f"{name}.{ext}")
        try:
            ax.figure.savefig(path, dpi=110, bbox_inches="tight")
        except OSError as e:
            if os.path.isfile(path):
                os.unlink(path)  # a figure cut short is no figure
            fail(f"cannot write {path}: {e.strerror or e}", status=1)
        show(path)


def interval_s(row, kernel=False):
    """The median time's 95% interval (low_s, high_s), or None when the row has none (older reports, a device row's
    kernel time where the report gives no interval for it)."""
    prefix = "kernel_median" if kernel else "median"
    low, high = number(row, f"{prefix}_ci_low_s"), number(row, f"{prefix}_ci_high_s")
    return (low, high) if low and high else None


def throughput(row):
    """(GB/s, (low, high) GB/s or None, kernel?) of a row: the kernel time's figure for a device row that has one,
    else the host clock's. GB/s is bytes / time, so the interval's high time gives the low GB/s; the bytes are the
    figure's own (value x median), which also holds for an MPI row's aggregate."""
    kernel = row["device"] == "device" and number(row, "kernel_gb_per_s") is not None
    value = number(row, "kernel_gb_per_s" if kernel else "gb_per_s")
    median, times = number(row, "kernel_median_s" if kernel else "median_s"), interval_s(row, kernel)
    if value is None or not median or times is None:
        return value, None, kernel
    return value, (value * median / times[1], value * median / times[0]), kernel


def error_bars(values, intervals):
    """Matplotlib's asymmetric yerr for values and their (low, high) intervals; NaN (nothing drawn) where none, and
    None when none has one."""
    if not any(intervals):
        return None
    nan = float("nan")
    return [[v - i[0] if i else nan for v, i in zip(values, intervals)],
            [i[1] - v if i else nan for v, i in zip(values, intervals)]]


def per_policy(reports, x_field, y_field):
    """{label: {x: row}} for each policy of each report measured at two or more x (with a y_field); a report's own
    policies are not mixed with another's (a single run at one size stays out of a sweep's line); the label names
    the report when two reports have the same policy."""
    series = {}
    for index, (_, rows, sweep, _) in enumerate(reports):
        if (sweep or {}).get("kind") == "ranks" and x_field != "ranks":
            continue  # a rank series varies the job, not the size or the threads
        for r in rows:
            if number(r, y_field) and number(r, x_field):
                series.setdefault((r["policy"], index), {})[r[x_field]] = r
    series = {key: points for key, points in series.items() if len(points) >= 2}
    names = [policy for policy, _ in series]
    return {(policy if names.count(policy) == 1 else f"{policy} [report {index + 1}]"): points
            for (policy, index), points in series.items()}


def single_point_rows(reports):
    """([(report index, row)], what): rows of single runs; failing those, each size sweep's largest size (where
    cache effects matter least), which `what` then says for the figure's title."""
    single = [(i, r) for i, (_, rows, sweep, _) in enumerate(reports) if not sweep for r in rows]
    if single:
        return single, ""
    out = []
    for i, (_, rows, sweep, _) in enumerate(reports):
        if sweep and sweep.get("kind") == "size" and rows:
            largest = max(r["size"] for r in rows)
            out += [(i, r) for r in rows if r["size"] == largest]
    return out, "the size sweep's largest size"


def label_rows(rows):
    """Policy names, with the element count added when the rows have several, and the count of disturbed calls
    (left out of the median) where there were any."""
    several = len({r["size"] for _, r in rows}) > 1
    labels = [f"{r['policy']} ({r['size']})" if several else r["policy"] for _, r in rows]
    return [f"{label} [{r['disturbed_calls']} disturbed]" if number(r, "disturbed_calls") else label
            for label, (_, r) in zip(labels, rows)]


def sizes_text(rows, what):
    """'10000000 x float64' for the rows' one size and type, naming the sweep point when that is what they are."""
    sizes = sorted({r["size"] for _, r in rows})
    types = sorted({r.get("type") or "?" for _, r in rows})
    exponent = round(math.log10(sizes[0])) if sizes[0] >= 1000 else 0
    text = "sizes as labelled" if len(sizes) > 1 else \
        f"10^{exponent} elements" if exponent and sizes[0] == 10**exponent else f"{sizes[0]} elements"
    return f"{text} x {'/'.join(types)}" + (f" ({what})" if what else "")


def ceiling(report, size, device):
    """(name, best GB/s, low GB/s or None) of the in-place ceiling that bounds `device` rows of this report at
    `size`, or None. A size sweep's own point is used when it has one (each size has its own ceiling); the interval
    runs from the lowest per-round best call up to the best call over the run (reports that do not give the low end
    draw the line alone). The GPU falls back to the device-to-device copy where no in-place kernel was measured."""
    env, _, sweep, _ = report
    found = env.get("ceilings") or {}
    for point in (sweep or {}).get("series") or []:
        if (sweep or {}).get("kind") == "size" and point.get("size") == size:
            found = point
    if device == "host":
        best = number(found, "host_in_place_gb_per_s") or number(found, "host_copy_gb_per_s")
        # Reports before the in-place ceiling called it host_copy_gb_per_s (then the only host ceiling).
        return ("CPU in-place ceiling", best, number(found, "host_in_place_low_gb_per_s")) if best else None
    if number(found, "device_in_place_gb_per_s"):
        return ("GPU in-place ceiling", found["device_in_place_gb_per_s"],
                number(found, "device_in_place_low_gb_per_s"))
    best = number(found, "device_copy_gb_per_s")
    return ("GPU device-to-device copy ceiling", best, None) if best else None


def bar_panel(ax, reports, rows):
    """Draws rows (all host or all device) as GB/s bars with their intervals, each report's in-place ceiling over
    the bars it bounds, bars above it hatched; returns the caption's lines for what it drew."""
    figures = [throughput(r) for _, r in rows]
    values = [v for v, _, _ in figures]
    device = rows[0][1]["device"]
    bars = ax.bar(range(len(rows)), values, color="tab:green" if device == "device" else "tab:blue",
                  yerr=error_bars(values, [i for _, i, _ in figures]), capsize=3, error_kw={"elinewidth": 1},
                  label="device policy (kernel time)" if device == "device" else
                  "host policy (host clock)")
    ax.set_xticks(range(len(rows)), label_rows(rows), rotation=45, ha="right")
    notes = {"interval": any(i for _, i, _ in figures)}
    # One ceiling segment over each run of bars that share it (same report and size; rows come sorted by report).
    groups, drawn = {}, set()
    for x, (i, r) in enumerate(rows):
        groups.setdefault((i, r["size"]), []).append(x)
    for (i, size), xs in groups.items():
        found = ceiling(reports[i], size, device)
        if not found:
            continue
        name, best, low = found
        left, right = min(xs) - 0.45, max(xs) + 0.45
        label = (f"{name}: best call {best:.0f} GB/s" + (f",\nshaded down to the lowest round's best {low:.0f}"
                                                           if low else "")) if found not in drawn else None
        drawn.add(found)
        ax.hlines(best, left, right, color="black", linestyle="--", label=label, zorder=3)
        if low:
            ax.fill_between([left, right], low, best, color="black", alpha=0.15, linewidth=0, zorder=2)
        for x in xs:
            if values[x] > best:  # never silently through the line: hatched, and the caption says why
                notes["above"] = True
                bars[x].set_hatch("//")
                bars[x].set_edgecolor("red")
                if rows[x][1].get("above_ceiling"):
                    notes["beyond"] = True
                    ax.annotate("!", (x, figures[x][1][1] if figures[x][1] else values[x]), ha="center",
                                va="bottom", color="red", fontweight="bold")
    notes["ceiling"] = bool(drawn)
    notes["ceiling_interval"] = any(low for _, _, low in drawn)
    ax.set_ylim(0, 1.35 * max(values + [best for _, best, _ in drawn]))  # room for the legend above the bars
    ax.legend(fontsize="small", loc="upper left")
    return notes


def gb_per_s_bars(plt, reports, title, out_dir):
    picked, what = single_point_rows(reports)
    rows = [(i, r) for i, r in picked if throughput(r)[0] is not None]
    if not rows:
        return "no row with a GB/s figure"
    # Host and device bars in panels of their own, each on a linear axis from zero: a GPU's TB/s beside a CPU's
    # GB/s would flatten the host bars to nothing. Each report's rows together, so a ceiling spans only its rows.
    panels = [sorted([ir for ir in rows if (ir[1]["device"] == "device") == on_device], key=lambda ir: ir[0])
              for on_device in (False, True)]
    panels = [p for p in panels if p]
    figure, axes = plt.subplots(1, len(panels), squeeze=False, width_ratios=[len(p) + 2 for p in panels],
                                figsize=(max(6, 0.6 * len(rows) + 3.5 * len(panels)), 5))
    notes = [bar_panel(ax, reports, p) for ax, p in zip(axes[0], panels)]
    caption = ["Bars: median throughput (bytes moved / median time per call).",
               interval_caption(any(n["interval"] for n in notes),
                                "the median's 95% interval (distribution-free), as GB/s")]
    if any(n["ceiling"] for n in notes):
        caption.append("Dashed: the tuned in-place kernel's best call over the run (STREAM's best of N), only over "
                       "the rows it bounds" + ("; shaded: its interval." if any(n["ceiling_interval"] for n in notes)
                                               else "; this report gives it no interval."))
    if any(n.get("above") for n in notes):
        caption.append("Hatched red: median above its ceiling's best call" +
                       (" (!: beyond both intervals)" if any(n.get("beyond") for n in notes) else "") +
                       "; a cache-resident array, or the ceiling kernel is not the fastest schedule here.")
    if any(number(r, "disturbed_calls") for _, r in rows):
        caption.append("[n disturbed]: timed calls whose threads lost the CPU to other work (preemption), left out "
                       "of the median.")
    figure.suptitle(f"{title}\nthroughput of a[i] += 1, {sizes_text(rows, what)}, read + write counted")
    axes[0][0].set_ylabel(GB)
    finish(axes[0][-1], out_dir, "gb_per_s", None, None, GB if len(panels) == 1 else "", caption, loc="upper left")
    return None


def draw_lines(ax, series, y, interval):
    """One line per label of per_policy's series, in ascending x, each point's y(row) with interval(row)'s error
    bars ((low, high) or None). Returns whether any point had an interval."""
    drawn = False
    for label, points in series.items():
        xs = sorted(points)
        ys = [y(points[x]) for x in xs]
        intervals = [interval(points[x]) for x in xs]
        drawn = drawn or any(intervals)
        ax.errorbar(xs, ys, yerr=error_bars(ys, intervals), marker="o", markersize=3, capsize=2, elinewidth=1,
                    label=label)
    return drawn


def interval_caption(drawn, what):
    """The caption's line on error bars: what they show, or that the report gives no interval to show."""
    if drawn:
        return f"Error bars: {what}; a point without one has no interval in its report."
    return "No error bars: the report gives no interval for these medians (median_ci_low_s/high_s are null)."


def time_vs_size(plt, reports, title, out_dir):
    series = per_policy(reports, "size", "median_s")
    if not series:
        return "no policy was measured at two or more sizes (run --sweep size)"
    _, ax = plt.subplots(figsize=(8, 5.5))
    drawn = draw_lines(ax, series, lambda r: r["median_s"], interval_s)
    ax.set_xscale("log")
    ax.set_yscale("log")
    for _, _, _, crossovers in reports:
        for c in (crossovers or {}).values():
            at = c.get("at_from_size") if isinstance(c, dict) else None
            if at and number(at, "size") and number(at, "challenger_s"):
                ax.plot(at["size"], at["challenger_s"], marker="*", markersize=14, color="red", linestyle="none")
                ax.annotate(f"{c.get('challenger')} beats {c.get('baseline')}\nfrom {at['size']} elements",
                            (at["size"], at["challenger_s"]), textcoords="offset points", xytext=(8, -24),
                            fontsize="x-small", color="red")
    ax.grid(True, which="major", alpha=0.3)
    sizes = [x for points in series.values() for x in points]
    finish(ax, out_dir, "time_vs_size", f"{title}\ntime of a[i] += 1 versus size (stars: crossovers)",
           "element count", "median time per call (s, host clock)",
           [f"Log axes: sizes span {math.log10(max(sizes) / min(sizes)):.0f} decades and times likewise; equal "
            "ratios look equal.", interval_caption(drawn, "each median's 95% interval (often within the marker)")],
           fontsize="x-small", ncol=2)
    return None


def thread_scaling(plt, reports, title, out_dir):
    series = per_policy(reports, "threads", "speedup_vs_1_thread")
    if not series:
        return "no row has speedup_vs_1_thread (run --sweep threads)"
    _, ax = plt.subplots(figsize=(7, 5))
    most = max(max(s) for s in series.values())
    ax.plot([1, most], [1, most], color="black", linestyle="--", label="ideal (speedup = threads)")
    for points in series.values():
        one = interval_s(points.get(1, {}))
        for r in points.values():
            # Speedup = 1-thread median / this median: its bounds pair each interval's opposite ends.
            times = interval_s(r)
            r["_interval"] = (one[0] / times[1], one[1] / times[0]) if one and times else None
    drawn = draw_lines(ax, series, lambda r: r["speedup_vs_1_thread"], lambda r: r["_interval"])
    ax.set_ylim(bottom=0)
    finish(ax, out_dir, "thread_scaling", f"{title}\nthread scaling of a[i] += 1",
           "host threads (oneTBB global_control, OpenMP)", "speedup over the policy's own 1-thread median",
           [interval_caption(drawn, "the speedup's bounds from both medians' 95% intervals (1 thread and this)")],
           loc="lower right", ncol=2)  # under the lines, which start at (1, 1) and rise
    return None


def cold_vs_warm(plt, reports, title, out_dir):
    picked, what = single_point_rows(reports)
    rows = [(i, r) for i, r in picked if number(r, "cold_s") and number(r, "median_s")]
    if not rows:
        return "no row has both cold_s and median_s"
    _, ax = plt.subplots(figsize=(max(6, 0.6 * len(rows) + 2), 5))
    x = range(len(rows))
    cold = [r["cold_s"] * 1e3 for _, r in rows]
    warm = [r["median_s"] * 1e3 for _, r in rows]
    warm_interval = [(t[0] * 1e3, t[1] * 1e3) if (t := interval_s(r)) else None for _, r in rows]
    ax.bar([i - 0.2 for i in x], cold, width=0.4, label="cold: first call (one call, no interval)")
    ax.bar([i + 0.2 for i in x], warm, width=0.4, yerr=error_bars(warm, warm_interval), capsize=3,
           label="warm: median call" + (", 95% interval" if any(warm_interval) else ""))
    ax.set_xticks(list(x), label_rows(rows), rotation=45, ha="right")
    spread = max(cold + warm) / min(cold + warm)
    caption = ["Cold: the first call in a fresh state (module load, thread pool start; its pages were already touched); warm: the "
               "median of the timed calls after warm-up.",
               interval_caption(any(warm_interval), "the warm median's 95% interval")]
    if spread > 100:  # a linear axis would flatten the small bars to nothing
        ax.set_yscale("log")
        caption.append(f"Log axis: the times span over 10^{int(math.log10(spread))}x, too much for a linear one to "
                       "show the smallest; bars start at the axis' bottom, not at zero.")
        unit = "ms, host clock, log scale"
    else:
        ax.set_ylim(0, 1.2 * max(cold + warm))  # room for the legend above the bars
        unit = "ms, host clock"
    finish(ax, out_dir, "cold_vs_warm", f"{title}\ncold versus warm, {sizes_text(rows, what)}", None,
           f"time per call ({unit})", caption, loc="upper left", ncol=2)
    return None


def rank_scaling(plt, reports, title, out_dir):
    series = per_policy(reports, "ranks", "gb_per_s")
    if not series:
        return "no policy was measured at two or more rank counts (run scripts/mpi_scaling.sh)"
    _, (ax, eff) = plt.subplots(1, 2, figsize=(12, 5))
    drawn = draw_lines(ax, series, lambda r: r["gb_per_s"], lambda r: throughput(r)[1])
    # Parallel efficiency: aggregate GB/s at n ranks / (n x the 1-rank GB/s), the same for weak and strong scaling.
    per_rank = {label: points[min(points)]["gb_per_s"] / min(points) for label, points in series.items()}
    for label, points in series.items():
        ns = sorted(points)
        eff.plot(ns, [points[n]["gb_per_s"] / (n * per_rank[label]) for n in ns], marker="o", markersize=3,
                 label=label)
    for axis in (ax, eff):
        axis.set_xticks(sorted({n for points in series.values() for n in points}))
    eff.axhline(1, color="black", linestyle="--", label="ideal")
    eff.set_ylim(bottom=0)
    ax.set_ylim(bottom=0)
    ax.set_xlabel("MPI ranks")
    ax.set_ylabel(f"aggregate {GB}: all ranks' bytes / slowest rank's time")
    ax.legend(fontsize="small")
    scaling = next((s.get("scaling") for _, _, sweep, _ in reports for s in (sweep or {}).get("series") or []), "")
    finish(eff, out_dir, "rank_scaling", f"{title}\n{scaling} scaling across MPI ranks", "MPI ranks",
           "parallel efficiency (aggregate / (ranks x smallest run's per rank))",
           [interval_caption(drawn, "(left) the aggregate's 95% interval, from the median time's")])
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("reports", nargs="+", help="policybench --format json reports")
    parser.add_argument("-o", "--output-dir", default=".",
                        help="where the PNG and SVG files go, created if missing (default: here)")
    args = parser.parse_args()
    reports = [load(path) for path in args.reports]  # bad input fails before -o is created
    try:
        if os.path.exists(args.output_dir) and not os.path.isdir(args.output_dir):
            raise NotADirectoryError(errno.ENOTDIR, "not a directory")
        os.makedirs(args.output_dir, exist_ok=True)
    except OSError as e:
        fail(f"-o: cannot use '{args.output_dir}' as the output directory: {e.strerror or e}")
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
