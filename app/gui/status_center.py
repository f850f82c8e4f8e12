"""Which message the status bar shows (pure logic, no Qt): an important notice (indexing finished, an error) stays
until it is read (dismissed) or replaced by one at least as important; passing messages ("Stopping…") show over
it for a moment and never wipe it."""

from __future__ import annotations

from dataclasses import dataclass

PASSING, NOTICE, ERROR = 0, 1, 2


@dataclass(frozen=True)
class Notice:
    text: str
    level: int


class StatusCenter:
    def __init__(self) -> None:
        self.notice: Notice | None = None  # the important message kept on the bar

    def post(self, text: str, level: int = PASSING) -> bool:
        """True when ``text`` becomes the kept notice; False when it should only pass (or was dropped)."""
        if level <= PASSING or not text:
            return False
        if self.notice is None or level >= self.notice.level:
            self.notice = Notice(text, level)
            return True
        return False

    def dismiss(self) -> None:
        """The user read it."""
        self.notice = None

    def text(self) -> str:
        return self.notice.text if self.notice else ""
