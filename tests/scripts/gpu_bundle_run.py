"""Running the GPU bundle's real run.sh in a fresh folder against gpu_bundle_fakes.py's stand-ins for the GPU machine,
and reading back what it left: the summary by step, the files in $OUT and the tools it started."""

import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path[:0] = [HERE, os.path.join(ROOT, "scripts", "gpu-check")]
import gpu_bundle_fakes  # noqa: E402
import plan  # noqa: E402

ORDER = [name for name, _ in plan.STEP_ARGS]
DEVICE_POLICIES = gpu_bundle_fakes.DEVICE_POLICIES
SYSTEM_LIBS = "/opt/system/lib"  # the machine's own LD_LIBRARY_PATH, which every tool keeps


class BundleRun(unittest.TestCase):
    """A test case that runs the bundle (run_bundle) and reads its JSON-lines reports (jsonl)."""

    def run_bundle(self, limits=None, budget=None, fakes=None, env=None, steps=(), previous=None):
        """Runs run.sh STEPS in a fresh bundle, with `previous` (a first run's $OUT) as its previous/; `limits`
        overrides steps' limits (default 60 s each). Returns (exit status, seconds, summary lines by step, files in
        $OUT, events: (name, LD_LIBRARY_PATH, arguments), stdout)."""
        root = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, root)
        self.bundle, out = os.path.join(root, "bundle"), os.path.join(root, "out")
        os.makedirs(os.path.join(self.bundle, "lib", "compat"))
        for script in ("run.sh", "machine.sh", "per_row.sh"):
            shutil.copy(os.path.join(ROOT, "scripts", "gpu-check", script), self.bundle)
        os.makedirs(os.path.join(self.bundle, "scripts"))
        for script in ["gpu-check/gpu_ratios.py", "side_by_side.py", "report_schema.py", "report_file.py"] + \
                glob.glob("seed_*.py", root_dir=os.path.join(ROOT, "scripts")):
            shutil.copy(os.path.join(ROOT, "scripts", script), os.path.join(self.bundle, "scripts"))
        if previous:
            shutil.copytree(previous, os.path.join(self.bundle, "previous"))
        limits = {name: 60 for name in ORDER} | (limits or {})
        budget = budget or sum(limits.values()) + 15
        with open(os.path.join(self.bundle, "plan.tsv"), "w") as f:
            f.write(f"budget\t{budget}\nwork_points\t1 4 16 64\n")
            for name, args in plan.STEP_ARGS:  # the seed rows at 1000 elements: the stand-in Python is a real one
                args = "--size 1000 --warmup 1 --reps 2" if name == "seed" else args
                f.write(f"{name}\t1\t{limits[name]}\t{args}\n")
        tools, driver = gpu_bundle_fakes.make_fakes(root, self.bundle, **(fakes or {}))
        events = os.path.join(root, "events")
        ld_library_path = SYSTEM_LIBS + (f":{driver}" if driver else "")  # the driver reached only through it
        run_env = {"PATH": f"{tools}:/usr/bin:/bin", "OUT": out, "PYTHON": os.path.join(tools, "python"),
                   "CUDA_BIN": "/nonexistent", "EVENTS": events, "LD_LIBRARY_PATH": ld_library_path,
                   "FAKE_MODULES": os.path.join(root, "modules"), "HOME": root} | (env or {})
        start, self.out = time.monotonic(), out
        result = subprocess.run(["bash", os.path.join(self.bundle, "run.sh"), *steps], env=run_env,
                                capture_output=True, text=True, timeout=budget + 30)
        seconds = time.monotonic() - start
        with open(os.path.join(out, "summary.txt")) as f:  # step, verdict, seconds [(first run)]
            summary = {line.split()[0]: line.removesuffix(" (first run)\n")[15:].rsplit(None, 1)[0].strip()
                       for line in f if line.split()[:1] and line.split()[0] in ORDER}
        with open(events) as f:
            logged = [line.rstrip("\n").split("\t")[1:] for line in f]
        self.assertLessEqual(seconds, budget, result.stdout)
        self.assertEqual(list(summary), ORDER, result.stdout)  # every step reported, in plan.py's order
        files = sorted(os.listdir(out))
        self.assertTrue(len(files) <= 8 and all(os.path.isfile(os.path.join(out, f)) for f in files), files)
        return result.returncode, seconds, summary, files, logged, result.stdout

    def jsonl(self, name):
        with open(os.path.join(self.out, name)) as f:
            return [json.loads(line) for line in f]  # every line whole JSON: no half report kept
