"""What the engine says, as players read it: seats by name, no rule number, one full stop;
and the one way counts and a player's own text are worded."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from bot.tables.computer import computer_id, computer_name
from bot.words import count, quoted
from cogs.table.names import for_players, sentence, without_citations
from tests.discord.table_driver import TableDriver
from tests.harness import Harness

ENGINE = Path(__file__).resolve().parents[2] / "engine"
ANN, BOB = "1575208609279639559", "1575208609279639560"

# What is left of a citation if the stripper missed it: a page's prefix and a number,
# G and a rule, or a bare rule number opening a bracket.
LEFT_OVER = re.compile(r"\b[A-Z]{2,}-\d{1,2}\b|\bG\d+\.\d|\(\d+\.\d")
RULE = re.compile(r"(?:[A-Z]{2,}-|G)\d+(?:\.\d+)*")  # "FARMER-2.3", passed to `({rule})`


def test_a_refusal_names_seats_and_drops_the_rule_number():
    assert for_players(f"{ANN} has only 0 chips (FARO-4.7)", [ANN, BOB]) == (
        f"<@{ANN}> has only 0 chips")
    robot = str(computer_id("sharp", 1))
    assert for_players(f"it is {robot}'s turn, not {BOB}'s", [robot, BOB]) == (
        f"it is {computer_name(int(robot))}'s turn, not <@{BOB}>'s")
    # Only seats are names: other numbers stay numbers, a mention stays one mention.
    assert for_players(f"{ANN} bids 12 of 1575208609279639561, <@{BOB}>", [ANN, BOB]) == (
        f"<@{ANN}> bids 12 of 1575208609279639561, <@{BOB}>")


def test_every_shape_of_citation_goes_and_the_rest_stays():
    cases = {
        "a call cannot be coppered (FARO-6.1)": "a call cannot be coppered",
        f"{ANN} has under 50 chips (5 stakes, PIQUET-1.4)": f"{ANN} has under 50 chips (5 stakes)",
        "Concentration is for 2 to 6 (CONC-1.2, 6.2)": "Concentration is for 2 to 6",
        "a new stock (G3.2), shuffled": "a new stock, shuffled",
        "QS is not a card of Piquet's 32 (1.1)": "QS is not a card of Piquet's 32",
        "runs (TONK-3.1-3.3) and (GFF-4.3/4.4) and (PAGEONE-4.2 to 4.4)": "runs and and",
        "(GFF-4.6, G2.5) first": " first",
        "the joker option is off (FIFTYONE-7)": "the joker option is off",
        # Not citations: left as they are.
        "SHA-256 of the deck (SHA-256), 2 to 6 (2 to 6), (5 stakes)":
            "SHA-256 of the deck (SHA-256), 2 to 6 (2 to 6), (5 stakes)",
    }
    for engine, players in cases.items():
        assert without_citations(engine) == players, engine


def _message_texts(path: Path) -> list[tuple[int, str]]:
    """Every string the module builds (its docstrings aside), as it could read: a rule
    passed in (`({rule})`, `(PIQUET-{rule})`) as a rule, any other value as a word."""
    tree = ast.parse(path.read_text())
    docstrings = {
        id(node.body[0].value) for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    parts_of_fstrings = {id(value) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr)
                         for value in node.values}
    texts = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = ""
            for value in node.values:
                if isinstance(value, ast.Constant):
                    text += str(value.value)
                elif "rule" in ast.unparse(value.value).lower():
                    text += "2.3" if text.endswith("-") else "GFF-2.3"
                else:
                    text += "x"
            texts.append((node.lineno, text))
        elif (isinstance(node, ast.Constant) and isinstance(node.value, str)
              and id(node) not in docstrings and id(node) not in parts_of_fstrings):
            texts.append((node.lineno, node.value))
    return texts


def test_no_engine_message_keeps_a_rule_number_for_players():
    """Every string the engine builds (each EngineError message among them, and the reasons
    and rules they are made of) loses its citations to the one stripper: a citation not in
    brackets, or of a shape it does not know, fails here before a player could read it."""
    left = []
    scanned = 0
    for path in sorted(ENGINE.rglob("*.py")):
        for line, text in _message_texts(path):
            if not LEFT_OVER.search(text):
                continue
            scanned += 1
            if RULE.fullmatch(text):  # a rule passed in: read as one above
                continue
            if LEFT_OVER.search(without_citations(text)):
                left.append(f"{path.relative_to(ENGINE.parent)}:{line}: {text!r}")
    assert scanned > 50  # the engine's refusals were found and read
    assert not left, "\n".join(left)


def test_one_full_stop():
    assert sentence("Not done: a call cannot be coppered") == "Not done: a call cannot be coppered."
    assert sentence("Not done: choose one card.") == "Not done: choose one card."
    assert sentence("Not done: waiting for you…") == "Not done: waiting for you…"


def test_counts_and_quotes():
    assert (count(1, "stake"), count(2, "stake"), count(1500, "chip")) == (
        "1 stake", "2 stakes", "1,500 chips")
    long = quoted("x" * 4000)
    assert long == "“" + "x" * 39 + "…”" and len(long) == 42
    assert quoted("**big**\n\n `code`") == r"“\*\*big\*\* \`code\`”"
    assert quoted("rank") == "“rank”"


async def test_a_voided_hands_reason_in_history_names_seats_and_cites_no_rule(tmp_path):
    """A hand whose record the engine refuses at a restart is voided with the engine's
    reason; `/<game> history` shows it as players read it."""
    async with Harness(database_path=tmp_path / "gff.sqlite3") as h:
        d = TableDriver(h, game="pageone")
        await d.seat_everyone()
        d.decks.append(list(d.table.game.info.pack))
        await h.slash(d.host, "pageone start")
        hand_id, dealer = d.table.running.hand_id, d.hand.record().dealer
        at = [s.id for s in d.hand.record().seats].index(dealer)
        # The dealer's stack in the record falls below the stake: the engine refuses it.
        await h.bot.store.db.write(lambda db: db.execute(
            f"UPDATE running_hands SET record = json_set(record, '$.seats[{at}].stack', 1) "
            "WHERE hand_id = ?", (hand_id,)))
        await h.restart()
        d.rehook()
        stored = await h.bot.store.hand(hand_id)
        assert stored.status == "void"
        assert f"the dealer {dealer} has fewer than" in stored.result["void"]  # the engine's
        assert "(PAGEONE-8.1)" in stored.result["void"]
        await h.slash(d.host, "pageone history")
        (line,) = [x for x in h.last_response(d.host).text().splitlines() if "void" in x]
        assert line.endswith(
            f"void: its record cannot be replayed: the dealer <@{dealer}> has fewer than 10 "
            "chips and cannot be dealt in")
