"""What every plot.py figure shares: the machine in the title, a row's time and GB/s with their 95% intervals as
error bars, the caption's line on them, and the figure written as PNG and SVG with its paths printed."""
import errno
import os
import sys

from plot_report import fail, number

GB = "GB/s (10^9 bytes/s)"
# Beyond these a figure's labels overlap past reading (and matplotlib refuses images over 2^16 pixels wide).
MAX_BARS, MAX_LINES = 100, 40
HOLLOW = "Hollow: most of the point's timed calls were disturbed (its figures count them), off the line."
HOLLOW_BARS = "Hollow bars: most of the row's timed calls were disturbed, so its figures count them."
STDOUT_FAILED = []  # set once standard output could not be written: the figures are still made, then exit status 1


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


def too_many(drawn, most=MAX_LINES, what="lines"):
    """The reason a figure is not made when it would hold more than `most` lines or bars, else None."""
    if len(drawn) > most:
        return f"{len(drawn)} {what} are too many for one figure to show readably (at most {most})"
    return None


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


MARKERS = "osD^vPXp<>"  # no star: time_vs_size marks crossovers with one
LINESTYLES = ("-", "--", ":", "-.")


def series_style(index):
    """The colour, marker and line style of a figure's index-th line, each line its own up to 80 lines (MAX_LINES is
    40): matplotlib's default cycle has 10 colours, so a figure of 16 policies drew pairs of them alike. tab20's 20
    colours, one of 10 markers beside each, and a line style for each round of 20."""
    from matplotlib import colormaps  # after plot.pyplot has chosen the backend

    return {"color": colormaps["tab20"](index % 20), "marker": MARKERS[index % len(MARKERS)],
            "linestyle": LINESTYLES[index // 20 % len(LINESTYLES)]}


def draw_series(ax, label, rows, x, y, interval, style):
    """One line through the rows (in the order given) at (x(row), y(row)) with interval(row)'s error bars ((low,
    high) or None), in `style` (series_style). A row whose timed calls were mostly disturbed (its figures count them)
    is a hollow marker off the line, never a real point. Returns (any interval drawn, any hollow marker drawn)."""
    quiet = [r for r in rows if not r.get("mostly_disturbed")]
    ys, intervals = [y(r) for r in quiet], [interval(r) for r in quiet]
    ax.errorbar([x(r) for r in quiet], ys, yerr=error_bars(ys, intervals), markersize=4, capsize=2, elinewidth=1,
                label=label, **style)
    hollow = [r for r in rows if r.get("mostly_disturbed")]
    if hollow:
        ax.plot([x(r) for r in hollow], [y(r) for r in hollow], linestyle="none", marker=style["marker"],
                markersize=6, markerfacecolor="none", markeredgecolor=style["color"])
    return any(intervals), bool(hollow)


def hollow_bars(bars, rows):
    """Empties the bars of rows whose timed calls were mostly disturbed (their figures count those calls): never
    drawn as real. Returns whether any was."""
    hollow = False
    for bar, (_, r) in zip(bars, rows):
        if r.get("mostly_disturbed"):
            bar.set_edgecolor(bar.get_facecolor())
            bar.set_fill(False)
            hollow = True
    return hollow


def error_bars(values, intervals):
    """Matplotlib's asymmetric yerr for values and their (low, high) intervals; NaN (nothing drawn) where none, and
    None when none has one."""
    if not any(intervals):
        return None
    nan = float("nan")
    return [[v - i[0] if i else nan for v, i in zip(values, intervals)],
            [i[1] - v if i else nan for v, i in zip(values, intervals)]]


def interval_caption(drawn, what):
    """The caption's line on error bars: what they show, or that the report gives no interval to show."""
    if drawn:
        return f"Error bars: {what}; a point without one has no interval in its report."
    return "No error bars: the report gives no interval for these medians (median_ci_low_s/high_s are null)."
