"""The check every uploaded picture gets: a PNG that decodes, of a sane size."""

from __future__ import annotations

import io

from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
MAX_BYTES = 1024 * 1024
MAX_SIDE = 1600
MIN_SIDE = 40  # a card is 64 × 90


def png_problem(data: bytes) -> str | None:
    """Why `data` is not a sane picture to post, or None."""
    if not data.startswith(PNG_SIGNATURE):
        return "not a PNG"
    if len(data) > MAX_BYTES:
        return f"{len(data)} bytes, over {MAX_BYTES}"
    try:
        with Image.open(io.BytesIO(data)) as image:
            image.load()
            size, form = image.size, image.format
    except Exception as failed:  # noqa: BLE001 - any decoding failure is the finding
        return f"does not decode: {failed}"
    if form != "PNG":
        return f"decodes as {form}"
    if not all(MIN_SIDE <= side <= MAX_SIDE for side in size):
        return f"{size[0]} × {size[1]} pixels"
    return None


def picture_problems(recorder) -> list[str]:
    """Problems with the pictures uploaded since the last check."""
    problems = []
    for message_id, filename, data in recorder.uploads[recorder.uploads_checked:]:
        if filename.endswith(".png"):
            problem = png_problem(data)
            if problem:
                problems.append(f"picture {filename} of message {message_id}: {problem}")
    recorder.uploads_checked = len(recorder.uploads)
    return problems
