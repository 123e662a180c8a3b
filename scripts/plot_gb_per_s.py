"""The GB/s figure: host and device bars in panels of their own, each on a linear axis from zero with its 95%
interval, under the in-place ceiling of the rows it bounds; a bar above its ceiling is hatched and captioned."""
from plot_figure import GB, HOLLOW_BARS, MAX_BARS, error_bars, finish, hollow_bars, interval_caption, throughput, \
    too_many
from plot_report import number
from plot_rows import disturbed_caption, label_rows, single_point_rows, sizes_text


def best_call_ceiling(ceilings):
    """Whether a report's host_in_place_gb_per_s is its in-place stream's fastest call and host_in_place_low_gb_per_s
    the slowest round's fastest call, as in reports before the ceiling rows: they give host_in_place_best_s but no
    stream's median time (host_in_place_<schedule>_median_s). Since the ceiling rows both are the row's median and
    the slow end of its interval."""
    return "host_in_place_best_s" in ceilings and \
        not any(k.startswith("host_in_place_") and k.endswith("_median_s") for k in ceilings)


def ceiling(report, size, device):
    """(name, GB/s, low GB/s or None, statistic) of the in-place ceiling that bounds `device` rows of this report at
    `size`, or None: the ceiling row's median, the statistic the bars show (host_in_place_gb_per_s, the share's
    denominator), and the slow end of its 95% interval; "best call" where an older report holds the fastest call
    instead (best_call_ceiling). A size sweep's own point is used when it has one (each size has its own ceiling);
    reports that do not give the low end draw the line alone. The GPU falls back to the device-to-device copy where
    no in-place kernel was measured."""
    env, _, sweep, _ = report
    found = env.get("ceilings") or {}
    statistic = "best call" if best_call_ceiling(found) else "median"
    for point in (sweep or {}).get("series") or []:
        if (sweep or {}).get("kind") == "size" and point.get("size") == size:
            found = point
    if device == "host":
        # Reports before the in-place ceiling called it host_copy_gb_per_s (then the only host ceiling); a report that
        # has the in-place key but null (no ceiling bounded: a busy machine) draws no line, not the STREAM copy's.
        key = "host_in_place_gb_per_s" if "host_in_place_gb_per_s" in found else "host_copy_gb_per_s"
        best = number(found, key)
        return ("CPU in-place ceiling", best, number(found, "host_in_place_low_gb_per_s"), statistic) if best else None
    if number(found, "device_in_place_gb_per_s"):
        return ("GPU in-place ceiling", found["device_in_place_gb_per_s"],
                number(found, "device_in_place_low_gb_per_s"), "median")
    best = number(found, "device_copy_gb_per_s")
    return ("GPU device-to-device copy ceiling", best, None, "median") if best else None


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
    notes = {"interval": any(i for _, i, _ in figures), "hollow": hollow_bars(bars, rows)}
    # One ceiling segment over each run of bars that share it (same report and size; rows come sorted by report).
    groups, drawn = {}, set()
    for x, (i, r) in enumerate(rows):
        groups.setdefault((i, r["size"]), []).append(x)
    for (i, size), xs in groups.items():
        found = ceiling(reports[i], size, device)
        if not found:
            continue
        name, best, low, statistic = found
        left, right = min(xs) - 0.45, max(xs) + 0.45
        slow_end = "the slowest round's best call" if statistic == "best call" else "its interval's slow end"
        label = (f"{name}: {statistic} {best:.0f} GB/s" + (f",\nshaded down to {slow_end} {low:.0f}" if low else "")
                 ) if found not in drawn else None
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
    notes["ceiling_interval"] = any(low for _, _, low, _ in drawn)
    notes["best_call"] = any(statistic == "best call" for _, _, _, statistic in drawn)
    ax.set_ylim(0, 1.35 * max(values + [best for _, best, _, _ in drawn]))  # room for the legend above the bars
    ax.legend(fontsize="small", loc="upper left")
    return notes


def gb_per_s_bars(plt, reports, title, out_dir):
    picked, what = single_point_rows(reports)
    rows = [(i, r) for i, r in picked if throughput(r)[0] is not None]
    if not rows:
        return "no row with a GB/s figure"
    if why := too_many(rows, MAX_BARS, "bars"):
        return why
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
    if any(n["best_call"] for n in notes):
        caption.append("Dashed: the in-place kernel's fastest call over the run, as reports before the ceiling rows "
                       "give it (a best call, not a median like the bars), only over the rows it bounds" +
                       ("; shaded: down to the slowest round's best call." if any(n["ceiling_interval"] for n in notes)
                        else "."))
    elif any(n["ceiling"] for n in notes):
        caption.append("Dashed: the tuned in-place kernel's median, timed in the same rounds as the bars (median "
                       "against median), only over the rows it bounds" +
                       ("; shaded: down to its interval's slow end." if any(n["ceiling_interval"] for n in notes)
                        else "; this report gives it no interval."))
    if any(n.get("above") for n in notes):
        caption.append("Hatched red: median above its ceiling's median" +
                       (" (!: beyond both intervals)" if any(n.get("beyond") for n in notes) else "") +
                       "; an array under 4x the last-level cache, or the ceiling kernel is not the fastest schedule here.")
    caption += disturbed_caption(rows)
    if any(n["hollow"] for n in notes):
        caption.append(HOLLOW_BARS)
    figure.suptitle(f"{title}\nthroughput of a[i] += 1, {sizes_text(rows, what)}, read + write counted")
    axes[0][0].set_ylabel(GB)
    finish(axes[0][-1], out_dir, "gb_per_s", None, None, GB if len(panels) == 1 else "", caption, loc="upper left")
    return None
