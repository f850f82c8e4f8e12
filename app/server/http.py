"""The HTTP app (Starlette, ASGI): OpenAI-compatible routes, Alcove's document routes, auth and errors.

Every engine call is blocking and runs in a worker thread; streams are pumped from their thread into the event loop
(``pump``), so the loop (uvicorn's own, or Qt's through qasync in the window) never waits on MLX. Before a route
runs, ``boundary.Boundary`` has checked the request's Host, Origin and Content-Type and read its body within limits.

No work outlives its client: every route's work is raced against the client's disconnect (ASGI ``http.disconnect``)
and the request's deadline (``ServerOptions.request_timeout_s``), and when either comes first the engine is asked to
cancel the request (``Engine.cancel``), which it does before its next step. A stream whose client stops reading is
dropped once its send buffer has stayed full for ``send_stall_s``, and its request cancelled the same way.
"""

from __future__ import annotations

import asyncio
import base64
import hmac
import json
import logging
import time
from collections.abc import AsyncIterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from app.server import protocol as p
from app.server.boundary import DEADLINE_KEY, Boundary, parse_json
from app.server.protocol import ApiError
from app.server.service import ModelService
from app.server.streaming import ClientGone, Ending, EventStream, deadline_error, disconnected, forget, pump
from engine.core import AlcoveError, FinalEvent, GenerationStats, TokenEvent, new_request_id
from engine.rag import AskResult

log = logging.getLogger(__name__)


def _error(exc: ApiError) -> JSONResponse:
    return JSONResponse(exc.body(), status_code=exc.status)


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
            except ClientGone:
                return Response(status_code=499)  # nobody reads it: the connection is gone
            except ApiError as exc:
                return _error(exc)
            except AlcoveError as exc:
                return _error(ApiError(400, str(exc), code="alcove_error"))
            except Exception as exc:  # noqa: BLE001 - a request never kills the server
                log.exception("server: %s %s failed", request.method, request.url.path)
                return _error(ApiError(500, f"Internal error: {type(exc).__name__}: {exc}", type="server_error",
                                       code="internal_error"))  # fmt: skip

        return wrapped

    async def _json(self, request: Request) -> Any:
        return parse_json(await request.body(), self.options.max_json_depth)

    async def _watch(self, request: Request, work: Any, request_id: str | None = None) -> Any:
        """``work``'s result (an awaitable), unless the client disconnects or the request's deadline passes first:
        then the engine is asked to cancel ``request_id`` (when the work has one), the work is left to finish on
        its own, and ClientGone or a 504 is raised."""
        work = asyncio.ensure_future(work)
        gone = asyncio.ensure_future(disconnected(request.receive))
        deadline = request.scope.get(DEADLINE_KEY)
        left = None if deadline is None else max(0.0, deadline - asyncio.get_running_loop().time())
        try:
            await asyncio.wait({work, gone}, timeout=left, return_when=asyncio.FIRST_COMPLETED)
        except asyncio.CancelledError:
            work.cancel()
            raise
        finally:
            gone.cancel()
        if work.done():
            return work.result()
        if request_id is not None:
            self.service.cancel(request_id)
        work.cancel()  # a worker thread's call runs on; its result is dropped
        forget(work)
        if gone.done() and not gone.cancelled():
            raise ClientGone
        raise deadline_error()

    async def _thread(self, request: Request, fn, *args, request_id: str | None = None):
        """``fn(*args)`` in a worker thread, watched (``_watch``)."""
        call = asyncio.get_running_loop().run_in_executor(self._pool, fn, *args)
        return await self._watch(request, call, request_id)

    # -- routes -----------------------------------------------------------------------------------------------
    async def health(self, request: Request) -> Response:
        c = self.service.counters
        return JSONResponse({"status": "ok", "active": c.active, "served": c.served})

    async def models(self, request: Request) -> Response:
        return JSONResponse({"object": "list", "data": await self._thread(request, self.service.list_models)})

    async def chat(self, request: Request) -> Response:
        gen = p.parse_chat(await self._json(request), self.defaults)
        return await self._generate(request, gen, chat=True)

    async def completions(self, request: Request) -> Response:
        gen = p.parse_completion(await self._json(request), self.defaults)
        return await self._generate(request, gen, chat=False)

    async def _generate(self, request: Request, gen: p.Generation, *, chat: bool) -> Response:
        rid_engine = gen.request.request_id
        self.service.begin()
        try:
            if gen.documents:
                events = await self._thread(request, self._ask_events, gen, request_id=rid_engine)
                decoding, reason = "documents", "answered from your index"
            else:
                events, route = await self._thread(request, self.service.chat, gen.request, gen.model,
                                                   request_id=rid_engine)  # fmt: skip
                decoding, reason = route.decoding, route.reason  # the engine's choice, as it made it
        except BaseException:  # (a client that left, or the deadline, cancelled it already)
            self.service.end(False)
            raise
        rid = p.new_id("chatcmpl" if chat else "cmpl")
        if gen.stream:
            ending = Ending(self.service, rid_engine)
            return EventStream(self._sse(gen, events, rid, chat, decoding, reason, ending), ending=ending,
                                stall_s=self.options.send_stall_s,
                                on_deadline=lambda: _data(deadline_error().body()) + "data: [DONE]\n\n")  # fmt: skip
        ok = False
        try:

            async def collect() -> tuple[Any, dict]:
                final, extra = None, {}
                async for ev in pump(lambda: events):
                    if isinstance(ev, FinalEvent):
                        final = ev
                    elif isinstance(ev, AskResult):
                        final, extra = _final_of_ask(gen, ev), _ask_extension(ev)
                return final, extra

            final, extra = await self._watch(request, collect(), rid_engine)
            if final is None or final.finish_reason == "error":
                raise ApiError(500, (final.error if final else None) or "Generation failed.", type="server_error",
                               code="generation_failed")  # fmt: skip
            ok = True
            ext = p.alcove_extension(final, decoding, reason, extra)
            build = p.chat_response if chat else p.completion_response
            return JSONResponse(build(rid, gen.model, final, ext))
        finally:
            if not ok:
                self.service.cancel(rid_engine)
            self.service.end(ok)

    def _ask_events(self, gen: p.Generation):
        return self.service.ask(gen.question, model=gen.model, max_tokens=gen.request.max_tokens,
                                sampling=gen.request.sampling, request_id=gen.request.request_id)  # fmt: skip

    async def _sse(self, gen, events, rid: str, chat: bool, decoding: str, reason: str,
                   ending: Ending) -> AsyncIterator[str]:  # fmt: skip
        created = int(time.time())
        model = gen.model
        sent: list[str] = []
        try:
            if chat:
                yield _data(p.chat_chunk(rid, model, created, {"role": "assistant", "content": ""}))
            async for ev in pump(lambda: events):
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
                ending.ok = True
            yield "data: [DONE]\n\n"
        finally:
            ending()  # cancels the request unless it ended well (the client went away, the stream failed)

    async def embeddings(self, request: Request) -> Response:
        body = await self._json(request)
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
        ext = body.get("alcove") or {}
        if not isinstance(ext, dict):
            raise p.bad('\'alcove\' must be an object, e.g. {"kind": "query"}.', "alcove")
        kind = ext.get("kind", "document")
        if kind not in ("document", "query"):
            raise p.bad("alcove.kind must be 'document' or 'query'.", "alcove.kind")
        self.service.begin()
        try:
            result = await self._thread(request, self.service.embed, model, texts, kind)
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
        body = await self._json(request)
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
            rid = new_request_id()
            result = await self._thread(
                request, self.service.rerank, model, query, texts, rid, request_id=rid
            )
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
        body = await self._json(request)
        if not isinstance(body, dict) or not isinstance(body.get("query"), str) or not body["query"].strip():
            raise p.bad("'query' must be a non-empty string.", "query")
        mode = body.get("mode", "hybrid")
        fusion = body.get("fusion", "score")
        k = body.get("k", 10)
        if mode not in ("hybrid", "vector", "keyword", "late") or fusion not in ("score", "rrf"):
            raise p.bad("'mode' is hybrid, vector, keyword or late; 'fusion' is score or rrf.", "mode")
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= 200:
            raise p.bad("'k' must be an integer from 1 to 200.", "k")
        self.service.begin()
        try:
            out = await self._thread(
                request, lambda: self.service.search(body["query"], k=k, mode=mode, fusion=fusion, db=None)
            )
        finally:
            self.service.end()
        return JSONResponse(out)

    async def ask(self, request: Request) -> Response:
        body = await self._json(request)
        if (
            not isinstance(body, dict)
            or not isinstance(body.get("question"), str)
            or not body["question"].strip()
        ):
            raise p.bad("'question' must be a non-empty string.", "question")
        model = body.get("model") or "default"
        max_tokens = p.positive_int(body, "max_tokens", 256)
        rid = new_request_id()
        self.service.begin()
        result = None
        try:

            async def answer() -> AskResult | None:
                events = await asyncio.get_running_loop().run_in_executor(
                    self._pool,
                    lambda: self.service.ask(
                        body["question"], model=model, max_tokens=max_tokens, request_id=rid
                    ),  # fmt: skip
                )
                last = None
                async for ev in pump(lambda: events):
                    if isinstance(ev, AskResult):
                        last = ev
                return last

            result = await self._watch(request, answer(), rid)
        finally:
            self.service.end(result is not None)
        if result is None:
            raise ApiError(500, "The question was not answered.", type="server_error", code="ask_failed")
        return JSONResponse(result.to_json())

    def app(self) -> Boundary:
        """The ASGI app: the routes behind the boundary's checks (``app.state.server`` is this Server)."""
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

        inner = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})
        inner.state.server = self
        app = Boundary(inner, self.options)
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
