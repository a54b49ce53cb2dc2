"""One picture drawn to PNG bytes: the groups laid out in rows on a felt background.

Pure and synchronous: the service calls it on its render thread."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image, ImageDraw

from cogs.table.pictures import faces
from cogs.table.pictures.faces import HEIGHT, WIDTH
from cogs.table.pictures.layout import Group, Picture

FELT = (28, 92, 58)
CAPTION = (225, 235, 225)
LABEL = (255, 255, 255)
MARGIN = 10
GAP = 6  # between cards of a group
GROUP_GAP = 18
FAN_STEP = 20  # a fanned card shows this much of itself
CAPTION_HEIGHT = 16
LABEL_HEIGHT = 16
LIFT = 6  # a marked card sits this much higher
MAX_WIDTH = 960  # a wider row wraps; Discord shows pictures about this wide at most
MAX_HEIGHT = 1600


CAPTION_SIZE = 12


def group_width(group: Group) -> int:
    """The cards' width, or the caption's if that is wider (it is never cut)."""
    n = max(1, len(group.slots))
    step = FAN_STEP if group.fan else WIDTH + GAP
    cards = WIDTH + (n - 1) * step
    if not group.caption:
        return cards
    return max(cards, caption_width(group.caption))


@lru_cache(maxsize=1024)
def caption_width(caption: str) -> int:
    return int(faces.font(CAPTION_SIZE).getlength(caption)) + 1


def _lines(picture: Picture) -> list[list[Group]]:
    """The picture's rows, each wrapped into lines no wider than MAX_WIDTH."""
    lines: list[list[Group]] = []
    for row in picture.rows:
        line: list[Group] = []
        width = MARGIN
        for group in row:
            needed = group_width(group) + (GROUP_GAP if line else 0)
            if line and width + needed > MAX_WIDTH - MARGIN:
                lines.append(line)
                line, width, needed = [], MARGIN, group_width(group)
            line.append(group)
            width += needed
        if line:
            lines.append(line)
    return lines


def _line_height(line: list[Group]) -> int:
    labelled = any(slot.label for group in line for slot in group.slots)
    return CAPTION_HEIGHT + LIFT + HEIGHT + (LABEL_HEIGHT if labelled else 0) + GAP


def render(picture: Picture) -> bytes:
    """The picture as PNG bytes."""
    lines = _lines(picture)
    width = max((MARGIN * 2 + sum(group_width(g) for g in line)
                 + GROUP_GAP * (len(line) - 1) for line in lines), default=MARGIN * 2 + WIDTH)
    width = min(width, MAX_WIDTH)
    height = min(MAX_HEIGHT, MARGIN * 2 + sum(_line_height(line) for line in lines))
    image = Image.new("RGB", (width, height), FELT)
    draw = ImageDraw.Draw(image)
    small = faces.font(CAPTION_SIZE)
    y = MARGIN
    for line in lines:
        x = MARGIN
        for group in line:
            if group.caption:
                draw.text((x, y), group.caption, font=small, fill=CAPTION)
            card_y = y + CAPTION_HEIGHT + LIFT
            step = FAN_STEP if group.fan else WIDTH + GAP
            for i, slot in enumerate(group.slots):
                cx = x + i * step
                top = card_y - LIFT if slot.marked else card_y
                face = faces.image_of(slot.kind, slot.card, dim=slot.dim)
                image.paste(face, (cx, top), face)
                if slot.marked:
                    draw.rounded_rectangle([cx - 2, top - 2, cx + WIDTH + 1, top + HEIGHT + 1],
                                           radius=8, outline=faces.MARK, width=3)
                if slot.label:
                    label_x = cx + (FAN_STEP if group.fan and i < len(group.slots) - 1
                                    else WIDTH) / 2
                    draw.text((label_x, card_y + HEIGHT + 2), slot.label, font=small,
                              fill=LABEL, anchor="mt")
            x += group_width(group) + GROUP_GAP
        y += _line_height(line)
    out = io.BytesIO()
    # Level 1: half the time of the default for a file a few per cent larger (docs/benchmarks.md).
    image.save(out, format="PNG", compress_level=1)
    return out.getvalue()
