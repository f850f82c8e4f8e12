"""The HTTP app (Starlette, ASGI): OpenAI-compatible routes, Alcove's document routes, auth and errors.

Every engine call is blocking and runs in a worker thread; streams are pumped from their thread into the event loop
(``_pump``), so the loop (uvicorn's own, or Qt's through qasync in the window) never waits on MLX. A client that
disconnects mid-stream cancels its request: Starlette cancels the response task, and the ``finally`` below asks the
engine to stop, which it does before its next step.
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import json
import logging
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from app.server import protocol as p
from app.server.protocol import ApiError
from app.server.service import ModelService
from engine.core import AlcoveError, FinalEvent, GenerationStats, TokenEvent
from engine.rag import AskResult

log = logging.getLogger(__name__)

_END = object()


def _error(exc: ApiError) -> JSONResponse:
    return JSONResponse(exc.body(), status_code=exc.status)


async def _body(request: Request) -> Any:
    raw = await request.body()
    try:
        return json.loads(raw or b"null")
    except ValueError as exc:
        raise p.bad(f"The request body is not valid JSON ({exc}).") from exc


async def _pump(make: Callable[[], Iterator[Any]]) -> AsyncIterator[Any]:
    """Iterate a blocking iterator (built by ``make`` in the worker thread) from the event loop."""
    loop = asyncio.get_running_loop()
    q: asyncio.Queue = asyncio.Queue()

    def work() -> None:
        try:
            for item in make():
                loop.call_soon_threadsafe(q.put_nowait, item)
        except BaseException as exc:  # noqa: BLE001 - errors cross to the loop as values
            loop.call_soon_threadsafe(q.put_nowait, exc)
        finally:
            loop.call_soon_threadsafe(q.put_nowait, _END)

    # A thread of its own per stream: a stream lives as long as its request, and a shared pool (asyncio's default
    # has cpu_count + 4 threads) would make the ninth concurrent stream wait for one of the first eight to end.
    threading.Thread(target=work, name="alcove-server-stream", daemon=True).start()
    while True:
        item = await q.get()
        if item is _END:
            return
        if isinstance(item, BaseException):
            raise item
        yield item


class Server:
    """The routes over one ModelService."""

    def __init__(self, service: ModelService) -> None:
        self.service = service
        self.options = service.options
        # Blocking engine calls (a model load can take seconds): enough threads that one slow call never holds
        # up the others' routing.
        self._pool = ThreadPoolExecutor(max_workers=64, thread_name_prefix="alcove-server")
        self.defaults = {
            "max_tokens": self.options.max_tokens,
            "temperature": self.options.temperature,
            "speculative": self.options.speculative,
        }

    # -- plumbing ---------------------------------------------------------------------------------------------
    def _check_key(self, request: Request) -> None:
        key = self.options.api_key
        if not key:
            return
        auth = request.headers.get("authorization", "")
        given = auth[7:].strip() if auth[:7].lower() == "bearer " else request.headers.get("x-api-key", "")
        if not hmac.compare_digest(given.encode(), key.encode()):
            raise ApiError(401, "Incorrect or missing API key: send 'Authorization: Bearer <key>'.",
                           code="invalid_api_key")  # fmt: skip

    def endpoint(self, handler):
        async def wrapped(request: Request) -> Response:
            try:
                self._check_key(request)
                return await handler(request)
            except ApiError as exc:
                return _error(exc)
            except AlcoveError as exc:
                return _error(ApiError(400, str(exc), code="alcove_error"))
            except Exception as exc:  # noqa: BLE001 - a request never kills the server
                log.exception("server: %s %s failed", request.method, request.url.path)
                return _error(ApiError(500, f"Internal error: {type(exc).__name__}: {exc}", type="server_error",
                                       code="internal_error"))  # fmt: skip

        return wrapped

    async def _thread(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)

    # -- routes -----------------------------------------------------------------------------------------------
    async def health(self, request: Request) -> Response:
        c = self.service.counters
        return JSONResponse({"status": "ok", "active": c.active, "served": c.served})

    async def models(self, request: Request) -> Response:
        return JSONResponse({"object": "list", "data": await self._thread(self.service.list_models)})

    async def chat(self, request: Request) -> Response:
        gen = p.parse_chat(await _body(request), self.defaults)
        return await self._generate(gen, chat=True)

    async def completions(self, request: Request) -> Response:
        gen = p.parse_completion(await _body(request), self.defaults)
        return await self._generate(gen, chat=False)

    async def _generate(self, gen: p.Generation, *, chat: bool) -> Response:
        self.service.begin()
        try:
            if gen.documents:
                events = await self._thread(self._ask_events, gen)
                decoding, reason = "documents", "answered from your index"
            else:
                events, route = await self._thread(self.service.chat, gen.request, gen.model)
                decoding, reason = route.decoding, route.reason  # the engine's choice, as it made it
        except BaseException:
            self.service.end(False)
            raise
        rid = p.new_id("chatcmpl" if chat else "cmpl")
        if gen.stream:
            return StreamingResponse(
                self._sse(gen, events, rid, chat, decoding, reason),
                media_type="text/event-stream",
                headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
            )
        ok = False
        try:
            final, extra = None, {}
            async for ev in _pump(lambda: events):
                if isinstance(ev, FinalEvent):
                    final = ev
                elif isinstance(ev, AskResult):
                    final, extra = _final_of_ask(gen, ev), _ask_extension(ev)
            if final is None or final.finish_reason == "error":
                raise ApiError(500, (final.error if final else None) or "Generation failed.", type="server_error",
                               code="generation_failed")  # fmt: skip
            ok = True
            ext = p.alcove_extension(final, decoding, reason, extra)
            build = p.chat_response if chat else p.completion_response
            return JSONResponse(build(rid, gen.model, final, ext))
        finally:
            if not ok:
                self.service.cancel(gen.request.request_id)
            self.service.end(ok)

    def _ask_events(self, gen: p.Generation):
        return self.service.ask(gen.question, model=gen.model, max_tokens=gen.request.max_tokens,
                                sampling=gen.request.sampling, request_id=gen.request.request_id)  # fmt: skip

    async def _sse(self, gen, events, rid: str, chat: bool, decoding: str, reason: str) -> AsyncIterator[str]:
        created = int(time.time())
        model = gen.model
        sent: list[str] = []
        ok = False
        try:
            if chat:
                yield _data(p.chat_chunk(rid, model, created, {"role": "assistant", "content": ""}))
            async for ev in _pump(lambda: events):
                if isinstance(ev, TokenEvent):
                    if ev.text:
                        sent.append(ev.text)
                        yield _data(
                            p.chat_chunk(rid, model, created, {"content": ev.text})
                            if chat
                            else p.completion_chunk(rid, model, created, ev.text)
                        )
                    continue
                extra = {}
                if isinstance(ev, AskResult):
                    final, extra = _final_of_ask(gen, ev), _ask_extension(ev)
                elif isinstance(ev, FinalEvent):
                    final = ev
                else:
                    continue
                if final.finish_reason == "error":
                    yield _data(ApiError(500, final.error or "Generation failed.", type="server_error",
                                         code="generation_failed").body())  # fmt: skip
                    break
                # The text flushed at the end (an incomplete UTF-8 tail, held-back stop-string prefixes).
                tail = final.text[len("".join(sent)) :] if final.text.startswith("".join(sent)) else ""
                ext = p.alcove_extension(final, decoding, reason, extra)
                finish = p.finish_reason(final)
                if chat:
                    yield _data(p.chat_chunk(rid, model, created, {"content": tail} if tail else {}, finish,
                                             alcove=ext))  # fmt: skip
                else:
                    yield _data(p.completion_chunk(rid, model, created, tail, finish, alcove=ext))
                if gen.include_usage:
                    chunk = (p.chat_chunk if chat else p.completion_chunk)(
                        rid, model, created, {} if chat else ""
                    )
                    chunk["choices"] = []
                    chunk["usage"] = p.usage(final)
                    yield _data(chunk)
                ok = True
            yield "data: [DONE]\n\n"
        finally:
            if not ok:
                self.service.cancel(gen.request.request_id)  # the client went away (or the stream failed)
            self.service.end(ok)

    async def embeddings(self, request: Request) -> Response:
        body = await _body(request)
        if not isinstance(body, dict):
            raise p.bad("The request body must be a JSON object.")
        texts = body.get("input")
        if isinstance(texts, str):
            texts = [texts]
        if not isinstance(texts, list) or not texts or not all(isinstance(t, str) and t for t in texts):
            raise p.bad("'input' must be a non-empty string or a list of non-empty strings (token ids are not "
                        "supported).", "input")  # fmt: skip
        if len(texts) > 2048:
            raise p.bad("At most 2048 inputs per request.", "input")
        fmt = body.get("encoding_format", "float")
        if fmt not in ("float", "base64"):
            raise p.bad("'encoding_format' must be 'float' or 'base64'.", "encoding_format")
        if body.get("dimensions") is not None:
            raise p.bad(
                "'dimensions' is not supported: the embedder's size is fixed.", "dimensions", "unsupported"
            )
        model = body.get("model") or "default"
        kind = (body.get("alcove") or {}).get("kind", "document")
        if kind not in ("document", "query"):
            raise p.bad("alcove.kind must be 'document' or 'query'.", "alcove.kind")
        self.service.begin()
        try:
            result = await self._thread(self.service.embed, model, texts, kind)
        finally:
            self.service.end()
        data = []
        for i, vec in enumerate(result.vectors):
            vec = vec.astype("<f4")
            emb = base64.b64encode(vec.tobytes()).decode() if fmt == "base64" else vec.tolist()
            data.append({"object": "embedding", "index": i, "embedding": emb})
        n = int(sum(result.token_counts))
        return JSONResponse({"object": "list", "data": data, "model": model,
                             "usage": {"prompt_tokens": n, "total_tokens": n},
                             "alcove": {"truncated": list(result.truncated)}})  # fmt: skip

    async def rerank(self, request: Request) -> Response:
        body = await _body(request)
        if not isinstance(body, dict):
            raise p.bad("The request body must be a JSON object.")
        query, docs = body.get("query"), body.get("documents")
        if not isinstance(query, str) or not query.strip():
            raise p.bad("'query' must be a non-empty string.", "query")
        if not isinstance(docs, list) or not docs:
            raise p.bad("'documents' must be a non-empty list of strings or {text} objects.", "documents")
        texts = []
        for i, d in enumerate(docs):
            t = d.get("text") if isinstance(d, dict) else d
            if not isinstance(t, str):
                raise p.bad(f"documents[{i}] must be a string or an object with 'text'.", f"documents[{i}]")
            texts.append(t)
        top_n = body.get("top_n")
        if top_n is not None and (not isinstance(top_n, int) or isinstance(top_n, bool) or top_n < 1):
            raise p.bad("'top_n' must be a positive integer.", "top_n")
        model = body.get("model") or "default"
        self.service.begin()
        try:
            result = await self._thread(self.service.rerank, model, query, texts)
        finally:
            self.service.end()
        items = result.items[:top_n] if top_n else result.items
        out = []
        for it in items:
            row = {"index": it.old_rank - 1, "relevance_score": it.score}
            if body.get("return_documents"):
                row["document"] = {"text": it.text}
            out.append(row)
        return JSONResponse({"id": p.new_id("rerank"), "model": result.model, "results": out,
                             "usage": {"total_tokens": 0},
                             "alcove": {"kind": result.kind, "truncated": result.truncated,
                                        "seconds": result.seconds}})  # fmt: skip

    async def search(self, request: Request) -> Response:
        body = await _body(request)
        if not isinstance(body, dict) or not isinstance(body.get("query"), str) or not body["query"].strip():
            raise p.bad("'query' must be a non-empty string.", "query")
        mode = body.get("mode", "hybrid")
        fusion = body.get("fusion", "score")
        k = body.get("k", 10)
        if mode not in ("hybrid", "vector", "keyword") or fusion not in ("score", "rrf"):
            raise p.bad("'mode' is hybrid, vector or keyword; 'fusion' is score or rrf.", "mode")
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 200:
            raise p.bad("'k' must be an integer from 1 to 200.", "k")
        self.service.begin()
        try:
            out = await self._thread(
                lambda: self.service.search(body["query"], k=k, mode=mode, fusion=fusion, db=None)
            )
        finally:
            self.service.end()
        return JSONResponse(out)

    async def ask(self, request: Request) -> Response:
        body = await _body(request)
        if (
            not isinstance(body, dict)
            or not isinstance(body.get("question"), str)
            or not body["question"].strip()
        ):
            raise p.bad("'question' must be a non-empty string.", "question")
        model = body.get("model") or "default"
        max_tokens = p.positive_int(body, "max_tokens", 256)
        self.service.begin()
        result = None
        try:
            events = await self._thread(
                lambda: self.service.ask(body["question"], model=model, max_tokens=max_tokens)
            )
            async for ev in _pump(lambda: events):
                if isinstance(ev, AskResult):
                    result = ev
        finally:
            self.service.end(result is not None)
        if result is None:
            raise ApiError(500, "The question was not answered.", type="server_error", code="ask_failed")
        return JSONResponse(result.to_json())

    def app(self) -> Starlette:
        e = self.endpoint
        routes = [
            Route("/health", e(self.health), methods=["GET"]),
            Route("/v1/models", e(self.models), methods=["GET"]),
            Route("/v1/chat/completions", e(self.chat), methods=["POST"]),
            Route("/v1/completions", e(self.completions), methods=["POST"]),
            Route("/v1/embeddings", e(self.embeddings), methods=["POST"]),
            Route("/v1/rerank", e(self.rerank), methods=["POST"]),
            Route("/v1/alcove/search", e(self.search), methods=["POST"]),
            Route("/v1/alcove/ask", e(self.ask), methods=["POST"]),
        ]

        async def not_found(request: Request, exc: Exception) -> Response:
            status = getattr(exc, "status_code", 404)
            msg = "Unknown endpoint" if status == 404 else "Method not allowed"
            return _error(ApiError(status, f"{msg}: {request.method} {request.url.path}.", code="not_found"
                                   if status == 404 else "method_not_allowed"))  # fmt: skip

        app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})
        app.state.server = self
        return app

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _data(obj: dict) -> str:
    return f"data: {json.dumps(obj, ensure_ascii=False)}\n\n"


def _final_of_ask(gen: p.Generation, result: AskResult) -> FinalEvent:
    s = result.stats
    stats = GenerationStats(prompt_tokens=getattr(s, "prompt_tokens", 0), cached_tokens=getattr(s, "cached_tokens", 0),
                            generated_tokens=getattr(s, "generated_tokens", 0))  # fmt: skip
    reason = "error" if result.error else ("length" if result.finish_reason == "length" else "stop")
    return FinalEvent(gen.request.request_id, result.answer, (), reason, stats, result.error)


def _ask_extension(result: AskResult) -> dict[str, Any]:
    return {
        "citations": [c.to_json() for c in result.citations],
        "abstained": result.abstained,
        "hedged": result.hedged,
        "closest": [asdict(x) for x in result.closest],
    }
