"""Reading a policybench JSON report for plot.py and compare_reports.py: whatever the file holds, the result is the
parsed JSON or one BadReport whose text says why, never a traceback and never a wait (report_schema.py then checks
the fields)."""

import json
import math
import os
import stat


class BadReport(Exception):
    """A report that cannot be used; str() is the reason, to follow the file name on one error line."""


def read(path):
    """The parsed JSON of the regular file `path`. Raises BadReport for a missing or unreadable file, a directory,
    a FIFO, device or socket (opened without blocking and refused: a FIFO nobody writes would wait forever),
    bytes that are not UTF-8 JSON, and JSON nested deeper than Python's parser recurses."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        raise BadReport(e.strerror or str(e)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise BadReport("is a directory, not a report")
        if not stat.S_ISREG(mode):
            raise BadReport("is not a regular file (a device, FIFO or socket)")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read()
    except OSError as e:
        raise BadReport(e.strerror or str(e)) from None
    finally:
        os.close(fd)
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise BadReport("not JSON that can be read: nested too deeply") from None
    except ValueError as e:  # JSONDecodeError and UnicodeDecodeError both are
        raise BadReport(f"not JSON ({e})") from None


def describe(value):
    """A short text for a value that is not what a field needs: JSON's own spelling for a scalar, the kind for a
    container (a deeply nested one cannot be printed without recursing)."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**40:
        return f"an integer of {len(str(abs(value)))} digits"  # too long to quote on one line
    if isinstance(value, str) and not is_text(value):
        return f"a string of {len(value)} characters" if len(value) > MAX_TEXT else \
            "a string with a control character or a lone surrogate"
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def is_number(value):
    """True for a finite JSON number: not a bool (JSON true is not 1), not NaN or Infinity (Python's json reads
    them; policybench writes null instead), not an integer too large for a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


# Names (policies, CPU models) are drawn and printed: longer ones, control characters (which split a line) and lone
# surrogates (which UTF-8 cannot encode: a figure's file would end mid-write) are refused rather than drawn.
MAX_TEXT = 200


def is_text(value):
    return isinstance(value, str) and len(value) <= MAX_TEXT and \
        not any(c < " " or "\x7f" <= c < "\xa0" or "\ud800" <= c <= "\udfff" for c in value)


def escaped(text):
    """The text with control characters as escapes (\\n, \\t, \\x1b) and the bytes of a file name that are not UTF-8
    (Python's surrogate escapes) as \\xff: a name can neither split a line nor stop it being written."""
    def one(c):
        if "\udc80" <= c <= "\udcff":
            return f"\\x{ord(c) - 0xdc00:02x}"
        if c < " " or "\x7f" <= c < "\xa0" or "\ud800" <= c <= "\udfff":
            return {"\n": "\\n", "\t": "\\t", "\r": "\\r"}.get(c, f"\\x{ord(c):02x}" if ord(c) < 256 else
                                                             f"\\u{ord(c):04x}")
        return c
    return "".join(one(c) for c in str(text))
