"""The cold versus warm figure: the first call beside the median call of each single-run row, on a linear axis
unless the times span over 100x."""
import math

from plot_figure import HOLLOW_BARS, MAX_BARS, error_bars, finish, hollow_bars, interval_caption, interval_s, too_many
from plot_report import number
from plot_rows import disturbed_caption, label_rows, single_point_rows, sizes_text


def cold_vs_warm(plt, reports, title, out_dir):
    picked, what = single_point_rows(reports)
    rows = [(i, r) for i, r in picked if number(r, "cold_s") and number(r, "median_s")]
    if not rows:
        return "no row has both cold_s and median_s"
    if why := too_many(rows, MAX_BARS // 2, "rows of two bars"):
        return why
    _, ax = plt.subplots(figsize=(max(6, 0.6 * len(rows) + 2), 5))
    x = range(len(rows))
    cold = [r["cold_s"] * 1e3 for _, r in rows]
    warm = [r["median_s"] * 1e3 for _, r in rows]
    warm_interval = [(t[0] * 1e3, t[1] * 1e3) if (t := interval_s(r)) else None for _, r in rows]
    ax.bar([i - 0.2 for i in x], cold, width=0.4, label="cold: first call (one call, no interval)")
    warm_bars = ax.bar([i + 0.2 for i in x], warm, width=0.4, yerr=error_bars(warm, warm_interval), capsize=3,
           label="warm: median call" + (", 95% interval" if any(warm_interval) else ""))
    ax.set_xticks(list(x), label_rows(rows), rotation=45, ha="right")
    spread = max(cold + warm) / min(cold + warm)
    caption = ["Cold: the first call in a fresh state (module load, thread pool start; its pages were already "
               "touched); warm: the median of the timed calls after warm-up.",
               interval_caption(any(warm_interval), "the warm median's 95% interval")]
    caption += disturbed_caption(rows)
    if hollow_bars(warm_bars, rows):
        caption.append(HOLLOW_BARS)
    if spread > 100:  # a linear axis would flatten the small bars to nothing
        ax.set_yscale("log")
        ax.set_ylim(top=30 * max(cold + warm))  # room for the legend above the bars, inside the axes
        caption.append(f"Log axis: the times span over 10^{int(math.log10(spread))}x, too much for a linear one to "
                       "show the smallest; bars start at the axis' bottom, not at zero.")
        unit = "ms, host clock, log scale"
    else:
        ax.set_ylim(0, 1.2 * max(cold + warm))  # room for the legend above the bars
        unit = "ms, host clock"
    finish(ax, out_dir, "cold_vs_warm", f"{title}\ncold versus warm, {sizes_text(rows, what)}", None,
           f"time per call ({unit})", caption, loc="upper left", ncol=2)
    return None
