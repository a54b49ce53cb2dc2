-- As SQLite's 0010 (bot/store/migrations/0010_compact_records.sql, which says why): a
-- running hand's record, action count and turn clock are kept in `running_hands`, whose
-- row goes when the hand ends; a hand that is over keeps its record and result packed in
-- one blob, `hands.packed` (bot/store/packing.py). The hands already over keep their
-- text in `record` and `result` until the store packs them when it opens the database,
-- in batches (packing.pack_all_over): SQL has no zstandard. Hands running now move to
-- `running_hands` as they stand. PostgreSQL changes `hands` in place where SQLite
-- rebuilds it. A packed record is far below the 2 kB at which PostgreSQL would compress
-- a value or move it out of line.
CREATE TABLE running_hands (
    hand_id         BIGINT PRIMARY KEY REFERENCES hands (id),
    record          TEXT NOT NULL CHECK (json_valid(record)),
    seq             BIGINT NOT NULL DEFAULT 0 CHECK (seq >= 0),
    turn_started_ms BIGINT
);
INSERT INTO running_hands (hand_id, record, seq, turn_started_ms)
SELECT id, record, seq, turn_started_ms FROM hands WHERE status = 'running';

ALTER TABLE hands ALTER COLUMN record DROP NOT NULL;
UPDATE hands SET record = NULL WHERE status = 'running';
ALTER TABLE hands DROP COLUMN turn_started_ms;
ALTER TABLE hands ADD COLUMN packed BYTEA;
ALTER TABLE hands ADD CONSTRAINT hands_record_where_it_belongs
    CHECK (CASE WHEN status = 'running' THEN record IS NULL AND packed IS NULL
                ELSE (packed IS NULL) <> (record IS NULL) END);
ALTER TABLE hands ADD CONSTRAINT hands_packed_alone
    CHECK (packed IS NULL OR result IS NULL);
-- The hands over still to pack: the store finds them at each start without reading the
-- table; empty once they are packed, as every hand is packed when it ends.
CREATE INDEX hands_to_pack ON hands (id) WHERE packed IS NULL AND status <> 'running';
