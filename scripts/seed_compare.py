#!/usr/bin/python3
"""The Python experiment that started policybench, on this machine: a[i] += 1 over N elements as a Python loop, under
the original Numba decorator, @njit, @njit(parallel=True), NumPy, @cuda.jit and CuPy; first call (compilation) timed
apart from warm calls, every result validated, rows in policybench's JSON schema; the table prints them beside a
policybench report's rows (--beside) as compare_reports.py --side-by-side does. Exit status 0, 1 when a row failed
or did not validate (or, with --require-gpu, a GPU row is unavailable), 2 for bad input."""

import argparse
import json
import os
import sys

try:
    import numpy as np
except ImportError:
    # Run as "python3 scripts/seed_compare.py" to choose the interpreter (the shebang's is Debian's).
    sys.exit(f"seed_compare: error: NumPy is missing for {sys.executable}; scripts/install-deps.sh installs "
             "python3-numpy for /usr/bin/python3")

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))  # its modules, also under python3 -I or -P
import report_file  # noqa: E402 (after the path)
import seed_gpu  # noqa: E402
import seed_output  # noqa: E402
import seed_report  # noqa: E402
import seed_variants  # noqa: E402
import seed_work  # noqa: E402
import side_by_side  # noqa: E402
from seed_measure import measure  # noqa: E402

TYPES = {"float32": np.float32, "float64": np.float64, "int32": np.int32, "int64": np.int64}
# (policy as people write it, device, backend family for a row that did not run, variant); the report's row order.
VARIANTS = [
    ("python loop", "host", "CPython", seed_variants.python_loop),
    ("numba @jit(target_backend='cuda')", "host", "Numba", seed_variants.original_jit),
    ("numba @njit", "host", "Numba", seed_variants.njit),
    ("numba @njit(parallel=True)", "host", "Numba", seed_variants.njit_parallel),
    ("numpy a += 1", "host", "NumPy", seed_variants.numpy_add),
    ("numba @cuda.jit", "device", "Numba CUDA", seed_gpu.numba_cuda),
    ("cupy a += 1", "device", "CuPy", seed_gpu.cupy_add),
]

def usage_error(message):
    """Bad input: one line on stderr, exit status 2, nothing measured or written."""
    sys.stderr.write(f"seed_compare: error: {message}\n")
    sys.exit(2)


def available_memory_bytes():  # MemAvailable, in bytes
    with open("/proc/meminfo") as f:
        return next(int(line.split()[1]) * 1024 for line in f if line.startswith("MemAvailable:"))


def whole_number(minimum):
    """Digits with an optional decimal SI suffix k, M or G, as policybench's counts (10M = 10^7)."""
    def parse(text):
        scale = {"k": 10**3, "M": 10**6, "G": 10**9}.get(text[-1:], 1)
        digits = text[:-1] if scale > 1 else text
        if not digits.isdigit() or not digits.isascii() or int(digits) * scale < minimum:
            raise argparse.ArgumentTypeError(
                f"'{text}' is not a count >= {minimum} (decimal digits with an optional suffix k, M or G)")
        return int(digits) * scale
    return parse


def policy_list(text):
    names = [n.strip() for n in text.split(",")]
    known = [v[0] for v in VARIANTS]
    for n in names:
        if n not in known:
            raise argparse.ArgumentTypeError(f"'{n}' is not one of: {', '.join(known)}")
    return names


def output_path(text):
    if not text:
        raise argparse.ArgumentTypeError("an empty file name; leave --output out to write to standard output")
    return text


def parse_args(argv):
    p = argparse.ArgumentParser(prog="seed_compare", description=__doc__.split(";")[0])
    p.add_argument("--size", type=whole_number(0), default=10_000_000, help="element count (default 10000000)")
    p.add_argument("--type", choices=TYPES, default="float64", help="element type (default float64)")
    p.add_argument("--warmup", type=whole_number(0), default=3, help="untimed calls after the cold one (default 3)")
    p.add_argument("--reps", type=whole_number(1), default=10, help="timed warm calls (default 10)")
    p.add_argument("--work", type=whole_number(1), default=1,
                   help="K: increments per element per call, from 2 a chain x = x * m + 1 (default 1: a[i] += 1)")
    p.add_argument("--loop-reps", type=whole_number(1), default=3,
                   help="timed calls of the pure Python loop, seconds each at 10^7, no warm-up (default 3)")
    p.add_argument("--policies", type=policy_list, default=[v[0] for v in VARIANTS],
                   help="comma-separated rows to run, as the table names them (default: all)")
    p.add_argument("--require-gpu", action="store_true",
                   help="exit status 1 when a GPU row is unavailable: for a machine that has a GPU (the GPU check)")
    p.add_argument("--format", choices=["table", "json"], default="table", help="report format (default table)")
    p.add_argument("--beside", action="append", default=[], metavar="FILE.json",
                   help="a policybench JSON report whose rows the table prints above the seed's, each tagged with "
                        "its file (repeatable; table format only)")
    p.add_argument("--output", type=output_path,
                   help="write the report to this file, atomically, instead of stdout")
    p.error = usage_error  # argparse's own message, on one line
    return p.parse_args(argv)


def main(argv):
    args = parse_args(argv)
    dtype = np.dtype(TYPES[args.type])
    config = {"type": args.type, "size": args.size, "working_set_bytes": args.size * dtype.itemsize,
              "bytes_per_call": 2.0 * args.size * dtype.itemsize, "warmup": args.warmup, "reps": args.reps,
              "work": args.work}
    if why := seed_work.outside_exact_range(dtype, args.type, args.warmup, args.reps, args.work):
        usage_error(why)
    if args.beside and args.format != "table":
        usage_error("--beside: only with --format table (compare_reports.py --side-by-side prints JSON reports "
                    "together)")
    beside = []
    for path in args.beside:  # read before measuring: a report that cannot be used costs no run time
        try:
            beside.append((path, side_by_side.read(path)))
        except report_file.BadReport as e:
            usage_error(f"--beside: {report_file.escaped(path)}: {e}")
    if config["working_set_bytes"] > (available := available_memory_bytes()):
        usage_error(f"--size {args.size}: {config['working_set_bytes']} bytes needed, {available} bytes of host "
                    "memory available")
    try:
        if args.output and os.path.islink(args.output):
            args.output = os.path.realpath(args.output)  # replace the file the link names, not the link
        if args.output:
            seed_output.check_output(args.output)
    except OSError as e:
        usage_error(f"--output: cannot write {args.output}: {e.strerror or e}")
    output = None
    try:
        a = np.empty(args.size, dtype)
        rows = []
        for policy, device, family, make in (v for v in VARIANTS if v[0] in args.policies):
            # The interpreted loop takes seconds per call at 10^7 and has nothing to warm up.
            warmup, reps = (0, args.loop_reps) if make is seed_variants.python_loop else (args.warmup, args.reps)
            rows.append(measure(policy, device, family, make, a, warmup, reps, config))
        seed_report.add_speedups(rows)
        report = {"environment": seed_report.environment(config), "results": rows,
                  "warnings": seed_report.warnings(rows)}
        text = json.dumps(report, indent=2) + "\n" if args.format == "json" else side_by_side.table(
            beside + [(f"this run of seed_compare.py ({args.size} x {args.type})", report)])
        try:
            output = seed_output.open_output(args.output) if args.output else None
            seed_output.write_report(text, output, args.output)
            output = None  # renamed into place: nothing to remove
        except OSError as e:  # a full disk, a closed or full stdout: the results are lost, so say so
            sys.stderr.write(f"seed_compare: error: cannot write {args.output or 'standard output'}: "
                             f"{e.strerror or e}\n")
            return 1
    finally:
        if output:
            os.unlink(output.name)
    missing_gpu = [r for r in rows if args.require_gpu and r["device"] == "device" and r["status"] == "unavailable"]
    for r in missing_gpu:
        sys.stderr.write(f"seed_compare: {r['policy']} unavailable on a machine with a GPU: {r['reason']}\n")
    return 0 if all(r["status"] in ("ok", "unavailable") for r in rows) and not missing_gpu else 1


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:  # the temporary output is already removed by main's cleanup
        print("seed_compare: interrupted", file=sys.stderr)
        sys.exit(130)
