"""The local web app and JSON API (``denpex serve``).

Logs arrive in request bodies, are read into memory within a size limit (and a time limit), and
are diagnosed in a worker process under a timeout that kills the work (``workers.py``), while the
event loop keeps serving (``/healthz`` answers during any diagnosis). The engine masks everything
before it is rendered. Nothing is written to disk and no body or query string is logged.
Slow clients are dropped: headers must arrive within ``header_timeout`` and bodies within
``body_timeout``, and connections beyond ``max_connections`` are closed at once (``run_server``).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import copy
import functools
import ipaddress
import json
import logging
import sys
import threading
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

from .. import __version__
from ..encyclopedia import search_entries
from ..engine import diagnose_sources
from ..masking import Masker
from ..models import Diagnosis, InputsReport
from ..readers import bytes_source, bytes_sources
from ..render import to_json
from . import pages
from .pages import Linker
from .security import RateLimiter, RepeatFilter, SecurityHeaders, parse_rate
from .team import SESSION_COOKIE, SESSION_S
from .uploads import BadBody, BodyTooLarge, ParsedBody, Upload, parse_body, read_limited
from .workers import Busy, JobFailed, JobTimeout, WorkerPool, default_workers

log = logging.getLogger("denpex.web")
MAX_QUERY = 2_000  # characters of a search: a pasted error line, not a log
HEADER_TIMEOUT = 10.0  # seconds for a client to send its request line and headers
BODY_TIMEOUT = 60.0  # seconds for a client to send its whole body
MAX_CONNECTIONS = 256  # open connections; more are closed at once
SEARCH_RATE = "120/minute"  # searches per client
FD_RESERVE = 64  # file descriptors kept for the server itself (logs, workers, the knowledge base)
MAX_QUEUE = 256  # diagnoses waiting for a worker; more are answered 503


class WebError(Exception):
    """An error shown as an HTML page or, under /api/, as JSON ``{"error", "detail"}``."""

    def __init__(self, status: int, title: str, detail: str, headers: dict[str, str] | None = None):
        super().__init__(detail)
        self.status, self.title, self.detail, self.headers = status, title, detail, headers or {}


_DIAGNOSE_BODY = {
    "required": True,
    "description": "A log as JSON {\"text\": ...}, a raw text/plain (or .gz/.zst) body, or multipart files "
    "(field name 'files', one or many; a 'text' field is diagnosed too).",
    "content": {
        "application/json": {
            "schema": {
                "type": "object",
                "required": ["text"],
                "properties": {"text": {"type": "string"}, "mask_hosts": {"type": "boolean"}},
            },
            "example": {"text": "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n"},
        },
        "text/plain": {"schema": {"type": "string"}},
        "multipart/form-data": {
            "schema": {
                "type": "object",
                "properties": {
                    "files": {"type": "array", "items": {"type": "string", "format": "binary"}},
                    "text": {"type": "string"},
                    "mask_hosts": {"type": "boolean"},
                },
            }
        },
    },
}


def _is_api(request: Request) -> bool:
    return request.url.path.startswith("/api/")


def _client(request: Request) -> str:
    return request.client.host if request.client else "-"


_TIMELINE_LOCK = threading.Lock()  # matplotlib's pyplot state is not thread-safe


def timeline_image(d: Diagnosis) -> str | None:
    """The per-rank timeline as a data: URI (an <img> cannot run script), or None."""
    if len(d.ranks) < 2:
        return None
    try:
        from ..timeline import timeline_svg  # type: ignore[attr-defined]

        with _TIMELINE_LOCK:
            svg = timeline_svg(d)
    except (ImportError, AttributeError):
        return None
    except Exception as exc:  # noqa: BLE001 - a broken chart must not break the diagnosis page
        log.warning("timeline rendering failed: %s", type(exc).__name__)
        return None
    if not svg:
        return None
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


class DecompressedTooLarge(Exception):
    """An archive in the request expands past the upload limit."""


def _run_diagnosis(uploads: list[Upload], mask_hosts: bool, max_bytes: int | None = None) -> Diagnosis:
    report = InputsReport()
    sources = [s for u in uploads for s in bytes_sources(u.name, u.data, report, max_bytes)]  # bundles: their members
    for src in sources:
        src.max_bytes = max_bytes  # the upload limit holds for what archives expand to, as well
        src.max_ratio = None  # the absolute limit is small here
    d = diagnose_sources(sources, report, mask_hosts=mask_hosts)
    cut = any("past the read limit" in s.reason for s in report.skipped)
    if max_bytes is not None and (cut or any(s.limit_hit for s in sources) or sum(s.info.bytes for s in sources) > max_bytes):
        raise DecompressedTooLarge()
    # Input names come from the client; mask them like every other string shown back.
    m = Masker(mask_hosts=mask_hosts, use_detect_secrets=False)
    for f in d.inputs.files:
        f.name = m.mask(f.name)
    for s in d.inputs.skipped:
        s.path = m.mask(s.path)
    return d


def _warm() -> None:
    """Worker start-up: knowledge base, rules, Hyperscan database and masking detectors loaded once."""
    from ..engine import get_engine
    from ..masking import _detect_secrets_plugins

    get_engine()
    _detect_secrets_plugins()
    diagnose_sources([bytes_source("<warm>", b"warm-up\n", InputsReport())], InputsReport())


def _job(kind: str, runner: Any, uploads: list[Upload], mask_hosts: bool, max_bytes: int | None) -> Any:
    """Runs in a worker process: the diagnosis, and what the response needs of it. ``kind``: "json"
    (the JSON text only: smaller to send back) or "page" (the diagnosis, its JSON and timeline)."""
    d = (runner or _run_diagnosis)(uploads, mask_hosts, max_bytes)
    if kind == "json":
        return to_json(d)
    return d, to_json(d), timeline_image(d)


def create_app(
    max_upload_mb: float = 50,
    timeout: float = 60.0,
    rate_limit: str | None = None,
    workers: int | None = None,
    body_timeout: float = BODY_TIMEOUT,
    max_queue: int = MAX_QUEUE,
    runner: Any = None,
    allowed_hosts: Sequence[str] | None = None,
    search_rate: str | None = SEARCH_RATE,
    history_db: str | None = None,
) -> FastAPI:
    """Build the app. ``rate_limit`` like ``"3/day"`` limits diagnoses per client (off when None).
    ``workers``: diagnosis processes (default: the cores, at most 4). ``runner``: an importable
    replacement for ``_run_diagnosis`` (tests). ``allowed_hosts``: the ``Host`` header values served
    (any when None; ``run_server`` passes the bound names, so a web page elsewhere cannot reach a
    local server by DNS rebinding). ``search_rate``: searches per client (a search costs CPU)."""
    limit_bytes = int(max_upload_mb * 1024 * 1024)
    limiter = RateLimiter(parse_rate(rate_limit)) if rate_limit else None
    search_limiter = RateLimiter(parse_rate(search_rate)) if search_rate else None
    team = None
    if history_db is not None:
        from .team import Team

        team = Team(history_db)  # every request then names a user (see denpex.web.team)
    pool = WorkerPool(workers or default_workers(), warm=_warm, max_queue=max_queue, queue_timeout=max(timeout, 30.0))
    # threads that wait on workers (and parse bodies, render pages) so the event loop never does
    executor = ThreadPoolExecutor(max_workers=max(96, 2 * pool.size), thread_name_prefix="denpex-wait")
    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI):  # type: ignore[no-untyped-def]
        pool._ensure_started()  # workers load the engine while the server starts
        try:
            yield
        finally:
            pool.close()
            if team is not None:
                team.close()

    app = FastAPI(
        lifespan=lifespan,
        title="Denpex",
        version=__version__,
        description="Diagnose why an ML training or inference run broke, from its logs. Local-first: logs are "
        "masked at ingress and never stored.",
        docs_url=None,
        redoc_url=None,
    )
    if allowed_hosts is not None and "*" not in allowed_hosts:
        from starlette.middleware.trustedhost import TrustedHostMiddleware

        app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(allowed_hosts))
    app.add_middleware(SecurityHeaders)  # added last: outermost, so refusals carry the headers too
    app.state.pool = pool
    app.mount("/static", StaticFiles(directory=str(pages.STATIC)), name="static")
    settings = {"max_upload_mb": max_upload_mb, "rate": str(limiter.rate) if limiter else None, "timeout": timeout}
    linker = Linker()

    def html(template: str, status: int = 200, request: Request | None = None, **ctx: Any) -> HTMLResponse:
        """A page; with --history and a signed-in browser, the page knows its user (navigation, sign
        out) and its forms carry the session's CSRF token."""
        page_settings = settings
        if team is not None and request is not None:
            cookie = request.cookies.get(SESSION_COOKIE)
            me = team.user_of_cookie(cookie)
            if me is not None:
                ctx.setdefault("me", me)
                page_settings = {**settings, "csrf": team.csrf(cookie)}  # type: ignore[arg-type]
        return HTMLResponse(pages.render(template, linker, settings=page_settings, **ctx), status_code=status)

    @app.exception_handler(WebError)
    async def _web_error(request: Request, exc: WebError) -> Response:
        if _is_api(request):
            return JSONResponse({"error": exc.title, "detail": exc.detail}, status_code=exc.status, headers=exc.headers)
        page = html("error.html", exc.status, title=exc.title, detail=exc.detail, status_code=exc.status)
        page.headers.update(exc.headers or {})
        return page

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        title = {404: "Not found", 405: "Method not allowed"}.get(exc.status_code, "Error")
        detail = "There is no page at this address." if exc.status_code == 404 else str(exc.detail)
        return await _web_error(request, WebError(exc.status_code, title, detail))

    too_large = (
        f"The upload is larger than this server's limit of {max_upload_mb:g} MB. Compress it (.gz or .zst), "
        "send only the failing part, start the server with a larger --max-upload-mb, or use the CLI: "
        "denpex diagnose your.log"
    )

    def refuse_limited(wait: float | None, what: str) -> None:
        if wait is None:
            return
        raise WebError(
            429,
            "Rate limit reached",
            f"This server allows {what}. Try again in about "
            f"{_human(wait)}, or run Denpex locally (pip install ./denpex from a checkout of its repository; denpex diagnose your.log), "
            "which has no limit.",
            {"Retry-After": str(int(wait))},
        )

    def require(request: Request, action: str) -> dict[str, Any] | None:
        """With --history: the user this request names (session cookie, bearer token or Basic),
        allowed to ``action``; else 401/403."""
        if team is None:
            return None
        from .team import cross_site, may

        if request.method == "POST" and cross_site(request.headers):
            raise WebError(403, "Cross-site request refused", "This server does not accept forms posted from other sites.")
        user = team.user_of_cookie(request.cookies.get(SESSION_COOKIE))
        request.state.via_cookie = user is not None
        if user is None:
            user = team.user_of(request.headers.get("authorization"))
        if user is None:
            raise WebError(
                401, "Sign in", "This server keeps a team history: send a token (Authorization: Bearer, from denpex users "
                "token NAME) or sign in with your user name and password.",
                {"WWW-Authenticate": 'Basic realm="Denpex", charset="UTF-8"'},
            )
        if not may(user, action):
            raise WebError(403, "Not allowed", f"The role {user['role']} may not {action} here.")
        return user

    async def diagnose_request(request: Request, kind: str) -> Any:
        loop = asyncio.get_running_loop()
        user = await loop.run_in_executor(executor, require, request, "diagnose")

        def allowance(used_up: int | None) -> None:
            if used_up is not None:
                wait = team.seconds_to_midnight()  # type: ignore[union-attr]
                raise WebError(
                    429, "Daily allowance used",
                    f"You have used your {used_up} diagnoses for today (UTC). Try again in about {_human(wait)}, or run "
                    "Denpex locally (denpex diagnose your.log), which has no limit.",
                    {"Retry-After": str(wait)},
                )

        if user is not None and team is not None:  # the daily allowance: looked at before the body is read
            allowance(await loop.run_in_executor(executor, team.used_up, user))
        request.state.user = user
        if limiter is not None:  # a limited client is refused before its body is read
            refuse_limited(limiter.check(_client(request), record=False), f"{limiter.rate} diagnoses per client")
        try:
            body = await asyncio.wait_for(read_limited(request, limit_bytes), body_timeout)
        except BodyTooLarge:
            raise WebError(413, "Log too large", too_large) from None
        except asyncio.TimeoutError:
            raise WebError(408, "Upload too slow", f"The request body did not arrive within {body_timeout:g} seconds.") from None
        try:
            parsed = await loop.run_in_executor(executor, parse_body, body, request.headers.get("content-type", ""))
        except BadBody as exc:
            raise WebError(400, "Could not read the request", str(exc)) from None
        del body
        # a form posted with a session must carry the token only this server's pages hold
        if getattr(request.state, "via_cookie", False) and team is not None \
                and not team.csrf_ok(request.cookies.get(SESSION_COOKIE), parsed.fields.get("csrf")):
            raise WebError(403, "Form expired", "This form is not from your current session: reload the page and send it again.")
        if user is not None and team is not None:  # ... and taken once the request is known to be good
            allowance(await loop.run_in_executor(executor, team.take, user))
        uploads = list(parsed.files)
        if parsed.text.strip():
            uploads.insert(0, Upload("<pasted>" if parsed.files else "<text>", parsed.text.encode("utf-8")))
        if not uploads:
            raise WebError(400, "No log given", "Paste a log or choose one or more log files, then diagnose.")
        if limiter is not None:
            refuse_limited(limiter.check(_client(request)), f"{limiter.rate} diagnoses per client")
        mask_hosts = parsed.flag("mask_hosts") or request.query_params.get("mask_hosts", "") in ("1", "true", "on")
        try:
            res = await loop.run_in_executor(
                executor, lambda: pool.run(_job, kind, runner, uploads, mask_hosts, limit_bytes, timeout=timeout)
            )
        except JobTimeout:
            raise WebError(
                504,
                "Analysis timed out",
                f"Diagnosing this log took longer than {timeout:g} seconds. Send only the failing part of the "
                "log, or run the CLI locally (denpex diagnose your.log), which has no time limit.",
            ) from None
        except Busy:
            raise WebError(503, "Server busy", "Too many diagnoses are running. Try again in a few seconds.", {"Retry-After": "5"}) from None
        except JobFailed as exc:
            if exc.kind == "DecompressedTooLarge":
                raise WebError(413, "Log too large", "An archive in the upload expands past the limit. " + too_large) from None
            log.error("diagnosis failed: %s", exc.kind)  # the type only: messages may quote the log
            raise WebError(500, "Diagnosis failed", "Denpex hit an internal error on this log.") from None
        return res.value

    # ---------------------------------------------------------------- pages

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home(request: Request, sample: str | None = None) -> Response:
        if team is not None and team.user_of_cookie(request.cookies.get(SESSION_COOKIE)) is None \
                and team.user_of(request.headers.get("authorization")) is None:
            return RedirectResponse("/login", status_code=303)
        text = ""
        chosen = None
        if sample:
            s = pages.find_sample(sample)
            if s is not None:
                text, chosen = s.body, s.entry_id
        return html("home.html", request=request, samples=pages.try_samples(), text=text, chosen=chosen, entry_count=len(pages.kb()))

    @app.post("/diagnose", response_class=HTMLResponse, include_in_schema=False)
    async def diagnose_page(request: Request) -> HTMLResponse:
        d, json_text, timeline = await diagnose_request(request, "page")
        primary = d.primary
        others = [f for f in d.findings if f is not primary]
        history_block = None
        user = getattr(request.state, "user", None)
        if team is not None and user is not None:
            history_block = await asyncio.get_running_loop().run_in_executor(executor, team.record, json.loads(json_text), user)
        page = functools.partial(
            html, "diagnosis.html", request=request, d=d, p=primary, others=others, timeline=timeline,
            known=set(pages.kb().entries), json_text=json_text, history=history_block,
        )
        return await asyncio.get_running_loop().run_in_executor(executor, page)

    @app.get("/diagnose", include_in_schema=False)
    async def diagnose_get() -> RedirectResponse:
        return RedirectResponse("/", status_code=303)

    @app.get("/encyclopedia", response_class=HTMLResponse, include_in_schema=False)
    async def encyclopedia() -> HTMLResponse:
        return html("index.html", categories=pages.by_category(), systems=pages.by_system(), total=len(pages.kb()))

    @app.get("/entries/{entry_id}", response_class=HTMLResponse, include_in_schema=False)
    async def entry_page(entry_id: str) -> HTMLResponse:
        loaded = pages.kb().get(entry_id)
        if loaded is None:
            raise WebError(404, "No such entry", "The encyclopedia has no entry with this id.")
        return html("entry.html", **pages.entry_context(loaded))

    @app.get("/systems", include_in_schema=False)
    async def systems_index() -> RedirectResponse:
        return RedirectResponse("/encyclopedia#systems", status_code=303)

    @app.get("/systems/{system}", response_class=HTMLResponse, include_in_schema=False)
    async def system_page(system: str) -> HTMLResponse:
        entries, concerning = pages.hub_entries(system)
        if not entries:
            raise WebError(404, "No such system", "No encyclopedia entry belongs to this system.")
        return html("system.html", system=system, rows=pages.hub_rows(entries), also=pages.hub_rows(concerning))

    @app.get("/categories/{category}", response_class=HTMLResponse, include_in_schema=False)
    async def category_page(category: str) -> HTMLResponse:
        entries = pages.by_category().get(category)
        if not entries:
            raise WebError(404, "No such category", "No encyclopedia entry is in this category.")
        return html("category.html", category=category, entries=pages.sorted_entries(entries))

    @app.get("/search", response_class=HTMLResponse, include_in_schema=False)
    async def search_page(request: Request, q: str = "") -> HTMLResponse:
        if search_limiter is not None and q.strip():
            refuse_limited(search_limiter.check(_client(request)), f"{search_limiter.rate} searches per client")

        def work() -> HTMLResponse:
            query = q[:MAX_QUERY]
            results = search_entries(query) if query.strip() else []
            # the query is echoed back: masked whole, then cut (a cut token would no longer look secret)
            shown = Masker(use_detect_secrets=False).mask(q[: MAX_QUERY + 512])[:MAX_QUERY]
            return html("search.html", q=shown, results=results, searched=bool(query.strip()))

        return await asyncio.get_running_loop().run_in_executor(executor, work)

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    async def api_docs(request: Request) -> HTMLResponse:
        spec = app.openapi()
        ops = [
            {"method": m.upper(), "path": p, "summary": op.get("summary", ""), "description": op.get("description", "")}
            for p, item in spec.get("paths", {}).items()
            for m, op in item.items()
        ]
        # the examples name this server as the browser reached it (host and port it was started on)
        base = str(request.base_url).rstrip("/")
        return html("api.html", ops=ops, base=base)

    @app.get("/fleet", response_class=HTMLResponse, include_in_schema=False)
    async def fleet_page(since: str | None = None) -> HTMLResponse:
        from ..fleet.web import fleet_context

        ctx = await asyncio.get_running_loop().run_in_executor(executor, fleet_context, since)
        return html("fleet.html", nav="fleet", **ctx)

    @app.get("/api/fleet", summary="The fleet report (denpex fleet report --json) of the history database")
    async def api_fleet(since: str | None = None) -> dict[str, Any]:
        from ..fleet.web import fleet_report

        return await asyncio.get_running_loop().run_in_executor(executor, fleet_report, since)

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> dict[str, str]:
        return {"status": "ok", "version": __version__}

    # ---------------------------------------------------------------- API

    @app.post(
        "/api/diagnose",
        summary="Diagnose a log",
        description="Returns the same JSON as `denpex diagnose --json` (schema: `denpex schema`). Secrets and "
        "personal data are masked; nothing is stored. Errors: 400 no log, 413 too large, 429 rate limit, "
        "503 busy, 504 timeout, each as {\"error\", \"detail\"}.",
        openapi_extra={"requestBody": _DIAGNOSE_BODY},
        responses={200: {"description": "Diagnosis.to_dict()", "content": {"application/json": {}}}},
    )
    async def api_diagnose(request: Request) -> Response:
        text = await diagnose_request(request, "json")
        user = getattr(request.state, "user", None)
        if team is not None and user is not None:
            def remember() -> str:
                doc = json.loads(text)
                doc["history"] = team.record(doc, user)
                return json.dumps(doc, ensure_ascii=False)

            text = await asyncio.get_running_loop().run_in_executor(executor, remember)
        return Response(text, media_type="application/json")

    if team is not None:
        def since_filter(since: str | None) -> str | None:
            """``since`` (7d, 2026-11-02, ...) as a stored time, or 400."""
            from ..history.store import parse_when

            try:
                return parse_when(since) if since else None
            except ValueError as exc:
                raise WebError(400, "Bad filter", str(exc)) from None

        def signed_in(request: Request) -> dict[str, Any] | None:
            return team.user_of_cookie(request.cookies.get(SESSION_COOKIE)) or team.user_of(request.headers.get("authorization"))

        def safe_next(target: str | None) -> str:
            return target if target and target.startswith("/") and not target.startswith("//") else "/"

        @app.get("/login", response_class=HTMLResponse, include_in_schema=False)
        async def login_page(request: Request, next: str | None = None) -> HTMLResponse:
            return html("login.html", request=request, next=safe_next(next), failed=False)

        @app.post("/login", include_in_schema=False)
        async def login_post(request: Request) -> Response:
            from .team import cross_site

            if cross_site(request.headers):
                raise WebError(403, "Cross-site request refused", "Sign in from this server's own page.")
            try:
                body = await asyncio.wait_for(read_limited(request, 64 * 1024), body_timeout)
            except (BodyTooLarge, asyncio.TimeoutError):
                raise WebError(400, "Could not read the request", "The sign-in form was too large or too slow.") from None
            form = parse_body(body, request.headers.get("content-type", ""))
            name, password = form.fields.get("name", ""), form.fields.get("password", "")
            user = await asyncio.get_running_loop().run_in_executor(executor, team.login, name, password)
            if user is None:
                return html("login.html", 401, request=request, next=safe_next(form.fields.get("next")), failed=True)
            resp = RedirectResponse(safe_next(form.fields.get("next")), status_code=303)
            resp.set_cookie(
                SESSION_COOKIE, team.session_cookie(user), max_age=SESSION_S, httponly=True, samesite="strict",
                secure=request.url.scheme == "https", path="/",
            )
            return resp

        @app.post("/logout", include_in_schema=False)
        async def logout(request: Request) -> Response:
            body = await asyncio.wait_for(read_limited(request, 16 * 1024), body_timeout)
            form = parse_body(body, request.headers.get("content-type", ""))
            cookie = request.cookies.get(SESSION_COOKIE)
            if cookie and not team.csrf_ok(cookie, form.fields.get("csrf")):
                raise WebError(403, "Form expired", "Reload the page and sign out again.")
            resp = RedirectResponse("/login", status_code=303)
            resp.delete_cookie(SESSION_COOKIE, path="/")
            return resp

        @app.get("/history", response_class=HTMLResponse, include_in_schema=False)
        async def history_page(
            request: Request, id: str | None = None, host: str | None = None, job: str | None = None, since: str | None = None,
        ) -> Response:
            if signed_in(request) is None:
                return RedirectResponse("/login?next=/history", status_code=303)
            when = since_filter(since)
            rows = await asyncio.get_running_loop().run_in_executor(
                executor, lambda: team.history(failure_id=id or None, host=host or None, job=job or None, since=when, limit=200)
            )
            return html("history.html", request=request, rows=rows, f={"id": id or "", "host": host or "", "job": job or "", "since": since or ""}, nav="history")

        @app.get("/incidents/{incident_id}", response_class=HTMLResponse, include_in_schema=False)
        async def incident_page(request: Request, incident_id: int) -> Response:
            if signed_in(request) is None:
                return RedirectResponse(f"/login?next=/incidents/{incident_id}", status_code=303)
            row = await asyncio.get_running_loop().run_in_executor(executor, team.incident, incident_id)
            if row is None:
                raise WebError(404, "No such incident", f"The history has no incident {incident_id}.")
            return html("incident.html", request=request, i=row, known=set(pages.kb().entries), nav="history")

        @app.get("/nodes", response_class=HTMLResponse, include_in_schema=False)
        async def nodes_page(request: Request, since: str | None = None) -> Response:
            if signed_in(request) is None:
                return RedirectResponse("/login?next=/nodes", status_code=303)
            when = since_filter(since)
            report = await asyncio.get_running_loop().run_in_executor(executor, lambda: team.nodes(since=when))
            return html("nodes.html", request=request, report=report, since=since or "", nav="nodes")

        @app.get("/api/history", summary="The team history (with --history): newest incidents first, filtered")
        async def api_history(
            request: Request, id: str | None = None, host: str | None = None, job: str | None = None,
            since: str | None = None, limit: int = 50,
        ) -> list[dict[str, Any]]:
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(executor, require, request, "read")
            when = since_filter(since)
            return await loop.run_in_executor(
                executor, lambda: team.history(failure_id=id, host=host, job=job, since=when, limit=max(1, min(limit, 500)))
            )

        @app.get("/api/incidents/{incident_id}", summary="One incident of the team history, with its masked diagnosis")
        async def api_incident(request: Request, incident_id: int) -> dict[str, Any]:
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(executor, require, request, "read")
            row = await loop.run_in_executor(executor, team.incident, incident_id)
            if row is None:
                raise WebError(404, "Not found", f"no incident {incident_id}")
            return row

        @app.get("/api/nodes", summary="Hosts ranked by the incidents they initiated (the nodes to drain)")
        async def api_nodes(request: Request, since: str | None = None, last: int | None = None) -> dict[str, Any]:
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(executor, require, request, "read")
            when = since_filter(since)
            return await loop.run_in_executor(executor, lambda: team.nodes(since=when, last=last))

    @app.get("/api/entries", summary="List encyclopedia entries")
    async def api_entries() -> list[dict[str, Any]]:
        return [pages.entry_brief(le.entry) for le in sorted(pages.kb(), key=lambda le: le.entry.id)]

    @app.get("/api/entries/{entry_id}", summary="One encyclopedia entry, every section")
    async def api_entry(entry_id: str) -> dict[str, Any]:
        loaded = pages.kb().get(entry_id)
        if loaded is None:
            raise WebError(404, "Not found", f"no entry {entry_id!r}")
        return {**loaded.entry.model_dump(mode="json"), "system": loaded.entry.system}

    return app


def _human(seconds: float) -> str:
    if seconds < 90:
        return f"{int(seconds)} seconds"
    if seconds < 5400:
        return f"{round(seconds / 60)} minutes"
    return f"{round(seconds / 3600)} hours"


def is_loopback(host: str) -> bool:
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _log_config() -> dict[str, Any]:
    """uvicorn's logging, with our logger, and asyncio's (accept() errors) through the same handler;
    a message repeated within 10 seconds is written once (a server out of file descriptors would
    otherwise log a traceback per refused connection, megabytes a second)."""
    from uvicorn.config import LOGGING_CONFIG

    cfg = copy.deepcopy(LOGGING_CONFIG)
    cfg.setdefault("filters", {})["repeat"] = {"()": RepeatFilter}
    for handler in cfg["handlers"].values():
        handler["filters"] = [*handler.get("filters", []), "repeat"]
    cfg["loggers"]["denpex.web"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    cfg["loggers"]["asyncio"] = {"handlers": ["default"], "level": "WARNING", "propagate": False}
    return cfg


def allowed_host_names(host: str, extra: Sequence[str] = ()) -> list[str]:
    """The ``Host`` header values a server bound to ``host`` answers: its own name and, for a
    loopback or wildcard address, the loopback names; a wildcard address (0.0.0.0, ::) with no
    ``extra`` names answers any (it cannot know the names it is reached by)."""
    loopback = ["localhost", "127.0.0.1", "::1", "[::1]"]
    if host in ("0.0.0.0", "::", ""):
        return [*extra, *loopback] if extra else ["*"]
    names = [host, f"[{host}]"] if ":" in host else [host]
    return [*names, *(loopback if is_loopback(host) else []), *extra]


def fd_budget(max_connections: int, reserve: int = FD_RESERVE) -> int:
    """Connections the process can really hold: the soft file-descriptor limit is raised to the hard
    one where allowed, and connections are capped below it, so that a flood of clients is refused at
    once instead of starving accept() and everyone else."""
    try:
        import resource
    except ImportError:  # Windows
        return max_connections
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or soft < hard:
        want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
            soft = want
        except (ValueError, OSError):
            pass
    if soft == resource.RLIM_INFINITY:
        return max_connections
    return max(8, min(max_connections, soft - reserve))


def guarded_protocol(header_timeout: float = HEADER_TIMEOUT, max_connections: int = MAX_CONNECTIONS) -> type:
    """uvicorn's HTTP/1.1 protocol with what it lacks against slow clients: a request's line and
    headers must arrive within ``header_timeout`` seconds of the connection opening (or of the previous
    response on a kept-alive connection), else the connection is closed; and a connection that would
    exceed ``max_connections`` open ones is closed at once. (uvicorn's keep-alive timeout only covers
    idle connections between requests; bodies are timed by the app, ``body_timeout``.)"""
    from uvicorn.protocols.http.h11_impl import H11Protocol

    class GuardedH11Protocol(H11Protocol):  # type: ignore[misc]
        def connection_made(self, transport: Any) -> None:
            super().connection_made(transport)
            self._header_timer = None
            if len(self.connections) > max_connections:
                transport.close()
                return
            self._arm_header_timer()

        def _arm_header_timer(self) -> None:
            timer = getattr(self, "_header_timer", None)
            if timer is not None:
                timer.cancel()
            self._header_timer = self.loop.call_later(header_timeout, self._header_deadline)

        def _header_deadline(self) -> None:
            self._header_timer = None
            cycle = self.cycle
            if cycle is None or cycle.response_complete:  # still waiting for this request's headers
                if not self.transport.is_closing():
                    self.transport.close()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing():
                self._arm_header_timer()

        def connection_lost(self, exc: Exception | None) -> None:
            timer = getattr(self, "_header_timer", None)
            if timer is not None:
                timer.cancel()
            super().connection_lost(exc)

    return GuardedH11Protocol


def run_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    max_upload_mb: float = 50,
    timeout: float = 60.0,
    rate_limit: str | None = None,
    workers: int | None = None,
    header_timeout: float = HEADER_TIMEOUT,
    body_timeout: float = BODY_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
    allowed_hosts: Sequence[str] = (),
    trust_proxy: str | None = None,
    history_db: str | None = None,
) -> None:
    """Serve the app with uvicorn. uvicorn's own access log is off: ours never logs queries.
    ``allowed_hosts``: further ``Host`` names to answer (a reverse proxy's public name).
    ``trust_proxy``: addresses whose ``X-Forwarded-For`` is believed (none by default: a client
    must not choose its own rate-limit bucket)."""
    import uvicorn

    if rate_limit:
        try:
            parse_rate(rate_limit)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            sys.exit(2)
    if not is_loopback(host):
        print(
            f"WARNING: listening on {host}, reachable from other machines. Anyone who can reach this port can "
            "submit logs and read the diagnoses. Use it only on a trusted network, put it behind "
            "authentication and TLS, and consider --rate-limit (e.g. --rate-limit 3/day).",
            file=sys.stderr,
            flush=True,
        )
    hosts = allowed_host_names(host, allowed_hosts)
    if hosts == ["*"]:
        print(
            f"note: listening on {host} answers any Host header; name the ones clients use with --allowed-host "
            "(protects against DNS rebinding).",
            file=sys.stderr,
            flush=True,
        )
    budget = fd_budget(max_connections)
    if budget < max_connections:
        print(f"note: at most {budget} open connections (the file-descriptor limit is lower than --max-connections {max_connections})", file=sys.stderr, flush=True)
    max_connections = budget
    app = create_app(
        max_upload_mb=max_upload_mb, timeout=timeout, rate_limit=rate_limit, workers=workers, body_timeout=body_timeout,
        allowed_hosts=hosts, history_db=history_db,
    )
    shown = f"[{host}]" if ":" in host else host
    print(f"Denpex {__version__} serving on http://{shown}:{port}/ (Ctrl+C to stop)", file=sys.stderr, flush=True)
    uvicorn.run(
        app,
        host=host,
        port=port,
        access_log=False,
        log_config=_log_config(),
        server_header=False,
        http=guarded_protocol(header_timeout, max_connections),
        limit_concurrency=max_connections,
        timeout_keep_alive=5,
        backlog=max(128, max_connections),
        proxy_headers=trust_proxy is not None,
        forwarded_allow_ips=trust_proxy,
    )
