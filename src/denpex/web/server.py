"""The local web app and JSON API (``denpex serve``).

Logs arrive in request bodies, are read into memory within a size limit, diagnosed in a
worker thread under a timeout, and masked by the engine before anything is rendered.
Nothing is written to disk and no body or query string is logged.
"""

from __future__ import annotations

import asyncio
import base64
import copy
import ipaddress
import logging
import sys
import threading
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
from ..readers import bytes_source
from ..render import to_json
from . import pages
from .pages import Linker
from .security import RateLimiter, SecurityHeaders, parse_rate
from .uploads import BadBody, BodyTooLarge, ParsedBody, Upload, parse_body, read_limited

log = logging.getLogger("denpex.web")
MAX_WORKERS = 4
MAX_QUERY = 20_000


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


def _run_diagnosis(uploads: list[Upload], mask_hosts: bool) -> Diagnosis:
    report = InputsReport()
    sources = [bytes_source(u.name, u.data, report) for u in uploads]
    d = diagnose_sources(sources, report, mask_hosts=mask_hosts)
    # Input names come from the client; mask them like every other string shown back.
    m = Masker(mask_hosts=mask_hosts, use_detect_secrets=False)
    for f in d.inputs.files:
        f.name = m.mask(f.name)
    for s in d.inputs.skipped:
        s.path = m.mask(s.path)
    return d


def create_app(max_upload_mb: float = 50, timeout: float = 60.0, rate_limit: str | None = None) -> FastAPI:
    """Build the app. ``rate_limit`` like ``"3/day"`` limits diagnoses per client (off when None)."""
    limit_bytes = int(max_upload_mb * 1024 * 1024)
    limiter = RateLimiter(parse_rate(rate_limit)) if rate_limit else None
    executor = ThreadPoolExecutor(max_workers=MAX_WORKERS, thread_name_prefix="denpex-diagnose")
    slots = threading.BoundedSemaphore(MAX_WORKERS)
    app = FastAPI(
        title="Denpex",
        version=__version__,
        description="Diagnose why an ML training or inference run broke, from its logs. Local-first: logs are "
        "masked at ingress and never stored.",
        docs_url=None,
        redoc_url=None,
    )
    app.add_middleware(SecurityHeaders)
    app.mount("/static", StaticFiles(directory=str(pages.STATIC)), name="static")
    settings = {"max_upload_mb": max_upload_mb, "rate": str(limiter.rate) if limiter else None, "timeout": timeout}
    linker = Linker()

    def html(template: str, status: int = 200, **ctx: Any) -> HTMLResponse:
        return HTMLResponse(pages.render(template, linker, settings=settings, **ctx), status_code=status)

    @app.exception_handler(WebError)
    async def _web_error(request: Request, exc: WebError) -> Response:
        if _is_api(request):
            return JSONResponse({"error": exc.title, "detail": exc.detail}, status_code=exc.status, headers=exc.headers)
        return html("error.html", exc.status, title=exc.title, detail=exc.detail, status_code=exc.status)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        title = {404: "Not found", 405: "Method not allowed"}.get(exc.status_code, "Error")
        detail = "There is no page at this address." if exc.status_code == 404 else str(exc.detail)
        return await _web_error(request, WebError(exc.status_code, title, detail))

    async def diagnose_request(request: Request) -> tuple[Diagnosis, ParsedBody]:
        try:
            body = await read_limited(request, limit_bytes)
        except BodyTooLarge:
            raise WebError(
                413,
                "Log too large",
                f"The upload is larger than this server's limit of {max_upload_mb:g} MB. Compress it (.gz or .zst), "
                "send only the failing part, start the server with a larger --max-upload-mb, or use the CLI: "
                "denpex diagnose your.log",
            ) from None
        try:
            parsed = parse_body(body, request.headers.get("content-type", ""))
        except BadBody as exc:
            raise WebError(400, "Could not read the request", str(exc)) from None
        uploads = list(parsed.files)
        if parsed.text.strip():
            uploads.insert(0, Upload("<pasted>" if parsed.files else "<text>", parsed.text.encode("utf-8")))
        if not uploads:
            raise WebError(400, "No log given", "Paste a log or choose one or more log files, then diagnose.")
        if limiter is not None:
            wait = limiter.check(_client(request))
            if wait is not None:
                raise WebError(
                    429,
                    "Rate limit reached",
                    f"This server allows {limiter.rate} diagnoses per client. Try again in about "
                    f"{_human(wait)}, or run Denpex locally (pip install denpex; denpex diagnose your.log), "
                    "which has no limit.",
                    {"Retry-After": str(int(wait))},
                )
        mask_hosts = parsed.flag("mask_hosts") or request.query_params.get("mask_hosts", "") in ("1", "true", "on")
        if not slots.acquire(blocking=False):
            raise WebError(503, "Server busy", "Too many diagnoses are running. Try again in a few seconds.", {"Retry-After": "5"})

        def work() -> Diagnosis:
            try:
                return _run_diagnosis(uploads, mask_hosts)
            finally:
                slots.release()

        loop = asyncio.get_running_loop()
        try:
            d = await asyncio.wait_for(loop.run_in_executor(executor, work), timeout)
        except asyncio.TimeoutError:
            raise WebError(
                504,
                "Analysis timed out",
                f"Diagnosing this log took longer than {timeout:g} seconds. Send only the failing part of the "
                "log, or run the CLI locally (denpex diagnose your.log), which has no time limit.",
            ) from None
        except Exception as exc:  # noqa: BLE001 - report without echoing anything from the log
            log.error("diagnosis failed: %s", type(exc).__name__)
            raise WebError(500, "Diagnosis failed", "Denpex hit an internal error on this log.") from None
        return d, parsed

    # ---------------------------------------------------------------- pages

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    async def home(sample: str | None = None) -> HTMLResponse:
        text = ""
        chosen = None
        if sample:
            s = pages.find_sample(sample)
            if s is not None:
                text, chosen = s.body, s.entry_id
        return html("home.html", samples=pages.try_samples(), text=text, chosen=chosen, entry_count=len(pages.kb()))

    @app.post("/diagnose", response_class=HTMLResponse, include_in_schema=False)
    async def diagnose_page(request: Request) -> HTMLResponse:
        d, _ = await diagnose_request(request)
        primary = d.primary
        others = [f for f in d.findings if f is not primary]
        return html(
            "diagnosis.html",
            d=d,
            p=primary,
            others=others,
            timeline=await asyncio.get_running_loop().run_in_executor(executor, timeline_image, d),
            known=set(pages.kb().entries),
            json_text=to_json(d),
        )

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
        entries = pages.by_system().get(system)
        if not entries:
            raise WebError(404, "No such system", "No encyclopedia entry belongs to this system.")
        return html("system.html", system=system, rows=pages.hub_rows(entries))

    @app.get("/categories/{category}", response_class=HTMLResponse, include_in_schema=False)
    async def category_page(category: str) -> HTMLResponse:
        entries = pages.by_category().get(category)
        if not entries:
            raise WebError(404, "No such category", "No encyclopedia entry is in this category.")
        return html("category.html", category=category, entries=pages.sorted_entries(entries))

    @app.get("/search", response_class=HTMLResponse, include_in_schema=False)
    async def search_page(q: str = "") -> HTMLResponse:
        q = q[:MAX_QUERY]
        results = search_entries(q) if q.strip() else []
        shown = Masker(use_detect_secrets=False).mask(q)  # the query is echoed back: mask it too
        return html("search.html", q=shown, results=results, searched=bool(q.strip()))

    @app.get("/docs", response_class=HTMLResponse, include_in_schema=False)
    async def api_docs() -> HTMLResponse:
        spec = app.openapi()
        ops = [
            {"method": m.upper(), "path": p, "summary": op.get("summary", ""), "description": op.get("description", "")}
            for p, item in spec.get("paths", {}).items()
            for m, op in item.items()
        ]
        return html("api.html", ops=ops)

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
        d, _ = await diagnose_request(request)
        return Response(to_json(d), media_type="application/json")

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
    from uvicorn.config import LOGGING_CONFIG

    cfg = copy.deepcopy(LOGGING_CONFIG)
    cfg["loggers"]["denpex.web"] = {"handlers": ["default"], "level": "INFO", "propagate": False}
    return cfg


def run_server(
    host: str = "127.0.0.1",
    port: int = 8000,
    max_upload_mb: float = 50,
    timeout: float = 60.0,
    rate_limit: str | None = None,
) -> None:
    """Serve the app with uvicorn. uvicorn's own access log is off: ours never logs queries."""
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
    app = create_app(max_upload_mb=max_upload_mb, timeout=timeout, rate_limit=rate_limit)
    shown = f"[{host}]" if ":" in host else host
    print(f"Denpex {__version__} serving on http://{shown}:{port}/ (Ctrl+C to stop)", file=sys.stderr, flush=True)
    uvicorn.run(app, host=host, port=port, access_log=False, log_config=_log_config(), server_header=False)
