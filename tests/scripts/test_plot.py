#!/usr/bin/python3
"""scripts/plot.py's figures read from the drawn matplotlib objects, on synthetic reports: bars on a linear axis
from zero with the median's interval as error bars, a ceiling with its interval drawn only over the rows it bounds,
a bar above its ceiling marked, a size sweep's bar chart titled with the size it shows, older reports (no interval,
no low ceiling) still drawn, and a log axis only with its reason in the caption."""

import json
import math
import os
import sys
import tempfile
import unittest

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the backend)
from matplotlib.container import BarContainer  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import plot  # noqa: E402
import plot_report  # noqa: E402


def row(policy, gb, size=10**7, device="host", spread=(0.97, 1.04), **extra):
    """An ok row of `size` float64 at `gb` GB/s with its median's interval `spread` (None: no interval)."""
    bytes_per_call = 16.0 * size
    median = bytes_per_call / gb / 1e9
    out = dict(policy=policy, device=device, status="ok", type="float64", size=size, bytes_per_call=bytes_per_call,
               median_s=median, cold_s=median * 1.3, gb_per_s=gb)
    if spread:
        out.update(median_ci_low_s=median * spread[0], median_ci_high_s=median * spread[1])
    return {**out, **extra}


def bars(ax, index=0):
    """The index-th set of bars drawn on ax (ax.containers also holds their error bars)."""
    return [c for c in ax.containers if isinstance(c, BarContainer)][index]


def report(rows, ceilings=None, sweep=None):
    return ({"host": {"cpu_model": "test CPU"}, "ceilings": ceilings or {}}, rows, sweep, None)


class FigureCase(unittest.TestCase):
    """Draws one figure into a scratch folder (no test of its own: the figure tests derive from it)."""
    def setUp(self):
        self.out = tempfile.TemporaryDirectory()
        self.addCleanup(self.out.cleanup)
        self.addCleanup(plt.close, "all")
        plot.STDOUT_FAILED.append(False)  # the paths it would print are not this test's concern
        self.addCleanup(plot.STDOUT_FAILED.clear)

    def draw(self, figure, reports):
        self.assertIsNone(figure(plt, reports, "t", self.out.name))
        return plt.gcf()


class Figures(FigureCase):

    def caption(self, fig):
        return "\n".join(t.get_text() for t in fig.texts)

    def test_bars_from_zero_with_the_medians_interval_as_error_bars(self):
        rows = [row("loop", 20.0), row("std::par", 40.0, spread=(0.9, 1.2))]
        fig = self.draw(plot.gb_per_s_bars, [report(rows)])
        ax = fig.axes[0]
        self.assertEqual(ax.get_yscale(), "linear")
        self.assertEqual(ax.get_ylim()[0], 0)
        drawn = bars(ax)
        self.assertEqual([b.get_height() for b in drawn], [20.0, 40.0])
        # GB/s = bytes / time: the interval's high time is the low GB/s.
        low, high = [seg[:, 1] for seg in drawn.errorbar.lines[2][0].get_segments()][1]
        self.assertAlmostEqual(low, 40.0 / 1.2)
        self.assertAlmostEqual(high, 40.0 / 0.9)

    def test_the_ceiling_with_its_interval_only_over_the_rows_it_bounds(self):
        host = [row("loop", 20.0), row("std::par", 40.0)]
        device = [row("thrust::device", 4000.0, device="device", kernel_gb_per_s=4000.0, kernel_median_s=4e-5)]
        ceilings = {"host_in_place_gb_per_s": 45.0, "host_in_place_low_gb_per_s": 41.0,
                    "device_in_place_gb_per_s": 4300.0}
        fig = self.draw(plot.gb_per_s_bars, [report(host + device, ceilings)])
        host_ax, device_ax = fig.axes
        lines = [c for c in host_ax.collections if c.get_label().startswith("CPU in-place ceiling")]
        self.assertEqual(len(lines), 1, [c.get_label() for c in host_ax.collections])
        (start, end), = [seg[:, 0] for seg in lines[0].get_segments()]
        self.assertEqual((start, end), (-0.45, 1.45))  # over the two host bars, not beyond
        self.assertEqual(lines[0].get_segments()[0][0, 1], 45.0)
        band = [c for c in host_ax.collections if not c.get_label().startswith("CPU") and c.get_paths()]
        self.assertTrue(any(math.isclose(c.get_paths()[0].vertices[:, 1].min(), 41.0) for c in band))
        self.assertIn("41", lines[0].get_label())
        self.assertFalse(any(c.get_label().startswith("CPU") for c in device_ax.collections))
        self.assertTrue(any(c.get_label().startswith("GPU in-place ceiling") for c in device_ax.collections))

    def test_a_bar_above_its_ceiling_is_marked_and_explained(self):
        rows = [row("loop", 20.0), row("tbb::parallel_for", 50.0, above_ceiling=True)]
        fig = self.draw(plot.gb_per_s_bars, [report(rows, {"host_in_place_gb_per_s": 45.0})])
        self.assertEqual([bool(b.get_hatch()) for b in bars(fig.axes[0])], [False, True])
        self.assertIn("above its ceiling", self.caption(fig))
        self.assertIn("beyond both intervals", self.caption(fig))

    def test_a_size_sweeps_bar_chart_names_the_size_it_shows(self):
        rows = [row("loop", g, size=n) for n, g in ((10**3, 8.0), (10**6, 30.0), (10**8, 21.0))]
        sweep = {"kind": "size", "series": [{"size": 10**8, "host_in_place_gb_per_s": 40.0,
                                             "host_in_place_low_gb_per_s": 36.0}]}
        fig = self.draw(plot.gb_per_s_bars, [report(rows, {"host_in_place_gb_per_s": 99.0}, sweep)])
        self.assertIn("10^8 elements x float64 (the size sweep's largest size)", fig._suptitle.get_text())
        labels = [c.get_label() for c in fig.axes[0].collections]
        self.assertTrue(any("median 40 GB/s" in label and "36" in label for label in labels), labels)

    def test_no_bounding_ceiling_draws_no_line_not_the_stream_copy(self):
        # A busy run's report: no in-place ceiling bounded (null), while the STREAM copy row has a figure.
        rows = [row("loop", 20.0), row("std::par", 40.0)]
        ceilings = {"host_in_place_gb_per_s": None, "host_copy_gb_per_s": 4.0}
        fig = self.draw(plot.gb_per_s_bars, [report(rows, ceilings)])
        self.assertFalse(any(c.get_label().startswith("CPU") for c in fig.axes[0].collections))
        self.assertEqual([bool(b.get_hatch()) for b in bars(fig.axes[0])], [False, False])

    def test_an_older_report_without_intervals_still_draws_and_says_so(self):
        rows = [row("loop", 20.0, spread=None), row("std::par", 40.0, spread=None)]
        fig = self.draw(plot.gb_per_s_bars, [report(rows, {"host_copy_gb_per_s": 45.0})])
        self.assertIsNone(bars(fig.axes[0]).errorbar)
        self.assertIn("No error bars", self.caption(fig))
        self.assertIn("no interval", self.caption(fig))

    def test_disturbed_calls_are_counted_in_the_label(self):
        rows = [row("loop", 20.0, disturbed_calls=0), row("std::par", 40.0, disturbed_calls=7)]
        fig = self.draw(plot.gb_per_s_bars, [report(rows)])
        self.assertEqual([t.get_text() for t in fig.axes[0].get_xticklabels()], ["loop", "std::par [7 disturbed]"])

    def test_a_report_of_several_workloads_draws_each_workloads_row_under_its_own_name(self):
        # A policy under triad and under poly: two bars, never one name for both (nor a row dropped); a row without
        # the field, as before it existed, is the increment's and keeps its plain name.
        rows = [row("loop", 20.0), row("loop", 30.0, workload="triad"), row("loop", 5.0, workload="poly")]
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "r.json")
            with open(path, "w") as f:
                json.dump({"environment": {"host": {"cpu_model": "test CPU"}}, "results": rows}, f)
            loaded = plot_report.load(path)
        self.assertEqual([r["policy"] for r in loaded[1]], ["loop", "triad/loop", "poly/loop"])
        fig = self.draw(plot.gb_per_s_bars, [loaded])
        self.assertEqual([t.get_text() for t in fig.axes[0].get_xticklabels()], ["loop", "triad/loop", "poly/loop"])
        self.assertEqual([b.get_height() for b in bars(fig.axes[0])], [20.0, 30.0, 5.0])

    def test_cold_versus_warm_is_linear_from_zero_unless_the_spread_needs_a_log_axis_and_says_why(self):
        fig = self.draw(plot.cold_vs_warm, [report([row("loop", 20.0), row("std::par", 40.0)])])
        ax = fig.axes[0]
        self.assertEqual((ax.get_yscale(), ax.get_ylim()[0]), ("linear", 0))
        self.assertIsNone(bars(ax, 0).errorbar)  # cold: one call, no interval
        self.assertIsNotNone(bars(ax, 1).errorbar)  # warm: the median's interval
        plt.close("all")
        fig = self.draw(plot.cold_vs_warm, [report([row("loop", 20.0), row("numba", 20.0, cold_s=2.0)])])
        self.assertEqual(fig.axes[0].get_yscale(), "log")
        self.assertIn("Log axis: the times span over 10^", self.caption(fig))

    def test_time_versus_size_draws_each_medians_interval(self):
        rows = [row("loop", 20.0, size=n) for n in (10**3, 10**4, 10**5)]
        fig = self.draw(plot.time_vs_size, [report(rows, sweep={"kind": "size"})])
        self.assertTrue(fig.axes[0].containers[0].has_yerr)
        self.assertIn("Log axes:", self.caption(fig))


if __name__ == "__main__":
    unittest.main()
