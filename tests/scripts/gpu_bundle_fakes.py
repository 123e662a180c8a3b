"""Stand-ins for what only the GPU machine has, for test_gpu_bundle.py: policybench and its device tests, nvidia-smi,
compute-sanitizer, ldconfig's cache, and a Python (the real /usr/bin/python3 under stub numba/cupy modules). Each
appends one line to $EVENTS when it starts: time, name, LD_LIBRARY_PATH, arguments."""

import os
import stat
import textwrap

LOG = 'printf "%s\\t%s\\t%s\\t%s\\n" "$(date +%s.%N)" "$(basename "$0")" "${LD_LIBRARY_PATH:-}" "$*" >>"$EVENTS"\n'

# The device rows the fake lists, in the real --list-policies table's form (columns two or more spaces apart);
# FAKE_DEVICE_ROW adds one, as a new registry row would.
DEVICE_POLICIES = ["thrust::device", "thrust::cuda::par_nosync",
                   "thrust::cuda::par_nosync + cuda::proclaim_copyable_arguments", "cub::DeviceTransform",
                   "cuda::kernel", "cuda::kernel_grid_stride"]
POLICY_LIST = "".join(f"{name:<60}  {device:<6}  {backend:<7}  {status}\\n" for name, device, backend, status in
                      [("policy", "device", "backend", "status"), ("loop", "host", "loop", "available")] +
                      [(name, "device", "CUDA", "available") for name in DEVICE_POLICIES])

# --list-policies, else a report of the asked rows after FAKE_SLEEP; FAKE_HANG (at 10^9), FAKE_CRASH (half a file,
# then SIGSEGV) and FAKE_SLOW (the default run, far over any limit) name the row that misbehaves.
POLICYBENCH = r"""
policies="" out="" size=10M
while (($#)); do
  case $1 in
  --list-policies)
    printf '""" + POLICY_LIST + r"""'
    [[ -n ${FAKE_DEVICE_ROW:-} ]] && printf '%-60s  device  CUDA     available\n' "$FAKE_DEVICE_ROW"
    exit 0 ;;
  --policies) policies=$2; shift ;;
  --output) out=$2; shift ;;
  --size) size=$2; shift ;;
  esac
  shift
done
[[ -n ${FAKE_HANG:-} && $policies == "$FAKE_HANG" && $size == 1G ]] && exec sleep 1000
[[ -z $policies && -n ${FAKE_SLOW:-} ]] && exec sleep 1000
if [[ -n ${FAKE_CRASH:-} && $policies == "$FAKE_CRASH" ]]; then echo '{"environment": {' >"$out"; kill -SEGV $$; fi
sleep "${FAKE_SLEEP:-0.05}"
declare -A n=([10M]=10000000 [100M]=100000000 [1G]=1000000000)
format='{"policy": "%s", "device": "%s", "status": "ok", "median_s": %s, "kernel_median_s": %s, '
row() { printf "$format"'"pct_of_ceiling": 97.0}' "$1" "$2" "$3" "$4"; }
rows=$(row "$policies" device 0.00105 0.00101)
[[ $policies == thrust::device ]] && rows=$(row thrust::device device 0.00105 null)
[[ -z $policies ]] && rows="$(row loop host 0.004 null), $(row cub::DeviceTransform device 0.00005 0.000046)"
environment='{"policybench_version": "fake", "config": {"size": %s}, "ceilings": {"device_copy_median_s": 0.001}}'
printf '{"environment": '"$environment"',\n "results": [%s]}\n' "${n[$size]}" "$rows" >"${out:-/dev/stdout}"
"""

DEVICE_TESTS = 'sleep 0.05; echo "hold off: ${POLICYBENCH_TEST_NO_STREAM_HOLD:-} max: ${POLICYBENCH_TEST_MAX_SIZE:-}"\n'

# Runs the target that follows its options (run.sh's begins with env), as the real tool does.
SANITIZER = 'while [[ $1 != env ]]; do shift; done\nexec "$@"\n'

PYTHON = r"""
[[ ${1:-} == -c && -n ${FAKE_NO_NUMPY:-} ]] && exit 1
PYTHONPATH=$FAKE_MODULES exec /usr/bin/python3 "$@"
"""

# numba 0.61 with numba-cuda as on the anchor machine: @jit(target_backend='cuda') fails at its first call.
NUMBA = '''
__version__ = "0.61.2"
class config:
    ENABLE_CUDASIM = 0
def get_num_threads():
    return 1
def jit(*args, **options):
    def decorate(f):
        def compiled(*a):
            raise KeyError(f"Unrecognized options: {set(options)}")
        return compiled
    return decorate
'''
# numba-cuda older than NumPy 2: its import fails.
NUMBA_CUDA_BROKEN = 'raise AttributeError("module \'numpy\' has no attribute \'row_stack\'")\n'
CUPY_MISSING = 'raise ImportError("No module named \'cupy\'")\n'
CUPY_NO_DEVICE = '''
__version__ = "13.4.0"
class cuda:
    class Device:
        id = 0
    class runtime:
        @staticmethod
        def getDeviceProperties(device):
            raise RuntimeError("cudaErrorNoDevice: no CUDA-capable device is detected")
'''


def write(path, text, executable=False):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)
    if executable:
        os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)


def tool(path, body):
    write(path, "#!/bin/bash\n" + LOG + textwrap.dedent(body), executable=True)


def make_fakes(root, bundle, driver=True, sanitizer=True, gpu_modules="missing"):
    """Writes the fake executables into bundle/bin and root/tools (returned: the folder for PATH), and the stub
    modules into root/modules: gpu_modules "missing" (no numba.cuda, no cupy) or "broken" (numba.cuda fails on import,
    CuPy finds no device)."""
    tools = os.path.join(root, "tools")
    tool(os.path.join(bundle, "bin", "policybench"), POLICYBENCH)
    tool(os.path.join(bundle, "bin", "policybench_device_tests"), DEVICE_TESTS)
    tool(os.path.join(tools, "nvidia-smi"), "echo 'NVIDIA H200 (fake)'\n")
    cache = "\tlibcuda.so.1 (libc6,x86-64) => /usr/lib/libcuda.so.1\n" if driver else ""
    # A cache longer than a pipe holds, libcuda first: a reader that stops at the match (grep -q) cuts ldconfig short.
    tool(os.path.join(tools, "ldconfig"), f"printf '{cache}'\nfor i in $(seq 100000); do echo \"\tlib$i.so\"; done\n")
    if sanitizer:
        tool(os.path.join(tools, "compute-sanitizer"), SANITIZER)
    tool(os.path.join(tools, "python"), PYTHON)
    modules = os.path.join(root, "modules")
    write(os.path.join(modules, "numba", "__init__.py"), NUMBA)
    if gpu_modules == "broken":
        write(os.path.join(modules, "numba", "cuda", "__init__.py"), NUMBA_CUDA_BROKEN)
    write(os.path.join(modules, "cupy.py"), CUPY_NO_DEVICE if gpu_modules == "broken" else CUPY_MISSING)
    return tools
