"""Which calls ran when the window's event loop stalled: reads the stacks ``bench_gui_latency.py --stalls FILE``
wrote (one dump per tick that came 50 ms late) and counts, per thread, the innermost frames.

The GUI thread's innermost frame says what it ran (Python code of ours) or where it waited (``processEvents``: it
was waiting for the GIL or the CPU, so look at what the other threads ran then). A frame in our code near the top of
another thread names the call that held the GIL.

    .venv/bin/python bench/stall_report.py FILE [--depth 4] [--top 15]
"""

from __future__ import annotations

import argparse
import collections
import logging
import re
import sys

log = logging.getLogger("stall_report")
THREAD = re.compile(r"^(?:Current thread|Thread) (0x[0-9a-f]+)")
FRAME = re.compile(r'^\s+File "(.+)", line (\d+) in (.+)$')


def parse(text: str) -> tuple[str, list[dict[str, list[str]]]]:
    """(the GUI thread's id, one {thread id: frames innermost first} per dump)."""
    gui = ""
    dumps: list[dict[str, list[str]]] = []
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("# gui thread "):
            gui = line.split()[-1]
        elif line.startswith("Timeout ("):
            dumps.append({})
            current = None
        elif m := THREAD.match(line):
            if not dumps:
                dumps.append({})
            current = dumps[-1].setdefault(m.group(1), [])
        elif (m := FRAME.match(line)) and current is not None:
            path = m.group(1)
            short = "/".join(path.split("/")[-2:])
            current.append(f"{m.group(3)} ({short}:{m.group(2)})")
    return gui, dumps


def report(text: str, depth: int = 4, top: int = 15) -> str:
    gui, dumps = parse(text)
    gui_frames: collections.Counter[str] = collections.Counter()
    other: collections.Counter[str] = collections.Counter()
    for dump in dumps:
        for thread, frames in dump.items():
            if not frames:
                continue
            key = " <- ".join(frames[:depth])
            if thread == gui:
                gui_frames[key] += 1
            elif not frames[0].startswith(("wait (", "_wait_for_tstate_lock", "select (", "get (")):
                other[key] += 1
    lines = [f"{len(dumps)} stalls of 50 ms or more", "", "GUI thread, innermost frames:"]
    lines += [f"{n:5d}  {k}" for k, n in gui_frames.most_common(top)]
    lines += ["", "other threads not waiting, innermost frames:"]
    lines += [f"{n:5d}  {k}" for k, n in other.most_common(top)]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--depth", type=int, default=4)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s", stream=sys.stdout)
    with open(args.file, encoding="utf-8", errors="replace") as fh:
        log.info("%s", report(fh.read(), args.depth, args.top))
    return 0


if __name__ == "__main__":
    sys.exit(main())
