"""What Page One and Jack Change It share, as engine/rummy is what GFF and Tonk share:
the ante and the deal, turns round the table, the bot's draws from a stock rebuilt from
the discard pile, going out, and the pot (engine/shedding/deal.py)."""
