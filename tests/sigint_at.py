#!/usr/bin/env python3
"""One Ctrl-C at a chosen stage of a run, for the SIGINT rows of docs/robustness.md: runs COMMAND, sends it one
SIGINT at STAGE and exits with its status (128 + the signal's number where a signal ended it, as a shell reports).

Usage: sigint_at.py STAGE COMMAND [ARG...]
  syscall:NAME   strace injects SIGINT as any thread enters its first NAME system call: a stage that makes one
                 (rename: the complete report put in place; clone3: the first thread, before anything is measured)
                 is hit exactly, however loaded the machine (not write: a sanitizer's runtime writes to a pipe of its
                 own long before the report). Exit 77 (skipped) where strace is missing or may not trace.
  progress:TEXT  stderr is a terminal (so that the progress line is drawn); SIGINT once a redrawn line contains
                 TEXT (the line is drawn just before the stage it names starts). The progress lines are left out of
                 the stderr this prints; the rest of it is passed on as written.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import termios

# A progress redraw (cli/main.cpp): "\r[1.2 s of 30 s] what\x1b[K", and the final "\r\x1b[K" that clears it.
PROGRESS = re.compile(rb"\r(\[[^\]\r\n]*\] [^\r\n]*?)?\x1b\[K")


def status_of(code):
    return 128 - code if code < 0 else code


def at_syscall(name, command):
    strace = shutil.which("strace")
    if not strace or subprocess.run([strace, "-o", os.devnull, "true"], capture_output=True).returncode != 0:
        print("sigint_at: strace is missing or may not trace here: skipped", file=sys.stderr)
        return 77
    inject = ["-e", f"trace={name}", "-e", f"inject={name}:signal=INT:when=1"]
    return status_of(subprocess.run([strace, "-f", "-qq", "-o", os.devnull, *inject, "--", *command]).returncode)


def at_progress(text, command):
    controller, terminal = os.openpty()
    mode = termios.tcgetattr(terminal)
    mode[1] &= ~termios.OPOST  # no "\n" -> "\r\n": stderr passes on as the program wrote it
    termios.tcsetattr(terminal, termios.TCSANOW, mode)
    child = subprocess.Popen(command, stderr=terminal)
    os.close(terminal)
    written, sent = b"", False
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # EIO: every writer closed the terminal
            break
        if not chunk:
            break
        written += chunk
        if not sent and text.encode() in written.rsplit(b"\r", 1)[-1]:
            child.send_signal(signal.SIGINT)
            sent = True
    code = child.wait()
    os.close(controller)
    sys.stderr.buffer.write(PROGRESS.sub(b"", written))
    if not sent:
        print(f"sigint_at: no progress line said '{text}': no SIGINT sent", file=sys.stderr)
    return status_of(code)


def main(argv):
    if len(argv) < 3 or not argv[1].startswith(("syscall:", "progress:")):
        print("usage: sigint_at.py syscall:NAME|progress:TEXT COMMAND [ARG...]", file=sys.stderr)
        return 2
    kind, what = argv[1].split(":", 1)
    return (at_syscall if kind == "syscall" else at_progress)(what, argv[2:])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
