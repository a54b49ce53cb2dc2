"""Every rule the code and the docs cite is a numbered rule on its page in docs/rules/.

A citation is a page's prefix and a number: `GFF-7` names a section of gff.md,
`GFF-7.2` a rule of it, `G2.5` a rule of games.md. One citation may go on with more
numbers of the same page: `GFF-6.1, 6.3`, `TONK-3.1-3.3`, `GFF-4.3/4.4`,
`PAGEONE-4.2 to 4.4`, `CONC-2.5, 4`. Words such as SHA-256, UTF-8 or A-2-3 name no
page, so they are not citations.

The pages are read as they are written: a section is a heading `## 7. Title`
(`## G2. Title` on games.md), a rule a list item that opens with its number,
`- 7.2 Text` (`- G2.5 Text`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"

# Each prefix a citation may carry, and the page its numbers are on.
PAGE_OF_PREFIX = {
    "G": "games.md",
    "GFF-": "gff.md",
    "TONK-": "tonk.md",
    "FARMER-": "farmer.md",
    "FARO-": "faro.md",
    "GOPS-": "gops.md",
    "AUCTION-": "auction.md",
    "OLDMAID-": "oldmaid.md",
    "CONC-": "concentration.md",
    "PAGEONE-": "pageone.md",
    "JCI-": "jackchangeit.md",
    "FIFTYONE-": "fiftyone.md",
    "PIQUET-": "piquet.md",
}
# games.md numbers its sections G1, G2 ...; the other pages 1, 2 ...
NUMBER_PREFIX = {page: ("G" if prefix == "G" else "") for prefix, page in PAGE_OF_PREFIX.items()}

CODE_DIRS = ("engine", "bot", "cogs", "bench", "tests")
CODE_SUFFIXES = (".py", ".sql", ".md")

_NUMBER = r"\d+(?:\.\d+)?"
# What joins the numbers of one citation: "6.1, 6.3", "3.1-3.3", "4.3/4.4", "4.2 to
# 4.4", "2.4 and 4.1". The number after it must end there, so "GFF-2.4, 3S" is one rule.
_JOINED = rf"(?:,\s*|\s+(?:to|and)\s+|\s*[-–/]\s*)({_NUMBER})(?!\w|\.\d)"
_PREFIXES = "|".join(re.escape(p) for p in sorted(PAGE_OF_PREFIX, key=len, reverse=True))
CITATION = re.compile(rf"\b({_PREFIXES})({_NUMBER})\b((?:{_JOINED})*)")
JOINED = re.compile(_JOINED)
# A dotted number after a prefix of capitals is meant as a rule: its prefix must be ours.
RULE_LIKE = re.compile(r"\b([A-Z][A-Z0-9]*-)\d+\.\d+")

SECTION_LINE = re.compile(r"^##\s+(G?\d+)\.\s")
RULE_LINE = re.compile(r"^\s*[-*]\s+(?:\*\*)?(G?\d+\.\d+)\b")
WELL_FORMED = {"": re.compile(r"\d+(\.\d+)?"), "G": re.compile(r"G\d+(\.\d+)?")}


class Citation(NamedTuple):
    path: str
    line: int
    text: str  # as written, `GFF-6.1` (one number of a joined citation each)
    page: str
    number: str  # as the page writes it: `6.1`, `G2.5`


class Numbers(NamedTuple):
    sections: list[str]
    rules: list[str]


def citations_in(text: str, path: str = "") -> Iterator[Citation]:
    """Each number cited in `text`, one Citation per number."""
    for line_no, line in enumerate(text.splitlines(), 1):
        for match in CITATION.finditer(line):
            prefix, first, rest = match.groups()[:3]
            page = PAGE_OF_PREFIX[prefix]
            for number in (first, *JOINED.findall(rest)):
                yield Citation(path, line_no, prefix + number, page, NUMBER_PREFIX[page] + number)


def page_numbers(text: str) -> Numbers:
    """The section and rule numbers a rules page defines, in the order written."""
    sections, rules = [], []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        if section := SECTION_LINE.match(line):
            sections.append(section.group(1))
        elif rule := RULE_LINE.match(line):
            rules.append(rule.group(1))
    return Numbers(sections, rules)


def searched_files() -> list[Path]:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for folder in CODE_DIRS:
        files.extend(
            path
            for path in sorted((ROOT / folder).rglob("*"))
            if path.suffix in CODE_SUFFIXES
            and "__pycache__" not in path.parts
            and path.resolve() != Path(__file__).resolve()  # its examples are not citations
        )
    return [path for path in files if path.is_file()]


def _pages() -> dict[str, Numbers]:
    return {
        page: page_numbers((RULES / page).read_text(encoding="utf-8"))
        for page in sorted(set(PAGE_OF_PREFIX.values()))
        if (RULES / page).is_file()
    }


def _every_citation() -> list[Citation]:
    found = []
    for path in searched_files():
        text = path.read_text(encoding="utf-8")
        found.extend(citations_in(text, str(path.relative_to(ROOT))))
    return found


# -- the reading of a citation ---------------------------------------------------


@pytest.mark.parametrize(
    ("text", "cited"),
    [
        ("a pot shared (GFF-7.1)", ["GFF-7.1"]),
        ("settled by its page (G2.5)", ["G2.5"]),
        ("the record (games.md G3)", ["G3"]),
        ("FARMER-4 and FARO-6.1.", ["FARMER-4", "FARO-6.1"]),
        ("Deal the hand (GFF-2.4, 3.1-3.3)", ["GFF-2.4", "GFF-3.1", "GFF-3.3"]),
        ("reveals (GFF-4.3/4.4)", ["GFF-4.3", "GFF-4.4"]),
        ("legal cards (PAGEONE-4.2 to 4.4)", ["PAGEONE-4.2", "PAGEONE-4.4"]),
        ("PIQUET-2.2, 3.6 and 4.1 are public", ["PIQUET-2.2", "PIQUET-3.6", "PIQUET-4.1"]),
        ("(CONC-2.5, 4): the layout", ["CONC-2.5", "CONC-4"]),
        ("G3.4, AUCTION-3.2, 3.4", ["G3.4", "AUCTION-3.2", "AUCTION-3.4"]),
        ("posts 2S (GFF-2.4, 3S to all three)", ["GFF-2.4"]),
    ],
)
def test_a_citation_is_read_number_by_number(text: str, cited: list[str]) -> None:
    assert [c.text for c in citations_in(text)] == cited


@pytest.mark.parametrize(
    "text",
    [
        "the SHA-256 of the deck, in UTF-8",
        "SHA-512 seeds",
        "A-2-3 is a run, K-A-2 is not",
        "no A-7-8 in hearts",
        "X-1, TS-9 and JK2",
        "GFFX-1.2 and GFF4.2",
        "Page 2 of G20x",
    ],
)
def test_words_that_only_look_like_citations_are_not(text: str) -> None:
    assert list(citations_in(text)) == []


def test_a_page_is_read_by_its_headings_and_numbered_items() -> None:
    page = (
        "# Title\n\n## 1. Cards\n- 1.1 One pack.\n  - a note, not a rule\n"
        "- **1.2** Aces low.\n\n```json\n## 9. not a heading\n- 9.1 nor a rule\n```\n"
        "## 2. Chips\nText with 2.1 in it.\n* 2.1 Whole chips.\n## Readings taken\n"
    )
    assert page_numbers(page) == Numbers(["1", "2"], ["1.1", "1.2", "2.1"])
    shared = "## G2. Tables\n- G2.5 A pot shared.\n"
    assert page_numbers(shared) == Numbers(["G2"], ["G2.5"])


# -- the pages --------------------------------------------------------------------


def test_every_prefix_has_its_page() -> None:
    missing = sorted(
        f"{prefix}: docs/rules/{page}"
        for prefix, page in PAGE_OF_PREFIX.items()
        if not (RULES / page).is_file()
    )
    assert not missing, "rules pages missing:\n" + "\n".join(missing)


def test_every_page_numbers_its_rules_well_and_once() -> None:
    """Numbers carry a `G` on games.md and no letter elsewhere; each is given once, and
    a rule n.m comes under its section n, after the rule before it."""
    problems = []
    pages = sorted(RULES.glob("*.md"))
    assert pages, "docs/rules/ has no pages"
    for path in pages:
        prefix = "G" if path.name == "games.md" else ""
        sections, rules = page_numbers(path.read_text(encoding="utf-8"))
        where = f"docs/rules/{path.name}"
        for number in sections + rules:
            if not WELL_FORMED[prefix].fullmatch(number):
                problems.append(f"{where}: {number} is not numbered like {prefix}n.m")
        for kind, numbers in (("section", sections), ("rule", rules)):
            for number in sorted({n for n in numbers if numbers.count(n) > 1}):
                problems.append(f"{where}: {kind} {number} is given twice")
        last: dict[str, int] = {}  # section -> the highest rule number seen in it
        for rule in rules:
            section, _, minor = rule.partition(".")
            before = last.get(section, 0)
            if section not in sections:
                problems.append(f"{where}: rule {rule} has no section {section}")
            elif int(minor) <= before:
                problems.append(f"{where}: rule {rule} does not follow {section}.{before}")
            last[section] = max(int(minor), before)
    assert not problems, "\n".join(problems)


def test_every_rules_page_is_under_its_own_name() -> None:
    """A page in docs/rules/ is one a citation can reach, or the replay page."""
    known = {*PAGE_OF_PREFIX.values(), "replay.md"}
    strangers = sorted(p.name for p in RULES.glob("*.md") if p.name not in known)
    assert not strangers, f"pages no prefix names: {strangers}"


# -- the citations ----------------------------------------------------------------


def test_every_cited_rule_is_on_its_page() -> None:
    pages = _pages()
    unresolved = []
    for cite in _every_citation():
        numbers = pages.get(cite.page)
        if numbers is None:
            why = f"docs/rules/{cite.page} does not exist"
        elif "." in cite.number:
            if cite.number in numbers.rules:
                continue
            why = f"no rule {cite.number} on docs/rules/{cite.page}"
        else:
            if cite.number in numbers.sections:
                continue
            why = f"no section {cite.number} on docs/rules/{cite.page}"
        unresolved.append(f"{cite.path}:{cite.line}: {cite.text} ({why})")
    assert not unresolved, f"{len(unresolved)} citations name no rule:\n" + "\n".join(unresolved)


def test_every_rule_like_number_has_a_known_prefix() -> None:
    """`FAR-4.2` or `GOP-1.1` would be read as no citation at all: catch the typo."""
    strangers = []
    for path in searched_files():
        text = path.read_text(encoding="utf-8")
        for line_no, line in enumerate(text.splitlines(), 1):
            for match in RULE_LIKE.finditer(line):
                if match.group(1) not in PAGE_OF_PREFIX:
                    where = path.relative_to(ROOT)
                    strangers.append(f"{where}:{line_no}: {match.group(0)}")
    assert not strangers, "rule numbers of no page:\n" + "\n".join(strangers)
