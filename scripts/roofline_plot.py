#!/usr/bin/python3
"""The roofline of a policybench work sweep (--sweep work), log-log: GFLOP/s against arithmetic intensity (FLOP/byte,
2 FLOPs per fused multiply-add), both measured ceilings as lines (the bandwidth roof, intensity x the in-place GB/s,
and the flat compute roof), each policy's points over K with its median's 95% interval, one panel per device.
Rows of several reports are merged: the seed's Python rows (scripts/seed_compare.py --work K, one report per K) join
the C++ sweep's. Writes roofline.png and roofline.svg. Exit status 0; 1 when nothing could be drawn; 2 for bad input."""
import argparse
import os
import sys

import plot_figure
import plot_report

PANELS = (("host", "CPU", "host"), ("device", "GPU", "device"))  # row device, panel title, ceilings' prefix


def gflop_interval(row, kernel, gflop_per_s):
    """(low, high) GFLOP/s from the median's interval (the high time gives the low rate), or None; widened to hold the
    row's own figure, which an interval whose end is the median itself may miss by a rounding."""
    times = plot_figure.interval_s(row, kernel)
    flops = plot_report.number(row, "flops_per_call")
    if not times or not flops:
        return None
    return min(flops / times[1] / 1e9, gflop_per_s), max(flops / times[0] / 1e9, gflop_per_s)


def points(reports, device):
    """{policy: [(FLOP/byte, GFLOP/s, interval, K)]} for the ok rows on `device` that have both figures."""
    out = {}
    for _, rows, _, _ in reports:
        for r in rows:
            x, y = plot_report.number(r, "flop_per_byte"), plot_report.number(r, "gflop_per_s")
            if r["device"] == device and x and y:
                kernel = device == "device" and plot_report.number(r, "kernel_median_s") is not None
                out.setdefault(r["policy"], []).append((x, y, gflop_interval(r, kernel, y), r.get("work", 1)))
    return {p: sorted(v, key=lambda point: point[3]) for p, v in out.items()}  # in K order


def roofs(reports, prefix):
    """The best measured (compute GFLOP/s, in-place GB/s, theoretical peak GFLOP/s) over the reports, None if none."""
    def best(field):
        values = [env["ceilings"].get(field) for env, _, _, _ in reports if env["ceilings"].get(field)]
        return max(values) if values else None
    return best(f"{prefix}_compute_gflop_per_s"), best(f"{prefix}_in_place_gb_per_s"), \
        best(f"{prefix}_compute_peak_gflop_per_s")


def panel(ax, reports, device, name, prefix):
    """Draws one device's roofline; returns a reason when it has no points."""
    series = points(reports, device)
    if not series:
        return f"no {name} rows with GFLOP/s and FLOP/byte (a --sweep work report?)"
    xs = [x for s in series.values() for x, _, _, _ in s]
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
    for policy, pts in series.items():
        x, y, intervals = [p[0] for p in pts], [p[1] for p in pts], [p[2] for p in pts]
        ax.errorbar(x, y, yerr=plot_figure.error_bars(y, intervals), marker="o", markersize=3, capsize=2, label=policy)
        ax.annotate(f"K={pts[-1][3]}", (x[-1], y[-1]), fontsize="xx-small", xytext=(3, -3),
                    textcoords="offset points")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.grid(True, which="major", alpha=0.3)
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("reports", nargs="+", help="policybench --sweep work --format json reports, seed reports")
    parser.add_argument("-o", "--output-dir", default=".", help="where roofline.png and .svg go (default: here)")
    args = parser.parse_args()
    reports = [plot_report.load(path) for path in args.reports]
    os.makedirs(args.output_dir, exist_ok=True)
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        plot_report.fail("matplotlib is missing: apt-get install python3-matplotlib (scripts/install-deps.sh does)")
    drawable = [p for p in PANELS if points(reports, p[0])]
    if not drawable:
        print("roofline_plot.py: error: no rows with GFLOP/s and FLOP/byte: give a --sweep work report",
              file=sys.stderr)
        sys.exit(1)
    figure, axes = plt.subplots(1, len(drawable), figsize=(7.5 * len(drawable), 5.5), squeeze=False)
    title = f"roofline: a[i] += 1 applied K times per element, on {plot_figure.machine([env for env, *_ in reports])}"
    for ax, (device, name, prefix) in zip(axes[0], drawable):
        panel(ax, reports, device, name, prefix)
        ax.set_title(f"{name}: each policy's points at K = 1, 2, 4, ... (median, 95% interval)", fontsize="small")
    last = axes[0][-1]
    for ax in axes[0][:-1]:
        ax.set_xlabel("arithmetic intensity (FLOP/byte; 2 FLOPs per fused multiply-add, 1 at K = 1)")
        ax.set_ylabel("GFLOP/s (10^9 FLOP/s)")
        ax.legend(fontsize="x-small", loc="upper left", bbox_to_anchor=(1.01, 1))
    sizes = sorted({f"{r['size']} x {r['type']}" for _, rows, _, _ in reports for r in rows})
    figure.suptitle(f"{title}\n{', '.join(sizes)} in place", fontsize="medium")
    caption = ("Black: the roofline, min(compute ceiling, FLOP/byte x in-place bandwidth ceiling at this size), both "
               "measured in the same run. Under the slope: memory-bound; under the flat part: compute-bound.",
               "A per-element dependent chain (x = x*m + 1, K times) is latency-bound unless the compiler or policy "
               "interleaves elements: the policies flatten far below the compute ceiling.",
               "NumPy cannot fuse its K passes of a += 1: K adds over K times the bytes; it stays at 1/16 FLOP/byte.")
    plot_figure.finish(last, args.output_dir, "roofline", None,
                "arithmetic intensity (FLOP/byte; 2 FLOPs per fused multiply-add, 1 at K = 1)",
                "GFLOP/s (10^9 FLOP/s)", caption, loc="upper left", bbox_to_anchor=(1.01, 1))


if __name__ == "__main__":
    main()
