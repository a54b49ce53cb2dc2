-- /audit's checkpoint per server (bot/store/audit.py), so that an audit reads only what
-- is new since the last one. Nothing here is a record of chips: it is all made from the
-- ledger, the hands and the players' records, and can be deleted to audit from scratch
-- (the players' records rebuilt forget it, stats.rebuild).

-- Ledger rows with ids up to `ledger_through` are summed up in `book` (minted, burned,
-- chips booked to wallets, seats and pots, checksums, the house's lines); hands with ids
-- up to `hands_through` have had their players' rows checked, and `records` sums their
-- derived rows as game_totals and player_figures should. `version` grows at each save:
-- a save that finds another version was overtaken, and writes nothing.
CREATE TABLE audit_marks (
    guild_id        INTEGER PRIMARY KEY,
    version         INTEGER NOT NULL CHECK (version >= 0),
    ledger_through  INTEGER NOT NULL CHECK (ledger_through >= 0),
    book            TEXT NOT NULL CHECK (json_valid(book)),
    hands_through   INTEGER NOT NULL CHECK (hands_through >= 0),
    records         TEXT NOT NULL CHECK (json_valid(records)),
    hands_checked   INTEGER NOT NULL CHECK (hands_checked >= 0),
    updated_ms      INTEGER NOT NULL
);

-- Hands behind the checkpoint that are looked at again at every audit: one still running
-- when the audit reached it, or one whose players' rows differed from its derivation or
-- were written since it was checked.
CREATE TABLE audit_hands (
    guild_id        INTEGER NOT NULL,
    hand_id         INTEGER NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('running', 'off')),
    rows_off        INTEGER NOT NULL CHECK (rows_off >= 0),
    PRIMARY KEY (guild_id, hand_id)
) WITHOUT ROWID;

-- The audit reads a chunk of hands' rows by hand id, not a player's.
CREATE INDEX hand_players_by_hand ON hand_players (guild_id, hand_id);

-- A players' row written, changed or deleted for a hand the checkpoint has passed puts
-- the hand back among those looked at again: the audit does not read the rows of the
-- hands behind it, and a row changed there would otherwise go unseen. Rows of hands
-- settling now are past the checkpoint and cost one look-up of audit_marks.
CREATE TRIGGER hand_players_audit_insert AFTER INSERT ON hand_players
WHEN NEW.hand_id <= (SELECT hands_through FROM audit_marks WHERE guild_id = NEW.guild_id)
BEGIN
    INSERT OR IGNORE INTO audit_hands (guild_id, hand_id, state, rows_off)
    VALUES (NEW.guild_id, NEW.hand_id, 'off', 0);
END;
CREATE TRIGGER hand_players_audit_update AFTER UPDATE ON hand_players
BEGIN
    INSERT OR IGNORE INTO audit_hands (guild_id, hand_id, state, rows_off)
    SELECT guild_id, OLD.hand_id, 'off', 0 FROM audit_marks
    WHERE guild_id = OLD.guild_id AND hands_through >= OLD.hand_id;
    INSERT OR IGNORE INTO audit_hands (guild_id, hand_id, state, rows_off)
    SELECT guild_id, NEW.hand_id, 'off', 0 FROM audit_marks
    WHERE guild_id = NEW.guild_id AND hands_through >= NEW.hand_id;
END;
CREATE TRIGGER hand_players_audit_delete AFTER DELETE ON hand_players
WHEN OLD.hand_id <= (SELECT hands_through FROM audit_marks WHERE guild_id = OLD.guild_id)
BEGIN
    INSERT OR IGNORE INTO audit_hands (guild_id, hand_id, state, rows_off)
    VALUES (OLD.guild_id, OLD.hand_id, 'off', 0);
END;
