#!/usr/bin/python3
"""scripts/mpi_scaling.sh and scripts/bench.sh on bad input, with stand-ins for mpirun and the executables: a relative
OUTPUT lands where the caller is, an unusable one is one line and exit status 2 before anything runs, and bench.sh
refuses BENCH_ROUNDS=0 and a missing build folder at once (before its first measurement)."""

import json
import os
import subprocess
import tempfile
import time
import unittest

SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts")
# policybench-mpi's stand-in: a report of one row at the rank count mpirun's stand-in passes on; each run is logged.
FAKE_MPI = """#!/bin/bash
echo run >>"$FAKE_LOG"
while [ $# -gt 0 ]; do [ "$1" = --output ] && out=$2; shift; done
echo '{"environment": {}, "results": [{"policy": "loop", "status": "ok"}], "warnings": [],
       "mpi": {"ranks": '"$FAKE_RANKS"'}}' >"$out"
"""
FAKE_MPIRUN = '#!/bin/bash\nFAKE_RANKS=$2 exec "${@:3}"\n'  # drops "-np N"


def executable(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    os.chmod(path, 0o755)


class ShellScripts(unittest.TestCase):
    def setUp(self):
        work = tempfile.TemporaryDirectory()
        self.addCleanup(work.cleanup)
        self.work = work.name
        self.log = os.path.join(self.work, "runs.log")
        executable(os.path.join(self.work, "build", "src", "policybench-mpi"), FAKE_MPI)
        executable(os.path.join(self.work, "mpirun"), FAKE_MPIRUN)
        self.env = {**os.environ, "BUILD": os.path.join(self.work, "build"), "FAKE_LOG": self.log,
                    "MPIRUN": os.path.join(self.work, "mpirun")}

    def run_script(self, name, *args, cwd=None, env=None):
        return subprocess.run([os.path.join(SCRIPTS, name), *args], cwd=cwd or self.work, env=env or self.env,
                              capture_output=True, text=True, timeout=120)

    def runs(self):
        if not os.path.exists(self.log):
            return 0
        with open(self.log) as f:
            return f.read().count("run")

    def test_a_relative_output_is_where_the_caller_is(self):
        caller = os.path.join(self.work, "caller")
        os.mkdir(caller)
        done = self.run_script("mpi_scaling.sh", "out.json", "2", cwd=caller)
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(os.path.join(caller, "out.json")) as f:
            merged = json.load(f)
        self.assertEqual([r["ranks"] for r in merged["results"]], [1, 2])
        self.assertEqual(self.runs(), 2)

    def test_an_unusable_output_is_one_line_before_anything_runs(self):
        os.mkdir(os.path.join(self.work, "folder"))
        for output in ("missing/out.json", "folder", "", "folder/"):
            done = self.run_script("mpi_scaling.sh", output, "2")
            self.assertEqual(done.returncode, 2, (output, done.stderr))
            self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
            self.assertRegex(done.stderr, r"^mpi_scaling\.sh: (cannot write )?OUTPUT ")
            self.assertEqual(self.runs(), 0)

    def test_bench_refuses_bad_rounds_and_a_missing_build_at_once(self):
        for env, message in (({"BENCH_ROUNDS": "0"}, "BENCH_ROUNDS '0' is not a count >= 1"),
                             ({"BENCH_ROUNDS": "two"}, "BENCH_ROUNDS 'two' is not a count >= 1"),
                             ({}, "not found; build first")):
            start = time.monotonic()
            done = self.run_script("bench.sh", os.path.join(self.work, "no_build"), env={**os.environ, **env})
            self.assertEqual(done.returncode, 2, done.stderr)
            self.assertEqual(len(done.stderr.splitlines()), 1, done.stderr)
            self.assertIn(message, done.stderr)
            self.assertLess(time.monotonic() - start, 5, "bench.sh measured before checking")


if __name__ == "__main__":
    unittest.main()
