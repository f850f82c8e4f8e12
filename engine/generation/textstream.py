"""Stop strings across token boundaries (UTF-8-safe detokenisation is mlx-lm's streaming detokenizer)."""

from __future__ import annotations


class StopMatcher:
    """Finds stop strings in growing text and holds back any tail that could still become one.

    ``feed(new_text)`` returns ``(emit, stopped)``: the text that can safely be shown now and whether a stop string
    was completed (the text up to, not including, the stop string has then been emitted in full).
    """

    def __init__(self, stops: tuple[str, ...] | list[str]) -> None:
        self.stops = tuple(s for s in stops if s)
        self._held = ""
        self.text = ""  # everything emitted so far

    def feed(self, new_text: str) -> tuple[str, bool]:
        if not self.stops:
            self.text += new_text
            return new_text, False
        buf = self._held + new_text
        cut = min((i for i in (buf.find(s) for s in self.stops) if i >= 0), default=-1)
        if cut >= 0:
            emit = buf[:cut]
            self._held = ""
            self.text += emit
            return emit, True
        keep = 0
        for stop in self.stops:
            for n in range(min(len(stop) - 1, len(buf)), 0, -1):
                if buf.endswith(stop[:n]):
                    keep = max(keep, n)
                    break
        emit = buf[: len(buf) - keep] if keep else buf
        self._held = buf[len(buf) - keep :] if keep else ""
        self.text += emit
        return emit, False

    def flush(self) -> str:
        """At the end of generation, release held-back text that never became a stop string."""
        rest, self._held = self._held, ""
        self.text += rest
        return rest
