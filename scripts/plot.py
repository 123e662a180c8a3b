#!/usr/bin/python3
"""Plots policybench JSON reports: GB/s per policy against the in-place ceilings, time versus size with crossovers,
thread scaling, cold versus warm, and MPI rank scaling (scripts/mpi_scaling.sh's merged report). Every median is drawn
with its 95% interval and every bar on a linear axis from zero. Rows of several reports are merged (e.g. the C++ run
and the Python seed's rows in the same schema); a figure the rows cannot make is skipped with one line saying why.
Exit status 0; 1 when no figure could be made or one could not be written; 2 for a report that cannot be used."""
import argparse
import errno
import os
import sys

from plot_cold_warm import cold_vs_warm
from plot_figure import STDOUT_FAILED, machine
from plot_gb_per_s import gb_per_s_bars
from plot_report import fail, load
from plot_sweeps import rank_scaling, thread_scaling, time_vs_size


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
