"""The GPU check's plan: run.sh's steps in order of value, each with its arguments, the seconds plan_model.py expects
and the limit run.sh holds it to (1.5 x expected + 6 s: room for an assumption off by half).
Usage: plan.py DEVICE_ROWS HOST_ROWS [--steps A,B | --rerun SUMMARY | --two-tries]; DEVICE_ROWS, HOST_ROWS: the rows
of each kind the bundle's policybench --list-policies shows (prepare.sh counts them). Prints plan.tsv (budget line,
the work sweep's K points, then name, expected s, limit s, arguments) for every step, the named ones, or those a
first run's summary.txt says failed or were cut; --two-tries prints the first run and a re-run of its two longest
steps as device calls, and exits 1 unless both fit DEVICE_S with a machine start each."""

import argparse
import math
import sys

from plan_model import (SANITIZER_SLOWDOWN, SANITIZER_START_S, START_S, SWEEP_MIN_TIME_S, SWEEP_REPS, WORK_POINTS,
                        default_run, device_tests, per_row, seed_rows, work_sweep)

DEVICE_S = 900  # one session's device time: every start, run and idle wait of both tries
MACHINE_START_S, IDLE_S, MIN_START_LEFT_S = 120, 30, 240  # no machine starts with under 4 minutes left
CALL_SLACK_S = 10  # a device call's timeout_s beyond run.sh's budget, which its summary is written inside
MARGIN_S = 15  # run.sh's deadline is this far inside the budget: the last step's kill (5 s) and the summary
DEFAULT_BUDGET_S = 15  # the default step's host rows: policybench's --budget ends them
# Under a sanitizer the device tests' template cases for float and int64 only (doctest names them after g++'s type
# names): both element widths, at half the time of all four types.
SANITIZED_TYPES = "--test-case-exclude=*<double>,*<int>"

# (name, arguments run.sh passes), in the order run.sh runs them: the device's correctness first.
STEP_ARGS = [
    ("device_tests", ""),
    ("memcheck", f"4500007 {SANITIZED_TYPES}"),
    ("racecheck", f"100003 {SANITIZED_TYPES}"),
    ("default", f"--max-noise 2 --timeout 3 --budget {DEFAULT_BUDGET_S}"),
    ("gpu_1e8", "--size 100M --warmup 2 --reps 10 --no-end-to-end"),
    ("gpu_1e9", "--size 1G --warmup 1 --reps 5 --no-end-to-end"),
    ("work_sweep", f"--sweep work --size 1M --min-time {SWEEP_MIN_TIME_S} --reps {SWEEP_REPS}"),
    ("seed", "--size 10M --warmup 3 --reps 10"),
    ("ratios", ""),
]
ORDER = [name for name, _ in STEP_ARGS]


def expected_s(device_rows, host_rows):
    """Each step's expected seconds, by name."""
    return {
        "device_tests": START_S + device_tests(10**7, device_rows),
        "memcheck": SANITIZER_START_S + device_tests(4_500_007, device_rows, SANITIZER_SLOWDOWN, 2),
        "racecheck": SANITIZER_START_S + device_tests(100_003, device_rows, SANITIZER_SLOWDOWN, 2),
        "default": default_run(device_rows, host_rows, DEFAULT_BUDGET_S),
        "gpu_1e8": per_row(10**8, 2, 10, device_rows),
        "gpu_1e9": per_row(10**9, 1, 5, device_rows),
        "work_sweep": work_sweep(device_rows),
        "seed": seed_rows(),
        "ratios": 1.0,
    }


def plan(names, device_rows, host_rows):
    """[(name, expected s, limit s, arguments)] for `names` in run order, and the budget run.sh gives them."""
    expected = expected_s(device_rows, host_rows)
    steps = [(n, expected[n], math.ceil(1.5 * expected[n] + 6), a) for n, a in STEP_ARGS if n in names]
    return steps, sum(limit for _, _, limit, _ in steps) + MARGIN_S


def rerun_steps(summary):
    """The steps a first run's summary.txt says failed, were cut, had no time left or found no usable device (a fresh
    machine may), and ratios to read them all again; a step "not run" for a missing tool (compute-sanitizer, NumPy) is
    left out: a machine of the same kind lacks it again."""
    again = ("FAILED", "not run: no time left", "not run: a usable CUDA device")
    steps = set()
    with open(summary) as f:
        for line in f:
            words = line.split()
            if words[:1] and words[0] in ORDER and line[15:].startswith(again):
                steps.add(words[0])
    return steps | {"ratios"} if steps - {"ratios"} else steps


def two_tries(device_rows, host_rows):
    """The first run, a re-run of its two longest steps, and the device time both take; exit 1 when over."""
    first, budget1 = plan(ORDER, device_rows, host_rows)
    longest = sorted((s for s in first if s[0] != "ratios"), key=lambda s: s[2])[-2:]
    second, budget2 = plan({s[0] for s in longest} | {"ratios"}, device_rows, host_rows)
    for title, steps, budget in (("first run: every step", first, budget1),
                                 (f"re-run: {', '.join(s[0] for s in second)}", second, budget2)):
        print(f"{title}: expected {sum(s[1] for s in steps):.0f} s, limits {budget - MARGIN_S} s + {MARGIN_S} s "
              f"margin = budget {budget} s; device call timeout_s {budget + CALL_SLACK_S}")
        for name, expected, limit, args in steps:
            print(f"  {name:<13} {expected:>6.0f} {limit:>6}  {args}")
    try1, try2 = (MACHINE_START_S + b + CALL_SLACK_S + IDLE_S for b in (budget1, budget2))
    fits = try1 + try2 <= DEVICE_S and DEVICE_S - try1 >= max(MIN_START_LEFT_S, try2)
    print(f"device time: (start {MACHINE_START_S} + call {budget1 + CALL_SLACK_S} + idle {IDLE_S}) + (start "
          f"{MACHINE_START_S} + call {budget2 + CALL_SLACK_S} + idle {IDLE_S}) = {try1 + try2} s of {DEVICE_S}; "
          f"{DEVICE_S - try1} s left for the re-run's start (>= {MIN_START_LEFT_S}): {'fits' if fits else 'OVER'}")
    return 0 if fits else 1


def main(argv):
    p = argparse.ArgumentParser(prog="plan.py", description=__doc__.split("\n")[0])
    p.add_argument("device_rows", type=int, help="device rows in policybench --list-policies")
    p.add_argument("host_rows", type=int, help="host rows in policybench --list-policies")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--steps", type=lambda s: set(s.split(",")), help="comma-separated steps (default: all)")
    which.add_argument("--rerun", metavar="SUMMARY", help="the steps a first run's summary.txt says to run again")
    which.add_argument("--two-tries", action="store_true", help="both device calls and the device time they take")
    a = p.parse_args(argv)
    if a.two_tries:
        return two_tries(a.device_rows, a.host_rows)
    names = rerun_steps(a.rerun) if a.rerun else a.steps or set(ORDER)
    if unknown := names - set(ORDER):
        p.error(f"unknown steps {', '.join(sorted(unknown))}; steps: {', '.join(ORDER)}")
    steps, budget = plan(names, a.device_rows, a.host_rows)
    print(f"budget\t{budget}\nwork_points\t{' '.join(map(str, WORK_POINTS))}")
    for name, expected, limit, args in steps:
        print(f"{name}\t{expected:.0f}\t{limit}\t{args}")
    print(f"plan: {len(steps)} steps, expected {sum(s[1] for s in steps):.0f} s, budget {budget} s: device call "
          f"timeout_s {budget + CALL_SLACK_S}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
