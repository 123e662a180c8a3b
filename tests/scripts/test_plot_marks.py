#!/usr/bin/python3
"""What scripts/plot.py marks, read from the drawn matplotlib objects (issue 28's plots): a point or bar whose calls
were mostly disturbed is hollow and off the line, thread ticks are whole numbers, the roofline's K is an integer on
its own axis, a caption or title line appears only for what is drawn, and a report's ceiling rows are not drawn as
policies (read through plot.py's own loading, as old reports without a role are), nor rows of no known role, which
are named."""

import contextlib
import io
import json
import os
import sys
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


if __name__ == "__main__":
    unittest.main()
