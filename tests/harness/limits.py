"""Discord's limits on a message, as its API refuses a body that passes one (50035,
Invalid Form Body): the harness refuses it alike and the test fails, in every language."""

from __future__ import annotations

from typing import Any

CONTENT = 2000
EMBEDS = 10
EMBED_TOTAL = 6000
TITLE = 256
DESCRIPTION = 4096
FIELDS = 25
FIELD_NAME = 256
FIELD_VALUE = 1024
FOOTER = 2048
AUTHOR = 256
ROWS = 5
ROW_ITEMS = 5
LABEL = 80  # a button's label
OPTION_TEXT = 100  # a menu option's label, value and description
OPTIONS = 25
PLACEHOLDER = 150
CUSTOM_ID = 100


def problems(body: Any) -> list[str]:
    """What Discord would refuse in a message body (a send, an edit, a callback's data)."""
    if not isinstance(body, dict):
        return []
    if isinstance(body.get("data"), dict) and "type" in body:  # an interaction callback
        body = body["data"]
    found: list[str] = []
    content = body.get("content")
    if isinstance(content, str) and len(content) > CONTENT:
        found.append(f"content of {len(content)} characters (limit {CONTENT})")
    embeds = body.get("embeds") or []
    if len(embeds) > EMBEDS:
        found.append(f"{len(embeds)} embeds")
    total = 0
    for embed in embeds:
        total += _embed(embed, found)
    if total > EMBED_TOTAL:
        found.append(f"embeds of {total} characters in all (limit {EMBED_TOTAL})")
    rows = body.get("components") or []
    if len(rows) > ROWS:
        found.append(f"{len(rows)} rows of components")
    for row in rows:
        _row(row, found)
    return found


def _text(value: Any) -> int:
    return len(value) if isinstance(value, str) else 0


def _check(found: list[str], what: str, value: Any, limit: int) -> int:
    size = _text(value)
    if size > limit:
        found.append(f"{what} of {size} characters (limit {limit}): {value[:60]!r}")
    return size


def _embed(embed: dict[str, Any], found: list[str]) -> int:
    total = _check(found, "embed title", embed.get("title"), TITLE)
    total += _check(found, "embed description", embed.get("description"), DESCRIPTION)
    fields = embed.get("fields") or []
    if len(fields) > FIELDS:
        found.append(f"{len(fields)} embed fields")
    for field in fields:
        total += _check(found, "field name", field.get("name"), FIELD_NAME)
        total += _check(found, "field value", field.get("value"), FIELD_VALUE)
    total += _check(found, "footer", (embed.get("footer") or {}).get("text"), FOOTER)
    total += _check(found, "author", (embed.get("author") or {}).get("name"), AUTHOR)
    return total


def _row(row: dict[str, Any], found: list[str]) -> None:
    items = row.get("components") or []
    if len(items) > ROW_ITEMS:
        found.append(f"a row of {len(items)} components")
    for item in items:
        _check(found, "custom id", item.get("custom_id"), CUSTOM_ID)
        _check(found, "button label", item.get("label"), LABEL)
        _check(found, "menu placeholder", item.get("placeholder"), PLACEHOLDER)
        options = item.get("options") or []
        if len(options) > OPTIONS:
            found.append(f"a menu of {len(options)} options")
        for option in options:
            _check(found, "option label", option.get("label"), OPTION_TEXT)
            _check(found, "option value", option.get("value"), OPTION_TEXT)
            _check(found, "option description", option.get("description"), OPTION_TEXT)
