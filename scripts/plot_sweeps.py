"""The sweeps' figures, one line per policy over the swept variable: time versus size with the crossovers, thread
scaling against the ideal, and MPI rank scaling with its parallel efficiency."""
import math

from plot_figure import GB, HOLLOW, draw_series, finish, interval_caption, interval_s, series_style, throughput, \
    too_many
from plot_report import number


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


def draw_lines(ax, series, x_field, y, interval):
    """One line per label of per_policy's series, in ascending x, each point's y(row) with interval(row)'s error
    bars ((low, high) or None). Returns (any interval drawn, the caption's line on hollow points as a list, if any)."""
    drawn = [draw_series(ax, label, [points[x] for x in sorted(points)], lambda r: r[x_field], y, interval,
                         series_style(i)) for i, (label, points) in enumerate(series.items())]
    return any(d for d, _ in drawn), [HOLLOW] if any(h for _, h in drawn) else []


def time_vs_size(plt, reports, title, out_dir):
    series = per_policy(reports, "size", "median_s")
    if not series:
        return "no policy was measured at two or more sizes (run --sweep size)"
    if why := too_many(series):
        return why
    _, ax = plt.subplots(figsize=(8, 5.5))
    drawn, hollow = draw_lines(ax, series, "size", lambda r: r["median_s"], interval_s)
    ax.set_xscale("log")
    ax.set_yscale("log")
    stars = False
    for _, _, _, crossovers in reports:
        for c in (crossovers or {}).values():
            at = c.get("at_from_size") if isinstance(c, dict) else None
            if at and number(at, "size") and number(at, "challenger_s"):
                stars = True
                ax.plot(at["size"], at["challenger_s"], marker="*", markersize=14, color="red", linestyle="none")
                ax.annotate(f"{c.get('challenger')} beats {c.get('baseline')}\nfrom {at['size']} elements",
                            (at["size"], at["challenger_s"]), textcoords="offset points", xytext=(8, -24),
                            fontsize="x-small", color="red")
    ax.grid(True, which="major", alpha=0.3)
    sizes = [x for points in series.values() for x in points]
    finish(ax, out_dir, "time_vs_size", f"{title}\ntime of a[i] += 1 versus size" + (" (stars: crossovers)"
                                                                                      if stars else ""),
           "element count", "median time per call (s, host clock)",
           [f"Log axes: sizes span {math.log10(max(sizes) / min(sizes)):.0f} decades and times likewise; equal "
            "ratios look equal.", interval_caption(drawn, "each median's 95% interval (often within the marker)")]
           + hollow, fontsize="x-small", ncol=2)
    return None


def thread_scaling(plt, reports, title, out_dir):
    series = per_policy(reports, "threads", "speedup_vs_1_thread")
    if not series:
        return "no row has speedup_vs_1_thread (run --sweep threads)"
    if why := too_many(series):
        return why
    _, ax = plt.subplots(figsize=(7, 5))
    most = max(max(s) for s in series.values())
    ax.plot([1, most], [1, most], color="black", linestyle="--", label="ideal (speedup = threads)")
    for points in series.values():
        one = interval_s(points.get(1, {}))
        for r in points.values():
            # Speedup = 1-thread median / this median: its bounds pair each interval's opposite ends.
            times = interval_s(r)
            r["_interval"] = (one[0] / times[1], one[1] / times[0]) if one and times else None
    drawn, hollow = draw_lines(ax, series, "threads", lambda r: r["speedup_vs_1_thread"], lambda r: r["_interval"])
    ax.set_ylim(bottom=0)
    ax.set_xticks(sorted({n for points in series.values() for n in points}))  # thread counts are whole
    finish(ax, out_dir, "thread_scaling", f"{title}\nthread scaling of a[i] += 1",
           "host threads (oneTBB global_control, OpenMP)", "speedup over the policy's own 1-thread median",
           [interval_caption(drawn, "the speedup's bounds from both medians' 95% intervals (1 thread and this)")]
           + hollow,
           loc="upper left", bbox_to_anchor=(1.01, 1))  # right of the axes: inside, 16 policies' legend hid lines
    return None


def rank_scaling(plt, reports, title, out_dir):
    series = per_policy(reports, "ranks", "gb_per_s")
    if not series:
        return "no policy was measured at two or more rank counts (run scripts/mpi_scaling.sh)"
    if why := too_many(series):
        return why
    _, (ax, eff) = plt.subplots(1, 2, figsize=(12, 5))
    drawn, hollow = draw_lines(ax, series, "ranks", lambda r: r["gb_per_s"], lambda r: throughput(r)[1])
    # Parallel efficiency: aggregate GB/s at n ranks / (n x the 1-rank GB/s), the same for weak and strong scaling.
    per_rank = {label: points[min(points)]["gb_per_s"] / min(points) for label, points in series.items()}
    for i, (label, points) in enumerate(series.items()):  # each policy as on the left
        ns = sorted(points)
        eff.plot(ns, [points[n]["gb_per_s"] / (n * per_rank[label]) for n in ns], markersize=4, label=label,
                 **series_style(i))
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
           [interval_caption(drawn, "(left) the aggregate's 95% interval, from the median time's")] + hollow)
    return None
