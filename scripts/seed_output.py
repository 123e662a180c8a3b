"""Writing the seed's report: to standard output, or atomically to --output through a temporary beside it, created
only once the report is made and removed by a terminating signal, so an interrupted, killed or failed run leaves
nothing beside the target."""

import errno
import os
import signal
import sys
import tempfile

# Signals whose default action ends the process, but for INT (the caller's KeyboardInterrupt removes the temporary)
# and PIPE and XFSZ (Python ignores both; the write then fails with an OSError, which the caller handles).
TERMINATING = [getattr(signal, f"SIG{name}") for name in ("HUP", "TERM", "QUIT", "USR1", "USR2", "ALRM", "VTALRM",
                                                          "PROF", "XCPU", "IO", "PWR") if hasattr(signal, f"SIG{name}")]
TEMPORARY = []  # the report's temporary file while it exists


def remove_temporary_and_die(signum, _frame):
    """A terminating signal's handler: removes the report's temporary file, then ends the process as the signal
    would have (its status says which signal)."""
    for name in TEMPORARY:
        try:
            os.unlink(name)
        except OSError:
            pass  # already renamed into place or removed
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def check_output(path):
    """Raises OSError when a report could not be renamed into `path`, checked before measuring without creating
    anything (the temporary exists only while the finished report is written: a KILL leaves nothing)."""
    if os.path.isdir(path):
        raise IsADirectoryError(f"{path} is a directory")
    # Renaming over a device, FIFO or socket would replace it with a plain file (as root, /dev/null itself).
    if os.path.exists(path) and not os.path.isfile(path):
        raise OSError(f"{path} is not a regular file (a device, FIFO or socket); leave --output out for stdout")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise FileNotFoundError(errno.ENOENT, f"no directory {folder}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, f"cannot create files in {folder}")


def open_output(path):
    """A temporary file beside `path`, so the final rename is atomic, removed by a terminating signal (see
    TERMINATING) until write_report renames it; raises OSError when it cannot be created."""
    check_output(path)
    for signum in TERMINATING:
        signal.signal(signum, remove_temporary_and_die)
    # Blocked while the file is created and recorded: a signal in between would leave a file nobody knows of.
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, TERMINATING)
    try:
        file = tempfile.NamedTemporaryFile("w", dir=os.path.dirname(path) or ".", prefix=".seed_compare.",
                                           delete=False)
        TEMPORARY.append(file.name)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
    umask = os.umask(0)  # the report gets a new file's usual permissions, not mkstemp's 0600
    os.umask(umask)
    os.chmod(file.name, 0o666 & ~umask)
    return file


def write_report(text, output, path):
    """Writes `text` to `output` (open_output's temporary) and renames it over `path`, or to standard output when
    `output` is None. Raises OSError when a write, the flush or the rename fails; the caller removes the temporary."""
    if output is None:
        if sys.stdout is None:
            raise OSError(errno.EBADF, "standard output is closed")
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    with output:
        output.write(text)
    os.replace(output.name, path)
    TEMPORARY.remove(output.name)
