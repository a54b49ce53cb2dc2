"""The deck commitment of records made before seeds, and the v1 checks as programs:
`python -m engine.fairness verify` and the standalone docs/fairness/verify.py."""

import ast
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.cards import DECK
from engine.fairness import MAX_SEED_LENGTH, commitment, new_salt, verify
from engine.gff.hand import GffHand
from engine.replay import MAX_RECORD_BYTES, run
from engine.simulate import random_action
from tests.engine.test_fair_deck import SEED, played_record, swapped


def test_a_finished_hands_record_proves_its_deck_was_fixed_at_the_deal():
    rng = random.Random(7)
    deck = list(DECK)
    rng.shuffle(deck)
    salt = new_salt()
    hand = GffHand.start(seats=[("a", 200), ("b", 200)], stake=10, dealer="b", deck=deck,
                         salt=salt)
    shown_at_the_deal = hand.commitment
    while not hand.is_over:
        hand.apply(random_action(hand, rng))
    record = hand.record().to_json()
    assert record["commitment"] == shown_at_the_deal == commitment(deck, salt)
    assert verify(record)
    # The record with its salt still replays: the fields are ignored there.
    assert run(json.dumps(record)) == (hand.settlement.to_result(), 0)


def test_a_changed_deck_or_salt_fails_the_check():
    deck = list(DECK)
    record = {"deck": ["AS"], "salt": "x", "commitment": "0" * 64}
    assert not verify(record)
    good = {"deck": [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"], "salt": "s"}
    good["commitment"] = commitment(deck, "s")
    assert verify(good)
    swapped = {**good, "deck": [good["deck"][1], good["deck"][0], *good["deck"][2:]]}
    assert not verify(swapped)
    assert not verify({**good, "salt": "t"})
    assert not verify({"deck": "nonsense"})


def test_the_committed_text_is_the_salt_a_colon_and_the_record_codes():
    import hashlib

    from engine.fairness import committed_text, record_text

    deck = list(DECK)
    text = committed_text(deck, "abc")
    assert text.startswith("abc:AS 2S 3S") and " TS " in text and text.count(" ") == 51
    assert hashlib.sha256(text.encode()).hexdigest() == commitment(deck, "abc")
    codes = [f"{r}{s}" for s in "SHDC" for r in "A23456789TJQK"]
    assert record_text({"deck": codes, "salt": "abc"}) == text
    assert record_text({"deck": codes}) is None and record_text({"salt": 1, "deck": codes}) is None


# --- v1: `python -m engine.fairness verify` and the standalone verifier ------------------

ROOT = Path(__file__).resolve().parents[2]
VERIFIER = ROOT / "docs" / "fairness" / "verify.py"
PAGE = ROOT / "docs" / "fairness.md"


def fairness_command(args: list[str], stdin: bytes | None = None) -> tuple[int, str, str]:
    done = subprocess.run(
        [sys.executable, "-m", "engine.fairness", *args], input=stdin, capture_output=True,
        timeout=60, cwd=ROOT,
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def standalone(args: list[str]) -> tuple[int, str]:
    done = subprocess.run([sys.executable, str(VERIFIER), *args], capture_output=True,
                          timeout=60, cwd=ROOT)
    assert done.stderr == b""
    return done.returncode, done.stdout.decode()


@pytest.fixture(scope="module")
def records(tmp_path_factory) -> dict[str, Path]:
    """One record of each kind, written to files, the seed revealed in none of them."""
    folder = tmp_path_factory.mktemp("records")
    made = {
        "deck": played_record("gff"),
        "decks": played_record("piquet"),
        "reshuffles": played_record("pageone", reshuffles=True),
    }
    paths = {}
    for name, record in made.items():
        record = {**record, "fair": {k: v for k, v in record["fair"].items()
                                     if k != "house_seed"}}
        paths[name] = folder / f"{name}.json"
        paths[name].write_text(json.dumps(record, indent=2))
    return paths


def revealed(path: Path) -> dict:
    record = json.loads(path.read_text())
    record["fair"]["house_seed"] = SEED.hex()
    return record


def test_the_command_verifies_a_record_and_prints_its_decks(records, tmp_path):
    status, out, err = fairness_command(["verify", str(records["decks"]), "--seed", SEED.hex()])
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "verified: The decks are the ones the seeds make."
    decks = json.loads(records["decks"].read_text())["decks"]
    assert lines[1:] == [f"decks[{k}]: {' '.join(deck)}" for k, deck in enumerate(decks)]
    path = tmp_path / "revealed.json"
    path.write_text(json.dumps(revealed(records["reshuffles"])))
    status, out, _ = fairness_command(["verify", str(path)])  # the record reveals the seed
    assert status == 0 and out.splitlines()[1].startswith("deck: ")
    assert out.splitlines()[2].startswith("reshuffles[0]: ")


def test_the_command_reads_standard_input_and_takes_the_seed_either_way(records):
    text = records["deck"].read_bytes()
    assert fairness_command(["verify", "-", f"--seed={SEED.hex()}"], text)[0] == 0
    assert fairness_command(["verify", "--seed", SEED.hex()], text)[0] == 0


def test_the_command_says_why_a_record_is_not_verified(records):
    status, out, err = fairness_command(["verify", str(records["deck"])])
    assert (status, err) == (1, "")
    assert out == ("NOT verified: The house seed is not revealed yet: it is revealed when "
                   "the table closes or a player rotates it (/fair rotate).\n")
    status, out, _ = fairness_command(["verify", str(records["deck"]), "--seed", "00" * 32])
    assert (status, out) == (1, "NOT verified: The seed does not match the house hash.\n")
    record = revealed(records["deck"])
    record["deck"] = swapped(record["deck"], 2, 3)
    status, out, _ = fairness_command(["verify", "-"], json.dumps(record).encode())
    assert status == 1 and out.startswith("NOT verified: deck differs from the seeds' "
                                          "shuffle at card 3 (the record has ")
    for text in (b"[1, 2]", b"{", b"\xff", b""):
        status, out, err = fairness_command(["verify", "-"], text)
        assert status == 1 and out.startswith("NOT verified: The record is not")
        assert err == ""


def test_the_command_refuses_a_bad_use_with_its_usage(records):
    path = str(records["deck"])
    for args in ([], ["check", path], ["verify", path, path], ["verify", path, "--seed"],
                 ["verify", path, "--key", "x"], ["verify", path, "--seed", "ab", "--seed", "cd"]):
        status, out, err = fairness_command(args)
        assert (status, out) == (2, "") and err.startswith("usage: python -m engine.fairness")
    status, out, err = fairness_command(["verify", path, "--seed", "zz"])
    assert (status, out) == (2, "") and "64 hexadecimal" in err and "Traceback" not in err
    status, out, err = fairness_command(["--help"])
    assert status == 0 and out.startswith("usage: python -m engine.fairness verify") and not err


def test_the_command_refuses_a_file_it_cannot_read_in_one_line(tmp_path):
    missing = tmp_path / "missing.json"
    status, out, err = fairness_command(["verify", str(missing)])
    assert (status, out) == (2, "")
    assert err == f"Cannot read the record file {missing}: No such file or directory.\n"
    status, _, err = fairness_command(["verify", str(tmp_path)])  # a folder
    assert status == 2 and err.startswith("Cannot read the record file") and "\n" == err[-1]
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    status, _, err = fairness_command(["verify", str(big)])
    assert status == 2 and "larger than 8 MiB" in err and "Traceback" not in err


def test_the_standalone_verifier_checks_records_of_each_kind(records):
    for name, path in records.items():
        status, out = standalone([str(path), SEED.hex()])
        assert status == 0 and out.splitlines()[-1] == "verified", (name, out)
        record = json.loads(path.read_text())
        lists = [record["deck"]] if "deck" in record else record["decks"]
        lists += record.get("reshuffles", [])
        assert [line.split(": ", 1)[1].split() for line in out.splitlines()[:-1]] == lists


def test_the_standalone_verifier_reads_a_revealed_seed_from_the_record(records, tmp_path):
    path = tmp_path / "revealed.json"
    path.write_text(json.dumps(revealed(records["decks"])))
    assert standalone([str(path)])[0] == 0


def test_the_standalone_verifier_finds_tampering(records, tmp_path):
    def tampered(change) -> tuple[int, str]:
        record = json.loads(records["reshuffles"].read_text())
        change(record)
        path = tmp_path / "tampered.json"
        path.write_text(json.dumps(record))
        return standalone([str(path), SEED.hex()])

    status, out = tampered(lambda r: r.update(deck=swapped(r["deck"], 4, 9)))
    assert status == 1 and out.splitlines()[-1].startswith("NOT verified: deck differs at card 5")
    order = json.loads(records["reshuffles"].read_text())["reshuffles"][0]
    if len(order) > 1:
        status, out = tampered(lambda r: r["reshuffles"].__setitem__(
            0, swapped(r["reshuffles"][0], 0, len(order) - 1)))
        assert status == 1 and "NOT verified: reshuffles[0] differs at card 1" in out
    status, out = tampered(lambda r: r.update(deck=[*r["deck"], r["deck"][0]]))
    assert status == 1 and "NOT verified: deck differs" in out
    status, out = tampered(lambda r: r["fair"].update(nonce=r["fair"]["nonce"] + 1))
    assert status == 1 and "NOT verified: deck differs" in out
    status, out = standalone([str(records["deck"]), "00" * 32])
    assert (status, out) == (1, "NOT verified: the seed does not match the house hash\n")
    status, out = standalone([str(records["deck"])])  # no seed given, none revealed
    assert status == 1 and out.startswith("NOT verified: cannot check this record (KeyError")
    status, out = standalone([str(tmp_path / "missing.json"), SEED.hex()])
    assert status == 1 and out.startswith("NOT verified: cannot check this record")


def test_the_standalone_verifier_is_short_plain_and_shown_on_its_page():
    text = VERIFIER.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 40
    imported = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            imported |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported == {"hashlib", "hmac", "json", "sys"}
    assert imported <= sys.stdlib_module_names
    page = PAGE.read_text(encoding="utf-8")
    block = page.split("```python\n", 1)[1].split("```\n", 1)[0]
    assert block == text


def test_the_page_cites_the_limits_the_code_has():
    page = PAGE.read_text(encoding="utf-8")
    assert MAX_SEED_LENGTH == 64 and "1 to 64 letters" in page
    assert "8 MiB" in page and "verify.html" in page
