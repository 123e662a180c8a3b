#!/usr/bin/python3
"""scripts/seed_compare.py --output, ended by SIGNAL while it measures: the process ends as the signal would (its
status names the signal; INT: KeyboardInterrupt's exit status 130) and leaves no file behind, the hidden temporary
beside the report included: none exists while it measures, so even KILL leaves nothing.
Usage: seed_compare_signal.py SIGNAL (a name such as TERM). Exit status 0 when it holds, 1 otherwise."""

import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

SCRIPT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts", "seed_compare.py")


def cpu_seconds(pid):
    """The process's user + system CPU time so far (/proc/PID/stat, fields 14 and 15, in clock ticks)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main(name):
    signum = getattr(signal, f"SIG{name}")
    with tempfile.TemporaryDirectory() as work:
        # The pure Python loop takes seconds per call at 10^7 elements: the signal lands while it measures.
        run = subprocess.Popen(
            ["/usr/bin/python3", SCRIPT, "--size", "10M", "--policies", "python loop", "--loop-reps", "20",
             "--format", "json", "--output", os.path.join(work, "report.json")],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_CORE, (0, 0)))  # QUIT would dump core here
        deadline = time.monotonic() + 60
        while cpu_seconds(run.pid) < 1.5:  # past the imports (well under 1 s), into the loop's seconds-long calls
            if os.listdir(work):
                run.kill()
                return f"a file beside the report while it measures: {os.listdir(work)}"
            if run.poll() is not None or time.monotonic() > deadline:
                run.kill()
                return f"seed_compare ended or stalled before measuring: {run.communicate()[1]}"
            time.sleep(0.01)
        run.send_signal(signum)
        try:
            _, err = run.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            run.kill()
            return f"SIG{name} did not end seed_compare within 60 s"
        left = os.listdir(work)
    expected = 130 if name == "INT" else -signum
    if run.returncode != expected:
        return f"exit status {run.returncode}, expected {expected} for SIG{name}; stderr: {err}"
    if left:
        return f"files left after SIG{name}: {left}"
    return None


if __name__ == "__main__":
    problem = main(sys.argv[1])
    print(f"seed_compare_signal {sys.argv[1]}: {problem or 'ok'}", file=sys.stderr if problem else sys.stdout)
    sys.exit(1 if problem else 0)
