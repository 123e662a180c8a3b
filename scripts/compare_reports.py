#!/usr/bin/python3
"""Compares two policybench JSON reports row by row: B's median over A's and a two-sided Mann-Whitney U test on the
raw warm samples (samples_s), verdict SAME / FASTER / SLOWER as google/benchmark's tools/compare.py gives it: a
difference counts only when p < --alpha and the medians differ by at least --min-effect percent. Rows are the same
row when workload, policy, element type, size, host threads and K (work per element) all match, so every point of two
thread or work sweeps is compared, and every workload's row (named "workload/policy" but for the increment's);
ceiling rows are not policies and are left out.
--side-by-side REPORT...: instead, the policy rows of every report in one table (policybench's and seed_compare.py's
alike), each tagged [n] with its file, within 120 columns; no test is made.
Exit status 0; 1 with --fail-on-slower PCT when a row is SLOWER by more than PCT percent; 2 for bad input."""

import argparse
import errno
import os
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))  # its modules, also under python3 -I or -P
import report_file  # noqa: E402 (after the path)
import report_schema  # noqa: E402
import side_by_side  # noqa: E402
from report_file import escaped  # noqa: E402

try:
    from scipy.stats import mannwhitneyu
except ImportError:
    mannwhitneyu = None  # --side-by-side tests nothing; the comparison says what is missing

# Below this many samples per side the U test can hardly reach p < 0.05 (google/benchmark warns below 9).
FEW_SAMPLES = 9


def fail(message):
    print(f"compare_reports: error: {message}", file=sys.stderr)
    sys.exit(2)


def write_stdout(text):
    """Writes the comparison to standard output: a full or closed one is one error line and exit status 1; a closed
    pipe (| head) ends quietly with 141, as a tool killed by SIGPIPE."""
    try:
        if sys.stdout is None:  # started with standard output closed (>&-)
            raise OSError(errno.EBADF, "standard output is closed")
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the flush at exit has nothing to say
        sys.exit(141)
    except OSError as e:
        print(f"compare_reports: error: cannot write standard output: {e.strerror or e}", file=sys.stderr)
        sys.exit(1)


def percent(text):
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}")
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"must be a percentage >= 0, got {text}")
    return value


def probability(text):
    value = percent(text)
    if not 0 < value < 1:
        raise argparse.ArgumentTypeError(f"must be between 0 and 1, got {text}")
    return value


def read(path):
    """The checked report in `path`; one line and exit status 2 for one that cannot be used."""
    try:
        return side_by_side.read(path)
    except report_file.BadReport as e:
        fail(f"{escaped(path)}: {e}")


def rows(path):
    """({(name, type, size, threads, K): samples}, left_out): the report's policy rows that ran, each named by
    report_schema.row_name (its workload and policy), and texts naming the rows it leaves out (policy_rows). Each row
    must carry samples_s, the raw warm samples, each a finite number of seconds >= 0 (a NaN would compare as SAME
    with anything, JSON true would count as 1 s). Fields older reports lack (type, threads, work) key as '-'."""
    report = read(path)
    out = {}
    policies, left_out = report_schema.policy_rows(report)
    for r in policies:
        key = (report_schema.row_name(r),
               *("-" if r.get(f) is None else r[f] for f in ("type", "size", "threads", "work")))
        samples = r.get("samples_s")
        if not isinstance(samples, list) or not samples:
            fail(f"{escaped(path)}: row {key[0]} has no samples_s (raw warm samples), so no statistical comparison "
                 "is possible; rerun with a policybench that writes them")
        bad = next((i for i, s in enumerate(samples) if not report_file.is_number(s) or s < 0), None)
        if bad is not None:
            fail(f"{escaped(path)}: row {key[0]}: samples_s[{bad}] is {report_file.describe(samples[bad])}, not a "
                 "duration (a finite number of seconds >= 0)")
        if key in out:
            fail(f"{escaped(path)}: two rows {key[0]} with the same type, size, threads and K")
        out[key] = [float(s) for s in samples]
    return out, left_out


def row_key(key):
    """The columns naming a row: workload/policy (policy alone for the increment), type, size, threads, K."""
    return f"{key[0]:<26} {key[1]:<8} {key[2]!s:>11} {key[3]!s:>7} {key[4]!s:>5}"


def verdict(a, b, alpha, min_effect_pct):
    """(B median / A median, p-value, verdict) for two samples of durations."""
    ratio = statistics.median(b) / statistics.median(a) if statistics.median(a) > 0 else float("inf")
    # Identical samples: every rank is tied and the test has nothing to say (SciPy would warn); p = 1.
    p = 1.0 if sorted(a) == sorted(b) else float(mannwhitneyu(a, b, alternative="two-sided").pvalue)
    if p >= alpha or abs(ratio - 1) * 100 < min_effect_pct:
        return ratio, p, "SAME"
    return ratio, p, "SLOWER" if ratio > 1 else "FASTER"


def parse_args(argv):
    p = argparse.ArgumentParser(prog="compare_reports", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("reports", nargs="+", metavar="REPORT",
                   help="A.json B.json: the baseline report and the report compared with it; with --side-by-side, "
                        "any number of reports")
    p.add_argument("--side-by-side", action="store_true",
                   help="print the rows of every report in one table, each tagged with its file; no test")
    p.add_argument("--alpha", type=probability, help="p-value below which a difference counts (0.05)")
    p.add_argument("--min-effect", type=percent, metavar="PCT",
                   help="smallest difference of medians, in percent, that counts (2)")
    p.add_argument("--fail-on-slower", type=percent, metavar="PCT",
                   help="exit 1 when a row is SLOWER by more than PCT percent")
    p.error = lambda message: fail(message)
    args = p.parse_args(argv)
    tests = [o for o in ("alpha", "min_effect", "fail_on_slower") if getattr(args, o) is not None]
    if args.side_by_side and tests:
        fail(f"--{tests[0].replace('_', '-')}: a test's option, not one of --side-by-side's")
    if not args.side_by_side and len(args.reports) != 2:
        fail(f"two reports to compare, A.json and B.json, not {len(args.reports)} (--side-by-side prints any number)")
    args.alpha = 0.05 if args.alpha is None else args.alpha
    args.min_effect = 2.0 if args.min_effect is None else args.min_effect
    return args


def main(argv):
    args = parse_args(argv)
    if args.side_by_side:
        write_stdout(side_by_side.table([(path, read(path)) for path in args.reports]))
        return 0
    if mannwhitneyu is None:
        sys.exit("compare_reports: error: SciPy is missing; scripts/install-deps.sh installs python3-scipy")
    args.a, args.b = args.reports
    (a, a_left_out), (b, b_left_out) = rows(args.a), rows(args.b)
    left_out = [f"{text} left out of {escaped(name)}" for name, texts in ((args.a, a_left_out), (args.b, b_left_out))
                for text in texts]
    common = [k for k in a if k in b]
    if not common:
        fail(f"no row ran in both {escaped(args.a)} and {escaped(args.b)} (same workload, policy, type, size, threads "
             "and K)" + "".join(f"; {text}" for text in left_out))
    lines = [f"{'policy':<26} {'type':<8} {'size':>11} {'threads':>7} {'K':>5} {'A median s':>12} {'B median s':>12} "
             f"{'B/A':>7} {'p-value':>8}  verdict (p < {args.alpha}, effect >= {args.min_effect}%)"]
    regressions = []
    for key in common:
        ratio, p, word = verdict(a[key], b[key], args.alpha, args.min_effect)
        few = min(len(a[key]), len(b[key])) < FEW_SAMPLES
        lines.append(f"{row_key(key)} {statistics.median(a[key]):12.6g} "
                     f"{statistics.median(b[key]):12.6g} {ratio:7.3f} {p:8.4f}  {word}"
                     + (f" (fewer than {FEW_SAMPLES} samples: little power)" if few else ""))
        if word == "SLOWER" and args.fail_on_slower is not None and (ratio - 1) * 100 > args.fail_on_slower:
            regressions.append(f"{' '.join(map(str, key))} {100 * (ratio - 1):.1f}% slower")
    for name, only in ((args.a, [k for k in a if k not in b]), (args.b, [k for k in b if k not in a])):
        for key in only:
            lines.append(f"{row_key(key)} only in {escaped(name)}")
    lines += left_out
    write_stdout("\n".join(lines) + "\n")
    if regressions:
        print(f"compare_reports: regression beyond {args.fail_on_slower}%: " + ", ".join(regressions), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
