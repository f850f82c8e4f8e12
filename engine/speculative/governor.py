"""The speculative-decoding governor: how many tokens to propose, and whether proposing pays at all.

Two measurements drive it, both in wall time per generated token including everything the request loop does with
the tokens: plain decoding (calibrated over a few tokens at the start and refreshed whenever drafting is off) and
speculative verifications (proposal + one target forward + acceptance). The proposal width follows recent acceptance
(graded: the mean accepted prefix of the last few verifications plus one, growing after a fully accepted block). When
the measured speculative rate over a window falls below plain decoding's, drafting is gated off for a number of
tokens that doubles with each consecutive gate, then probed again. If a verification costs about as much as
decoding its width plainly (k forwards for k tokens: MLX without an optimised BLAS, bf16 on a CPU), no acceptance
can win, so the gate is held much longer. Pure Python; no MLX.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


@dataclass(frozen=True)
class GovernorConfig:
    max_width: int = 4
    min_width: int = 1
    start_width: int = 2  # the first probe is narrow: it measures cost before betting on width
    adaptive: bool = True
    calibration_tokens: int = 3  # plain tokens measured before the first probe
    probe_verifications: int = 3  # verifications in a window before judging
    margin: float = 0.02  # gate when speculative < plain * (1 - margin)
    gate_tokens: int = 16  # first gate length; doubles per consecutive gate
    max_gate_tokens: int = 512
    hopeless_gate_tokens: int = 256  # when a verification costs ~ its full width in plain forwards
    plain_window: int = 24  # plain tokens remembered
    acceptance_window: int = 4  # verifications that set the width


class Governor:
    def __init__(self, config: GovernorConfig) -> None:
        self.cfg = config
        self.width = max(config.min_width, min(config.max_width, config.start_width))
        if not config.adaptive:
            self.width = config.max_width
        self._plain: deque[tuple[int, float]] = deque()
        self._plain_tokens = 0
        self._spec: list[tuple[int, int, float]] = []  # (width, tokens, seconds) in the current probe window
        self._accepted: deque[int] = deque(maxlen=config.acceptance_window)
        self._gate_left = 0
        self._next_gate = config.gate_tokens
        self._calibrated = not config.adaptive
        self.gate_events = 0
        self.probes = 0
        self.gated_tokens = 0

    # -- decisions ---------------------------------------------------------------------------------
    def plain_run(self) -> int:
        """Tokens to decode plainly before the next proposal (0: propose now)."""
        if not self.cfg.adaptive:
            return 0
        if not self._calibrated:
            return max(1, self.cfg.calibration_tokens - self._plain_tokens)
        if self._gate_left > 0:
            return min(self._gate_left, self.cfg.plain_window)
        return 0

    @property
    def gated(self) -> bool:
        return self._gate_left > 0

    # -- measurements ------------------------------------------------------------------------------
    def record_plain(self, tokens: int, seconds: float) -> None:
        if tokens <= 0:
            return
        self._plain.append((tokens, seconds))
        self._plain_tokens += tokens
        while self._plain and self._plain_tokens - self._plain[0][0] >= self.cfg.plain_window:
            self._plain_tokens -= self._plain.popleft()[0]
        if not self._calibrated and self._plain_tokens >= self.cfg.calibration_tokens:
            self._calibrated = True
        if self._gate_left > 0:
            self.gated_tokens += tokens
            self._gate_left -= tokens
            if self._gate_left <= 0:
                self._gate_left = 0
                self.probes += 1
                self._spec.clear()

    def plain_seconds_per_token(self) -> float | None:
        if not self._plain_tokens:
            return None
        return sum(s for _, s in self._plain) / self._plain_tokens

    def record_verification(self, width: int, accepted: int, tokens: int, seconds: float) -> None:
        """``width`` proposed, ``accepted`` of them kept, ``tokens`` produced (accepted + 1), in ``seconds``."""
        self._accepted.append(accepted)
        if self.cfg.adaptive:
            self._adapt_width(width, accepted)
            self._spec.append((width, tokens, seconds))
            self._judge()

    def _adapt_width(self, width: int, accepted: int) -> None:
        mean = sum(self._accepted) / len(self._accepted)
        target = int(mean + 0.999) + 1
        if accepted >= width:
            target = max(target, width + 1)
        self.width = max(self.cfg.min_width, min(self.cfg.max_width, target))

    def _judge(self) -> None:
        plain = self.plain_seconds_per_token()
        if plain is None or plain <= 0:
            return
        n = len(self._spec)
        tokens = sum(t for _, t, _ in self._spec)
        seconds = sum(s for _, _, s in self._spec)
        # Could a fully accepted block have won? If not, this hardware cannot profit from drafting.
        best = sum(w + 1 for w, _, _ in self._spec) * plain
        hopeless = best < seconds * (1.0 - self.cfg.margin)
        if n < self.cfg.probe_verifications and not (hopeless and n >= 2):
            return
        spec_per_token = seconds / max(1, tokens)
        if spec_per_token * (1.0 - self.cfg.margin) > plain or hopeless:
            self.gate_events += 1
            gate = self._next_gate
            if hopeless:
                gate = max(gate, self.cfg.hopeless_gate_tokens)
            self._gate_left = gate
            self._next_gate = min(self.cfg.max_gate_tokens, self._next_gate * 2)
            self.width = max(self.cfg.min_width, min(self.width, self.cfg.start_width))
        else:
            self._next_gate = self.cfg.gate_tokens
        self._spec.clear()
