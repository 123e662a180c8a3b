#!/usr/bin/python3
"""One row of docs/robustness.md's table of the Python scripts, run as the row says: the table is the test's input, so
the documented messages cannot drift from the scripts'. Usage: script_robustness.py DOC ID. Row: | ID | script |
`command` | exit | `stderr line` | `ERE`... or — |. The command runs under bash in an empty directory holding
good.json (a small valid report with samples), scripts/ and scripts/gpu-check/ first on PATH ($POLICYBENCH_SCRIPTS
instead, to try other versions of the scripts). It passes when it ends within 30 s (a FIFO must not block) with the
row's exit status, stderr holds no traceback and exactly one line other than plot.py's `skipped` notes, that line is
the row's (… standing for any text; — : no line), each stdout pattern matches a line (— : stdout is empty), and no
hidden file (a temporary) is left."""

import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.environ.get("POLICYBENCH_SCRIPTS") or os.path.join(HERE, "..", "..", "scripts")
# Lines a script may print beside its one error line: plot.py's notes on figures it could not make, and
# matplotlib's own note when it builds its font cache on first use.
NOTES = re.compile(r"^(plot\.py: skipped |Matplotlib is building the font cache)")


def good_report():
    """Two host rows at 1000 float64 elements, each with varied samples, its median and interval, cold call and
    GB/s, under a host ceiling with its interval."""
    rows = []
    for policy, scale in (("loop", 1.0e-6), ("std::par", 0.6e-6)):
        samples = [scale * (1 + 0.01 * ((7 * i) % 11 - 5)) for i in range(15)]
        median = sorted(samples)[7]
        rows.append(dict(policy=policy, device="host", status="ok", type="float64", size=1000, bytes_per_call=16000.0,
                         cold_s=3 * scale, median_s=median, median_ci_low_s=sorted(samples)[3],
                         median_ci_high_s=sorted(samples)[11], gb_per_s=16000 / median / 1e9, samples_s=samples,
                         disturbed_calls=0, above_ceiling=False))
    return {"environment": {"host": {"cpu_model": "test CPU"}, "device": {"available": False},
                            "ceilings": {"host_in_place_gb_per_s": 30.0, "host_in_place_low_gb_per_s": 27.0}},
            "results": rows}


def cells(row):
    """The row's cells without their surrounding spaces; a pipe escaped as \\| (GitHub's table syntax) kept."""
    parts = re.split(r"(?<!\\)\|", row.strip())[1:-1]
    return [p.strip().replace("\\|", "|") for p in parts]


def code(cell):
    return cell[1:-1] if cell.startswith("`") and cell.endswith("`") else cell


def check(doc, case):
    with open(doc, encoding="utf-8") as f:
        rows = [line for line in f if line.startswith(f"| {case} |")]
    if len(rows) != 1:
        return f"{len(rows)} rows '{case}' in {doc}, expected one"
    _, _, command, expected_code, expected_line, expected_stdout = cells(rows[0])
    command, expected_line = code(command), code(expected_line)
    with tempfile.TemporaryDirectory() as work:
        with open(os.path.join(work, "good.json"), "w") as f:
            json.dump(good_report(), f)
        scripts = os.path.abspath(SCRIPTS)
        env = {**os.environ, "PATH": f"{scripts}:{scripts}/gpu-check:{os.environ.get('PATH', '')}"}
        try:
            done = subprocess.run(["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True,
                                  timeout=30)
        except subprocess.TimeoutExpired:
            return "no end within 30 s"
        hidden = [os.path.join(d, n) for d, dirs, files in os.walk(work) for n in dirs + files if n.startswith(".")]
    print(f"command: {command}\nexit: {done.returncode}\nstderr: {done.stderr}stdout: {done.stdout[:4000]}")
    if str(done.returncode) != expected_code:
        return f"exit status {done.returncode}, expected {expected_code}"
    if "Traceback" in done.stderr:
        return "a traceback on stderr"
    lines = [line for line in done.stderr.splitlines() if not NOTES.match(line)]
    if expected_line == "—":
        if lines:
            return "stderr has lines other than plot.py's notes"
    elif len(lines) != 1 or not re.fullmatch(".*".join(re.escape(p) for p in expected_line.split("…")), lines[0]):
        return f"stderr is not the one line {expected_line!r}"
    if expected_stdout == "—":
        if done.stdout:
            return "stdout is not empty"
    else:
        for regex in re.findall(r"`([^`]+)`", expected_stdout):
            if not re.search(regex, done.stdout, re.MULTILINE):
                return f"no stdout line matches {regex}"
    if hidden:
        return f"hidden files left: {hidden}"
    return None


if __name__ == "__main__":
    problem = check(sys.argv[1], sys.argv[2])
    print(f"script robustness {sys.argv[2]}: {problem or 'ok'}")
    sys.exit(1 if problem else 0)
