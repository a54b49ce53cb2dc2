"""A recorded message drawn as Discord shows it: a picture of what a player sees.

    screen = Screen(names={user.id: user.name}, now=h.scheduler.now())
    image = screen.draw(message)  # a PIL image
    Path("table.png").write_bytes(png(image))

Discord's dark theme, kept simple: the author line, the embed with its colour bar, title,
description, fields (inline ones side by side, up to three a row) and footer, then the
component rows: buttons in their styles' colours (disabled ones dimmed), selects as a box
with their placeholder (or chosen options), a select named in `open_menus` drawn opened.
Markdown: `**` is bold, `#`/`##`/`###` a heading, `-#` small text, `>` a quote bar,
inline code and code fences (a character a cell, as monospace lines up Concentration's
grid). `<@id>` is `@name` from `names`, `<t:…:R>` "in 60 s" from `now`. Emoji markup of
a face is drawn as its image (art.py): 22 px in text, bigger in a heading; `screen.pasted`
lists each face drawn and where (a test's hook). Pillow's bundled font only (the same
bytes on every machine, for the pinned Pillow); it has no suit symbols, so ♠♥♦♣🃏🂠 are
the suits', joker's and back's faces at the text's size, the few Unicode emojis the bot
writes (⬛ ✅ ⏳) simple shapes, and other glyphs it lacks stand-ins (▶ as ">").
"""

from __future__ import annotations

import io
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from functools import cache

from PIL import Image, ImageDraw, ImageFont

from cogs.table.emojis import art
from cogs.table.emojis import names as face_names

BACKGROUND, EMBED, CODE = "#313338", "#2B2D31", "#1E1F22"
TEXT, BRIGHT, MUTED, LINK = "#DBDEE1", "#F2F3F5", "#949BA4", "#00A8FC"
MENTION, MENTION_BACK, QUOTE_BAR = "#C9CDFB", "#3C4270", "#4E5058"
BUTTONS = {1: "#5865F2", 2: "#4E5058", 3: "#248046", 4: "#DA373C", 5: "#4E5058"}
SYMBOLS = {"♠": "suitS", "♥": "suitH", "♦": "suitD", "♣": "suitC", "🃏": "JK", "🂠": "back"}
# Unicode emojis the bot writes, drawn as simple shapes at an emoji's size: ⬛ is a taken
# place among faces (Concentration), ✅ and ⏳ who has bid and who is still to.
SHAPES = {"⬛": CODE, "⬜": "#E3E5E8", "✅": "#77B255", "⏳": "#FFCC4D"}
STAND_INS = {"—": "-", "–": "-", "−": "-", "→": "->", "▶": ">", "•": "·", "×": "x",
             "è": "e", "é": "e", "µ": "u", "🔒": "(locked)", "🤖": "bot",
             "↻": "(clockwise)", "↺": "(anticlockwise)"}
INLINE = re.compile(r"<a?:(?P<emoji>\w{2,32}):\d+>|<@!?(?P<user>\d+)>"
                    r"|<t:(?P<time>-?\d+)(?::(?P<how>\w))?>|(?P<bold>\*\*)|`(?P<code>[^`]+)`")
HEADINGS = {"# ": 24, "## ": 20, "### ": 17}
LEFT, AVATAR, EMBED_WIDTH, SELECT_WIDTH = 16, 40, 520, 400
CONTENT_X = LEFT + AVATAR + 16
FACE, OPTIONS_SHOWN = 22, 5  # a face's side in text and on a button; a menu opened


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size)


@cache
def face_image(mark: str, size: int) -> Image.Image:
    """One mark's emoji (the PNG the bot uploads) at `size` pixels square."""
    image = Image.open(io.BytesIO(art.all_faces()[mark])).convert("RGBA")
    return image.resize((size, size), Image.LANCZOS)


@cache
def has_glyph(char: str) -> bool:
    """Whether the bundled font draws `char` (a missing glyph draws as the font's box)."""
    def drawn(c: str) -> bytes:
        image = Image.new("L", (40, 40))
        ImageDraw.Draw(image).text((4, 4), c, font=font(20), fill=255)
        return image.tobytes()
    return char.isspace() or drawn(char) != drawn("\ue000")


def mix(colour: str, other: str = BACKGROUND, share: float = 0.5) -> tuple[int, int, int]:
    a, b = (tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in (colour, other))
    return tuple(round(x * (1 - share) + y * share) for x, y in zip(a, b, strict=True))


@dataclass(frozen=True)
class Style:
    size: int = 14
    colour: str = TEXT
    bold: bool = False
    back: str | None = None  # a mention's or inline code's background
    mono: bool = False  # code: each character in a cell of one width


@dataclass
class Atom:
    kind: str  # "text", "space", "face" or "symbol" (value: the mark), "shape" (the emoji)
    value: str
    style: Style
    width: float = 0.0
    height: int = 0


@dataclass
class Line:
    atoms: list[tuple[float, Atom]] = field(default_factory=list)
    width: float = 0.0
    height: int = 0
    quote: bool = False
    code: bool = False


class Screen:
    def __init__(self, names: Mapping[int, str] | None = None, now: float | None = None,
                 open_menus: Collection[str] = ()) -> None:
        self.names = {int(k): v for k, v in (names or {}).items()}
        self.now = now
        self.open_menus = set(open_menus)  # acts (the last part of a custom id) drawn opened
        self.pasted: list[tuple[str, tuple[int, int, int, int]]] = []  # (mark, box) per face

    # --- text ---------------------------------------------------------------------------

    def atoms(self, text: str, style: Style) -> list[Atom]:
        out: list[Atom] = []
        at, bold = 0, style.bold
        for found in INLINE.finditer(text):
            out += self.plain(text[at:found.start()], replace(style, bold=bold))
            at = found.end()
            if found["bold"]:
                bold = not bold
            elif found["emoji"]:
                face = face_names.parse(found["emoji"])
                out.append(Atom("face", face.mark, style) if face else Atom("shape", "⬛", style))
            elif found["user"]:
                who = self.names.get(int(found["user"]), "unknown-user")
                out += self.plain("@" + who, Style(style.size, MENTION, bold, MENTION_BACK))
            elif found["time"]:
                out += self.plain(self.when(int(found["time"]), found["how"]), style)
            else:
                out += self.plain(found["code"], Style(style.size - 1, style.colour, back=CODE,
                                                       mono=True))
        return out + self.plain(text[at:], replace(style, bold=bold))

    def plain(self, text: str, style: Style) -> list[Atom]:
        out: list[Atom] = []
        for char in text:
            if char in SYMBOLS:
                out.append(Atom("symbol", SYMBOLS[char], style))
            elif char in SHAPES:
                out.append(Atom("shape", char, style))
            else:
                shown = char if has_glyph(char) else STAND_INS.get(char, "?")
                for c in shown:
                    kind = "space" if c == " " and not style.mono else "text"
                    if (out and out[-1].kind == kind == "text" and out[-1].style == style
                            and not style.mono):
                        out[-1].value += c
                    else:
                        out.append(Atom(kind, c, style))
        return out

    def when(self, stamp: int, how: str | None) -> str:
        """A timestamp: a relative one from `now` (a deadline: "in 60 s"; "in 40 s" with no
        `now`), any other its UTC date."""
        if how != "R":
            return datetime.fromtimestamp(stamp, UTC).strftime("%d %B %Y %H:%M")
        ahead = 40 if self.now is None else round(stamp - self.now)
        amount = f"{abs(ahead)} s" if abs(ahead) < 90 else f"{round(abs(ahead) / 60)} min"
        return f"in {amount}" if ahead >= 0 else f"{amount} ago"

    def measure(self, atom: Atom) -> Atom:
        size = atom.style.size
        cell = font(size).getlength("0") + 1  # code's one width
        if atom.kind in ("face", "shape", "symbol"):
            side = round(size * 1.4) if size >= 17 else FACE
            if atom.kind == "symbol":
                side = round(size * 1.3)  # ♠ drawn as the suit's face, at the text's size
            atom.width, atom.height = side + 2, side + 2
            if atom.style.mono:  # in code, in its cell, over the next one's space
                atom.width = cell
        elif atom.style.mono:
            atom.width, atom.height = cell * len(atom.value), round(size * 1.35)
        else:
            atom.width = font(size).getlength(atom.value) + (4 if atom.style.back else 0)
            atom.height = round(size * 1.35)
        return atom

    def layout(self, text: str, width: float, style: Style) -> list[Line]:
        """`text` (Discord markdown) as lines no wider than `width`."""
        lines: list[Line] = []
        fenced = False
        for raw in text.split("\n"):
            if raw.startswith("```"):
                fenced = not fenced
                continue
            line_style, quote, body = style, False, raw
            if fenced:
                line_style = Style(style.size - 1, style.colour, mono=True)
            elif raw.startswith(tuple(HEADINGS)):
                mark, body = raw.split(" ", 1)
                line_style = Style(HEADINGS[mark + " "], BRIGHT, True)
            elif raw.startswith("-# "):
                line_style, body = Style(12, MUTED), raw[3:]
            elif raw.startswith("> "):
                quote, body = True, raw[2:]
            atoms = [self.measure(a) for a in self.atoms(body, line_style)]
            for line in self.wrap(atoms, width - (14 if quote else 0), line_style):
                line.quote, line.code = quote, fenced
                lines.append(line)
        return lines

    def wrap(self, atoms: list[Atom], width: float, style: Style) -> list[Line]:
        lines = [Line(height=round(style.size * 1.35))]
        chunks: list[list[Atom]] = []
        for atom in atoms:  # words: the runs between spaces, broken only if too wide
            if atom.kind == "space" or not chunks or chunks[-1][-1].kind == "space":
                chunks.append([atom])
            else:
                chunks[-1].append(atom)
        for chunk in chunks:
            wide = sum(a.width for a in chunk)
            if chunk[0].kind == "space":
                if lines[-1].atoms:
                    self.place(lines[-1], chunk[0])
                continue
            if lines[-1].atoms and lines[-1].width + wide > width:
                lines.append(Line(height=lines[0].height))
            for atom in chunk:
                for piece in self.pieces(atom, width):
                    if lines[-1].atoms and lines[-1].width + piece.width > width:
                        lines.append(Line(height=lines[0].height))
                    self.place(lines[-1], piece)
        return lines

    def pieces(self, atom: Atom, width: float) -> list[Atom]:
        """A text too wide for a line, in pieces that fit (a deck's hash, say)."""
        if atom.kind != "text" or atom.width <= width:
            return [atom]
        out, part = [], ""
        for char in atom.value:
            if part and font(atom.style.size).getlength(part + char) > width:
                out.append(self.measure(Atom("text", part, atom.style)))
                part = ""
            part += char
        return [*out, self.measure(Atom("text", part, atom.style))]

    @staticmethod
    def place(line: Line, atom: Atom) -> None:
        line.atoms.append((line.width, atom))
        line.width += atom.width
        line.height = max(line.height, atom.height)

    def draw_lines(self, lines: list[Line], x: int, y: int, dim: bool = False) -> int:
        for line in lines:
            if line.quote:
                self.pen.rounded_rectangle((x, y, x + 3, y + line.height), 2, fill=QUOTE_BAR)
            if line.code:
                self.pen.rectangle((x - 4, y, x + line.width + 4, y + line.height), fill=CODE)
            left = x + (14 if line.quote else 0)
            for offset, atom in line.atoms:
                self.draw_atom(atom, round(left + offset), y, line.height, dim)
            y += line.height
        return y

    def draw_atom(self, atom: Atom, x: int, y: int, height: int, dim: bool) -> None:
        middle = y + height / 2
        style = atom.style
        if atom.kind in ("face", "shape", "symbol"):
            side = atom.height - 2
            top = round(middle - side / 2)
            if atom.kind == "shape":
                self.shape(atom.value, (x + 1, top, x + side, top + side))
            else:
                self.paste(atom.value, side, (x + 1, top), dim)
        elif atom.kind == "text":
            if style.back:
                box = (x, y + 1, x + atom.width, y + height - 1)
                self.pen.rounded_rectangle(box, 0 if style.mono else 3, fill=style.back)
                x += 0 if style.mono else 2
            colour = mix(style.colour) if dim else style.colour
            if style.mono:  # centred in its cell
                x += (atom.width - font(style.size).getlength(atom.value)) / 2
            self.pen.text((x, middle), atom.value, font=font(style.size), fill=colour,
                          anchor="lm", stroke_width=0.35 if style.bold else 0,
                          stroke_fill=colour)

    def shape(self, char: str, box: tuple[int, int, int, int]) -> None:
        left, top, right, bottom = box
        if char == "⏳":  # an hourglass: two triangles between two bars
            self.pen.polygon([(left + 3, top + 3), (right - 3, top + 3), (left + 3, bottom - 3),
                              (right - 3, bottom - 3)], fill=SHAPES[char])
            for bar in (top, bottom - 3):
                self.pen.rectangle((left + 1, bar, right - 1, bar + 3), fill="#C1694F")
            return
        self.pen.rounded_rectangle(box, 4, fill=SHAPES[char])
        if char == "✅":
            w = right - left
            self.pen.line([(left + w * 0.22, top + w * 0.52), (left + w * 0.42, top + w * 0.72),
                           (left + w * 0.78, top + w * 0.3)], fill="#FFFFFF", width=3)

    def paste(self, mark: str, side: int, at: tuple[int, int], dim: bool = False) -> None:
        image = face_image(mark, side)
        if dim:
            image = image.copy()
            image.putalpha(image.getchannel("A").point(lambda a: a // 2))
        self.canvas.paste(image, at, image)
        self.pasted.append((mark, (at[0], at[1], at[0] + side, at[1] + side)))

    # --- the message --------------------------------------------------------------------

    def draw(self, message) -> Image.Image:
        """A recorded message (tests.harness.Message) as a player sees it."""
        rows = [row.get("components", [row]) for row in message.components]
        wide = max([EMBED_WIDTH if message.embeds else 0, SELECT_WIDTH,
                    *(sum(self.button_width(c) + 8 for c in row) for row in rows)])
        self.canvas = Image.new("RGB", (CONTENT_X + wide + LEFT, 6000), BACKGROUND)
        self.pen = ImageDraw.Draw(self.canvas)
        self.pen.ellipse((LEFT, 14, LEFT + AVATAR, 14 + AVATAR), fill=BUTTONS[1])
        self.pen.text((LEFT + AVATAR / 2, 34), "G", font=font(20), fill=BRIGHT, anchor="mm")
        self.pen.text((CONTENT_X, 24), "GFF", font=font(16), fill=BRIGHT, anchor="lm",
                      stroke_width=0.35, stroke_fill=BRIGHT)
        tag = CONTENT_X + font(16).getlength("GFF") + 6
        self.pen.rounded_rectangle((tag, 17, tag + 30, 31), 3, fill=BUTTONS[1])
        self.pen.text((tag + 15, 24), "APP", font=font(10), fill=BRIGHT, anchor="mm")
        y = 38
        if message.content:
            y = self.draw_lines(self.layout(message.content, wide, Style(16)), CONTENT_X, y)
        for embed in message.embeds:
            y = self.embed(embed, CONTENT_X, y + 4)
        y += 4
        for row in rows:
            y = self.row(row, CONTENT_X, y + 4)
        if message.ephemeral:
            said = "Only you can see this · "
            self.pen.text((CONTENT_X, y + 14), said, font=font(12), fill=MUTED, anchor="lm")
            self.pen.text((CONTENT_X + font(12).getlength(said), y + 14), "Dismiss message",
                          font=font(12), fill=LINK, anchor="lm")
            y += 22
        return self.canvas.crop((0, 0, self.canvas.width, y + 14))

    def embed(self, embed: dict, x: int, y: int) -> int:
        inner = EMBED_WIDTH - 4 - 12 - 16
        parts: list[tuple[int, int, list[Line]]] = []  # (x offset, y offset, lines)
        height = 10
        if embed.get("title"):
            lines = self.layout(embed["title"], inner, Style(16, BRIGHT, True))
            parts.append((0, height, lines))
            height += sum(line.height for line in lines) + 6
        if embed.get("description"):
            lines = self.layout(embed["description"], inner, Style(14))
            parts.append((0, height, lines))
            height += sum(line.height for line in lines) + 8
        for row in field_rows(embed.get("fields", [])):
            column = (inner - 8 * (len(row) - 1)) / len(row)
            tallest = 0
            for place, item in enumerate(row):
                left = round(place * (column + 8))
                name = self.layout(item["name"], column, Style(14, BRIGHT, True))
                value = self.layout(item["value"], column, Style(14))
                parts.append((left, height, name))
                below = sum(line.height for line in name) + 2
                parts.append((left, height + below, value))
                tallest = max(tallest, below + sum(line.height for line in value))
            height += tallest + 8
        if embed.get("footer", {}).get("text"):
            lines = self.layout(embed["footer"]["text"], inner, Style(12, MUTED))
            parts.append((0, height, lines))
            height += sum(line.height for line in lines) + 4
        height += 8
        colour = f"#{embed['color']:06x}" if "color" in embed else CODE
        self.pen.rounded_rectangle((x, y, x + EMBED_WIDTH, y + height), 4, fill=EMBED)
        self.pen.rounded_rectangle((x, y, x + 6, y + height), 3, fill=colour)
        self.pen.rectangle((x + 4, y, x + 6, y + height), fill=EMBED)
        for left, top, lines in parts:
            self.draw_lines(lines, x + 16 + left, y + top)
        return y + height

    def button_width(self, component: dict) -> float:
        if component.get("type") != 2:
            return SELECT_WIDTH
        label = component.get("label") or ""
        text = sum(self.measure(a).width for a in self.atoms(label, Style(14)))
        return 28 + (FACE if "emoji" in component else 0) + text + (
            6 if label and "emoji" in component else 0)

    def row(self, row: list[dict], x: int, y: int) -> int:
        bottom = y
        for component in row:
            if component.get("type") == 2:
                bottom = max(bottom, self.button(component, x, y))
                x += round(self.button_width(component)) + 8
            else:
                bottom = max(bottom, self.select(component, x, y))
        return bottom

    def button(self, component: dict, x: int, y: int) -> int:
        dim = bool(component.get("disabled"))
        colour = BUTTONS.get(component.get("style", 2), BUTTONS[2])
        width = round(self.button_width(component))
        self.pen.rounded_rectangle((x, y, x + width, y + 32), 4,
                                   fill=mix(colour) if dim else colour)
        left = x + 14
        if "emoji" in component:
            self.emoji(component["emoji"], left, y + 5, dim)
            left += FACE + 6
        if component.get("label"):
            lines = self.layout(component["label"], 400, Style(14, "#FFFFFF"))
            self.draw_lines(lines, left, y + 16 - lines[0].height // 2, dim)
        return y + 32

    def emoji(self, emoji: dict, x: int, y: int, dim: bool = False) -> None:
        face = face_names.parse(emoji.get("name", "")) if emoji.get("id") else None
        if face is not None:
            self.paste(face.mark, FACE, (x, y), dim)
        else:  # a Unicode emoji: its symbol's face or its stand-in
            lines = self.layout(emoji.get("name", "?"), 100, Style(14, "#FFFFFF"))
            self.draw_lines(lines, x, y + 11 - lines[0].height // 2, dim)

    def select(self, component: dict, x: int, y: int) -> int:
        dim = bool(component.get("disabled"))
        options = component.get("options", [])
        chosen = [o for o in options if o.get("default")]
        self.pen.rounded_rectangle((x, y, x + SELECT_WIDTH, y + 40), 4, fill=CODE,
                                   outline=mix(CODE, QUOTE_BAR))
        if chosen:
            self.option(chosen[0], x + 10, y, 40, dim)
        else:
            placeholder = component.get("placeholder") or "Make a selection"
            lines = self.layout(placeholder, SELECT_WIDTH - 40, Style(14, MUTED))
            self.draw_lines(lines[:1], x + 12, y + 20 - lines[0].height // 2, dim)
        right, middle = x + SELECT_WIDTH - 20, y + 20
        self.pen.line([(right - 5, middle - 3), (right, middle + 2), (right + 5, middle - 3)],
                      fill=mix(TEXT) if dim else TEXT, width=2)
        y += 40
        act = component.get("custom_id", "").rsplit(":", 1)[-1]
        if act not in self.open_menus or not options:
            return y
        shown = options[:OPTIONS_SHOWN]
        more = len(options) - len(shown)
        bottom = y + 4 + 36 * len(shown) + (24 if more else 0) + 4
        self.pen.rounded_rectangle((x, y + 2, x + SELECT_WIDTH, bottom), 4, fill=EMBED,
                                   outline=CODE)
        for place, option in enumerate(shown):
            top = y + 6 + 36 * place
            if option.get("default"):
                self.pen.rectangle((x + 2, top, x + SELECT_WIDTH - 2, top + 36), fill="#404249")
            self.option(option, x + 10, top, 36, False)
        if more:
            self.pen.text((x + 12, bottom - 16), f"and {more} more", font=font(12),
                          fill=MUTED, anchor="lm")
        return bottom

    def option(self, option: dict, x: int, y: int, height: int, dim: bool) -> None:
        if "emoji" in option:
            self.emoji(option["emoji"], x, y + (height - FACE) // 2, dim)
            x += FACE + 8
        lines = self.layout(option.get("label", ""), SELECT_WIDTH - 70, Style(14, TEXT))
        self.draw_lines(lines[:1], x, y + (height - lines[0].height) // 2, dim)


def field_rows(fields: list[dict]) -> list[list[dict]]:
    """Fields as Discord lays them out: inline ones up to three a row, others alone."""
    rows: list[list[dict]] = []
    for item in fields:
        if item.get("inline") and rows and rows[-1][-1].get("inline") and len(rows[-1]) < 3:
            rows[-1].append(item)
        else:
            rows.append([item])
    return rows


def png(image: Image.Image, colours: int = 0) -> bytes:
    """The PNG's bytes, with no date or text chunk (the same picture, the same bytes);
    with `colours`, a palette of that many (a smaller file)."""
    if colours:
        image = image.quantize(colours, method=Image.Quantize.MEDIANCUT,
                               dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
