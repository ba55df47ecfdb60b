"""Reading request bodies into memory, within a size limit, without temporary files.

Starlette's form parser spools large uploads to temporary files; logs may hold secrets
until they are masked, so this module reads the body into memory (bounded by the
configured limit) and parses multipart and URL-encoded forms itself.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import PurePosixPath, PureWindowsPath
from urllib.parse import parse_qs

from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import Request

MAX_FILES = 200


class BodyTooLarge(Exception):
    def __init__(self, limit: int):
        super().__init__(f"body larger than {limit} bytes")
        self.limit = limit


class BadBody(Exception):
    """The body could not be understood (malformed JSON, no log in it, ...)."""


@dataclass
class Upload:
    name: str
    data: bytes


@dataclass
class ParsedBody:
    text: str = ""
    files: list[Upload] = field(default_factory=list)
    fields: dict[str, str] = field(default_factory=dict)

    def flag(self, name: str) -> bool:
        return self.fields.get(name, "").lower() in ("1", "true", "on", "yes")


async def read_limited(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise BodyTooLarge(limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge(limit)
        chunks.append(chunk)
    return b"".join(chunks)


def safe_filename(raw: str) -> str:
    """Base name only (no client directories), printable, bounded."""
    name = PureWindowsPath(PurePosixPath(raw).name).name
    name = "".join(ch for ch in name if ch.isprintable())[:200]
    return name or "upload.log"


def parse_multipart(body: bytes, content_type: str) -> ParsedBody:
    _, params = parse_options_header(content_type)
    boundary = params.get(b"boundary")
    if not boundary:
        raise BadBody("multipart body without a boundary")
    out = ParsedBody()
    state: dict[str, object] = {}

    def on_part_begin() -> None:
        state.update(headers={}, data=[], field=b"", value=b"")

    def on_header_field(data: bytes, start: int, end: int) -> None:
        state["field"] = bytes(state["field"]) + data[start:end]  # type: ignore[arg-type]

    def on_header_value(data: bytes, start: int, end: int) -> None:
        state["value"] = bytes(state["value"]) + data[start:end]  # type: ignore[arg-type]

    def on_header_end() -> None:
        headers = state["headers"]
        assert isinstance(headers, dict)
        headers[bytes(state["field"]).lower()] = bytes(state["value"])  # type: ignore[arg-type]
        state["field"], state["value"] = b"", b""

    def on_part_data(data: bytes, start: int, end: int) -> None:
        parts = state["data"]
        assert isinstance(parts, list)
        parts.append(data[start:end])

    def on_part_end() -> None:
        headers = state["headers"]
        parts = state["data"]
        assert isinstance(headers, dict) and isinstance(parts, list)
        _, disp = parse_options_header(headers.get(b"content-disposition", b""))
        name = disp.get(b"name", b"").decode("utf-8", "replace")
        payload = b"".join(parts)
        if b"filename" in disp:
            filename = disp[b"filename"].decode("utf-8", "replace")
            if not filename and not payload:
                return  # an empty <input type=file> sends a nameless empty part
            if len(out.files) >= MAX_FILES:
                raise BadBody(f"too many files (at most {MAX_FILES} per request)")
            out.files.append(Upload(safe_filename(filename), payload))
        elif name == "text":
            out.text = payload.decode("utf-8", "replace")
        elif name:
            out.fields[name] = payload.decode("utf-8", "replace")[:1000]

    parser = MultipartParser(
        boundary,
        {
            "on_part_begin": on_part_begin,
            "on_header_field": on_header_field,
            "on_header_value": on_header_value,
            "on_header_end": on_header_end,
            "on_part_data": on_part_data,
            "on_part_end": on_part_end,
        },
    )
    try:
        parser.write(body)
        parser.finalize()
    except BadBody:
        raise
    except Exception as exc:  # python_multipart raises its own error types
        raise BadBody(f"malformed multipart body: {exc}") from exc
    return out


def parse_body(body: bytes, content_type: str) -> ParsedBody:
    """JSON ``{"text": ...}``, a multipart form (text field and/or files), a URL-encoded
    form, or anything else as the raw log text."""
    ctype = content_type.split(";", 1)[0].strip().lower()
    if ctype == "application/json":
        try:
            doc = json.loads(body.decode("utf-8") or "null")
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise BadBody(f"body is not valid JSON: {exc}") from exc
        except RecursionError:
            raise BadBody("body is JSON nested too deeply; send {\"text\": \"...\"}") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("text"), str):
            raise BadBody('JSON body must be an object with a "text" string, e.g. {"text": "..."}')
        fields = {k: str(v) for k, v in doc.items() if k != "text" and isinstance(v, (bool, int, str))}
        return ParsedBody(text=doc["text"], fields=fields)
    if ctype == "multipart/form-data":
        return parse_multipart(body, content_type)
    if ctype == "application/x-www-form-urlencoded":
        qs = parse_qs(body.decode("utf-8", "replace"), keep_blank_values=True)
        fields = {k: v[0][:1000] for k, v in qs.items() if k != "text"}
        return ParsedBody(text=qs.get("text", [""])[0], fields=fields)
    return ParsedBody(files=[Upload("<text>", body)] if body else [])
