"""The one check of a policybench report's schema for every script that reads one (plot.py, compare_reports.py):
each field a script reads checked for its kind before anything is drawn or compared, so a report that breaks the
schema is refused whole with one line; and which rows are policies (ceiling rows are not)."""

import report_file

# The fields the scripts read, by what they must hold when present; null is always allowed, except where `check`
# is told otherwise. A count is what policybench writes as a 64-bit unsigned integer (K, a whole number, it writes
# as 1.0); a figure (seconds, GB/s, FLOPs) outside 1e-15..1e18 is no measurement, and would overflow the ratios and
# axis limits drawn from it.
KINDS = {"text": (report_file.is_text, f"a name (at most {report_file.MAX_TEXT} characters, no control characters)"),
         "count": (lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**64,
                   "a count (an integer from 0 to 2^64 - 1)"),
         "whole": (lambda v: (isinstance(v, int) and not isinstance(v, bool) or
                             isinstance(v, float) and v.is_integer()) and 0 <= v < 2**64,
                   "a whole number from 0 to 2^64 - 1"),
         "number": (lambda v: report_file.is_number(v) and (v == 0 or 1e-15 <= v <= 1e18),
                    "a number 0 or from 1e-15 to 1e18"),
         "bool": (lambda v: isinstance(v, bool), "true or false"),
         "object": (lambda v: isinstance(v, dict), "an object")}
ROW_FIELDS = {**{f: "text" for f in ("policy", "device", "status", "workload", "type", "role")},
              **{f: "number" for f in ("median_s", "cold_s", "gb_per_s", "kernel_gb_per_s", "kernel_median_s",
                                       "median_ci_low_s", "median_ci_high_s", "kernel_median_ci_low_s",
                                       "kernel_median_ci_high_s", "speedup_vs_1_thread", "flops_per_call",
                                       "flop_per_byte", "gflop_per_s")},
              **{f: "count" for f in ("size", "threads", "ranks", "reps", "disturbed_calls")}, "work": "whole",
              **{f: "bool" for f in ("above_ceiling", "mostly_disturbed")}}
CEILINGS = tuple(f"{where}_{what}" for where in ("host", "device")
                 for what in ("in_place_gb_per_s", "in_place_low_gb_per_s", "copy_gb_per_s", "compute_gflop_per_s",
                              "compute_peak_gflop_per_s"))
SERIES_FIELDS = {"size": "count", "threads": "count", "scaling": "text", **{f: "number" for f in CEILINGS}}


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


def check_report(report, required, not_null=("policy", "status", "size")):
    """Raises BadReport for a report whose fields the scripts read are missing or of the wrong kind: `required`,
    the row fields the caller cannot do without; `not_null`, those of them that must hold a value."""
    if not isinstance(report, dict) or not isinstance(report.get("results"), list):
        raise report_file.BadReport("not a policybench report (needs a 'results' list)")
    env = report.get("environment")
    check(env or {}, "environment", {"host": "object", "device": "object", "ceilings": "object"})
    env = env or {}
    check(env.get("host") or {}, "environment.host", {"cpu_model": "text"})
    check(env.get("device") or {}, "environment.device", {"name": "text", "available": "bool"})
    check(env.get("ceilings") or {}, "environment.ceilings", {c: "number" for c in CEILINGS})
    for i, row in enumerate(report["results"]):
        check(row, f"results[{i}]", ROW_FIELDS, required=required, not_null=not_null)
        if isinstance(row.get("work"), float):  # reports before 0.1.0's integer K wrote 1.0; keys print it as 1
            row["work"] = int(row["work"])
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


def row_name(row):
    """The row's name as the scripts show and match it: its policy, led by its workload where that is not the
    increment ("triad/loop", as Google Benchmark's names have it), so that a report of several workloads never merges
    two workloads' rows under one name; a row without a workload (a report before the field) is the increment's."""
    workload = row.get("workload") or "increment"
    return row["policy"] if workload == "increment" else f"{workload}/{row['policy']}"


def policy_rows(report):
    """(rows, left_out): the rows of policies that ran, and a text for each row that ran but is left out because its
    role is neither "policy" nor "ceiling" (null, or a word of a newer schema): a report's ceiling rows (role
    "ceiling", after the policies) are the yardsticks, read from environment.ceilings; reports older than the role
    field hold policies alone. The caller names what it leaves out, so nothing is dropped silently."""
    rows, left_out = [], []
    for r in (r for r in report["results"] if r["status"] == "ok"):
        role = r.get("role", "policy")
        if role == "policy":
            rows.append(r)
        elif role != "ceiling":
            left_out.append(f"{r['policy']} (role {report_file.describe(role)}, neither policy nor ceiling)")
    return rows, left_out
