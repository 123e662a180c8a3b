#!/usr/bin/python3
"""What scripts/plot.py marks, read from the drawn matplotlib objects (issue 28's plots): a point or bar whose calls
were mostly disturbed is hollow and off the line, thread ticks are whole numbers, the roofline's K is an integer on
its own axis, a caption or title line appears only for what is drawn, and a report's ceiling rows are not drawn as
policies (read through plot.py's own loading, as old reports without a role are), nor rows of no known role, which
are named; every line has its own colour and marker, thread scaling's legend is right of the axes, and an older
report's best-call ceiling is not called a median."""

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
import unittest

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402 (after choosing the backend)
from matplotlib.container import BarContainer  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
import plot  # noqa: E402
from plot_report import load  # noqa: E402
from test_plot import FigureCase, report, row  # noqa: E402


class Marks(FigureCase):
    def draw(self, figure, reports):
        fig = super().draw(figure, reports)
        return fig, "\n".join(t.get_text() for t in fig.texts)

    def test_a_mostly_disturbed_point_is_hollow_and_off_the_line(self):
        rows = [row("loop", 20.0, size=10**3), row("loop", 90.0, size=10**4, mostly_disturbed=True),
                row("loop", 20.0, size=10**5)]
        fig, caption = self.draw(plot.time_vs_size, [report(rows, sweep={"kind": "size"})])
        ax = fig.axes[0]
        line = ax.containers[0].lines[0]
        self.assertEqual(list(line.get_xdata()), [10**3, 10**5])
        hollow = [ln for ln in ax.lines if ln.get_markerfacecolor() == "none"]
        self.assertEqual([list(ln.get_xdata()) for ln in hollow], [[10**4]])
        self.assertIn("Hollow", caption)
        plt.close("all")
        _, caption = self.draw(plot.time_vs_size, [report([dict(r, mostly_disturbed=False) for r in rows],
                                                          sweep={"kind": "size"})])
        self.assertNotIn("Hollow", caption)

    def test_a_mostly_disturbed_bar_is_hollow(self):
        rows = [row("loop", 20.0), row("std::par", 40.0, disturbed_calls=9, mostly_disturbed=True)]
        fig, caption = self.draw(plot.gb_per_s_bars, [report(rows)])
        drawn = [c for c in fig.axes[0].containers if isinstance(c, BarContainer)][0]
        self.assertEqual([b.get_fill() for b in drawn], [True, False])
        self.assertIn("Hollow bars", caption)

    def test_thread_ticks_are_whole_numbers(self):
        rows = [row("std::par", 20.0 * n, threads=n, speedup_vs_1_thread=float(n)) for n in (1, 2)]
        fig, _ = self.draw(plot.thread_scaling, [report(rows, sweep={"kind": "threads"})])
        self.assertEqual(list(fig.axes[0].get_xticks()), [1, 2])

    def styles(self, ax):
        """(colour, marker, line style) of each policy's line, in legend order (the ideal line left out)."""
        return [(tuple(line.get_color()), line.get_marker(), line.get_linestyle())
                for line in (c.lines[0] for c in ax.containers)]

    def test_every_line_has_its_own_colour_and_marker_and_the_legend_is_off_the_lines(self):
        policies = [f"policy {i}" for i in range(21)]  # past matplotlib's 10 colours and a colormap's 20
        rows = [row(p, (20.0 + i) * n, threads=n, speedup_vs_1_thread=float(n)) for i, p in enumerate(policies)
                for n in (1, 2)]
        fig, _ = self.draw(plot.thread_scaling, [report(rows, sweep={"kind": "threads"})])
        ax = fig.axes[0]
        styles = self.styles(ax)
        self.assertEqual(len(styles), 21)
        self.assertEqual(len({colour for colour, _, _ in styles[:20]}), 20)
        self.assertEqual(len(set(styles)), 21)
        renderer = fig.canvas.get_renderer()
        self.assertGreaterEqual(ax.get_legend().get_window_extent(renderer).x0, ax.get_window_extent(renderer).x1)

    def test_the_roofline_draws_loop_and_numpy_apart(self):
        def work_row(policy, k):
            return row(policy, 20.0, work=k, flop_per_byte=k / 8, gflop_per_s=k * 2.5)
        # NumPy eleventh: the default cycle of 10 colours gave it loop's blue.
        policies = ["loop"] + [f"policy {i}" for i in range(9)] + ["numpy a += 1"]
        fig, _ = self.draw(plot.roofline, [report([work_row(p, k) for p in policies for k in (1, 2)])])
        styles = dict(zip(policies, self.styles(fig.axes[0])))
        self.assertNotEqual(styles["loop"][0], styles["numpy a += 1"][0])

    def test_a_ceiling_of_an_older_report_is_labelled_a_best_call_not_a_median(self):
        older = {"host_in_place_best_s": 1.0e-3, "host_in_place_gb_per_s": 158.0, "host_in_place_low_gb_per_s": 71.8}
        for ceilings, label in ((older, "best call 158 GB/s"),
                                (dict(older, host_in_place_static_median_s=1.1e-3), "median 158 GB/s")):
            fig, caption = self.draw(plot.gb_per_s_bars, [report([row("loop", 70.0)], ceilings)])
            labels = [c.get_label() for c in fig.axes[0].collections if c.get_label().startswith("CPU")]
            self.assertEqual(len(labels), 1)
            self.assertIn(label, labels[0])
            self.assertEqual("median" in labels[0], label.startswith("median"))
            self.assertEqual("fastest call over the run" in caption, label.startswith("best"))
            plt.close("all")

    def test_no_crossover_no_stars_in_the_title(self):
        rows = [row("loop", 20.0, size=n) for n in (10**3, 10**4)]
        fig, _ = self.draw(plot.time_vs_size, [report(rows, sweep={"kind": "size"})])
        self.assertNotIn("stars", fig.axes[0].get_title())

    def load(self, rows, ceilings=None, sweep=None):
        """rows written as a report and read back through plot.py's own loading."""
        self.path = os.path.join(self.out.name, "r.json")
        with open(self.path, "w") as f:
            json.dump({"environment": {"ceilings": ceilings or {}}, "results": rows, "sweep": sweep}, f)
        return load(self.path)

    def test_the_roofline_names_k_as_an_integer_and_numpy_only_when_drawn(self):
        def work_row(policy, k, intensity):  # K as policybench writes it: 2.0
            return row(policy, 20.0, work=float(k), flop_per_byte=intensity, gflop_per_s=intensity * 20.0)
        rows = [work_row("loop", k, k / 8) for k in (2, 4)]
        ceilings = {"host_in_place_gb_per_s": 40.0, "host_compute_gflop_per_s": 100.0}
        fig, caption = self.draw(plot.roofline, [self.load(rows, ceilings, {"kind": "work"})])
        top = fig.axes[0].child_axes[0]
        self.assertEqual([t.get_text() for t in top.get_xticklabels()], ["2", "4"])
        self.assertNotIn("NumPy", caption)
        plt.close("all")
        numpy = [work_row("numpy a += 1", k, 1 / 16) for k in (2, 4)]
        _, caption = self.draw(plot.roofline, [report(rows + numpy, ceilings, sweep={"kind": "work"})])
        self.assertIn("NumPy", caption)

    def test_ceiling_rows_are_not_policies(self):
        rows = [row("loop", 20.0), row("host in-place ceiling", 45.0, role="ceiling"), row("std::par", 40.0,
                                                                                             role="policy")]
        fig, _ = self.draw(plot.gb_per_s_bars, [self.load(rows, {"host_in_place_gb_per_s": 45.0})])
        self.assertEqual([t.get_text() for t in fig.axes[0].get_xticklabels()], ["loop", "std::par"])

    def test_rows_of_no_known_role_are_named_not_dropped_silently(self):
        rows = [row("loop", 20.0), row("roof", 45.0, role="roofline"), row("std::par", 40.0, role=None)]
        self.addCleanup(plot.LEFT_OUT.clear)
        with contextlib.redirect_stderr(io.StringIO()) as err:
            fig, _ = self.draw(plot.gb_per_s_bars, [self.load(rows)])
        self.assertEqual([t.get_text() for t in fig.axes[0].get_xticklabels()], ["loop"])
        self.assertEqual(err.getvalue().splitlines(),
                         [f"plot.py: skipped row roof (role \"roofline\", neither policy nor ceiling) of {self.path}",
                          f"plot.py: skipped row std::par (role null, neither policy nor ceiling) of {self.path}"])

    def test_a_figure_skipped_for_want_of_rows_counts_those_left_out(self):
        # Every row of no known role: the figure cannot be made, and its skip line says how many rows were left out.
        rows = [row("std::par", 40.0, role=None), row("roof", 45.0, role="roofline")]
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "r.json")
            with open(path, "w") as f:
                json.dump({"environment": {"host": {"cpu_model": "test CPU"}}, "results": rows}, f)
            done = subprocess.run([sys.executable, plot.__file__, path, "-o", d, "--figures", "gb_per_s"],
                                  capture_output=True, text=True)
        self.assertEqual(done.returncode, 1, done.stderr)
        skipped = [line for line in done.stderr.splitlines() if line.startswith("plot.py: skipped gb_per_s: ")]
        self.assertEqual(len(skipped), 1, done.stderr)
        self.assertTrue(skipped[0].endswith(" (2 left out, named above)"), skipped[0])

    def test_ten_lines_have_ten_markers(self):
        # A marker beside each colour tells lines apart where colours are hard to (print, colour blindness).
        rows = [row(f"policy {i}", (20.0 + i) * n, threads=n, speedup_vs_1_thread=float(n)) for i in range(10)
                for n in (1, 2)]
        fig, _ = self.draw(plot.thread_scaling, [report(rows, sweep={"kind": "threads"})])
        self.assertEqual(len({marker for _, marker, _ in self.styles(fig.axes[0])}), 10)


if __name__ == "__main__":
    unittest.main()
