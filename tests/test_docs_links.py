"""The README and the pages in docs/ hold together: every relative link opens a file of
the repository (and, with an anchor, a heading of that page), and every list of the games
follows the registry's order."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from engine import games

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])

FENCE = re.compile(r"^\s*(```|~~~)")
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+\1")
# [text](target "title") and ![alt](target); the text may hold one level of brackets.
INLINE_LINK = re.compile(
    r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+\"[^\"]*\")?\s*\)"
)
REFERENCE = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def prose_lines(text: str) -> list[tuple[int, str]]:
    """(line number, line) outside fenced code blocks: code shows links, it has none."""
    lines, fenced = [], False
    for number, line in enumerate(text.splitlines(), start=1):
        if FENCE.match(line):
            fenced = not fenced
        elif not fenced:
            lines.append((number, line))
    return lines


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: the text as shown, in lower case, without
    punctuation, its spaces turned into hyphens."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", heading)
    text = re.sub(r"[`*]", "", text).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    seen: dict[str, int] = {}
    for _, line in prose_lines(page.read_text(encoding="utf-8")):
        heading = HEADING.match(line)
        if heading is None:
            continue
        base = slug(heading.group(2))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")  # GitHub's -1, -2 for repeats
    return found


def links(page: Path) -> list[tuple[int, str]]:
    """(line number, target) of every link on the page."""
    found = []
    for number, line in prose_lines(page.read_text(encoding="utf-8")):
        line = INLINE_CODE.sub("", line)
        targets = [m.group(1) for m in INLINE_LINK.finditer(line)]
        reference = REFERENCE.match(line)
        if reference:
            targets.append(reference.group(1))
        found += [(number, target.strip("<>")) for target in targets]
    return found


def broken_links(page: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with each relative link of the page, one line each."""
    broken = []
    for number, target in links(page):
        if SCHEME.match(target):
            continue  # https:, mailto:: not a file of the repository
        path, _, anchor = target.partition("#")
        where = f"{page.relative_to(root)}:{number}: {target}"
        resolved = (page.parent / unquote(path)).resolve() if path else page
        if not resolved.is_relative_to(root):
            broken.append(f"{where}: outside the repository")
        elif not resolved.exists():
            broken.append(f"{where}: no such file")
        elif anchor and resolved.suffix != ".md":
            broken.append(f"{where}: an anchor into a file that is not a page")
        elif anchor and anchor not in anchors(resolved):
            broken.append(f"{where}: no heading #{anchor} there")
    return broken


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_relative_link_resolves(page):
    assert broken_links(page) == []


def test_the_link_check_finds_a_missing_page_a_missing_heading_and_a_way_out(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "here.md").write_text("# Here\n\n## Two words\n", encoding="utf-8")
    page = tmp_path / "README.md"
    page.write_text(
        "[fine](docs/here.md#two-words) [self](#top) and `[code](nowhere.md)`\n"
        "[gone](docs/gone.md) [no heading](docs/here.md#three) [out](../elsewhere.md)\n"
        "```\n[fenced](nowhere.md)\n```\n"
        "# Top\n[web](https://example.com/x.md)\n",
        encoding="utf-8",
    )
    assert broken_links(page, tmp_path) == [
        "README.md:2: docs/gone.md: no such file",
        "README.md:2: docs/here.md#three: no heading #three there",
        "README.md:2: ../elsewhere.md: outside the repository",
    ]


def test_slugs_are_github_anchors():
    assert slug("Start-up problems") == "start-up-problems"
    assert slug("`/audit`") == "audit"
    assert slug("Shards: how many processes") == "shards-how-many-processes"
    assert slug("The bot in its own process (loopback)") == "the-bot-in-its-own-process-loopback"


# --- one order for the games ---------------------------------------------------------

ORDER = {game_id: place for place, game_id in enumerate(games.GAMES)}
# Pages whose lists are printed by a program in an order of its own: the benchmarks'
# rows are `make bench`'s, slowest game first. The rules pages are the games' own.
OWN_ORDER = {ROOT / "docs" / "benchmarks.md"}
ORDERED_PAGES = [
    page for page in PAGES
    if page not in OWN_ORDER and (ROOT / "docs" / "rules") not in page.parents
]
LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+\.)\s")


def mention_patterns() -> dict[str, re.Pattern[str]]:
    """A game is named by its command, its page, its id in code, or its name."""
    patterns = {}
    for game_id, game in games.GAMES.items():
        names = [re.escape(game.info.name)] + (["GFF"] if game_id == "gff" else [])
        patterns[game_id] = re.compile(
            rf"/{game_id}\b|\b{game_id}\.md\b|`{game_id}`|\b(?:{'|'.join(names)})\b"
        )
    return patterns


MENTIONS = mention_patterns()


def games_named(text: str) -> list[str]:
    """The games the text names, each once, in the order of their first mention."""
    first = {}
    for game_id, pattern in MENTIONS.items():
        found = pattern.search(text)
        if found:
            first[game_id] = found.start()
    return sorted(first, key=first.get)


def blocks(text: str) -> list[list[str]]:
    """The page's paragraphs, tables and lists, each a list of its lines."""
    found, current = [], []
    for _, line in prose_lines(text):
        if line.strip() and not HEADING.match(line):
            current.append(line)
        elif current:
            found.append(current)
            current = []
    return found + ([current] if current else [])


def lists_of_games(text: str) -> list[tuple[str, list[str]]]:
    """Every run of three games or more the text names: within a sentence, a table row or
    a list item, and down a table's first column or a list's items."""
    found = []

    def keep(where: str, named: list[str]) -> None:
        if len(named) >= 3:
            found.append((where, named))

    for block in blocks(text):
        if all(line.lstrip().startswith("|") for line in block):
            rows = block
            for row in rows:
                keep(row, games_named(row))
            firsts = [games_named(row.split("|")[1]) for row in rows]
            keep(block[0], list(dict.fromkeys(named[0] for named in firsts if named)))
        elif LIST_ITEM.match(block[0]):
            items: list[str] = []
            for line in block:
                if LIST_ITEM.match(line) or not items:
                    items.append(line)
                else:
                    items[-1] += " " + line.strip()
            for item in items:
                keep(item, games_named(item))
            firsts = [games_named(item) for item in items]
            keep(block[0], list(dict.fromkeys(named[0] for named in firsts if named)))
        else:
            paragraph = " ".join(line.strip() for line in block)
            keep(paragraph, games_named(paragraph))
    return found


def out_of_order(text: str) -> list[str]:
    return [
        f"{', '.join(named)}: {where[:80]}"
        for where, named in lists_of_games(text)
        if named != sorted(named, key=ORDER.get)
    ]


@pytest.mark.parametrize("page", ORDERED_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_list_of_the_games_follows_the_registry(page):
    assert out_of_order(page.read_text(encoding="utf-8")) == []


def test_the_readme_and_the_index_list_every_game():
    for page in (ROOT / "README.md", ROOT / "docs" / "README.md"):
        assert any(named == list(games.GAMES) for _, named in lists_of_games(
            page.read_text(encoding="utf-8")
        )), page


def test_the_order_check_sees_lists_in_sentences_tables_and_lists():
    assert out_of_order("Play `/gff`, `/tonk`, `/faro` or `/farmer`.\n") == [
        "gff, tonk, faro, farmer: Play `/gff`, `/tonk`, `/faro` or `/farmer`."
    ]
    table = "| game |\n| --- |\n| Piquet |\n| Tonk |\n| Gops |\n"
    assert out_of_order(table) == ["piquet, tonk, gops: | game |"]
    items = "- [Old Maid](games/oldmaid.md)\n- [Tonk](games/tonk.md)\n- GFF\n"
    assert out_of_order(items) == ["oldmaid, tonk, gff: - [Old Maid](games/oldmaid.md)"]
    assert out_of_order("GFF, Tonk and Farmer.\n\n```\n/piquet /gff /tonk\n```\n") == []
