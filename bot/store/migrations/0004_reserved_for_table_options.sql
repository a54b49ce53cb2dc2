-- Version 4 belongs to the table options schema. This file only keeps the numbers
-- without a gap (bot/store/migrate.py) until that migration is here: it is then
-- deleted, and that one takes its place.
SELECT 1;
