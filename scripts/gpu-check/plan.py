"""The GPU check's plan: run.sh's steps in order of value, each with the arguments it is given, the seconds a timing
model expects and the limit run.sh holds it to. Usage: plan.py DEVICE_ROWS HOST_ROWS [--budget S]; prints plan.tsv
(budget line, then name, expected s, limit s, arguments); exit status 1 when the limits and MARGIN_S add up to more
than the budget.
DEVICE_ROWS and HOST_ROWS: how many rows of each kind the bundle's policybench --list-policies shows (prepare.sh
counts them), thrust::device among the device rows.

The model, calibrated on DESIGN.md's H200 anchors (10^7 float64 in place: kernels 0.046-0.064 ms; 10^9: D2D
4.29 TB/s; end to end per call: 1.56 s pageable and 0.29 s pinned at 10^9, ~20 ms pageable at 10^7):
  kernel(n)           = 16 n / 4.29e12 + 9 us          (float64 in place: 0.046 ms at 10^7, 3.74 ms at 10^9)
  pageable(n)         = 2.0 s x n / 10^9 + 60 us        (~20 ms at 10^7; above the 1.56 s at 10^9: the safer fit)
  pinned(n)           = 0.29 s x n / 10^9 + 60 us       (three round trips: two copies and a synchronize)
  timed device call   = an unheld call + a held one: 2 kernel(n) + 2 round trips of 20 us
Assumed, not anchored (nothing here has run on a GPU yet): 2 s to start policybench (CUDA context, modules, NVML);
0.15 s fixed per device row or ceiling (0.1 s wake-up, allocation, initialization), 3 ms in the device tests
(1 ms wake-up); 6 s per Python seed process
(imports, JIT); compute-sanitizer x25 on the device tests' work plus 10 s; host rows at their --timeout bound (the
lent machine's CPU is unknown). Each limit is 1.5 x expected + 6 s: room for an assumption off by half."""

import argparse
import math
import sys

BUDGET_S = 420  # 7 minutes: a second, shorter run of what failed still fits the 15 minutes of device time
START_S, ROW_FIXED_S, TEST_ROW_FIXED_S, ROUND_TRIP_S, PYTHON_START_S = 2.0, 0.15, 3e-3, 20e-6, 6.0
SANITIZER_SLOWDOWN, SANITIZER_START_S = 25, 10.0
DEFAULT_BUDGET_S = 30  # policybench's --budget when none is given: a run ends within it
MARGIN_S = 15  # run.sh's deadline is this far inside the budget: the last step's kill (5 s) and the summary
SEED_ROWS = 3  # numba @jit(target_backend='cuda'), numba @cuda.jit, cupy a += 1


def kernel(n):
    return 16 * n / 4.29e12 + 9e-6


def pageable(n):
    return 2.0 * n / 1e9 + 3 * ROUND_TRIP_S


def pinned(n):
    return 0.29 * n / 1e9 + 3 * ROUND_TRIP_S


def device_row(n, calls, e2e_calls=0, fixed_s=ROW_FIXED_S):
    """One device row (or ceiling): fixed cost, `calls` timed device calls, `e2e_calls` per end-to-end view."""
    return fixed_s + calls * (2 * kernel(n) + 2 * ROUND_TRIP_S) + e2e_calls * (pageable(n) + pinned(n))


def device_tests(max_size, device_rows):
    """policybench_device_tests: every device policy x 4 types at sizes 0..17, 1000003 and 10^7 (each 1 cold + 1
    warm-up + 2 timed calls and both views; float32 counted as float64), then the unheld case at 4500007 (capped)."""
    sizes = [n for n in list(range(18)) + [1_000_003, 10_000_000] if n <= max_size]
    work = sum(4 * device_rows * device_row(n, 4, 4, TEST_ROW_FIXED_S) for n in sizes)
    unheld_calls = (1 + 1 + 3) * (1 + 10) // 2  # each timed call: an unheld one and a batch of 10
    return work + device_rows * device_row(min(4_500_007, max_size), unheld_calls, 0, TEST_ROW_FIXED_S)


def policybench_per_row(n, warmup, reps, device_rows):
    """One policybench process per device row (results written per row): start, two ceilings, the row."""
    calls = 1 + warmup + reps
    return device_rows * (START_S + 3 * device_row(n, calls))


def default_run(device_rows, host_rows):
    """The default comparison at 10^7 (--max-noise 2 --timeout 3): host rows and the host ceiling at their bound,
    device rows at the fewest calls of the noise rule (5 timed + 3 warm-up + cold) in place and end to end; at most
    policybench's default --budget, which ends every run."""
    rows = (host_rows + 1) * 3.0 + (device_rows + 2) * device_row(10**7, 9, 9)
    return START_S + min(rows, DEFAULT_BUDGET_S)


def work_sweep(device_rows, points=11, min_time_s=0.02):
    """--sweep work at 10^6 elements, K = 1..1024, std::par_unseq and every device row (run.sh adds them): per point
    the host ceiling's five streams, the device's two ceilings and its compute ceiling, std::par_unseq (assumed 0.3 s:
    a chain of 1024 FMAs per element on the lent machine's cores) and each device row in place and in both end-to-end
    views, every one --min-time long."""
    ceilings = 5 * min_time_s + 3 * (ROW_FIXED_S + min_time_s)
    return START_S + points * (ceilings + 0.3 + device_rows * (ROW_FIXED_S + 3 * min_time_s))


def seed_rows():
    """One Python process per seed row at 10^7: 1 + 3 + 10 calls, 11 end to end."""
    return SEED_ROWS * (PYTHON_START_S + device_row(10**7, 14) + 11 * pageable(10**7))


# (name, arguments run.sh passes), in the order run.sh runs them: the device's correctness first.
STEP_ARGS = [
    ("device_tests", ""),
    ("memcheck", "4500007"),
    ("racecheck", "100003"),
    ("default", "--max-noise 2 --timeout 3"),
    ("gpu_1e8", "--size 100M --warmup 2 --reps 10 --no-end-to-end"),
    ("gpu_1e9", "--size 1G --warmup 1 --reps 5 --no-end-to-end"),
    ("work_sweep", "--sweep work --size 1M --min-time 0.02"),
    ("seed", "--size 10M --warmup 3 --reps 10"),
    ("ratios", ""),
]


def expected_s(device_rows, host_rows):
    """Each step's expected seconds, by name."""
    return {
        "device_tests": START_S + device_tests(10**7, device_rows),
        "memcheck": SANITIZER_START_S + SANITIZER_SLOWDOWN * device_tests(1_000_003, device_rows),
        "racecheck": SANITIZER_START_S + SANITIZER_SLOWDOWN * device_tests(100_003, device_rows),
        "default": default_run(device_rows, host_rows),
        "gpu_1e8": policybench_per_row(10**8, 2, 10, device_rows),
        "gpu_1e9": policybench_per_row(10**9, 1, 5, device_rows),
        "work_sweep": work_sweep(device_rows),
        "seed": seed_rows(),
        "ratios": 1.0,
    }


def main(argv):
    p = argparse.ArgumentParser(prog="plan.py", description=__doc__.split("\n")[0])
    p.add_argument("device_rows", type=int, help="device rows in policybench --list-policies")
    p.add_argument("host_rows", type=int, help="host rows in policybench --list-policies")
    p.add_argument("--budget", type=int, default=BUDGET_S, help=f"seconds the whole run may take (default {BUDGET_S})")
    a = p.parse_args(argv)
    print(f"budget\t{a.budget}")
    expected = expected_s(a.device_rows, a.host_rows)
    limits = 0
    for name, args in STEP_ARGS:
        limit = math.ceil(1.5 * expected[name] + 6)
        limits += limit
        print(f"{name}\t{expected[name]:.0f}\t{limit}\t{args}")
    total = sum(expected.values())
    print(f"plan: expected {total:.0f} s, limits {limits} s + {MARGIN_S} s margin, budget {a.budget} s",
          file=sys.stderr)
    return 0 if limits + MARGIN_S <= a.budget else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
