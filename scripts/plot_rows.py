"""The rows of the bar figures (GB/s, cold versus warm): single runs, or failing those each size sweep's largest size,
labelled by policy (and size where several) and captioned with their size and type."""
import math

from plot_report import number


def single_point_rows(reports):
    """([(report index, row)], what): rows of single runs of a[i] += 1 (K = 1: the roofline shows more work per
    element); failing those, each size sweep's largest size (where cache effects matter least), which `what` then
    says for the figure's title."""
    single = [(i, r) for i, (_, rows, sweep, _) in enumerate(reports) if not sweep for r in rows
              if (number(r, "work") or 1) == 1]
    if single:
        return single, ""
    out = []
    for i, (_, rows, sweep, _) in enumerate(reports):
        if sweep and sweep.get("kind") == "size" and rows:
            largest = max(r["size"] for r in rows)
            out += [(i, r) for r in rows if r["size"] == largest]
    return out, "the size sweep's largest size"


def label_rows(rows):
    """Policy names, with the element count added when the rows have several, and the count of disturbed calls
    (left out of the median) where there were any."""
    several = len({r["size"] for _, r in rows}) > 1
    labels = [f"{r['policy']} ({r['size']})" if several else r["policy"] for _, r in rows]
    return [f"{label} [{r['disturbed_calls']} disturbed]" if number(r, "disturbed_calls") else label
            for label, (_, r) in zip(labels, rows)]


def sizes_text(rows, what):
    """'10000000 x float64' for the rows' one size and type, naming the sweep point when that is what they are."""
    sizes = sorted({r["size"] for _, r in rows})
    types = sorted({r.get("type") or "?" for _, r in rows})
    exponent = round(math.log10(sizes[0])) if sizes[0] >= 1000 else 0
    text = "sizes as labelled" if len(sizes) > 1 else \
        f"10^{exponent} elements" if exponent and sizes[0] == 10**exponent else f"{sizes[0]} elements"
    return f"{text} x {'/'.join(types)}" + (f" ({what})" if what else "")


def disturbed_caption(rows):
    """The caption's line on label_rows' '[n disturbed]', as a list: empty when no label has one."""
    if not any(number(r, "disturbed_calls") for _, r in rows):
        return []
    return ["[n disturbed]: timed calls whose threads lost the CPU to other work (preemption), left out of the median "
            "unless most were."]
