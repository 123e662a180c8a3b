"""Reports side by side: the policy rows of several policybench JSON reports (policybench's own, seed_compare.py's) in
one table of at most 120 columns, each row tagged [n] with its file, as compare_reports.py --side-by-side and
seed_compare.py's table print them."""

import textwrap

import report_file
import report_schema
from report_file import escaped

WIDTH = 120
MIN_POLICY = 16  # a policy column narrower than this would wrap most names into several lines
UNITS = (("s", 1.0), ("ms", 1e-3), ("us", 1e-6), ("ns", 1e-9))


def read(path):
    """The report in `path`, checked as compare_reports.py checks it; raises report_file.BadReport."""
    report = report_file.read(path)
    report_schema.check_report(report, required=("policy", "status", "size"))
    return report


def duration(seconds):
    """Seconds in the largest unit that gives at least 1 of it, 3 significant digits: '1.23 ms', '456 us'; '-' for
    null."""
    if seconds is None:
        return "-"
    for unit, scale in UNITS:
        if float(f"{seconds / scale:.3g}") >= 1 or unit == "ns":
            return f"{significant(seconds / scale)} {unit}"


def significant(value):
    """3 significant digits, whole numbers from 1000 (no exponent)."""
    return f"{value:.3g}" if value < 1000 else f"{value:.0f}"


def interval_pct(row):
    """The width of the median's 95% interval over the median, in percent, or '-' without one."""
    low, median, high = (row.get(f) for f in ("median_ci_low_s", "median_s", "median_ci_high_s"))
    return "-" if None in (low, median, high) or not median else f"{100 * (high - low) / median:.1f}"


def text(value):
    return "-" if value is None else escaped(value)


# (heading, cell of a row, right-aligned); the policy column (index 1) takes the width the others leave.
COLUMNS = [("", None, False), ("policy", lambda r: escaped(report_schema.row_name(r)), False),
           ("device", lambda r: text(r.get("device")), False), ("type", lambda r: text(r.get("type")), False),
           ("size", lambda r: text(r.get("size")), True), ("thr", lambda r: text(r.get("threads")), True),
           ("K", lambda r: text(r.get("work")), True), ("cold", lambda r: duration(r.get("cold_s")), True),
           ("median", lambda r: duration(r.get("median_s")), True), ("CI %", interval_pct, True),
           ("GB/s", lambda r: "-" if r.get("gb_per_s") is None else significant(r["gb_per_s"]), True),
           ("kernel", lambda r: duration(r.get("kernel_median_s")), True)]
CAPTION = ("cold: the first call; median: of the warm calls, host clock; CI %: the width of the median's 95% interval "
           "over the median; GB/s: 10^9 bytes read and written per second, host clock; kernel: a device row's median "
           "kernel time. Rows of different files ran in different processes: compare_reports.py A.json B.json tests "
           "whether two rows differ.")


def fit(line, indent="    "):
    """The line cut into lines of at most WIDTH columns, the later ones indented."""
    return textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False) or [""]


def table(reports):
    """The text of the table of `reports`, [(file name, checked report)]: a legend line per file, the policy rows that
    ran, then per file the rows that did not run with their reasons, the rows left out for their role and the
    report's warnings; every line at most WIDTH columns, names escaped."""
    rows, notes = [], []
    for n, (_, report) in enumerate(reports, 1):
        policies, left_out = report_schema.policy_rows(report)
        rows += [(f"[{n}]", r) for r in policies]
        notes += [f"[{n}] {escaped(r['policy'])}: {escaped(r['status'])}: "
                  f"{escaped(r.get('reason') or 'no reason given')}" for r in report["results"] if r["status"] != "ok"]
        notes += [f"[{n}] {escaped(t)} left out" for t in left_out]
        warnings = report.get("warnings") or []
        notes += [f"[{n}] warning: {escaped(w)}" for w in (warnings if isinstance(warnings, list) else [warnings])]
    cells = [[tag] + [cell(r) for _, cell, _ in COLUMNS[1:]] for tag, r in rows]
    widths = [max(len(c) for c in column) for column in zip(*([h for h, _, _ in COLUMNS], *cells))]
    widths[1] = max(MIN_POLICY, min(widths[1], WIDTH - 2 * (len(widths) - 1) - sum(widths) + widths[1]))
    out = [line for n, (name, _) in enumerate(reports, 1) for line in fit(f"[{n}] {escaped(name)}")]
    for line in [[h for h, _, _ in COLUMNS]] + cells:
        policy = textwrap.wrap(line[1], widths[1], break_on_hyphens=False) or [""]
        for i, part in enumerate(policy):
            shown = [c if i == 0 else "" for c in line]
            shown[1] = part
            out.append("  ".join(c.rjust(w) if right else c.ljust(w)
                                 for c, w, (_, _, right) in zip(shown, widths, COLUMNS)).rstrip())
    out += [line for note in notes for line in fit(note)] + fit(CAPTION, "")
    return "\n".join(out) + "\n"
