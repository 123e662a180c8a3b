#!/usr/bin/python3
"""Plots policybench JSON reports: GB/s per policy against the in-place ceilings, time versus size with crossovers,
thread scaling, cold versus warm, MPI rank scaling (scripts/mpi_scaling.sh's merged report) and the roofline of a
work sweep (--sweep work). Every median is drawn with its 95% interval and every bar on a linear axis from zero.
Rows of several reports are merged (e.g. the C++ run and the Python seed's rows in the same schema, one seed report
per K beside a work sweep); a figure the rows cannot make is skipped with one line saying why.
Exit status 0; 1 when no figure could be made or one could not be written; 2 for a report that cannot be used."""
import argparse
import errno
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))  # its modules, also under python3 -I or -P
from plot_cold_warm import cold_vs_warm  # noqa: E402 (after the path)
from plot_figure import STDOUT_FAILED, machine  # noqa: E402
from plot_gb_per_s import gb_per_s_bars  # noqa: E402
from plot_report import LEFT_OUT, fail, load  # noqa: E402
from plot_roofline import roofline  # noqa: E402
from plot_sweeps import rank_scaling, thread_scaling, time_vs_size  # noqa: E402

FIGURES = {"gb_per_s": gb_per_s_bars, "time_vs_size": time_vs_size, "thread_scaling": thread_scaling,
           "cold_vs_warm": cold_vs_warm, "rank_scaling": rank_scaling, "roofline": roofline}


def output_dir(path):
    """Creates the directory `path` the figures go to, if missing; one line and exit status 2 when it cannot be."""
    try:
        if os.path.exists(path) and not os.path.isdir(path):
            raise NotADirectoryError(errno.ENOTDIR, "not a directory")
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        fail(f"-o: cannot use '{path}' as the output directory: {e.strerror or e}")


def pyplot():
    """matplotlib.pyplot drawing to files only (the Agg backend: no display, whatever MPLBACKEND says)."""
    os.environ.pop("MPLBACKEND", None)  # an unknown name there fails matplotlib's import before use() is reached
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        # Named: a pyenv or venv python on PATH lacks the package Debian installs for /usr/bin/python3.
        fail(f"matplotlib is missing for {sys.executable}: apt-get install python3-matplotlib installs it for "
             "/usr/bin/python3 (scripts/install-deps.sh does); run scripts/plot.py itself, which uses that one")
    return plt


def figure_names(text):
    names = text.split(",")
    if unknown := [n for n in names if n not in FIGURES]:
        raise argparse.ArgumentTypeError(f"'{unknown[0]}' is not one of: {', '.join(FIGURES)}")
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("reports", nargs="+", help="policybench --format json reports, seed_compare.py reports")
    parser.add_argument("-o", "--output-dir", default=".",
                        help="where the PNG and SVG files go, created if missing (default: here)")
    parser.add_argument("--figures", type=figure_names, default=list(FIGURES), metavar="NAME,...",
                        help=f"only these figures (default: all of {', '.join(FIGURES)})")
    parser.error = fail  # argparse's own message, on one line (exit status 2)
    args = parser.parse_args()
    reports = [load(path) for path in args.reports]  # bad input fails before -o is created
    output_dir(args.output_dir)
    plt = pyplot()
    title = f"policybench on {machine([env for env, _, _, _ in reports])}"
    made = 0
    for name in args.figures:
        why_not = FIGURES[name](plt, reports, title, args.output_dir)
        if why_not:
            left_out = f" ({len(LEFT_OUT)} left out, named above)" if LEFT_OUT else ""
            print(f"plot.py: skipped {name}: {why_not}{left_out}", file=sys.stderr)
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
