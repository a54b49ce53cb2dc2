-- /audit's checkpoint per server, as SQLite's 0011 (bot/store/migrations/0011_audit_marks.sql,
-- which says why; bot/store/audit.py).
CREATE TABLE audit_marks (
    guild_id        BIGINT PRIMARY KEY,
    version         BIGINT NOT NULL CHECK (version >= 0),
    ledger_through  BIGINT NOT NULL CHECK (ledger_through >= 0),
    book            TEXT NOT NULL CHECK (json_valid(book)),
    hands_through   BIGINT NOT NULL CHECK (hands_through >= 0),
    records         TEXT NOT NULL CHECK (json_valid(records)),
    hands_checked   BIGINT NOT NULL CHECK (hands_checked >= 0),
    updated_ms      BIGINT NOT NULL
);

CREATE TABLE audit_hands (
    guild_id        BIGINT NOT NULL,
    hand_id         BIGINT NOT NULL,
    state           TEXT NOT NULL CHECK (state IN ('running', 'off')),
    rows_off        BIGINT NOT NULL CHECK (rows_off >= 0),
    PRIMARY KEY (guild_id, hand_id)
);

CREATE INDEX hand_players_by_hand ON hand_players (guild_id, hand_id);

-- A players' row written, changed or deleted for a hand the checkpoint has passed puts
-- the hand back among those the audit looks at again.
CREATE FUNCTION audit_hand_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP <> 'INSERT' THEN
        INSERT INTO audit_hands (guild_id, hand_id, state, rows_off)
        SELECT guild_id, OLD.hand_id, 'off', 0 FROM audit_marks
        WHERE guild_id = OLD.guild_id AND hands_through >= OLD.hand_id
        ON CONFLICT DO NOTHING;
    END IF;
    IF TG_OP <> 'DELETE' THEN
        INSERT INTO audit_hands (guild_id, hand_id, state, rows_off)
        SELECT guild_id, NEW.hand_id, 'off', 0 FROM audit_marks
        WHERE guild_id = NEW.guild_id AND hands_through >= NEW.hand_id
        ON CONFLICT DO NOTHING;
    END IF;
    RETURN NULL;
END
$$;
CREATE TRIGGER hand_players_audit AFTER INSERT OR UPDATE OR DELETE ON hand_players
    FOR EACH ROW EXECUTE FUNCTION audit_hand_changed();
