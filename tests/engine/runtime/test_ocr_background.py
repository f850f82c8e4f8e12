"""OCR is background work under the scheduler (issue #18): it runs in the extraction workers beside the engine thread,
one page per slice, and waits between pages while interactive work (a chat, a search) holds the engine; a cancel
or a pause takes effect within one page. A fake slow recogniser times the chat; one real RapidOCR page is read
through a closed-then-opened gate."""

from __future__ import annotations

import io
import sys
import threading
import time
from pathlib import Path

import pytest

import engine.index.readers.ocr as ocr_module
from engine.core import FinalEvent, GenerateRequest, IndexRequest, TokenEvent
from engine.index import IndexStore, IndexSummary
from engine.index.bounds import Deadline, ExtractCancelled
from engine.index.extraction import extract
from engine.runtime.scheduler import EngineThread
from tests.engine.index.index_fakes import HashEmbedder

pytestmark = pytest.mark.timeout(300)


def scanned_pdf(n_pages: int, size=(360, 240), lines=("Otters live along rivers.",)) -> bytes:
    """A PDF of image-only pages, as a scanner makes them."""
    from PIL import Image, ImageDraw, ImageFont

    images = []
    font = ImageFont.load_default(size=28)
    for i in range(n_pages):
        image = Image.new("RGB", size, "white")
        draw = ImageDraw.Draw(image)
        for j, line in enumerate(lines):
            draw.text(
                (20, 30 + j * 60), f"{line} {i + 1}" if len(lines) == 1 else line, fill="black", font=font
            )
        images.append(image)
    buf = io.BytesIO()
    images[0].save(buf, "PDF", resolution=150, save_all=True, append_images=images[1:])
    return buf.getvalue()


class SlowRecogniser:
    """A stand-in for RapidOCR/Vision that takes ``seconds`` a page and records when each page ran."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.spans: list[tuple[float, float]] = []
        self.first = threading.Event()

    def __call__(self, rgb):
        t0 = time.perf_counter()
        time.sleep(self.seconds)
        self.spans.append((t0, time.perf_counter()))
        self.first.set()
        n = len(self.spans)
        return [(f"recognised words of scanned page {n}", (10.0, 10.0, 300.0, 40.0), 0.99)]


@pytest.fixture
def slow_ocr(monkeypatch):
    fake = SlowRecogniser(0.15)
    monkeypatch.setattr(ocr_module, "_engine", lambda: fake)
    return fake


def test_the_scheduler_gate_is_clear_while_interactive_work_runs_or_waits():
    thread = EngineThread(name="alcove-engine-gate-test")
    try:
        assert thread.interactive_idle.is_set()
        inside = threading.Event()
        release = threading.Event()

        def busy():
            inside.set()
            release.wait(5)
            return 1

        fut = thread.submit(busy)
        assert inside.wait(5)
        assert not thread.interactive_idle.is_set()  # running
        queued = thread.submit(lambda: 2)
        release.set()
        assert fut.result(5) == 1 and queued.result(5) == 2
        deadline = time.monotonic() + 5
        while not thread.interactive_idle.is_set() and time.monotonic() < deadline:
            time.sleep(0.01)
        assert thread.interactive_idle.is_set()  # nothing interactive left: background may run
    finally:
        thread.shutdown()
    assert thread.interactive_idle.is_set()  # a closed engine never holds anything at the gate


def test_ocr_waits_at_the_gate_between_pages_and_a_cancel_ends_the_wait(slow_ocr):
    data = scanned_pdf(4)
    gate, cancel = threading.Event(), threading.Event()
    gate.set()
    check = Deadline(60, cancel, gate=gate)
    done: list = []

    def run():
        try:
            done.append(extract(Path("scan.pdf"), data, check=check))
        except ExtractCancelled as exc:
            done.append(exc)

    t = threading.Thread(target=run)
    t.start()
    assert slow_ocr.first.wait(10)
    gate.clear()  # a chat starts: the page in hand finishes, no new one starts
    time.sleep(0.6)
    assert len(slow_ocr.spans) <= 2 and t.is_alive()
    n = len(slow_ocr.spans)
    time.sleep(0.4)
    assert len(slow_ocr.spans) == n  # paused
    gate.set()
    t.join(10)
    doc = done[0]
    assert [p.number for p in doc.pages] == [1, 2, 3, 4] and "scanned page 4" in doc.pages[3].text
    assert check.paused_s >= 0.6  # the pause did not count against the file's time budget
    # a cancel while paused ends it within one page
    slow_ocr.spans.clear()
    gate.set()
    check = Deadline(60, cancel, gate=gate)
    done.clear()
    slow_ocr.first.clear()
    t = threading.Thread(target=run)
    t.start()
    assert slow_ocr.first.wait(10)
    gate.clear()
    time.sleep(0.2)
    t0 = time.perf_counter()
    cancel.set()
    t.join(5)
    assert not t.is_alive() and isinstance(done[0], ExtractCancelled) and time.perf_counter() - t0 < 0.5
    assert len(slow_ocr.spans) <= 2


def test_a_chat_during_the_ocr_of_a_scanned_pdf_gets_its_first_token_without_waiting_for_it(
    engine, tiny_llama, tmp_path, slow_ocr
):
    engine.load_model(str(tiny_llama))
    pages = 24
    pdf = tmp_path / "scan.pdf"
    pdf.write_bytes(scanned_pdf(pages))
    summary: list = []

    def index_run():
        for item in engine.index(IndexRequest([str(pdf)], tmp_path / "i.sqlite3", embedder=HashEmbedder())):
            if isinstance(item, IndexSummary):
                summary.append(item)

    t = threading.Thread(target=index_run)
    t.start()
    assert slow_ocr.first.wait(60)
    times: dict[str, float] = {}
    final = None
    t0 = time.perf_counter()
    for ev in engine.generate(GenerateRequest(prompt="Tell me about otters", max_tokens=400)):
        if isinstance(ev, TokenEvent):
            times.setdefault("first", time.perf_counter())
            times["last"] = time.perf_counter()
        if isinstance(ev, FinalEvent):
            final = ev
    t_end = time.perf_counter()
    t.join(120)
    assert final is not None and final.error is None and final.stats.generated_tokens > 0
    ocr_end = slow_ocr.spans[-1][1]
    assert times["first"] < ocr_end  # the chat did not wait for the OCR to finish
    assert times["first"] - t0 < 0.15 * pages / 2, times["first"] - t0
    # while the chat ran (~1 s: 6+ pages' worth; without the gate they all start in it), OCR paused: at most the
    # page in hand when it started (sliced per page). Up to its last token: the engine is idle before the final
    # event reaches this loop, and a page may start in between (seen once on a loaded CI machine)
    during = [s for s, _ in slow_ocr.spans if t0 < s < times["last"]]
    assert len(during) <= 1, (during, t_end - t0)
    # and then it went on: every page read and indexed, page numbers kept
    assert summary and summary[0].error is None and summary[0].files_indexed == 1
    assert len(slow_ocr.spans) == pages
    with IndexStore(tmp_path / "i.sqlite3") as store:
        got = store._q("SELECT DISTINCT page FROM chunks ORDER BY page")
    assert [r[0] for r in got] == list(range(1, pages + 1))


@pytest.mark.skipif(sys.platform == "darwin", reason="RapidOCR path; Vision is tested in tests/mac")
def test_one_real_rapidocr_page_waits_for_the_gate_then_reads_its_text():
    data = scanned_pdf(1, size=(900, 200), lines=("Twelve otters were counted in May.",))
    gate = threading.Event()
    check = Deadline(120, gate=gate)
    threading.Timer(0.5, gate.set).start()
    t0 = time.perf_counter()
    doc = extract(Path("scan.pdf"), data, check=check)
    assert time.perf_counter() - t0 >= 0.45 and check.paused_s >= 0.45
    text = doc.pages[0].text.lower()
    assert doc.pages[0].number == 1 and "otters" in text and "counted" in text, text
