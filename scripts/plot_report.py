"""The reports plot.py can use, checked by report_schema.py before anything is drawn: one line and exit status 2
for a report that breaks the schema."""
import sys

import report_file
import report_schema


LEFT_OUT = []  # the rows load() left out, for the reason a figure could not be made


def fail(message, status=2):
    print(f"plot.py: error: {message}", file=sys.stderr)
    sys.exit(status)


def literal(text):
    """The name with every '$' escaped: matplotlib reads text between two '$' as mathtext, so a name such as
    '$\\frac{$' would fail to draw, and '$x$' would be drawn as a formula instead of as written."""
    return text.replace("$", r"\$") if isinstance(text, str) else text


def drawable(obj, fields):
    """A copy of the object with the named text fields made literal."""
    return {**obj, **{f: literal(obj[f]) for f in fields if f in obj}} if isinstance(obj, dict) else obj


def load(path):
    """One report as (environment, policy rows that ran, sweep, crossovers), its names ready to draw as written (see
    literal; each row's policy named with its workload, report_schema.row_name), and the rows it leaves out named
    (report_schema.policy_rows), one line each on stderr; exits 2 with one line for a file that cannot be read or is
    not a report plot.py can use (report_file.read says which files are refused)."""
    try:
        report = report_file.read(path)
        report_schema.check_report(report, required=("policy", "device", "status", "size", "median_s"),
                                   not_null=("policy", "device", "status", "size"))
    except report_file.BadReport as e:
        fail(f"{report_file.escaped(path)}: {e}")
    rows, left_out = report_schema.policy_rows(report)
    for text in left_out:
        print(f"plot.py: skipped row {text} of {report_file.escaped(path)}", file=sys.stderr)
    LEFT_OUT.extend(left_out)
    env = report.get("environment") or {}
    crossovers = {name: drawable(c, ("challenger", "baseline")) for name, c in (report.get("crossovers") or {}).items()}
    return {**env, "host": drawable(env.get("host") or {}, ("cpu_model",)),
            "device": drawable(env.get("device") or {}, ("name",)), "ceilings": env.get("ceilings") or {}}, \
        [drawable({**r, "policy": report_schema.row_name(r)}, ("policy", "type")) for r in rows], report.get("sweep"), \
        crossovers


def number(row, field):
    """The field's value, or None when absent or null (check_report has refused anything else)."""
    return row.get(field)
