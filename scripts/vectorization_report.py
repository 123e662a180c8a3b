#!/usr/bin/python3
"""The compiler's vectorization report for each host policy's element loop, per workload and element type: whether
g++ vectorized it, with what vector width, and why not where it did not (the README's Workloads section quotes it).
Each host policy of the build (its --list-policies) is compiled in a probe translation unit of its own: the one call,
run_workload, once per workload and element type, with the command line the build compiles that policy's row with
(registry.cpp's; onedpl_library.cpp's for oneDPL, per backend) plus -fdump-tree-vect-optimized-missed. The probe is
needed because the rows' own translation units inline several calls into one function (oneDPL's seq and unseq calls
all land in one run()), where the dump cannot say whose a loop is; in a probe every function and every loop outlined
from it (oneTBB bodies, OpenMP regions) belongs to one policy. The element loop is the loop the dump locates in a
file of the policies' loops (_ELEMENT_LOOP_FILES), not the threading machinery's.
--require-vectorized WORKLOAD:POLICY (repeatable): exit status 1 unless that policy's loop is vectorized for every
element type of the workload. Exit status 2 for bad input (a build without compile_commands.json, a host policy the
script has no probe for)."""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

# The C++ policy object of each host row, as policies/registry.cpp passes it to run_workload.
POLICY_EXPRESSIONS = {
    "loop": "policybench::loop_policy{}",
    "std::seq": "std::execution::seq",
    "std::unseq": "std::execution::unseq",
    "std::par": "std::execution::par",
    "std::par_unseq": "std::execution::par_unseq",
    "tbb::parallel_for": "policybench::tbb_loop_policy{}",
    "thrust::cpp": "thrust::cpp::par",
    "thrust::tbb": "thrust::tbb::par",
    "thrust::omp": "thrust::omp::par",
    "thrust::device": "thrust::device",
    "oneapi::dpl::seq": "oneapi::dpl::execution::seq",
    "oneapi::dpl::unseq": "oneapi::dpl::execution::unseq",
    "oneapi::dpl::par@tbb": "oneapi::dpl::execution::par",
    "oneapi::dpl::par_unseq@tbb": "oneapi::dpl::execution::par_unseq",
    "oneapi::dpl::par@omp": "oneapi::dpl::execution::par",
    "oneapi::dpl::par_unseq@omp": "oneapi::dpl::execution::par_unseq",
}
# The element types' C++ names (run_config.hpp's element_type), and the workloads with those they run on
# (workloads.hpp's supports; the probe static_asserts it). "increment K>1" is the increment's chain (--work K).
TYPES = {"float32": "float", "float64": "double", "int32": "int", "int64": "long"}
WORKLOADS = {
    "increment": ("increment_workload", 1, list(TYPES)),
    "increment K>1": ("increment_workload", 2, list(TYPES)),
    "triad": ("triad_workload", 1, ["float32", "float64"]),
    "uneven": ("uneven_workload", 1, ["float32", "float64"]),
    "poly": ("poly_workload", 1, ["float32", "float64"]),
}
# Where each library's element loop is (read from the headers): the plain loop's and tbb::parallel_for's in
# backend/loop.hpp; libstdc++'s and oneDPL's serial bricks in pstl/algorithm_impl.h, their unseq bricks (#pragma
# omp simd) in pstl/unseq_backend_simd.h; Thrust's host systems in sequential/for_each.h, and thrust::omp's
# `parallel for` loop, which g++ locates at `first + i` (generic/advance.inl).
_ELEMENT_LOOP_FILES = re.compile(r"(policybench/backend/loop\.hpp|pstl/algorithm_impl\.h|pstl/unseq_backend_simd\.h"
                                 r"|thrust/system/detail/sequential/for_each\.h|thrust/system/omp/detail/for_each\.inl"
                                 r"|thrust/system/detail/generic/advance\.inl)$")
_MESSAGE = re.compile(r"^(\S+?):(\d+):\d+: (optimized|missed):( +)(.*)$")
# An outlined body names the op it runs: the poly/triad/uneven op<T>, the chain increment_chain<T> or the increment
# (its T from the pointers).
_CXX = r"(float|double|long int|long|int)"  # as g++'s dump and c++filt spell them
_PROBE = re.compile(r"\bprobe<policybench::(\w+), " + _CXX + r", (\d+)>")
_OP = re.compile(r"\b(?:(\w+_workload)::op|increment_chain)<" + _CXX + r">|policybench::increment\b")
_POINTER = re.compile(r"\b(?:const )?" + _CXX + r"(?: const)? ?\*")
_CXX_TYPES = {"float": "float32", "double": "float64", "int": "int32", "long int": "int64", "long": "int64"}


def fail(message):
    print(f"vectorization_report: error: {message}", file=sys.stderr)
    sys.exit(2)


def host_policies(build):
    """The build's available host policies, in registry order, from its own --list-policies."""
    exe = os.path.join(build, "src", "policybench")
    try:
        listed = json.loads(subprocess.run([exe, "--list-policies", "--format", "json"], check=True,
                                           capture_output=True, text=True).stdout)
    except (OSError, subprocess.CalledProcessError, json.JSONDecodeError) as e:
        fail(f"{exe} --list-policies --format json: {e}")
    return [p["name"] for p in listed if p["device"] == "host" and p["role"] == "policy" and p["available"]]


def compile_command(build, policy):
    """The build's command line for the translation unit holding `policy`'s row, and its directory."""
    try:
        with open(os.path.join(build, "compile_commands.json")) as f:
            commands = json.load(f)
    except (OSError, json.JSONDecodeError) as e:
        fail(f"{e} (configure with CMAKE_EXPORT_COMPILE_COMMANDS=ON, as the presets do)")
    source, define = "src/policies/registry.cpp", None
    if policy.startswith("oneapi::dpl::"):
        source = "src/policies/onedpl_library.cpp"
        define = "-DONEDPL_USE_OPENMP_BACKEND=1" if policy.endswith("@omp") else "-DONEDPL_USE_TBB_BACKEND=1"
    for c in commands:
        args = shlex.split(c["command"]) if "command" in c else c["arguments"]
        if c["file"].endswith(source) and (define is None or define in args):
            return args, c["directory"]
    fail(f"no compile command for {source} {define or ''} in {build}/compile_commands.json")


def probe_source(policy):
    """A translation unit with one noinline probe per workload, element type and K: the row's one call."""
    lines = ['#include "policybench/workload.hpp"', "#include <thrust/system/cpp/execution_policy.h>",
             "#include <thrust/system/tbb/execution_policy.h>", "#if defined(_OPENMP)",
             "#include <thrust/system/omp/execution_policy.h>", "#endif", "namespace policybench {",
             "template <class W, class T, int K> [[gnu::noinline, gnu::flatten]] void probe(operands<T> a, int work) {",
             "  static_assert(W::template supports<T>);",
             # K is a constant 1, or known to differ from 1 (no more: with_increment's chain branch knows as much), so
             # that with_increment, flattened in, keeps one branch: each probe holds one element loop.
             f"  if constexpr (K == 1) run_workload<W>({POLICY_EXPRESSIONS[policy]}, a, 1);",
             f"  else if (work != 1) run_workload<W>({POLICY_EXPRESSIONS[policy]}, a, work);", "}"]
    for workload, (cxx, k, types) in WORKLOADS.items():
        for t in types:
            lines.append(f"template void probe<{cxx}, {TYPES[t]}, {k}>(operands<{TYPES[t]}>, int);")
    return "\n".join(lines + ["} // namespace policybench", ""])


def vect_dump(build, policy, work):
    """Compiles `policy`'s probe with its row's flags; returns the vectorizer's dump text."""
    args, directory = compile_command(build, policy)
    source = os.path.join(work, re.sub(r"\W", "_", policy) + ".cpp")
    with open(source, "w") as f:
        f.write(probe_source(policy))
    # The row's command, for the probe's source and object, dumping the vectorizer's notes.
    command = [a for i, a in enumerate(args) if a not in ("-o", "-c") and (i == 0 or args[i - 1] not in ("-o", "-c"))]
    dump = source + ".vect"
    run = subprocess.run(command + ["-c", source, "-o", source + ".o", f"-fdump-tree-vect-optimized-missed={dump}"],
                         cwd=directory, capture_output=True, text=True)
    if run.returncode != 0:
        fail(f"compiling {policy}'s probe failed:\n{run.stderr[-4000:]}")
    with open(dump, errors="replace") as f:
        return f.read()


def demangled(names):
    """c++filt's reading of the mangled names (OpenMP's outlined regions keep only theirs in the dump)."""
    run = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True)
    return run.stdout.splitlines()


def whose(function):
    """(workload, element type) of a probe or a body outlined from one, or None for other functions."""
    m = _PROBE.search(function)
    if m:
        name = next(w for w, (cxx, k, _) in WORKLOADS.items() if cxx == m.group(1) and k == int(m.group(3)))
        return name, _CXX_TYPES[m.group(2)]
    m = _OP.search(function)
    if not m:
        return None
    if m.group(2):
        workload = m.group(1).removesuffix("_workload") if m.group(1) else "increment K>1"
        return workload, _CXX_TYPES[m.group(2)]
    pointer = _POINTER.search(function)
    return ("increment", _CXX_TYPES[pointer.group(1)]) if pointer else None


def element_loops(dump):
    """{(workload, type): [outcome per element loop]}, an outcome being ("vectorized", bytes) or ("not", reason)."""
    functions = []  # [name, [(file, level, text)]]: the dump's notes in order, level = their indent (1 = the verdict)
    for line in dump.splitlines():
        if line.startswith(";; Function "):
            name, _, mangled = line[len(";; Function "):].partition(" (")
            functions.append([name, mangled.split(",")[0] or name, []])
        elif (m := _MESSAGE.match(line)) and functions:
            functions[-1][2].append((m.group(1), len(m.group(4)), m.group(5).strip().rstrip(".")))
    # GCC prints an OpenMP region by its mangled name, and a clone without its template arguments (poly's long body
    # keeps libstdc++'s __simd_walk_2.isra out of line): read their mangled names as c++filt does.
    unread = [f for f in functions if f[0].startswith("_Z") or whose(f[0]) is None]
    for f, name in zip(unread, demangled([f[1] for f in unread])):
        f[0] = name
    loops = {}
    for name, _, notes in functions:
        key = whose(name)
        if key is None:
            continue
        attempt = []  # the notes since the last verdict: one loop's analyses, one per vector size tried
        for file, level, text in notes:
            attempt.append((level, text))
            width = re.match(r"loop vectorized using (\d+) byte vectors", text)
            if level > 1 or not (width or text == "couldn't vectorize loop"):
                continue
            if _ELEMENT_LOOP_FILES.search(file):
                # A vectorized loop's epilogue is reported as one more, in narrower vectors.
                loops.setdefault(key, []).append(("vectorized", int(width.group(1))) if width else
                                                 ("not", reason(attempt)))
            attempt = []
    return loops


def reason(attempt):
    """Why the first analysis of a loop failed: its summary (indent 2) and the last detail (indent 3) before it,
    without the statement or the SSA names it quotes."""
    detail = ""
    for level, text in attempt:
        if level == 3:
            detail = re.sub(r"(: |between ).*[_*].*$", "", text).removeprefix("not vectorized: ")
        elif level == 2:
            return f"{text} ({detail})" if detail and detail != text else text
    return detail or "couldn't vectorize loop"


def cell(outcomes):
    """One table cell: the vector width of the element loop (its main loop's, not the epilogue's), else the reason;
    both where g++'s copies of the loop differ (a oneTBB body holds it in more than one function, or twice in one)."""
    widths = [o[1] for o in outcomes if o[0] == "vectorized"]
    reasons = sorted({o[1] for o in outcomes if o[0] == "not"})
    if widths and not reasons:
        return f"yes, {max(widths)} B"
    return ("mixed: " if widths else "no: ") + "; ".join(([f"{max(widths)} B"] if widths else []) + reasons)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default="build/ci-cpu", help="a configured build folder (default build/ci-cpu)")
    parser.add_argument("--policies", help="comma-separated host policies (default: every available one, as the "
                        "build's policybench --list-policies lists them)")
    parser.add_argument("--workloads", default=",".join(WORKLOADS), help=f"comma-separated, of {', '.join(WORKLOADS)}")
    parser.add_argument("--require-vectorized", action="append", default=[], metavar="WORKLOAD:POLICY")
    args = parser.parse_args()
    # The build's own list, where it has built the executable; named policies need only its compile commands.
    policies = args.policies.split(",") if args.policies else host_policies(args.build)
    for p in policies:
        if p not in POLICY_EXPRESSIONS:
            fail(f"no probe for host policy '{p}': add its C++ policy object to POLICY_EXPRESSIONS")
    workloads = args.workloads.split(",")
    for w in workloads:
        if w not in WORKLOADS:
            fail(f"unknown workload '{w}'; valid: {', '.join(WORKLOADS)}")
    required = [r.split(":", 1) for r in args.require_vectorized]
    for r in required:
        if len(r) != 2 or r[0] not in workloads or r[1] not in policies:
            fail(f"--require-vectorized {':'.join(r)}: WORKLOAD:POLICY among those reported")

    with tempfile.TemporaryDirectory() as work, ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        dumps = dict(zip(policies, pool.map(lambda p: vect_dump(args.build, p, work), policies)))
    flags = [a for a in compile_command(args.build, policies[0])[0] if a.startswith(("-march", "-mprefer", "-O"))]
    loops = {p: element_loops(dump) for p, dump in dumps.items()}
    print(f"g++'s vectorizer on each host policy's element loop ({' '.join(flags)}): the main loop's vector width, "
          "or why not; one cell for every element type where they agree\n")
    print("| policy | " + " | ".join(workloads) + " |")
    print("|---|" + "---|" * len(workloads))
    failed = []
    for p in policies:
        cells = []
        for w in workloads:
            by_type = {}
            for t in WORKLOADS[w][2]:
                if (w, t) not in loops[p]:
                    fail(f"no element loop of {p} for {w} {t} in the dump: the script's files of element loops "
                         "or its reading of function names no longer fit the compiler's")
                by_type[t] = cell(loops[p][(w, t)])
                if [w, p] in required and not by_type[t].startswith("yes"):
                    failed.append(f"{w} {t} under {p}: {by_type[t]}")
            agreed = set(by_type.values())
            cells.append(agreed.pop() if len(agreed) == 1 else "; ".join(f"{t} {c}" for t, c in by_type.items()))
        print(f"| {p} | " + " | ".join(cells) + " |")
    for f in failed:
        print(f"vectorization_report: not vectorized: {f}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
