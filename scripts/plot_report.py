"""The reports plot.py and roofline_plot.py can use: every field they read checked for its kind, so a report that
breaks the schema is refused whole with one line (exit status 2) before anything is drawn."""
import sys

import report_file


def fail(message, status=2):
    print(f"plot.py: error: {message}", file=sys.stderr)
    sys.exit(status)


# The fields plot.py reads, by where they are and what they must hold when present (null is always allowed, except
# for the row fields that say which row it is). A report that breaks this is refused whole with one line.
ROW_FIELDS = {"policy": "text", "device": "text", "status": "text", "size": "count", "type": "text",
              **{f: "number" for f in ("median_s", "cold_s", "gb_per_s", "kernel_gb_per_s", "kernel_median_s",
                                       "median_ci_low_s", "median_ci_high_s", "kernel_median_ci_low_s",
                                       "kernel_median_ci_high_s", "speedup_vs_1_thread")},
              **{f: "count" for f in ("threads", "ranks", "reps", "disturbed_calls")}, "above_ceiling": "bool"}
CEILINGS = ("host_in_place_gb_per_s", "host_in_place_low_gb_per_s", "host_copy_gb_per_s", "device_in_place_gb_per_s",
            "device_in_place_low_gb_per_s", "device_copy_gb_per_s")
SERIES_FIELDS = {"size": "count", "threads": "count", "scaling": "text", **{f: "number" for f in CEILINGS}}
KINDS = {"text": (lambda v: isinstance(v, str), "a string"),
         "count": (lambda v: isinstance(v, int) and not isinstance(v, bool) and v >= 0, "a count (an integer >= 0)"),
         "number": (lambda v: report_file.is_number(v) and v >= 0, "a finite number >= 0"),
         "bool": (lambda v: isinstance(v, bool), "true or false"),
         "object": (lambda v: isinstance(v, dict), "an object")}


def check(obj, where, fields, required=(), not_null=()):
    """Raises BadReport naming `where` and the field when a field of the object `obj` is not of its kind, a
    `required` one is missing or a `not_null` one is null."""
    if not isinstance(obj, dict):
        raise report_file.BadReport(f"{where} is {report_file.describe(obj)}, not an object")
    for name, kind in fields.items():
        if name not in obj and name in required:
            raise report_file.BadReport(f"{where}: no '{name}'")
        value = obj.get(name)
        test, wanted = KINDS[kind]
        if (value is not None or name in not_null) and not test(value):
            raise report_file.BadReport(f"{where}: '{name}' is {report_file.describe(value)}, not {wanted}")


def check_report(report):
    """Raises BadReport for a report whose fields plot.py reads are missing or of the wrong kind."""
    if not isinstance(report, dict) or not isinstance(report.get("results"), list) or "environment" not in report:
        raise report_file.BadReport("not a policybench report (needs 'environment' and a 'results' list)")
    env = report["environment"]
    check(env, "environment", {"host": "object", "device": "object", "ceilings": "object"})
    check(env.get("host") or {}, "environment.host", {"cpu_model": "text"})
    check(env.get("device") or {}, "environment.device", {"name": "text", "available": "bool"})
    check(env.get("ceilings") or {}, "environment.ceilings", {c: "number" for c in CEILINGS})
    for i, row in enumerate(report["results"]):
        check(row, f"results[{i}]", ROW_FIELDS, required=("policy", "device", "status", "size", "median_s"),
              not_null=("policy", "device", "status", "size"))
        for prefix in ("median", "kernel_median"):  # an error bar must hold its median
            low, median, high = (row.get(f) for f in (f"{prefix}_ci_low_s", f"{prefix}_s", f"{prefix}_ci_high_s"))
            if None not in (low, median, high) and not low <= median <= high:
                raise report_file.BadReport(f"results[{i}]: {prefix}_s {median} is outside its interval "
                                            f"[{low}, {high}]")
    sweep = report.get("sweep")
    check(sweep or {}, "sweep", {"kind": "text"})
    series = (sweep or {}).get("series")
    if series is not None and not isinstance(series, list):
        raise report_file.BadReport(f"sweep: 'series' is {report_file.describe(series)}, not a list")
    for i, point in enumerate(series or []):
        check(point, f"sweep.series[{i}]", SERIES_FIELDS)
    crossovers = report.get("crossovers")
    check(crossovers or {}, "crossovers", {})
    for name, c in (crossovers or {}).items():
        check(c or {}, f"crossovers.{name}", {"challenger": "text", "baseline": "text", "at_from_size": "object"})
        check((c or {}).get("at_from_size") or {}, f"crossovers.{name}.at_from_size",
              {"size": "count", "challenger_s": "number"})


def load(path):
    """One report as (environment, rows that ran, sweep, crossovers); exits 2 with one line for a file that cannot be
    read or is not a report plot.py can use (report_file.read says which files are refused)."""
    try:
        report = report_file.read(path)
        check_report(report)
    except report_file.BadReport as e:
        fail(f"{path}: {e}")
    return report["environment"], [r for r in report["results"] if r["status"] == "ok"], report.get("sweep"), \
        report.get("crossovers")


def number(row, field):
    """The field's value, or None when absent or null (check_report has refused anything else)."""
    return row.get(field)
