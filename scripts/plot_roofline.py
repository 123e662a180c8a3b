"""The roofline of a work sweep (--sweep work), log-log: GFLOP/s against arithmetic intensity (FLOP/byte, 2 FLOPs
per fused multiply-add), both measured ceilings as lines (the bandwidth roof, intensity x the in-place GB/s, and
the flat compute roof), each policy's points over K with its median's 95% interval, one panel per device. The
seed's Python rows (scripts/seed_compare.py --work K, one report per K) join the C++ sweep's."""
from plot_figure import HOLLOW, draw_series, finish, interval_s, series_style, too_many
from plot_report import number

PANELS = (("host", "CPU", "host"), ("device", "GPU", "device"))  # row device, panel title, ceilings' prefix
INTENSITY = "arithmetic intensity (FLOP/byte; 2 FLOPs per fused multiply-add, 1 at K = 1)"
GFLOP = "GFLOP/s (10^9 FLOP/s)"


def gflop_interval(row, kernel, gflop_per_s):
    """(low, high) GFLOP/s from the median's interval (the high time gives the low rate), or None; widened to hold the
    row's own figure, which an interval whose end is the median itself may miss by a rounding."""
    times, flops = interval_s(row, kernel), number(row, "flops_per_call")
    if not times or not flops:
        return None
    return min(flops / times[1] / 1e9, gflop_per_s), max(flops / times[0] / 1e9, gflop_per_s)


def points(reports, device):
    """{policy: {K: row}} for the rows on `device` that have both figures, of policies measured at two or more K."""
    out = {}
    for _, rows, _, _ in reports:
        for r in rows:
            if r["device"] == device and number(r, "flop_per_byte") and number(r, "gflop_per_s"):
                out.setdefault(r["policy"], {})[number(r, "work") or 1] = r
    return {p: v for p, v in out.items() if len(v) >= 2}


def roofs(reports, prefix):
    """The best measured (compute GFLOP/s, in-place GB/s, theoretical peak GFLOP/s) over the reports, None if none."""
    def best(field):
        values = [env["ceilings"].get(field) for env, _, _, _ in reports if env["ceilings"].get(field)]
        return max(values) if values else None
    return best(f"{prefix}_compute_gflop_per_s"), best(f"{prefix}_in_place_gb_per_s"), \
        best(f"{prefix}_compute_peak_gflop_per_s")


def k_axis(ax, series):
    """K on a top axis, at the intensity most rows of that K have (NumPy's K passes stay at K = 1's)."""
    from matplotlib.ticker import NullLocator  # after plot_figure.pyplot has chosen the backend

    at = {}
    for pts in series.values():
        for k, r in pts.items():
            at.setdefault(r["flop_per_byte"], []).append(k)
    ticks = sorted(at)
    top = ax.secondary_xaxis("top")
    top.set_xticks(ticks, [str(max(set(at[x]), key=at[x].count)) for x in ticks], fontsize="x-small")
    top.xaxis.set_minor_locator(NullLocator())


def panel(ax, reports, series, prefix):
    """Draws one device's roofline and points; returns (a disturbed point was drawn, NumPy was drawn)."""
    xs = [r["flop_per_byte"] for pts in series.values() for r in pts.values()]
    lo, hi = min(xs) / 2, max(xs) * 2
    compute, bandwidth, peak = roofs(reports, prefix)
    grid = [lo * (hi / lo) ** (i / 200) for i in range(201)]
    if bandwidth:
        ax.plot(grid, [min(x * bandwidth, compute or float("inf")) for x in grid], color="black", linewidth=2,
                label=f"roofline: memory {bandwidth:.1f} GB/s x FLOP/byte" +
                      (f", compute {compute:.1f} GFLOP/s (measured)" if compute else ""))
    elif compute:
        ax.axhline(compute, color="black", linewidth=2, label=f"compute ceiling {compute:.1f} GFLOP/s (measured)")
    if peak:  # the host's at /proc/cpuinfo's clock, which a VM reports nominal: boosting cores pass it
        clock = "nominal clock from /proc/cpuinfo" if prefix == "host" else "SM count x clock x FMA rate"
        ax.axhline(peak, color="grey", linestyle=":", label=f"theoretical peak {peak:.0f} GFLOP/s ({clock})")
    disturbed = False
    for i, (policy, pts) in enumerate(series.items()):
        kernel = prefix == "device"
        _, hollow = draw_series(ax, policy, [pts[k] for k in sorted(pts)], lambda r: r["flop_per_byte"],
                                lambda r: r["gflop_per_s"], lambda r: gflop_interval(
                                    r, kernel and number(r, "kernel_median_s") is not None, r["gflop_per_s"]),
                                series_style(i))
        disturbed = disturbed or hollow
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.grid(True, which="major", alpha=0.3)
    k_axis(ax, series)
    return disturbed, any(p.startswith("numpy") for p in series)


def roofline(plt, reports, title, out_dir):
    drawable = [(p, s) for p in PANELS if (s := points(reports, p[0]))]
    if not drawable:
        return "no policy was measured at two or more K with GFLOP/s and FLOP/byte (run --sweep work)"
    if why := next((w for _, s in drawable if (w := too_many(s))), None):
        return why
    figure, axes = plt.subplots(1, len(drawable), figsize=(7.5 * len(drawable), 6), squeeze=False)
    notes = []
    for ax, ((device, name, prefix), series) in zip(axes[0], drawable):
        notes.append(panel(ax, reports, series, prefix))
        ax.set_title(f"{name}: each policy's points over K, the work per element (top axis); median, 95% interval",
                     fontsize="small")
    for ax in axes[0][:-1]:
        ax.set_xlabel(INTENSITY)
        ax.set_ylabel(GFLOP)
        ax.legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.01, 1))
    sizes = sorted({f"{r['size']} x {r.get('type') or '?'}" for _, rows, _, _ in reports for r in rows
                    if number(r, "gflop_per_s")})
    figure.suptitle(f"{title}\nroofline: a[i] += 1 applied K times per element, {', '.join(sizes)} in place",
                    fontsize="medium")
    figure.subplots_adjust(top=0.82)  # the titles above the K axis
    caption = ["Black: the roofline, min(compute ceiling, FLOP/byte x in-place bandwidth ceiling at this size), both "
               "measured in the same run. Under the slope: memory-bound; under the flat part: compute-bound.",
               "A per-element dependent chain (x = x*m + 1, K times) is latency-bound unless the compiler or policy "
               "interleaves elements: the policies flatten far below the compute ceiling."]
    if any(numpy for _, numpy in notes):
        caption.append("NumPy cannot fuse its K passes of a += 1: K adds over K times the bytes; it stays at "
                       "1/16 FLOP/byte.")
    if any(disturbed for disturbed, _ in notes):
        caption.append(HOLLOW)
    finish(axes[0][-1], out_dir, "roofline", None, INTENSITY, GFLOP, caption, fontsize="x-small", loc="upper left",
           bbox_to_anchor=(1.01, 1))
    return None
