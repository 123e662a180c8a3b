"""The GPU check's timing model (plan.py's expected seconds): what the harness does per timed call (time_calls), the
call plus every thread of the process read twice (sample_threads), SAMPLE_S(threads) = 5 us + 2.7 us x threads,
measured here (2-core VM, others building: 7.6 us at 2 threads, 47 us at 17, 90 us at 33, 175 us at 65); the lent
machine's policybench has ~36 threads (oneTBB's and OpenMP's workers on 16 cores, CUDA's), the device tests ~4. Timed calls: --reps, or
with --min-time until the counted seconds (kernel time on a device) reach it, at least 5, at most --reps.
Device times from the H200 design anchors (README "GPU" section, measured 2026-11-30 on one H200):
  kernel(n, K)  = max(16 n / 4.29e12, 2 K n / 34e12) + 9 us   (0.046 ms at 10^7, 3.74 ms at 10^9; FP64 34 TFLOP/s)
  pageable(n)   = 2.0 s x n / 10^9 + 60 us, pinned(n) = 0.29 s x n / 10^9 + 60 us (three round trips)
  device call   = an unheld call + a held one: 2 kernel + 2 round trips of 20 us
Assumed, not anchored (nothing here has run on a GPU): 2 s to start policybench (CUDA context, modules, NVML); 0.15 s
fixed per device stream (0.1 s wake-up, allocation, initialization), 3 ms in the device tests; host memory at 2 GB/s
a pass (a first touch's rate, one thread), 6 passes per end-to-end test run (two zero-fills, two initializations,
two validations); 6 s per Python seed process; compute-sanitizer x25 on device work (not on the host's) plus 10 s;
the host at 200 GFLOP/s (16 cores of FMA chains) and 3 s a row (its --timeout)."""

import math

START_S, ROW_FIXED_S, TEST_ROW_FIXED_S, ROUND_TRIP_S, PYTHON_START_S = 2.0, 0.15, 3e-3, 20e-6, 6.0
PROCESS_THREADS, TEST_THREADS, MIN_TIMED_REPS, HOST_PASS_BYTES_PER_S, HOST_FLOP_PER_S = 36, 4, 5, 2e9, 2e11
SANITIZER_SLOWDOWN, SANITIZER_START_S = 25, 10.0
SEED_ROWS = 3  # numba @jit(target_backend='cuda'), numba @cuda.jit, cupy a += 1
WORK_POINTS = [2**i for i in range(11)]  # K = 1..1024, one policybench process each (run.sh)
SWEEP_SIZE, SWEEP_MIN_TIME_S, SWEEP_REPS = 10**6, 0.02, 100


def sample_s(threads):
    return 5e-6 + 2.7e-6 * threads


def kernel(n, k=1):
    return max(16 * n / 4.29e12, 2 * k * n / 34e12) + 9e-6


def pageable(n):
    return 2.0 * n / 1e9 + 3 * ROUND_TRIP_S


def pinned(n):
    return 0.29 * n / 1e9 + 3 * ROUND_TRIP_S


def calls(counted_s, reps, min_time_s=0.0):
    """time_calls' timed calls: `reps`, or with a min-time until the counted seconds reach it (5 to `reps`)."""
    return reps if min_time_s <= 0 else min(reps, max(MIN_TIMED_REPS, math.ceil(min_time_s / counted_s)))


def stream(call_s, timed, untimed=0, threads=PROCESS_THREADS):
    """One time_calls stream: `untimed` calls (cold, warm-up) and `timed` calls, each between two samples of the
    process's `threads`."""
    return untimed * call_s + timed * (call_s + 2 * sample_s(threads))


def device_row(n, timed, untimed, end_to_end=True, fixed_s=ROW_FIXED_S, k=1, min_time_s=0.0, threads=PROCESS_THREADS):
    """One device row or ceiling: its fixed cost, in place (counted: kernel time) and, if asked, both end-to-end
    views (counted: host time), each view `timed` calls at most and `untimed` ones."""
    in_place = 2 * kernel(n, k) + 2 * ROUND_TRIP_S
    views = [(in_place, kernel(n, k))] + ([(pageable(n),) * 2, (pinned(n),) * 2] if end_to_end else [])
    return fixed_s + sum(stream(call_s, calls(counted, timed, min_time_s), untimed, threads) for call_s, counted in views)


def device_tests(max_size, device_rows, slowdown=1, types=4):
    """policybench_device_tests: every device policy x `types` element types at sizes 0..17, 1000003 and 10^7 (each
    1 cold + 1 warm-up + 2 timed calls a view, its host memory passes; float32 counted as float64), then the unheld
    case at 4500007 (capped): 1 cold, 1 warm-up, 3 timed, each unheld and as a batch of 10. `slowdown`: a sanitizer's
    on the device's work."""
    sizes = [n for n in list(range(18)) + [1_000_003, 10_000_000] if n <= max_size]
    device = sum(device_row(n, 2, 2, True, TEST_ROW_FIXED_S, threads=TEST_THREADS) for n in sizes)
    host = sum(6 * 8 * n / HOST_PASS_BYTES_PER_S for n in sizes)
    unheld = device_row(min(4_500_007, max_size), 3 * 11, 2, False, TEST_ROW_FIXED_S, threads=TEST_THREADS)
    # Triad, uneven work and poly on float32 at 17 and 100003, then two users' ops (checked on the host) at 100003,
    # counted as the increment's rows (a third array: its host passes 1.5x).
    other_sizes = [n for n in (17, 100_003) if n <= max_size]
    other = sum(device_row(n, 2, 2, True, TEST_ROW_FIXED_S, threads=TEST_THREADS) for n in other_sizes)
    other_host = sum(1.5 * 6 * 8 * n / HOST_PASS_BYTES_PER_S for n in other_sizes)
    op_size = min(100_003, max_size)
    op = device_row(op_size, 2, 2, True, TEST_ROW_FIXED_S, threads=TEST_THREADS)
    op_host = 1.5 * 6 * 8 * op_size / HOST_PASS_BYTES_PER_S
    return (types * device_rows * (slowdown * device + host) + device_rows * slowdown * unheld +
            3 * device_rows * (slowdown * other + other_host) + 2 * device_rows * (slowdown * op + op_host))


def per_row(n, warmup, reps, device_rows):
    """One policybench process per device row (run.sh appends each report): start, two device ceilings, the row."""
    return device_rows * (START_S + 3 * device_row(n, reps, 1 + warmup, end_to_end=False))


def default_run(device_rows, host_rows, budget_s):
    """The comparison at 10^7 (--max-noise 2 --timeout 3 --budget B): the host rows in one process (at their
    --timeout, ended by the budget), then each device row in its own process with the device's two ceilings, at the
    fewest calls of the noise rule (5 timed, 3 warm-up and the cold call), in place and end to end."""
    host = START_S + min((host_rows + 1) * 3.0, budget_s)
    return host + device_rows * (START_S + 3 * device_row(10**7, MIN_TIMED_REPS, 4))


def work_sweep(device_rows, n=SWEEP_SIZE):
    """One policybench process per K (--sweep work --min-work K --max-work K, run.sh): the host ceiling's five streams
    and compute ceiling (1 ms calls), std::par_unseq, the device's two ceilings and compute ceiling, each device row in
    place and end to end; every stream --min-time long or --reps calls at most."""
    total = 0.0
    for k in WORK_POINTS:
        host_call = max(16 * n / 1e11, 2 * k * n / HOST_FLOP_PER_S) + 20e-6
        host = 6 * stream(1e-3, calls(1e-3, SWEEP_REPS, SWEEP_MIN_TIME_S), 1) + stream(
            host_call, calls(host_call, SWEEP_REPS, SWEEP_MIN_TIME_S), 4)
        row = device_row(n, SWEEP_REPS, 4, True, k=k, min_time_s=SWEEP_MIN_TIME_S)
        ceilings = 3 * device_row(n, SWEEP_REPS, 4, False, k=k, min_time_s=SWEEP_MIN_TIME_S)
        total += START_S + host + ceilings + device_rows * row
    return total


def seed_rows():
    """One Python process per seed row at 10^7: 1 + 3 + 10 calls, 11 end to end."""
    return SEED_ROWS * (PYTHON_START_S + stream(2 * kernel(10**7), 10, 4) + 11 * pageable(10**7))
